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

/// The calling thread's name (Linux keeps 15 bytes and a NUL) into `name`, which holds 16
/// bytes; 0 on success. One system call, where reading /proc/thread-self/comm takes three.
static inline int lifeloop_current_thread_name(char *name) {
    return prctl(PR_GET_NAME, (unsigned long)name, 0, 0, 0);
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
        struct sigaction current;
        // Installed already (an earlier buffer of this process): the handler it replaced
        // stays the one to hand the signal on to.
        if (sigaction(signals[i], 0, &current) == 0 && current.sa_handler == lifeloop_crash_handler) continue;
        sigaction(signals[i], &action, &state->previous[signals[i]]);
    }
}

/// The buffer at `bytes` is going away: a crash writes nothing until another is installed.
static inline void lifeloop_crash_flush_forget(const unsigned char *bytes) {
    struct lifeloop_crash_state *state = lifeloop_crash();
    if (state->bytes != bytes) return;
    state->length = 0;
    state->bytes = 0;
    state->fd = -1;
}

/// How many bytes of the buffer hold complete events (0: nothing to write).
static inline void lifeloop_crash_flush_set_length(long length) {
    lifeloop_crash()->length = length;
}

#include <elf.h>
#include <sys/mman.h>

// Process-wide clock hooks: the clock functions that the shared libraries of the Swift
// runtime call (Swift concurrency's clocks, Dispatch's `DispatchTime.now()`, Foundation's
// `Date()`) go through each library's own GOT entry, bound to glibc's versioned symbol,
// which a definition in the executable cannot take over. Those entries are pointed at
// Lifeloop's functions instead, which answer glibc's unless the calling thread's clocks
// stand still (a job under the virtual clock).
#if defined(__x86_64__) || defined(__aarch64__)
// `struct dl_phdr_info`'s leading fields: <link.h> declares it only under _GNU_SOURCE.
struct lifeloop_phdr_info {
    Elf64_Addr addr;
    const char *name;
    const Elf64_Phdr *phdr;
    Elf64_Half phnum;
};
extern int dl_iterate_phdr(int (*callback)(struct lifeloop_phdr_info *, size_t, void *), void *data);

struct lifeloop_hook_request {
    const char *const *names;
    void *const *replacements;
    int count;
    int patched;
};

static inline Elf64_Addr lifeloop_dynamic_address(Elf64_Addr value, Elf64_Addr base) {
    // glibc relocates the dynamic section's addresses in place; the vDSO's are offsets.
    return value < base ? value + base : value;
}

static inline int lifeloop_hook_object(struct lifeloop_phdr_info *info, size_t size, void *data) {
    (void)size;
    struct lifeloop_hook_request *request = (struct lifeloop_hook_request *)data;
    const char *name = info->name ? info->name : "";
    // The executable's own definitions already answer it; the C library and the loader call
    // their clocks directly; libuv keeps real time for its poll.
    if (name[0] == 0 || strstr(name, "libc.so") || strstr(name, "ld-linux") || strstr(name, "linux-vdso")
        || strstr(name, "libuv")) return 0;
    const Elf64_Dyn *dynamic = 0;
    Elf64_Addr relroStart = 0, relroEnd = 0;
    for (int index = 0; index < info->phnum; index++) {
        const Elf64_Phdr *header = &info->phdr[index];
        if (header->p_type == PT_DYNAMIC) dynamic = (const Elf64_Dyn *)(info->addr + header->p_vaddr);
        if (header->p_type == PT_GNU_RELRO) {
            relroStart = info->addr + header->p_vaddr;
            relroEnd = relroStart + header->p_memsz;
        }
    }
    if (!dynamic) return 0;
    const Elf64_Sym *symbols = 0;
    const char *strings = 0;
    const Elf64_Rela *tables[2] = {0, 0};
    size_t sizes[2] = {0, 0};
    for (const Elf64_Dyn *entry = dynamic; entry->d_tag != DT_NULL; entry++) {
        switch (entry->d_tag) {
        case DT_SYMTAB: symbols = (const Elf64_Sym *)lifeloop_dynamic_address(entry->d_un.d_ptr, info->addr); break;
        case DT_STRTAB: strings = (const char *)lifeloop_dynamic_address(entry->d_un.d_ptr, info->addr); break;
        case DT_JMPREL: tables[0] = (const Elf64_Rela *)lifeloop_dynamic_address(entry->d_un.d_ptr, info->addr); break;
        case DT_PLTRELSZ: sizes[0] = entry->d_un.d_val; break;
        case DT_RELA: tables[1] = (const Elf64_Rela *)lifeloop_dynamic_address(entry->d_un.d_ptr, info->addr); break;
        case DT_RELASZ: sizes[1] = entry->d_un.d_val; break;
        default: break;
        }
    }
    if (!symbols || !strings) return 0;
#if defined(__x86_64__)
    const unsigned long jumpSlot = R_X86_64_JUMP_SLOT, globalData = R_X86_64_GLOB_DAT;
#else
    const unsigned long jumpSlot = R_AARCH64_JUMP_SLOT, globalData = R_AARCH64_GLOB_DAT;
#endif
    long page = sysconf(_SC_PAGESIZE);
    for (int table = 0; table < 2; table++) {
        if (!tables[table]) continue;
        size_t count = sizes[table] / sizeof(Elf64_Rela);
        for (size_t index = 0; index < count; index++) {
            const Elf64_Rela *relocation = &tables[table][index];
            unsigned long type = ELF64_R_TYPE(relocation->r_info);
            if (type != jumpSlot && type != globalData) continue;
            const char *symbol = strings + symbols[ELF64_R_SYM(relocation->r_info)].st_name;
            for (int wanted = 0; wanted < request->count; wanted++) {
                if (strcmp(symbol, request->names[wanted]) != 0) continue;
                void **slot = (void **)(info->addr + relocation->r_offset);
                int readOnly = (Elf64_Addr)slot >= relroStart && (Elf64_Addr)slot < relroEnd;
                void *start = (void *)((unsigned long)slot & ~(unsigned long)(page - 1));
                if (readOnly && mprotect(start, (size_t)page, PROT_READ | PROT_WRITE) != 0) continue;
                __atomic_store_n(slot, request->replacements[wanted], __ATOMIC_SEQ_CST);
                if (readOnly) mprotect(start, (size_t)page, PROT_READ);
                request->patched++;
            }
        }
    }
    return 0;
}

