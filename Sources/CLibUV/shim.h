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

#endif
