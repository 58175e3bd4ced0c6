/*
 * scaleout.h - the commands that spread `qpipe run` over a cluster (docs/scale-out.md):
 * `qpipe slurm` (cmd_slurm.c) writes and submits Slurm jobs of `qpipe run --shard` or
 * `--segment` tasks, and `qpipe assemble` (cmd_assemble.c) joins a video's segments.
 */
#ifndef QPIPE_SCALEOUT_H
#define QPIPE_SCALEOUT_H

/* `qpipe assemble ORIGINAL OUT PART…`: an exit code. */
int cmd_assemble(int argc, char **argv);
/* `qpipe slurm FILTER.q IN OUT [options] [run options]`: an exit code. */
int cmd_slurm(int argc, char **argv);

#endif
