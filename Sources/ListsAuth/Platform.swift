// The operating system's side of this module, in one place: lowering a thread's scheduling priority.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The system calls the module makes.
enum Platform {
    /// Gives the calling thread the lowest scheduling priority (nice 19): the scheduler then runs it mostly on
    /// what other threads leave of the processors, yet still gives it a small share when they leave nothing, so
    /// that a sign-in is slow on a busy server rather than never answered (SCHED_IDLE, which gives it none, was
    /// measured to spare the other requests no more). On Linux the nice value is each thread's own, and
    /// `setpriority(PRIO_PROCESS, 0, …)` sets the calling thread's (not the whole process's, as POSIX would have
    /// it); elsewhere this does nothing.
    static func lowerCallingThreadPriority() {
        #if os(Linux)
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
        #endif
    }
}
