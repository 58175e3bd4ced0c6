/*
 * preview_source.c - the frames of `qpipe preview` (preview.h pv_source_*).
 *
 * A video is decoded on a thread into a queue of AHEAD frames, each tagged with its index
 * (counted from the last seek). pv_source_get takes frame n from the queue, waiting for the
 * decoder when n is just ahead; when n is behind the decoder or more than SEEK_AHEAD frames
 * ahead of it, it asks the thread to seek: the queue is emptied and decoding starts again at
 * n (io_vin_seek lands on the keyframe before and skips forward to the exact time).
 * Images are read when asked for (one file per frame).
 */
#include "qpipe/preview.h"
#include "io/io.h"

#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define AHEAD 6                 /* frames decoded ahead of the one shown */
#define SEEK_AHEAD 48           /* further ahead than this, a seek beats decoding forward */

struct PvSource {
    bool dbl;
    PvInfo info;
    /* images */
    char **files;
    int nfiles;
    /* video */
    IoVideoIn *in;
    bool can_seek;
    pthread_t thread;
    bool started;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    Value q[AHEAD];
    int64_t qidx[AHEAD];
    int qn;
    int64_t next;               /* index the decoder reads next */
    int64_t seek;               /* requested seek target, or -1 */
    bool eof, failed, stop;
    char err[256];
};

static bool is_dir(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The images of folder dir, sorted by name. */
static int list_images(PvSource *s, const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return -1;
    struct dirent *e;
    int cap = 0;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        size_t len = strlen(dir) + strlen(e->d_name) + 2;
        char *p = malloc(len);
        if (!p)
            break;
        snprintf(p, len, "%s/%s", dir, e->d_name);
        if (is_dir(p) || !io_is_image(p)) {
            free(p);
            continue;
        }
        if (s->nfiles == cap) {
            char **grown = realloc(s->files, (size_t)(cap = cap * 2 + 16) * sizeof *grown);
            if (!grown) {
                free(p);
                break;
            }
            s->files = grown;
        }
        s->files[s->nfiles++] = p;
    }
    closedir(d);
    if (s->nfiles)
        qsort(s->files, (size_t)s->nfiles, sizeof *s->files, cmp_str);
    return 0;
}

/* ---------------------------------------------------------------- the decoder thread */

static void clear_queue(PvSource *s)
{
    for (int i = 0; i < s->qn; i++)
        rt_release(s->q[i]);
    s->qn = 0;
}

static void *decoder(void *arg)
{
    PvSource *s = arg;
    pthread_mutex_lock(&s->mu);
    while (!s->stop) {
        if (s->seek >= 0) {
            int64_t n = s->seek;
            s->seek = -1;
            clear_queue(s);
            pthread_mutex_unlock(&s->mu);
            char err[256] = "";
            double t = s->info.fps > 0 ? fmax(0, (n - 0.25) / s->info.fps) : 0;
            int rc = io_vin_seek(s->in, t, err, sizeof err);
            pthread_mutex_lock(&s->mu);
            s->next = n;
            s->eof = false;
            s->failed = rc < 0;
            snprintf(s->err, sizeof s->err, "%s", err);
            pthread_cond_broadcast(&s->cv);
            continue;
        }
        if (s->eof || s->failed || s->qn == AHEAD) {
            pthread_cond_wait(&s->cv, &s->mu);
            continue;
        }
        pthread_mutex_unlock(&s->mu);
        Value v = rt_undef();
        int64_t pts;
        char err[256] = "";
        int rc = io_vin_read(s->in, s->dbl, &v, &pts, err, sizeof err);
        pthread_mutex_lock(&s->mu);
        if (s->seek >= 0) {             /* asked to go elsewhere meanwhile */
            rt_release(v);
            continue;
        }
        if (rc < 0) {
            s->failed = true;
            snprintf(s->err, sizeof s->err, "%s", err);
        } else if (rc == 0) {
            s->eof = true;
        } else {
            s->q[s->qn] = v;
            s->qidx[s->qn++] = s->next++;
        }
        pthread_cond_broadcast(&s->cv);
    }
    clear_queue(s);
    pthread_mutex_unlock(&s->mu);
    return NULL;
}

