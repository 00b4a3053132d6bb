#ifndef VOICECMD_MAPPED_FILES_H
#define VOICECMD_MAPPED_FILES_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

// A network's weights are used where they lie in a mapped file. Another
// program that cuts the file short in place (not a rename over it, which
// leaves the mapped file whole) makes the next touch of a page past the new
// end raise SIGBUS. This handler says which file, in one line, and ends the
// process with status 1; a SIGBUS anywhere else goes to the handler that was
// there before. A signal handler may only call async-signal-safe functions
// and read memory set up beforehand: the table below, filled at mapping time.
//
// State lives in functions (Swift emits the header functions it calls, not
// file-level variables).

// Two a recogniser (Moonshine's encoder and decoder), and a batch may run
// 64 recognisers at once.
#define VOICECMD_MAPPING_SLOTS 256
#define VOICECMD_MAPPING_PATH 480

typedef struct {
    uintptr_t start;
    uintptr_t end;
    char path[VOICECMD_MAPPING_PATH];
} voicecmd_mapping;

static voicecmd_mapping *voicecmd_mappings(void) {
    static voicecmd_mapping table[VOICECMD_MAPPING_SLOTS];
    return table;
}

static struct sigaction *voicecmd_previous_bus_action(void) {
    static struct sigaction previous;
    return &previous;
}

static void voicecmd_write_all(const char *text) {
    size_t left = strlen(text);
    while (left > 0) {
        ssize_t written = write(2, text, left);
        if (written <= 0) return;
        text += written;
        left -= (size_t)written;
    }
}

static void voicecmd_bus_handler(int signal, siginfo_t *info, void *context) {
    (void)signal;
    (void)context;
    uintptr_t address = (uintptr_t)info->si_addr;
    voicecmd_mapping *table = voicecmd_mappings();
    for (int slot = 0; slot < VOICECMD_MAPPING_SLOTS; slot++) {
        uintptr_t start = __atomic_load_n(&table[slot].start, __ATOMIC_ACQUIRE);
        // 0: free; 1: claimed, being filled.
        if (start > 1 && address >= start && address < table[slot].end) {
            voicecmd_write_all("voicecmd: ");
            voicecmd_write_all(table[slot].path);
            voicecmd_write_all(" was cut short while in use (replace such a file by renaming a new one over it, "
                               "as the set-up step does); stopping\n");
            _exit(1);
        }
    }
    // Not a mapped file's: the earlier handler (or none) takes it when the
    // faulting instruction runs again.
    sigaction(SIGBUS, voicecmd_previous_bus_action(), NULL);
}

/// Watches the mapping at `start` of `length` bytes of the file `path`
/// (cut to fit); returns 0, or -1 when every slot is taken (the mapping
/// is then not watched).
static inline int voicecmd_watch_mapping(const void *start, size_t length, const char *path) {
    static int installed = 0;
    if (__atomic_exchange_n(&installed, 1, __ATOMIC_ACQ_REL) == 0) {
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_sigaction = voicecmd_bus_handler;
        action.sa_flags = SA_SIGINFO;
        sigemptyset(&action.sa_mask);
        sigaction(SIGBUS, &action, voicecmd_previous_bus_action());
    }
    voicecmd_mapping *table = voicecmd_mappings();
    for (int slot = 0; slot < VOICECMD_MAPPING_SLOTS; slot++) {
        uintptr_t expected = 0;
        // Claimed with a start of 1 (no mapping starts at 1), filled, then published.
        if (__atomic_compare_exchange_n(&table[slot].start, &expected, (uintptr_t)1, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
            table[slot].end = 0;
            strncpy(table[slot].path, path, VOICECMD_MAPPING_PATH - 1);
            table[slot].path[VOICECMD_MAPPING_PATH - 1] = '\0';
            table[slot].end = (uintptr_t)start + length;
            __atomic_store_n(&table[slot].start, (uintptr_t)start, __ATOMIC_RELEASE);
            return 0;
        }
    }
    return -1;
}

/// Stops watching the mapping at `start` (before it is unmapped).
static inline void voicecmd_forget_mapping(const void *start) {
    voicecmd_mapping *table = voicecmd_mappings();
    for (int slot = 0; slot < VOICECMD_MAPPING_SLOTS; slot++) {
        if (__atomic_load_n(&table[slot].start, __ATOMIC_ACQUIRE) == (uintptr_t)start) {
            __atomic_store_n(&table[slot].start, (uintptr_t)0, __ATOMIC_RELEASE);
            return;
        }
    }
}

#endif
