#ifndef CLIBUV_SHIM_H
#define CLIBUV_SHIM_H

// The system libuv (Debian's libuv1-dev, 1.44). LifeloopCore is the only module that imports it.
#include <sys/socket.h>
#include <uv.h>

// struct ucred needs _GNU_SOURCE, which would change the system headers under this module
// and clash with Glibc's: the same three fields, declared here.
struct lifeloop_peer_credentials {
    int pid;
    unsigned int uid;
    unsigned int gid;
};

/// The uid of the process at the other end of a connected Unix socket, or -1.
static inline long long lifeloop_peer_uid(int fd) {
    struct lifeloop_peer_credentials credentials;
    socklen_t length = sizeof credentials;
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) != 0) return -1;
    return (long long)credentials.uid;
}

#include <sys/prctl.h>
#include <signal.h>

/// Asks the kernel to send `signal` to this process when its parent thread exits (Linux).
static inline int lifeloop_set_parent_death_signal(int signal) {
    return prctl(PR_SET_PDEATHSIG, (unsigned long)signal, 0, 0, 0);
}

#include <unistd.h>
#include <string.h>

// The daemon's app processes keep their unsent trace events in one buffer; if the app
// crashes, a fatal-signal handler writes them (and the notification's closing bytes) to
// the control descriptor with write(2) alone, then hands the signal to the handler that
// was there before (Swift's backtracer). One app per process, so one buffer per process.
// The state lives in function-local statics: Swift's importer emits those with the
// inline functions, where a file-level static array is left undefined.
struct lifeloop_crash_state {
    int fd;
    const unsigned char *bytes;
    volatile long length;
    struct sigaction previous[65];
};

static inline struct lifeloop_crash_state *lifeloop_crash(void) {
    static struct lifeloop_crash_state state = {-1, 0, 0};
    return &state;
}

static inline void lifeloop_crash_handler(int signal) {
    struct lifeloop_crash_state *state = lifeloop_crash();
    long length = state->length;
    if (state->fd >= 0 && state->bytes && length > 0) {
        state->length = 0;
        long offset = 0;
        while (offset < length) {
            long written = write(state->fd, state->bytes + offset, (size_t)(length - offset));
            if (written <= 0) break;
            offset += written;
        }
        if (write(state->fd, "]}}\n", 4) < 0) {}
    }
    sigaction(signal, &state->previous[signal], 0);
    raise(signal);
}

/// Installs the handler for SIGABRT, SIGILL, SIGTRAP, SIGSEGV, SIGBUS and SIGFPE.
static inline void lifeloop_crash_flush_install(int fd, const unsigned char *bytes) {
    struct lifeloop_crash_state *state = lifeloop_crash();
    state->fd = fd;
    state->bytes = bytes;
    int signals[] = {SIGABRT, SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE};
    for (unsigned i = 0; i < sizeof signals / sizeof signals[0]; i++) {
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_handler = lifeloop_crash_handler;
        sigemptyset(&action.sa_mask);
        sigaction(signals[i], &action, &state->previous[signals[i]]);
    }
}

/// How many bytes of the buffer hold complete events (0: nothing to write).
static inline void lifeloop_crash_flush_set_length(long length) {
    lifeloop_crash()->length = length;
}

#endif
