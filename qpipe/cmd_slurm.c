/* placeholder replaced below */
#include "qpipe/scaleout.h"
int cmd_slurm(int argc, char **argv) { (void)argc; (void)argv; return 69; }
