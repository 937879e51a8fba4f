// The operating system's side of this module, in one place: scheduling priority, and the helper processes that
// hash passwords for a server (spawning them, talking to them over a socket, stopping them).

import HashingHelperSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The system calls the module makes.
enum Platform {
    /// Gives the calling process's calling thread, and the threads it starts afterwards, the lowest scheduling
    /// priority (nice 19): the scheduler then runs it mostly on what other processes leave of the processors, yet
    /// still gives it a small share when they leave nothing, so that a sign-in is slow on a busy server rather
    /// than never answered. On Linux the nice value is each thread's own and `setpriority(PRIO_PROCESS, 0, …)`
    /// sets the calling thread's; a helper process does its work on its first thread.
    ///
    /// Not `SCHED_IDLE`: measured again with helper processes, it spared the other requests nothing clear, and it
    /// leaves a sign-in almost no share of processors kept busy (seconds for one sign-in).
    static func lowerPriority() {
        #if os(Linux)
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
        #else
            _ = setpriority(PRIO_PROCESS, 0, 19)
        #endif
    }

    /// Closes every file descriptor from `first` on: a helper process keeps none of its server's sockets and files
    /// (the listening socket, the database) that it was started with.
    static func closeDescriptors(from first: Int32) {
        #if os(Linux)
            closefrom(first)
        #else
            for descriptor in first..<Int32(getdtablesize()) { close(descriptor) }
        #endif
    }

    /// A process started by ``spawn(_:arguments:)``: its id and the parent's end of its socket.
    struct Child: Sendable {
        let pid: pid_t
        let socket: Int32
    }

    /// Starts the executable at `path` with `arguments` (the program name first) and this process's environment,
    /// its standard input and output both one end of a new socket pair, the other end returned; standard error is
    /// shared. The child starts with no signal blocked, SIGINT, SIGTERM and SIGPIPE at their defaults, and in a
    /// process group of its own (a Ctrl-C at the server's terminal is the server's to handle: it stops the helpers
    /// by closing their sockets).
    /// - Returns: the child, or the system's reason why not.
    static func spawn(_ path: String, arguments: [String]) -> Result<Child, PasswordHashingError> {
        var pair: [Int32] = [-1, -1]
        #if os(Linux)
            let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        #else
            let type = SOCK_STREAM
        #endif
        guard socketpair(AF_UNIX, type, 0, &pair) == 0 else { return .failure(systemError("socketpair")) }
        defer { close(pair[1]) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // dup2 leaves the copies open across exec; the originals are close-on-exec.
        posix_spawn_file_actions_adddup2(&actions, pair[1], STDIN_FILENO)
        posix_spawn_file_actions_adddup2(&actions, pair[1], STDOUT_FILENO)
        #if os(Linux)
            // Nothing else of this process reaches the helper: a descriptor opened without close-on-exec by another
            // thread at the moment of the spawn (a pipe being handed to another child, a client's connection)
            // would otherwise stay open in a helper that lives as long as the server, so that whoever waits for
            // that pipe's end or that connection's close would wait as long.
            _ = lists_spawn_close_from(&actions, 3)
        #endif
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGPIPE] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        let status = posix_spawn(&pid, path, &actions, &attributes, &argv, environ)
        guard status == 0 else {
            close(pair[0])
            return .failure(PasswordHashingError(reason: "cannot start \(path): \(String(cString: strerror(status)))"))
        }
        return .success(Child(pid: pid, socket: pair[0]))
    }

    /// Ends `child`: closes its socket, kills it and waits for it, so that it leaves no zombie.
    static func stop(_ child: Child) {
        close(child.socket)
        kill(child.pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(child.pid, &status, 0) < 0 && errno == EINTR {}
    }

    /// Sends all of `bytes` on `socket` (no SIGPIPE when the other end is gone: an error instead).
    static func sendAll(_ bytes: [UInt8], on socket: Int32) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                send(socket, buffer.baseAddress.map { $0 + sent }, buffer.count - sent, Int32(MSG_NOSIGNAL))
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }

    /// Reads exactly `count` bytes from `descriptor`, waiting at most until `deadline` (milliseconds of the
    /// monotonic clock) when one is given; `nil` at the end of input, on an error or past the deadline.
    static func readExactly(_ count: Int, from descriptor: Int32, deadline: Int64? = nil) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            if let deadline {
                let left = deadline - monotonicMilliseconds()
                guard left > 0 else { return nil }
                var wanted = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                let ready = poll(&wanted, 1, Int32(min(left, Int64(Int32.max))))
                if ready < 0 && errno == EINTR { continue }
                guard ready > 0 else { return nil }
            }
            let got = bytes.withUnsafeMutableBytes { buffer in
                read(descriptor, buffer.baseAddress.map { $0 + done }, count - done)
            }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { return nil }
            done += got
        }
        return bytes
    }

    /// Waits at most `milliseconds` for `descriptor` to have something to read (or to end): whether it has.
    static func waitReadable(_ descriptor: Int32, milliseconds: Int32) -> Bool {
        var wanted = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while true {
            let ready = poll(&wanted, 1, milliseconds)
            if ready < 0 && errno == EINTR { continue }
            return ready != 0
        }
    }

    /// Writes all of `bytes` to `descriptor`.
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                write(descriptor, buffer.baseAddress.map { $0 + written }, buffer.count - written)
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            written += count
        }
        return true
    }

    /// The monotonic clock, in milliseconds.
    static func monotonicMilliseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
    }

    /// The error for a failed system call, with the system's reason.
    private static func systemError(_ call: String) -> PasswordHashingError {
        PasswordHashingError(reason: "\(call): \(String(cString: strerror(errno)))")
    }
}
