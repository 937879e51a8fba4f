// See include/HashingHelperSupport.h.

#define _GNU_SOURCE
#include "HashingHelperSupport.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static timer_t timer;
static int is_prepared = 0;
static struct itimerspec period;
static atomic_ulong yields = 0;
// The hashing thread's processor time, in nanoseconds, when it last yielded (or began to hash), and how much of it
// it runs before it yields again. Written by that thread only: its handler, and `lists_hashing_yield_begin`.
static long long ran_until_ns = 0;
static long long run_ns = 0;

static long long thread_time_ns(void) {
    struct timespec now;
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now) != 0) return 0;
    return (long long)now.tv_sec * 1000000000LL + now.tv_nsec;
}

// A signal that finds the thread has run less than `run_ns` since it last yielded was due while the thread waited
// for a processor (the timer counts wall-clock time): yielding then would give up the turn it has just been given,
// and on processors kept busy a helper would give up every turn and hash nothing (measured: a sign-in beside two
// busy loops timed out after a minute, at nice 19 and at nice 10 alike). So it yields only once it has had its time.
static void yield_processor(int signal) {
    (void)signal;
    int saved = errno;
    long long now = thread_time_ns();
    if (now - ran_until_ns >= run_ns) {
        atomic_fetch_add_explicit(&yields, 1, memory_order_relaxed);
        sched_yield();
        ran_until_ns = thread_time_ns();
    }
    errno = saved;
}

int lists_hashing_yield_prepare(long interval_microseconds) {
    if (is_prepared) return 0;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = yield_processor;
    action.sa_flags = SA_RESTART;
    sigemptyset(&action.sa_mask);
    if (sigaction(SIGALRM, &action, NULL) != 0) return errno;
    struct sigevent event;
    memset(&event, 0, sizeof event);
    event.sigev_notify = SIGEV_THREAD_ID;
    event.sigev_signo = SIGALRM;
    event._sigev_un._tid = gettid();
    if (timer_create(CLOCK_MONOTONIC, &event, &timer) != 0) return errno;
    // A thread may have been started with SIGALRM blocked (a Dispatch worker's are): this one takes it.
    sigset_t alarm;
    sigemptyset(&alarm);
    sigaddset(&alarm, SIGALRM);
    pthread_sigmask(SIG_UNBLOCK, &alarm, NULL);
    period.it_interval.tv_sec = interval_microseconds / 1000000;
    period.it_interval.tv_nsec = (interval_microseconds % 1000000) * 1000;
    period.it_value = period.it_interval;
    // Half the interval: the timer's signals come a little late or early, and a thread that has had half its time
    // has had a turn.
    run_ns = (long long)interval_microseconds * 500;
    is_prepared = 1;
    return 0;
}

void lists_hashing_yield_begin(void) {
    if (!is_prepared) return;
    ran_until_ns = thread_time_ns();
    timer_settime(timer, 0, &period, NULL);
}

void lists_hashing_yield_end(void) {
    if (!is_prepared) return;
    struct itimerspec stopped;
    memset(&stopped, 0, sizeof stopped);
    timer_settime(timer, 0, &stopped, NULL);
}

unsigned long lists_hashing_yields(void) { return atomic_load(&yields); }
