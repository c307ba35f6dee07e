#include "CLibUVPeer.h"

#include <stdlib.h>
#include <string.h>
#include <uv.h>

struct CLibUVPeer_Timers {
    uv_loop_t loop;
    uv_timer_t *timers;
    uint64_t count;
    uint64_t fired;
};

static void abort_on_error(int status) {
    if (status != 0) {
        abort();
    }
}

static void fire(uv_timer_t *timer) {
    CLibUVPeer_Timers *peer = timer->data;
    peer->fired += 1;
}

static void ignore_close(uv_handle_t *handle) {
    (void)handle;
}

CLibUVPeer_Timers *CLibUVPeer_Timers_create(uint64_t count) {
    CLibUVPeer_Timers *peer = calloc(1, sizeof *peer);
    if (peer == NULL) {
        abort();
    }
    peer->timers = malloc(count * sizeof(uv_timer_t));
    if (peer->timers == NULL) {
        abort();
    }
    // Fault the pages in now; a first touch inside a run would be timed.
    memset(peer->timers, 0, count * sizeof(uv_timer_t));
    peer->count = count;
    return peer;
}

void CLibUVPeer_Timers_destroy(CLibUVPeer_Timers *peer) {
    free(peer->timers);
    free(peer);
}

void CLibUVPeer_Timers_prepare(CLibUVPeer_Timers *peer) {
    abort_on_error(uv_loop_init(&peer->loop));
    peer->fired = 0;
}

void CLibUVPeer_Timers_run(CLibUVPeer_Timers *peer) {
    for (uint64_t i = 0; i < peer->count; i++) {
        uv_timer_t *timer = &peer->timers[i];
        abort_on_error(uv_timer_init(&peer->loop, timer));
        timer->data = peer;
        abort_on_error(uv_timer_start(timer, fire, 1, 0));
    }
    uv_run(&peer->loop, UV_RUN_DEFAULT);
}

void CLibUVPeer_Timers_finish(CLibUVPeer_Timers *peer) {
    for (uint64_t i = 0; i < peer->count; i++) {
        uv_close((uv_handle_t *)&peer->timers[i], ignore_close);
    }
    uv_run(&peer->loop, UV_RUN_DEFAULT);
    abort_on_error(uv_loop_close(&peer->loop));
}

uint64_t CLibUVPeer_Timers_fired(const CLibUVPeer_Timers *peer) {
    return peer->fired;
}
