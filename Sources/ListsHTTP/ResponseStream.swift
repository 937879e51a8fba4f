import Synchronization

/// A response body written as it comes, for as long as the client stays: an event stream.
///
/// The route writes with ``send(_:)`` from any thread and ends it with ``finish()``; the server takes the bytes
/// with ``take(atMost:suspend:resume:)`` and sends them. While there is nothing to send the server parks the
/// connection (``take(atMost:suspend:resume:)`` calls its `suspend` under the stream's lock) and the next
/// ``send(_:)`` or ``finish()`` wakes it (`resume`, under the same lock, so never before the `suspend`). When the
/// connection ends, for whatever reason, the server calls ``closed()``, which runs ``onClose``: the route's
/// chance to forget the stream.
public final class ResponseStream: Sendable {
    /// What ``take(atMost:suspend:resume:)`` found.
    public enum Taken: Equatable, Sendable {
        /// Bytes to send now.
        case bytes([UInt8])
        /// Nothing yet: the connection was suspended and will be resumed.
        case waiting
        /// The stream ended and everything was sent.
        case finished
    }

    private struct State {
        var pending: [UInt8] = []
        var isFinished = false
        var isClosed = false
        var resume: (@Sendable () -> Void)?
        var onClose: (@Sendable () -> Void)?
    }

    private let state = Mutex(State())

    /// A stream with `first` to send at once.
    public init(first: [UInt8] = []) {
        state.withLock { $0.pending = first }
    }

    /// Runs `body` once the connection ends (at once if it has ended already).
    public func onClose(_ body: @escaping @Sendable () -> Void) {
        let run = state.withLock { state -> Bool in
            if state.isClosed { return true }
            state.onClose = body
            return false
        }
        if run { body() }
    }

    /// Queues `bytes` to be sent; nothing once the stream is finished or its connection closed.
    public func send(_ bytes: [UInt8]) {
        state.withLock { state in
            guard !state.isFinished, !state.isClosed else { return }
            state.pending += bytes
            state.resume?()
            state.resume = nil
        }
    }

    /// Ends the stream once what is queued has been sent.
    public func finish() {
        state.withLock { state in
            state.isFinished = true
            state.resume?()
            state.resume = nil
        }
    }

    /// Whether the connection has ended.
    public var isClosed: Bool { state.withLock { $0.isClosed } }

    /// For the server: up to `limit` queued bytes; or, with none queued, `.waiting` after calling `suspend`, with
    /// `resume` kept to be called once there is something to send; or `.finished`.
    public func take(
        atMost limit: Int, suspend: () -> Void, resume: @escaping @Sendable () -> Void
    ) -> Taken {
        state.withLock { state in
            if !state.pending.isEmpty {
                let count = min(limit, state.pending.count)
                let bytes = Array(state.pending.prefix(count))
                state.pending.removeFirst(count)
                return .bytes(bytes)
            }
            if state.isFinished || state.isClosed { return .finished }
            suspend()
            state.resume = resume
            return .waiting
        }
    }

    /// For the server: the connection ended; runs ``onClose(_:)``'s body.
    public func closed() {
        let body = state.withLock { state -> (@Sendable () -> Void)? in
            state.isClosed = true
            state.pending = []
            state.resume = nil
            defer { state.onClose = nil }
            return state.onClose
        }
        body?()
    }
}