/// Points every loaded library's entries for `names[i]` at `replacements[i]`; returns how
/// many entries it changed.
static inline int lifeloop_hook_functions(const char *const *names, void *const *replacements, int count) {
    struct lifeloop_hook_request request = {names, replacements, count, 0};
    dl_iterate_phdr(lifeloop_hook_object, &request);
    return request.patched;
}
#else
static inline int lifeloop_hook_functions(const char *const *names, void *const *replacements, int count) {
    (void)names; (void)replacements; (void)count;
    return 0;
}
#endif


// The fork server (a pre-initialised app process that forks one app per launch): the
// daemon hands it each app's descriptors over a Unix socket (SCM_RIGHTS), and it waits for
// a request or a child's exit with SIGCHLD blocked except inside pselect.
#include <sys/select.h>
#include <errno.h>
#include <dirent.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <sys/wait.h>

/// Sends `length` bytes and `count` descriptors (at most 8) in one message; the bytes
/// sent, or -errno.
static inline long lifeloop_send_descriptors(int fd, const void *bytes, unsigned long length, const int *fds, int count) {
    if (count < 0 || count > 8) return -EINVAL;
    char control[CMSG_SPACE(8 * sizeof(int))];
    memset(control, 0, sizeof control);
    struct iovec vector = {(void *)bytes, length};
    struct msghdr message;
    memset(&message, 0, sizeof message);
    message.msg_iov = &vector;
    message.msg_iovlen = 1;
    if (count > 0) {
        message.msg_control = control;
        message.msg_controllen = CMSG_SPACE(count * sizeof(int));
        struct cmsghdr *header = CMSG_FIRSTHDR(&message);
        header->cmsg_level = SOL_SOCKET;
        header->cmsg_type = SCM_RIGHTS;
        header->cmsg_len = CMSG_LEN(count * sizeof(int));
        memcpy(CMSG_DATA(header), fds, count * sizeof(int));
    }
    long sent;
    do { sent = sendmsg(fd, &message, MSG_NOSIGNAL); } while (sent < 0 && errno == EINTR);
    return sent < 0 ? -errno : sent;
}

/// Receives up to `capacity` bytes and up to `maxCount` (at most 8) descriptors, marked
/// close-on-exec; the bytes read (0 at the end), or -errno. `*count` is how many
/// descriptors came.
static inline long lifeloop_receive_descriptors(int fd, void *bytes, unsigned long capacity, int *fds, int maxCount, int *count) {
    char control[CMSG_SPACE(8 * sizeof(int))];
    struct iovec vector = {bytes, capacity};
    struct msghdr message;
    memset(&message, 0, sizeof message);
    message.msg_iov = &vector;
    message.msg_iovlen = 1;
    message.msg_control = control;
    message.msg_controllen = sizeof control;
    *count = 0;
    long received;
    do { received = recvmsg(fd, &message, MSG_CMSG_CLOEXEC); } while (received < 0 && errno == EINTR);
    if (received < 0) return -errno;
    for (struct cmsghdr *header = CMSG_FIRSTHDR(&message); header; header = CMSG_NXTHDR(&message, header)) {
        if (header->cmsg_level != SOL_SOCKET || header->cmsg_type != SCM_RIGHTS) continue;
        int n = (int)((header->cmsg_len - CMSG_LEN(0)) / sizeof(int));
        int *received_fds = (int *)CMSG_DATA(header);
        for (int i = 0; i < n; i++) {
            if (*count < maxCount) fds[(*count)++] = received_fds[i];
            else close(received_fds[i]);
        }
    }
    return received;
}

