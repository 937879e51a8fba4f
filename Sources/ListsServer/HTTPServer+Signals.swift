#if canImport(Glibc)
    import Glibc
#endif

extension HTTPServer {
    /// Blocks SIGINT and SIGTERM in the calling thread and in every thread it starts afterwards, so that they
    /// wait for ``waitForTerminationSignal()`` instead of ending the process.
    ///
    /// Call it first thing in `main`, before ``start()`` and anything else that starts threads: a thread keeps
    /// the signal mask it was started with, and a signal goes to any thread that does not block it.
    public static func blockTerminationSignals() {
        var signals = terminationSignals
        pthread_sigmask(SIG_BLOCK, &signals, nil)
    }

    /// Blocks the calling thread until SIGINT or SIGTERM arrives, and returns which one.
    ///
    /// Call ``blockTerminationSignals()`` first; otherwise a signal may end the process before it is waited for.
    public static func waitForTerminationSignal() -> Int32 {
        var signals = terminationSignals
        var received: Int32 = 0
        while sigwait(&signals, &received) != 0 {}
        return received
    }

    /// The set of SIGINT (Control-C) and SIGTERM (a service manager stopping the server).
    private static var terminationSignals: sigset_t {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        return signals
    }
}
