// What a hashing helper process does at the level of the system, for Argon2id (tens of milliseconds of a core and
// 64 MiB per password) to cost the server's other requests as little as it can: see ListsAuth's HashingHelpers.

#ifndef LISTS_HASHING_HELPER_SUPPORT_H
#define LISTS_HASHING_HELPER_SUPPORT_H

#include <spawn.h>
#include <stddef.h>

// MARK: The memory Argon2id fills, kept from one hash to the next (Memory.c)
//
// libsodium maps Argon2id's memory fresh for every hash, with MAP_POPULATE, and unmaps it at the end: measured on
// the project's 2-core virtual machine, faulting those 16,384 pages in and freeing them again was some 30 ms of
// kernel time per hash, a third of all it cost. A helper hashes one password at a time and nothing else, so it can
// keep the one mapping: every executable linking this target has its mmap and munmap calls wrapped (GNU ld's --wrap,
// see Package.swift; libsodium is linked statically, so its calls are among them), and once
// `lists_hashing_memory_keep` is called, an anonymous private read-write mapping of at least the length given is,
// when unmapped, kept instead, and handed out again to the next request of the same length, already faulted in.
// Every other mapping, and every mapping in a process that never called it (the server itself, the CLI), goes to
// the system unchanged.
//
// A mapping handed out again holds what the last hash left in it, not zeros: Argon2 writes each block of its memory
// before it reads it, so it never reads them (and libsodium does not clear the memory before unmapping it either).
// The helper gives the mapping back to the system when it has had nothing to hash for a while
// (`lists_hashing_memory_release`).

/// From now on, keeps anonymous read-write mappings of `minimum_length` bytes or more when they are unmapped, one
/// at a time, for the next mapping of the same length; 0 stops keeping them (and unmaps the one kept).
void lists_hashing_memory_keep(size_t minimum_length);

/// Unmaps the mapping kept, if any (the next hash maps its memory afresh).
void lists_hashing_memory_release(void);

/// How many mappings were handed out again instead of mapped afresh, since the process started.
unsigned long lists_hashing_memory_reuses(void);

/// The length of the mapping kept now; 0 when none is.
size_t lists_hashing_memory_kept_length(void);

// MARK: Giving the processor up while hashing (Yielding.c)
//
// A helper runs at the lowest priority, yet measured on the project's 2-core virtual machine a request thread woken
// on a processor busy with a hash often waited for the scheduler's next tick (4 ms) before it ran, whether the helper
// had nice 19 or SCHED_IDLE: that was the whole rise of the requests' p99 while people signed in. So while it hashes,
// a helper asks for a signal every `interval` microseconds of wall-clock time, sent to its hashing thread, whose
// handler yields the processor (sched_yield): whoever waits for it runs then, and with no one waiting the hash goes
// on at once. A signal that comes while the thread has run less than half an interval since it last yielded (it was
// due while the thread waited for a processor) is let pass: a helper always works a while in each turn it gets, and
// a busy machine slows a sign-in down instead of starving it. The timer runs only while a hash does: an idle helper
// is never woken.

/// Makes the calling thread's timer, installs the handler (SIGALRM) and unblocks the signal on the calling thread; 0 on
/// success, else the errno value. Once per process: the thread that hashes calls it.
int lists_hashing_yield_prepare(long interval_microseconds);

/// Starts the timer: from now until `lists_hashing_yield_end`, the calling thread yields every interval.
void lists_hashing_yield_begin(void);

/// Stops the timer.
void lists_hashing_yield_end(void);

/// How many times the handler has yielded, since the process started.
unsigned long lists_hashing_yields(void);

// MARK: Starting a helper (Spawning.c)
//
// glibc's posix_spawn_file_actions_addclosefrom_np (2.34 and later), which the Swift module of glibc does not show:
// a helper is started with every descriptor from `lowest` up closed, so that none that another thread of the server
// opened without close-on-exec at that moment (a pipe handed to another child) stays open in a helper that lives as
// long as the server.

/// Adds to `actions` the closing of every descriptor from `lowest` up; 0 on success, else the error number.
int lists_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest);

#endif
