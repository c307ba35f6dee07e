#include "CLibUVPeer.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <uv.h>

typedef struct {
    void (*fn)(void *);
    void *arg;
} item;

typedef struct {
    item *items;
    size_t count;
    size_t capacity;
} item_buffer;

struct CLibUVPeer_PostLoop {
    uv_loop_t loop;
    uv_async_t async;
    pthread_mutex_t lock;
    // Producers append to `pending`; the drain swaps it with `draining`, so the
    // lock is held for a swap, not for the run, and both buffers keep their
    // capacity: no allocation in steady state.
    item_buffer pending;
    item_buffer draining;
    uint64_t counter;
    uint64_t target;
};

static void abort_on_error(int status) {
    if (status != 0) {
        abort();
    }
}

static void count_item(void *arg) {
    CLibUVPeer_PostLoop *peer = arg;
    peer->counter += 1;
    if (peer->counter == peer->target) {
        uv_stop(&peer->loop);
    }
}

static void drain(uv_async_t *async) {
    CLibUVPeer_PostLoop *peer = async->data;
    // uv_async_send coalesces, so one callback may stand for many posts, and
    // posts made while running the batch ring again: loop until empty.
    for (;;) {
        pthread_mutex_lock(&peer->lock);
        item_buffer batch = peer->pending;
        peer->pending = peer->draining;
        pthread_mutex_unlock(&peer->lock);
        if (batch.count == 0) {
            peer->draining = batch;
            return;
        }
        for (size_t i = 0; i < batch.count; i++) {
            batch.items[i].fn(batch.items[i].arg);
        }
        batch.count = 0;
        peer->draining = batch;
    }
}

CLibUVPeer_PostLoop *CLibUVPeer_PostLoop_create(void) {
    CLibUVPeer_PostLoop *peer = calloc(1, sizeof *peer);
    if (peer == NULL) {
        abort();
    }
    abort_on_error(uv_loop_init(&peer->loop));
    abort_on_error(uv_async_init(&peer->loop, &peer->async, drain));
    peer->async.data = peer;
    abort_on_error(pthread_mutex_init(&peer->lock, NULL));
    return peer;
}

static void ignore_close(uv_handle_t *handle) {
    (void)handle;
}

void CLibUVPeer_PostLoop_destroy(CLibUVPeer_PostLoop *peer) {
    uv_close((uv_handle_t *)&peer->async, ignore_close);
    uv_run(&peer->loop, UV_RUN_DEFAULT);
    abort_on_error(uv_loop_close(&peer->loop));
    pthread_mutex_destroy(&peer->lock);
    free(peer->pending.items);
    free(peer->draining.items);
    free(peer);
}

void CLibUVPeer_PostLoop_expect(CLibUVPeer_PostLoop *peer, uint64_t target) {
    peer->counter = 0;
    peer->target = target;
}

void CLibUVPeer_PostLoop_post(CLibUVPeer_PostLoop *peer) {
    pthread_mutex_lock(&peer->lock);
    item_buffer *buffer = &peer->pending;
    if (buffer->count == buffer->capacity) {
        size_t capacity = buffer->capacity == 0 ? 1024 : buffer->capacity * 2;
        item *items = realloc(buffer->items, capacity * sizeof(item));
        if (items == NULL) {
            abort();
        }
        buffer->items = items;
        buffer->capacity = capacity;
    }
    buffer->items[buffer->count++] = (item){count_item, peer};
    pthread_mutex_unlock(&peer->lock);
    abort_on_error(uv_async_send(&peer->async));
}

void CLibUVPeer_PostLoop_run(CLibUVPeer_PostLoop *peer) {
    uv_run(&peer->loop, UV_RUN_DEFAULT);
}

uint64_t CLibUVPeer_PostLoop_counter(const CLibUVPeer_PostLoop *peer) {
    return peer->counter;
}

void CLibUVPeer_PostLoop_postAndRun(CLibUVPeer_PostLoop *peer, uint64_t count) {
    CLibUVPeer_PostLoop_expect(peer, count);
    for (uint64_t i = 0; i < count; i++) {
        CLibUVPeer_PostLoop_post(peer);
    }
    CLibUVPeer_PostLoop_run(peer);
}
