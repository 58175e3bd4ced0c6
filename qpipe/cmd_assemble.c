/*
 * cmd_assemble.c - `qpipe assemble ORIGINAL OUT PART… [-y] [-q]`: the segments that `qpipe
 * run ORIGINAL PART --segment i/N` wrote, for i = 0 … N-1 in order, joined into OUT by
 * copying their video packets, with ORIGINAL's audio, subtitles, chapters and metadata
 * copied once (io.h io_video_concat). Nothing is decoded or encoded, so it takes the time
 * of copying the file. OUT is written under a temporary name and renamed (outfile.h).
 * Exit codes: 64 usage, 66 an input missing, 73 OUT exists (no -y) or cannot be made,
 * 65 parts that do not fit together.
 */
#include "qpipe/outfile.h"
#include "qpipe/scaleout.h"

#include "io/io.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { EX_USAGE = 64, EX_DATAERR = 65, EX_NOINPUT = 66, EX_SOFTWARE = 70, EX_CANTCREAT = 73 };

static int usage(void)
{
    fputs("usage: qpipe assemble ORIGINAL OUT PART... [-y] [-q]\n"
          "  joins the parts of `qpipe run ORIGINAL PART --segment i/N` (in order of i) into\n"
          "  OUT, with the audio and other streams of ORIGINAL copied once\n",
          stderr);
    return EX_USAGE;
}

int cmd_assemble(int argc, char **argv)
{
    bool overwrite = false, quiet = false;
    const char **pos = calloc((size_t)argc + 1, sizeof *pos);
    int npos = 0;
    if (!pos)
        return EX_SOFTWARE;
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "-y"))
            overwrite = true;
        else if (!strcmp(argv[i], "-q"))
            quiet = true;
        else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h") || (argv[i][0] == '-' && argv[i][1])) {
            if (strcmp(argv[i], "--help") && strcmp(argv[i], "-h"))
                fprintf(stderr, "qpipe assemble: unknown option '%s'\n", argv[i]);
            free(pos);
            return usage();
        } else
            pos[npos++] = argv[i];
    }
    if (npos < 3) {
        free(pos);
        return usage();
    }
    for (int i = 0; i < npos; i++) {
        if (i != 1 && access(pos[i], R_OK)) {
            fprintf(stderr, "qpipe assemble: %s: %s\n", pos[i], strerror(errno));
            free(pos);
            return EX_NOINPUT;
        }
    }
    const char *out = pos[1];
    if (!overwrite && access(out, F_OK) == 0) {
        fprintf(stderr, "qpipe assemble: %s exists (use -y to overwrite)\n", out);
        free(pos);
        return EX_CANTCREAT;
    }
    char err[1024] = "";
    OutFile o = {.slot = -1};
    int rc = outfile_begin(&o, out, err, sizeof err);
    if (!rc && io_video_concat(pos[0], pos + 2, npos - 2, o.tmp, err, sizeof err) < 0) {
        outfile_fix_message(&o, err, sizeof err);
        rc = io_video_unavailable()  ? 69
             : strstr(err, "differs") ? EX_DATAERR : strstr(err, "cannot create") || strstr(err, "cannot write") ||
                                                     strstr(err, "no container") ? EX_CANTCREAT : EX_NOINPUT;
    }
    if (!rc)
        rc = outfile_commit(&o, overwrite, err, sizeof err);
    if (rc)
        fprintf(stderr, "qpipe assemble: %s\n", err);
    else if (!quiet)
        fprintf(stderr, "qpipe assemble: wrote %s from %d parts\n", out, npos - 2);
    outfile_end(&o);
    free(pos);
    return rc;
}
