// The operating system's side of this module, in one place: lowering a thread's scheduling priority.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The system calls the module makes.
enum Platform {
    /// Gives the calling thread the lowest scheduling priority (Linux's SCHED_IDLE, and nice 19): the scheduler
    /// then runs it only on what other threads leave of the processors. On Linux the nice value is each thread's own, and
    /// `setpriority(PRIO_PROCESS, 0, …)` sets the calling thread's (not the whole process's, as POSIX would have
    /// it); elsewhere this does nothing.
    static func lowerCallingThreadPriority() {
        #if os(Linux)
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
            // SCHED_IDLE: run only when no other thread of any priority wants the processor, and give way at
            // once when one wakes (nice 19 alone still takes a share and waits out its time slice).
            // (Glibc exports SCHED_IDLE only with _GNU_SOURCE; its value is Linux's ABI.)
            let schedIdle: Int32 = 5
            var parameters = sched_param(sched_priority: 0)
            _ = sched_setscheduler(0, schedIdle, &parameters)
        #endif
    }
}
