// See include/HashingHelperSupport.h. The linker's --wrap turns every call to mmap and munmap in the executable (libsodium's
// among them, linked statically) into a call to __wrap_mmap and __wrap_munmap, and __real_mmap and __real_munmap into
// calls to the C library's.

#define _GNU_SOURCE
#include "HashingHelperSupport.h"

#include <pthread.h>
#include <stdatomic.h>
#include <sys/mman.h>

void *__real_mmap(void *address, size_t length, int protection, int flags, int descriptor, off_t offset);
int __real_munmap(void *address, size_t length);

// The smallest length kept; 0 until lists_hashing_memory_keep is called (then nothing is ever kept).
static atomic_size_t minimum = 0;
static atomic_ulong reuses = 0;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
// The mapping kept, faulted in and unused, and its length.
static void *kept = NULL;
static size_t kept_length = 0;
// The mapping handed out (afresh or again) and not unmapped yet: the one that is kept when it is unmapped.
static void *lent = NULL;
static size_t lent_length = 0;

// Whether a mapping asked for is one of the kind kept: anonymous, private, read-write, anywhere.
static int is_kind_kept(void *address, size_t length, int protection, int flags, int descriptor) {
    size_t least = atomic_load_explicit(&minimum, memory_order_relaxed);
    return least != 0 && length >= least && address == NULL && descriptor == -1
        && protection == (PROT_READ | PROT_WRITE)
        && (flags & ~(MAP_POPULATE | MAP_NORESERVE)) == (MAP_PRIVATE | MAP_ANONYMOUS);
}

void *__wrap_mmap(void *address, size_t length, int protection, int flags, int descriptor, off_t offset) {
    if (!is_kind_kept(address, length, protection, flags, descriptor)) {
        return __real_mmap(address, length, protection, flags, descriptor, offset);
    }
    void *stale = NULL;
    size_t stale_length = 0;
    void *mapped = NULL;
    pthread_mutex_lock(&lock);
    if (lent == NULL) {
        if (kept != NULL && kept_length == length) {
            mapped = kept;
            atomic_fetch_add_explicit(&reuses, 1, memory_order_relaxed);
        } else if (kept != NULL) {
            stale = kept;
            stale_length = kept_length;
        }
        kept = NULL;
        kept_length = 0;
    }
    pthread_mutex_unlock(&lock);
    if (stale != NULL) __real_munmap(stale, stale_length);
    if (mapped == NULL) mapped = __real_mmap(address, length, protection, flags, descriptor, offset);
    if (mapped == MAP_FAILED) return mapped;
    pthread_mutex_lock(&lock);
    if (lent == NULL) {
        lent = mapped;
        lent_length = length;
    }
    pthread_mutex_unlock(&lock);
    return mapped;
}

int __wrap_munmap(void *address, size_t length) {
    if (atomic_load_explicit(&minimum, memory_order_relaxed) != 0) {
        int is_kept = 0;
        pthread_mutex_lock(&lock);
        if (address != NULL && address == lent && length == lent_length) {
            lent = NULL;
            lent_length = 0;
            if (kept == NULL) {
                kept = address;
                kept_length = length;
                is_kept = 1;
            }
        }
        pthread_mutex_unlock(&lock);
        if (is_kept) return 0;
    }
    return __real_munmap(address, length);
}

void lists_hashing_memory_keep(size_t minimum_length) {
    atomic_store(&minimum, minimum_length);
    if (minimum_length == 0) lists_hashing_memory_release();
}

void lists_hashing_memory_release(void) {
    pthread_mutex_lock(&lock);
    void *released = kept;
    size_t length = kept_length;
    kept = NULL;
    kept_length = 0;
    pthread_mutex_unlock(&lock);
    if (released != NULL) __real_munmap(released, length);
}

unsigned long lists_hashing_memory_reuses(void) { return atomic_load(&reuses); }

size_t lists_hashing_memory_kept_length(void) {
    pthread_mutex_lock(&lock);
    size_t length = kept_length;
    pthread_mutex_unlock(&lock);
    return length;
}
