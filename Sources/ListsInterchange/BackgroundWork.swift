import Dispatch
import Foundation
import Synchronization

/// What a thread of its own works out while the caller goes on; ``value()`` waits for it, as often as asked. An
/// import's writer beside its reader, a file read while the store opens.
public final class BackgroundWork<Value: Sendable>: Sendable {
    private let outcome = Mutex<Result<Value, any Error>?>(nil)
    private let finished = DispatchSemaphore(value: 0)

    /// Starts `work` on a new thread, with `stackSize` bytes of stack when given (the system's default else).
    public init(stackSize: Int? = nil, _ work: @escaping @Sendable () throws -> Value) {
        let thread = Thread { [self] in
            let result = Result { try work() }
            outcome.withLock { $0 = result }
            finished.signal()
        }
        if let stackSize { thread.stackSize = stackSize }
        thread.start()
    }

    /// What the work returned, once it has; what it threw, thrown.
    public func value() throws -> Value {
        finished.wait()
        finished.signal()
        guard let outcome = outcome.withLock({ $0 }) else { preconditionFailure("signalled before its outcome") }
        return try outcome.get()
    }
}
