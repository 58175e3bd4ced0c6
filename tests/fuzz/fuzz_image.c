/*
 * fuzz_image.c - libFuzzer target over the image readers of io/ (PNG, TIFF, JPEG, PPM/PGM,
 * BMP) through the front door, io_image_read, exactly as `qpipe run` and imread call it.
 *
 * The readers take a file name and choose the format by its extension, so each input is
 * written to a file in a private temporary folder and read back under the name that its
 * first bytes suggest (the signature of each format; an input without one is tried as the
 * format that its first byte selects, so that mutations of the header are still read by
 * the right reader). The mode (as is, rgb, gray) and the scalar type come from the size,
 * so that every conversion of image.c is reached. Bad input must give an error message,
 * never a crash, a leak or undefined behaviour.
 *
 * Bounds, on the harness side only: a header can declare 2^31 pixels, which the readers
 * accept up to IO_MAX_PIXELS (and --max-pixels above them), and a few bytes of RLE or
 * deflate fill them all. The harness reads the declared size from each format's header
 * (declared_pixels, by the format's own rules) and skips an input over FUZZ_MAX_PIXELS,
 * so that a case stays fast; and the sanitizer's allocator returns NULL for one allocation
 * over FUZZ_MAX_ALLOC_MB (asan_default_options), so that a size the check misses takes the
 * readers' out-of-memory path instead of tripping libFuzzer's malloc limit. Built and run
 * by `make fuzz` (tests/fuzz/README.md).
 */
#include "io/io.h"

#include <stdio.h>              /* before jpeglib.h, which uses FILE */
#include <jpeglib.h>
#include <tiffio.h>

#include <ctype.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
const char *__asan_default_options(void);

/* Larger than any image a few KB of input should decode to in a fuzzer's time, smaller
 * than libFuzzer's -malloc_limit_mb (its -rss_limit_mb, 2048 in tests/run.py). */
#define FUZZ_MAX_ALLOC_MB 256
#define FUZZ_MAX_PIXELS (1 << 20)
#define STR_(x) #x
#define STR(x) STR_(x)

const char *__asan_default_options(void)
{
    return "allocator_may_return_null=1:max_allocation_size_mb=" STR(FUZZ_MAX_ALLOC_MB);
}

static char folder[64];

static void remove_folder(void)
{
    static const char *const exts[] = {"png", "tif", "jpg", "ppm", "bmp"};
    char p[128];
    for (size_t i = 0; i < sizeof exts / sizeof *exts; i++) {
        snprintf(p, sizeof p, "%s/in.%s", folder, exts[i]);
        unlink(p);
    }
    rmdir(folder);
}

/* The extension for these bytes: by signature, else chosen by the first byte. */
static const char *extension(const uint8_t *d, size_t n)
{
    if (n >= 4 && !memcmp(d, "\x89PNG", 4))
        return "png";
    if (n >= 4 && (!memcmp(d, "II*\0", 4) || !memcmp(d, "MM\0*", 4) || !memcmp(d, "II+\0", 4) ||
                   !memcmp(d, "MM\0+", 4)))
        return "tif";
    if (n >= 2 && d[0] == 0xFF && d[1] == 0xD8)
        return "jpg";
    if (n >= 2 && d[0] == 'P' && d[1] >= '1' && d[1] <= '7')
        return "ppm";
    if (n >= 2 && d[0] == 'B' && d[1] == 'M')
        return "bmp";
    static const char *const any[] = {"png", "tif", "jpg", "ppm", "bmp"};
    return any[n ? d[0] % 5 : 0];
}

/* ---------------------------------------------------------------- declared sizes */

static uint32_t be32(const uint8_t *p) { return (uint32_t)p[0] << 24 | p[1] << 16 | p[2] << 8 | p[3]; }
static uint32_t le32(const uint8_t *p) { return (uint32_t)p[3] << 24 | p[2] << 16 | p[1] << 8 | p[0]; }
static uint32_t le16(const uint8_t *p) { return (uint32_t)(p[1] << 8 | p[0]); }

/* w * h for sizes up to 2^40 each, without overflow; negative factors count as their size. */
static int64_t area(int64_t w, int64_t h)
{
    w = w < 0 ? -w : w;
    h = h < 0 ? -h : h;
    return w && h > INT64_MAX / w ? INT64_MAX : w * h;
}

/* The next PNM header number as ppm.c reads it (white space and # comments skipped). */
static int64_t pnm_number(const uint8_t *d, size_t n, size_t *at)
{
    size_t i = *at;
    for (;;) {
        while (i < n && isspace(d[i]))
            i++;
        if (i >= n || d[i] != '#')
            break;
        while (i < n && d[i] != '\n')
            i++;
    }
    int64_t v = 0;
    bool any = false;
    while (i < n && isdigit(d[i]) && v < ((int64_t)1 << 40)) {
        v = v * 10 + (d[i++] - '0');
        any = true;
    }
    *at = i;
    return any ? v : -1;
}

