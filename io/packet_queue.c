/*
 * packet_queue.c - the packets of a video's other streams (audio, subtitles, data) that a
 * reader (video_in.c) queues in file order for a writer (video_out.c) to copy (video.h).
 *
 * Reference-counted and locked: the reader and the writer may run on different threads
 * and be closed in either order. Until a writer claims it, the queue holds at most
 * IO_VIN_UNCLAIMED_MAX bytes (a player that never writes), then drops what it holds and
 * says so to the writer that claims it later.
 */
#include "io/video.h"

#include <pthread.h>
#include <stdlib.h>


typedef struct QNode {
    struct QNode *next;
    AVPacket *pkt;
} QNode;

struct IoPacketQueue {
    pthread_mutex_t lock;
    int refs;
    QNode *head, *tail;
    size_t bytes;
    bool claimed, dropped;
};

IoPacketQueue *io_pq_new(void)
{
    IoPacketQueue *q = calloc(1, sizeof *q);
    if (!q)
        return NULL;
    pthread_mutex_init(&q->lock, NULL);
    q->refs = 1;
    return q;
}

static void pq_clear_locked(IoPacketQueue *q)
{
    while (q->head) {
        QNode *n = q->head;
        q->head = n->next;
        av_packet_free(&n->pkt);
        free(n);
    }
    q->tail = NULL;
    q->bytes = 0;
}

void io_pq_push(IoPacketQueue *q, AVPacket *pkt)
{
    pthread_mutex_lock(&q->lock);
    if (!q->claimed && q->bytes + (size_t)pkt->size > IO_VIN_UNCLAIMED_MAX) {
        q->dropped = true;
        pq_clear_locked(q);
    }
    QNode *n = q->dropped && !q->claimed ? NULL : malloc(sizeof *n);
    AVPacket *p = n ? av_packet_alloc() : NULL;
    if (p) {
        av_packet_move_ref(p, pkt);
        n->pkt = p;
        n->next = NULL;
        if (q->tail)
            q->tail->next = n;
        else
            q->head = n;
        q->tail = n;
        q->bytes += (size_t)p->size;
    } else {
        free(n);
        if (!q->claimed)
            q->dropped = true;
        av_packet_unref(pkt);
    }
    pthread_mutex_unlock(&q->lock);
}

AVPacket *io_pq_pop(IoPacketQueue *q, const AVRational *tbs, int64_t t, AVRational tb, bool all)
{
    AVPacket *p = NULL;
    pthread_mutex_lock(&q->lock);
    QNode *n = q->head;
    if (n) {
        int64_t ts = n->pkt->dts != AV_NOPTS_VALUE ? n->pkt->dts : n->pkt->pts;
        if (all || ts == AV_NOPTS_VALUE || av_compare_ts(ts, tbs[n->pkt->stream_index], t, tb) <= 0) {
            q->head = n->next;
            if (!q->head)
                q->tail = NULL;
            q->bytes -= (size_t)n->pkt->size;
            p = n->pkt;
            free(n);
        }
    }
    pthread_mutex_unlock(&q->lock);
    return p;
}

void io_pq_release(IoPacketQueue *q)
{
    if (!q)
        return;
    pthread_mutex_lock(&q->lock);
    int left = --q->refs;
    pthread_mutex_unlock(&q->lock);
    if (left)
        return;
    pq_clear_locked(q);
    pthread_mutex_destroy(&q->lock);
    free(q);
}

void io_pq_clear(IoPacketQueue *q)
{
    pthread_mutex_lock(&q->lock);
    pq_clear_locked(q);
    pthread_mutex_unlock(&q->lock);
}

IoPacketQueue *io_pq_claim(IoPacketQueue *q, bool *dropped)
{
    pthread_mutex_lock(&q->lock);
    *dropped = q->dropped;
    bool ok = !q->claimed && !q->dropped;
    if (ok) {
        q->claimed = true;
        q->refs++;
    }
    pthread_mutex_unlock(&q->lock);
    return ok ? q : NULL;
}
