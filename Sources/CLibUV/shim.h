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

#endif