struct JpegErr {
    struct jpeg_error_mgr mgr;
    jmp_buf jump;
};

static void jpeg_quit(j_common_ptr c) { longjmp(((struct JpegErr *)c->err)->jump, 1); }
static void jpeg_quiet(j_common_ptr c, int level) { (void)c, (void)level; }

static int64_t jpeg_pixels(const uint8_t *d, size_t n)
{
    struct jpeg_decompress_struct c;
    struct JpegErr e;
    c.err = jpeg_std_error(&e.mgr);
    e.mgr.error_exit = jpeg_quit;
    e.mgr.emit_message = jpeg_quiet;
    int64_t px = 0;
    jpeg_create_decompress(&c);
    if (!setjmp(e.jump)) {
        jpeg_mem_src(&c, d, (unsigned long)n);
        if (jpeg_read_header(&c, TRUE) == JPEG_HEADER_OK)
            px = area(c.image_width, c.image_height);
    }
    jpeg_destroy_decompress(&c);
    return px;
}

/* Every directory's size counts: a reader may look past the first. */
static int64_t tiff_pixels(const char *path)
{
    TIFF *t = TIFFOpen(path, "r");
    int64_t most = 0;
    if (!t)
        return 0;
    for (int dirs = 0; dirs < 4; dirs++) {
        uint32_t w = 0, h = 0;
        TIFFGetField(t, TIFFTAG_IMAGEWIDTH, &w);
        TIFFGetField(t, TIFFTAG_IMAGELENGTH, &h);
        if (area(w, h) > most)
            most = area(w, h);
        if (!TIFFReadDirectory(t))
            break;
    }
    TIFFClose(t);
    return most;
}

/* The number of pixels the header declares (0 when it cannot say: the reader then fails
 * on the same header). */
static int64_t declared_pixels(const char *ext, const char *path, const uint8_t *d, size_t n)
{
    if (!strcmp(ext, "png"))
        return n >= 24 ? area(be32(d + 16), be32(d + 20)) : 0;
    if (!strcmp(ext, "bmp")) {
        if (n < 26)
            return 0;
        if (le32(d + 14) == 12)
            return area(le16(d + 18), le16(d + 20));
        return area((int32_t)le32(d + 18), (int32_t)le32(d + 22));
    }
    if (!strcmp(ext, "ppm")) {
        size_t at = 2;
        int64_t w = pnm_number(d, n, &at), h = pnm_number(d, n, &at);
        return w > 0 && h > 0 ? area(w, h) : 0;
    }
    if (!strcmp(ext, "jpg"))
        return jpeg_pixels(d, n);
    return tiff_pixels(path);
}

/* ---------------------------------------------------------------- the target */

static int write_all(const char *path, const uint8_t *d, size_t n)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd < 0)
        return -1;
    while (n) {
        ssize_t k = write(fd, d, n);
        if (k <= 0)
            break;
        d += k;
        n -= (size_t)k;
    }
    return close(fd) == 0 && n == 0 ? 0 : -1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!folder[0]) {
        const char *tmp = getenv("TMPDIR");
        snprintf(folder, sizeof folder, "%s/qpipe-fuzz-XXXXXX", tmp && *tmp && strlen(tmp) < 32 ? tmp : "/tmp");
        if (!mkdtemp(folder))
            abort();
        atexit(remove_folder);
        TIFFSetErrorHandler(NULL);
        TIFFSetWarningHandler(NULL);
    }
    char path[128];
    const char *ext = extension(data, size);
    snprintf(path, sizeof path, "%s/in.%s", folder, ext);
    if (write_all(path, data, size) < 0)
        abort();
    int64_t declared = declared_pixels(ext, path, data, size);
    if (declared < 0 || declared > FUZZ_MAX_PIXELS) {
        unlink(path);
        return 0;
    }
    static const IoImageMode modes[] = {IO_IMAGE_AS_IS, IO_IMAGE_RGB, IO_IMAGE_GRAY};
    char err[1024] = "";
    Value v = io_image_read(path, modes[size % 3], size % 2 == 1, err, sizeof err);
    if (v.kind == V_UNDEF) {
        if (!err[0])            /* every failure says why */
            abort();
    } else {
        if (v.kind != V_ARRAY || v.a->rank != 3)
            abort();
        rt_release(v);
    }
    unlink(path);
    return 0;
}
