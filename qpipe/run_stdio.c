/*
 * run_stdio.c - images through pipes for `qpipe run` (run.h): `-` as IN or OUT when the
 * other side is an image. The image readers and writers of io/ take file names (libpng,
 * libtiff and libjpeg seek, and writes are renamed into place), so an image on stdin is
 * copied to a private temporary file first (its format from its first bytes), and an
 * image for stdout is written to one and copied out. Video on pipes needs none of this:
 * FFmpeg reads and writes pipes itself (io/ video_in.c, video_out.c).
 */
#include "qpipe/run.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The extension of an image by its signature, or NULL. */
static const char *sniff(const unsigned char *b, size_t n)
{
    if (n >= 8 && !memcmp(b, "\x89PNG\r\n\x1a\n", 8))
        return "png";
    if (n >= 3 && b[0] == 0xff && b[1] == 0xd8 && b[2] == 0xff)
        return "jpg";
    if (n >= 4 && (!memcmp(b, "II*\0", 4) || !memcmp(b, "MM\0*", 4)))
        return "tif";
    if (n >= 2 && b[0] == 'B' && b[1] == 'M')
        return "bmp";
    if (n >= 2 && b[0] == 'P' && b[1] >= '1' && b[1] <= '6')
        return b[1] == '2' || b[1] == '5' ? "pgm" : "ppm";
    return NULL;
}

static int write_all(int fd, const unsigned char *b, size_t n)
{
    while (n) {
        ssize_t w = write(fd, b, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return -1;
        b += w;
        n -= (size_t)w;
    }
    return 0;
}

/* A private folder for the temporary file: mkdtemp under $TMPDIR. */
static char *temp_dir(void)
{
    const char *base = getenv("TMPDIR");
    base = base && *base ? base : "/tmp";
    size_t len = strlen(base) + 32;
    char *d = malloc(len);
    if (d) {
        snprintf(d, len, "%s/qpipe-stdio-XXXXXX", base);
        if (!mkdtemp(d)) {
            free(d);
            d = NULL;
        }
    }
    return d;
}

char *run_stdin_image(char *err, size_t errlen)
{
    size_t cap = 1 << 16, n = 0;
    unsigned char *buf = malloc(cap);
    for (;;) {
        if (!buf) {
            snprintf(err, errlen, "stdin: out of memory");
            return NULL;
        }
        ssize_t r = read(0, buf + n, cap - n);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0) {
            snprintf(err, errlen, "stdin: %s", strerror(errno));
            free(buf);
            return NULL;
        }
        if (r == 0)
            break;
        n += (size_t)r;
        if (n == cap) {
            unsigned char *b = realloc(buf, cap *= 2);
            if (!b)
                free(buf);
            buf = b;
        }
    }
    const char *ext = sniff(buf, n);
    char *dir = ext ? temp_dir() : NULL;
    size_t plen = dir ? strlen(dir) + 16 : 0;
    char *path = dir ? malloc(plen) : NULL;
    if (!ext)
        snprintf(err, errlen, "stdin: not an image qpipe reads (PNG, JPEG, TIFF, BMP, PPM/PGM)%s",
                 n ? "" : ": nothing was read");
    else if (!path)
        snprintf(err, errlen, "stdin: cannot make a temporary folder: %s", strerror(errno));
    else {
        snprintf(path, plen, "%s/in.%s", dir, ext);
        int fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0600);
        if (fd < 0 || write_all(fd, buf, n) || close(fd)) {
            snprintf(err, errlen, "stdin: cannot keep the image in %s: %s", path, strerror(errno));
            unlink(path);
            rmdir(dir);
            free(path);
            path = NULL;
        }
    }
    free(dir);
    free(buf);
    return path;
}

char *run_stdout_image_name(const char *format)
{
    const char *ext = format && *format ? (format[0] == '.' ? format + 1 : format) : "png";
    char *dir = temp_dir();
    size_t plen = dir ? strlen(dir) + strlen(ext) + 8 : 0;
    char *path = dir ? malloc(plen) : NULL;
    if (path)
        snprintf(path, plen, "%s/out.%s", dir, ext);
    free(dir);
    return path;
}

int run_copy_to_stdout(const char *path)
{
    int fd = open(path, O_RDONLY);
    if (fd < 0)
        return -1;
    unsigned char buf[1 << 16];
    int rc = 0;
    for (;;) {
        ssize_t r = read(fd, buf, sizeof buf);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0) {
            rc = r < 0 ? -1 : 0;
            break;
        }
        if (write_all(1, buf, (size_t)r)) {
            rc = -1;
            break;
        }
    }
    close(fd);
    return rc;
}

void run_remove_temp(const char *path)
{
    if (!path)
        return;
    unlink(path);
    char *dir = strdup(path);
    char *slash = dir ? strrchr(dir, '/') : NULL;
    if (slash) {
        *slash = '\0';
        rmdir(dir);
    }
    free(dir);
}