static int video_get(PvSource *s, int64_t n, Value *frame, char *err, size_t errlen)
{
    pthread_mutex_lock(&s->mu);
    int rc;
    for (;;) {
        while (s->qn > 0 && s->qidx[0] < n) {        /* frames before n: not wanted */
            rt_release(s->q[0]);
            memmove(s->q, s->q + 1, (size_t)(s->qn - 1) * sizeof *s->q);
            memmove(s->qidx, s->qidx + 1, (size_t)(s->qn - 1) * sizeof *s->qidx);
            s->qn--;
            pthread_cond_broadcast(&s->cv);
        }
        if (s->qn > 0 && s->qidx[0] == n) {
            *frame = s->q[0];
            memmove(s->q, s->q + 1, (size_t)(s->qn - 1) * sizeof *s->q);
            memmove(s->qidx, s->qidx + 1, (size_t)(s->qn - 1) * sizeof *s->qidx);
            s->qn--;
            pthread_cond_broadcast(&s->cv);
            rc = 1;
            break;
        }
        if (s->seek < 0 && s->failed) {
            snprintf(err, errlen, "%s", s->err);
            rc = -1;
            break;
        }
        if (s->seek < 0 && s->eof && s->qn == 0 && s->next <= n) {
            rc = 0;
            break;
        }
        bool behind = s->qn == 0 ? n < s->next : n < s->qidx[0];
        if (s->seek != n && s->can_seek && (behind || n > s->next + SEEK_AHEAD)) {
            s->seek = n;
            clear_queue(s);
            pthread_cond_broadcast(&s->cv);
        } else if (!s->can_seek && behind) {
            snprintf(err, errlen, "this input cannot go back");
            rc = -1;
            break;
        }
        pthread_cond_wait(&s->cv, &s->mu);
    }
    pthread_mutex_unlock(&s->mu);
    return rc;
}

/* ---------------------------------------------------------------- the front door */

PvSource *pv_source_open(RtPool *pool, const char *in, bool dbl, char *err, size_t errlen, int *rc)
{
    PvSource *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, errlen, "out of memory");
        *rc = 70;
        return NULL;
    }
    s->dbl = dbl;
    s->seek = -1;
    bool cam = !strncmp(in, "cam:", 4);
    if (!cam && access(in, R_OK) != 0) {
        snprintf(err, errlen, "'%s': %s", in, strerror(errno));
        *rc = 66;
        free(s);
        return NULL;
    }
    if (!cam && is_dir(in)) {
        if (list_images(s, in) != 0 || s->nfiles == 0) {
            snprintf(err, errlen, "'%s': no images in this folder", in);
            *rc = 66;
            pv_source_close(s);
            return NULL;
        }
    } else if (!cam && io_is_image(in)) {
        s->files = malloc(sizeof *s->files);
        if (!s->files || !(s->files[0] = strdup(in))) {
            free(s->files);
            free(s);
            *rc = 70;
            return NULL;
        }
        s->nfiles = 1;
    }
    if (s->nfiles) {
        Value v = io_image_read(s->files[0], IO_IMAGE_RGB, dbl, err, errlen);
        if (v.kind != V_ARRAY) {
            *rc = 65;
            pv_source_close(s);
            return NULL;
        }
        s->info = (PvInfo){(int)v.a->dims[1], (int)v.a->dims[0], 0, s->nfiles};
        rt_release(v);
        return s;
    }
    s->in = io_vin_open(in, err, errlen);
    if (!s->in) {
        *rc = io_video_unavailable() ? 69 : 65;
        free(s);
        return NULL;
    }
    io_vin_set_pool(s->in, pool);
    IoVideoInfo vi;
    io_vin_info(s->in, &vi);
    int64_t count = vi.frame_count;
    if (count <= 0 && vi.duration_sec > 0 && vi.fps > 0)
        count = (int64_t)llround(vi.duration_sec * vi.fps);
    s->info = (PvInfo){vi.width, vi.height, vi.fps > 0 ? vi.fps : 25, cam ? -1 : (count > 0 ? count : -1)};
    s->can_seek = !cam;
    pthread_mutex_init(&s->mu, NULL);
    pthread_cond_init(&s->cv, NULL);
    if (pthread_create(&s->thread, NULL, decoder, s) != 0) {
        snprintf(err, errlen, "cannot start the decoder thread");
        *rc = 70;
        pv_source_close(s);
        return NULL;
    }
    s->started = true;
    return s;
}

void pv_source_info(const PvSource *s, PvInfo *info)
{
    *info = s->info;
}

int pv_source_get(PvSource *s, int64_t n, Value *frame, char *err, size_t errlen)
{
    if (n < 0)
        return 0;
    if (!s->in) {
        if (n >= s->nfiles)
            return 0;
        *frame = io_image_read(s->files[n], IO_IMAGE_RGB, s->dbl, err, errlen);
        return frame->kind == V_ARRAY ? 1 : -1;
    }
    return video_get(s, n, frame, err, errlen);
}

void pv_source_close(PvSource *s)
{
    if (!s)
        return;
    if (s->started) {
        pthread_mutex_lock(&s->mu);
        s->stop = true;
        pthread_cond_broadcast(&s->cv);
        pthread_mutex_unlock(&s->mu);
        pthread_join(s->thread, NULL);
    }
    if (s->in) {
        pthread_mutex_destroy(&s->mu);
        pthread_cond_destroy(&s->cv);
        io_vin_close(s->in);
    }
    for (int i = 0; i < s->nfiles; i++)
        free(s->files[i]);
    free(s->files);
    free(s);
}