static inline void lifeloop_child_signal_noop(int signal) { (void)signal; }

/// Blocks SIGCHLD and gives it a handler, so that it interrupts only
/// ``lifeloop_wait_readable_or_child``.
static inline void lifeloop_fork_server_signals(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = lifeloop_child_signal_noop;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_NOCLDSTOP;
    sigaction(SIGCHLD, &action, 0);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGCHLD);
    sigprocmask(SIG_BLOCK, &set, 0);
}

/// Waits until `fd` is readable or a child has changed state: 1 readable, 0 a child (or
/// another signal), -errno on error.
static inline int lifeloop_wait_readable_or_child(int fd) {
    if (fd < 0 || fd >= FD_SETSIZE) return -EBADF;
    fd_set readable;
    FD_ZERO(&readable);
    FD_SET(fd, &readable);
    sigset_t open;
    sigprocmask(SIG_SETMASK, 0, &open);
    sigdelset(&open, SIGCHLD);
    int ready = pselect(fd + 1, &readable, 0, 0, 0, &open);
    if (ready < 0) return errno == EINTR ? 0 : -errno;
    return ready > 0 ? 1 : 0;
}

/// In a forked child: SIGCHLD back to its default and unblocked, every signal unblocked.
static inline void lifeloop_fork_child_signals(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = SIG_DFL;
    sigemptyset(&action.sa_mask);
    sigaction(SIGCHLD, &action, 0);
    sigset_t set;
    sigemptyset(&set);
    sigprocmask(SIG_SETMASK, &set, 0);
}

#include <sys/eventfd.h>
#include <fcntl.h>

static inline void lifeloop_close_descriptors_from(int lowest);

/// Puts a fresh eventfd (close-on-exec, non-blocking, as libdispatch makes its own) at
/// descriptor `fd`, in place of the one there; 0, or -errno.
static inline int lifeloop_renew_eventfd(int fd) {
    int fresh = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
    if (fresh < 0) return -errno;
    if (fresh != fd) {
        if (dup2(fresh, fd) < 0) { int error = errno; close(fresh); return -error; }
        close(fresh);
        fcntl(fd, F_SETFD, FD_CLOEXEC);
        fcntl(fd, F_SETFL, O_NONBLOCK);
    }
    return 0;
}

static inline void lifeloop_close_range(int lowest, int highest) {
#ifdef SYS_close_range
    if (syscall(SYS_close_range, (unsigned)lowest, (unsigned)highest, 0) == 0) return;
#endif
    for (int fd = lowest; fd <= highest && fd < 65536; fd++) close(fd);
}

/// Closes every descriptor from `lowest` up (close_range, else /proc/self/fd).
static inline void lifeloop_close_descriptors_from(int lowest) {
#ifdef SYS_close_range
    if (syscall(SYS_close_range, (unsigned)lowest, ~0U, 0) == 0) return;
#endif
    DIR *folder = opendir("/proc/self/fd");
    if (!folder) return;
    int own = dirfd(folder);
    int found[4096];
    int count = 0;
    struct dirent *entry;
    while ((entry = readdir(folder)) && count < 4096) {
        int fd = atoi(entry->d_name);
        if (entry->d_name[0] >= '0' && entry->d_name[0] <= '9' && fd >= lowest && fd != own) found[count++] = fd;
    }
    closedir(folder);
    for (int i = 0; i < count; i++) close(found[i]);
}

/// fork(2) itself (Swift's Glibc overlay leaves it unmarked, but calling through here keeps
/// the one use in one place).
static inline int lifeloop_fork(void) { return fork(); }

/// The number of threads in this process (from /proc/self/task), or -1.
static inline int lifeloop_thread_count(void) {
    DIR *folder = opendir("/proc/self/task");
    if (!folder) return -1;
    int count = 0;
    struct dirent *entry;
    while ((entry = readdir(folder))) if (entry->d_name[0] != '.') count++;
    closedir(folder);
    return count;
}

#endif
