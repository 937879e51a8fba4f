import Dispatch
import Synchronization

/// Hashes and checks passwords in helper processes at the lowest scheduling priority, for a server.
///
/// Argon2id takes tens of milliseconds of a core and 64 MiB of fresh memory per call, by design. Done in the
/// server's own process, even on threads at nice 19, it was measured to multiply the p99 of the other requests by
/// 5 to 8 while 20 sign-ins a second ran: the hashing threads' memory is mapped, faulted in and unmapped in the
/// server's address space, which every request thread shares, and processes of the same priority doing the same
/// work outside it cost the requests nothing measurable. So a server hashes in `count` processes of its own
/// executable (started with ``helperArgument``), each taking one password at a time over a socket, at nice 19.
///
/// What keeps a helper's hashes from delaying the server's requests (measured on the project's 2-core virtual
/// machine, where 20 sign-ins a second took one and a half of its two processors before these):
/// - it runs at nice 19, the lowest priority (``Platform/lowerPriority()``);
/// - it gives the processor up every half millisecond while it hashes (``HashingYield``): the scheduler was seen to
///   leave a woken request thread waiting behind a hash until its next tick, 4 ms later, at nice 19 and at
///   `SCHED_IDLE` alike;
/// - it keeps Argon2id's 64 MiB from one hash to the next (``HashingMemory``), where libsodium would have the kernel
///   map and fault it in afresh each time: a third of a hash's cost.
///
/// A helper is started with the server and makes its stand-in hash (``PasswordHasher/prepare()``) before
/// it answers, so that the first sign-in pays for nothing more. A helper that dies, or does not answer within
/// ``answerTimeout``, is stopped and started again, and the password sent once more; if that fails too, the caller
/// gets a ``PasswordHashingError``. A helper that has not answered yet has ``startAllowance`` more: it is a new
/// process, which must start and make its stand-in hash at the lowest priority first, however busy the machine. A helper ends when its socket closes: when the server stops, or is killed.
///
/// The password travels to the helper over a socket pair that no other process holds (the helper is the same
/// user's, running the same executable); nothing is written anywhere.
public final class HashingHelpers: PasswordHashing {
    /// The first argument that makes the executable a helper (``serveAsHelper(arguments:)``), followed by the
    /// hasher's limits.
    public static let helperArgument = "--lists-hashing-helper"
    /// How long a helper may take over one password before it is taken for stuck, in milliseconds.
    private let answerTimeout: Int64
    /// How much longer than ``answerTimeout`` a helper that has not answered yet may take, in milliseconds.
    private let startAllowance: Int64

    public let hasher: PasswordHasher
    /// The executable that starts a helper.
    private let executable: String
    /// Its arguments, the program name first (`lists`, as `ps` shows it).
    private let arguments: [String]
    /// The helpers not in use now; `nil` for one that is to be started (again) at its next use.
    private let idle: Mutex<[Helper?]>
    /// Counts the helpers in ``idle``, for callers to wait on.
    private let available: DispatchSemaphore

    /// Starts `count` helpers (at least one): `executable` run with ``helperArgument`` and `hasher`'s limits.
    /// Helpers that cannot be started now are tried again at their first use. A helper that takes longer than
    /// `answerTimeout` over one password is taken for stuck: the default is far beyond Argon2id's tens of
    /// milliseconds, to leave room for a machine so busy that the helpers' low priority gets them little time. A
    /// helper's first answer may take `startAllowance` longer (see the type's documentation).
    public init(
        hasher: PasswordHasher, executable: String, count: Int = 2, answerTimeout: Duration = .seconds(30),
        startAllowance: Duration = .seconds(30)
    ) {
        self.hasher = hasher
        self.answerTimeout = Self.milliseconds(answerTimeout)
        self.startAllowance = Self.milliseconds(startAllowance)
        let arguments = ["lists", Self.helperArgument, String(hasher.opsLimit), String(hasher.memLimit)]
        self.executable = executable
        self.arguments = arguments
        idle = Mutex(
            (0..<max(1, count)).map { _ in
                (try? Platform.spawn(executable, arguments: arguments).get()).map { Helper(child: $0) }
            })
        available = DispatchSemaphore(value: count)
    }

    deinit {
        for helper in idle.withLock({ $0 }) { if let helper { Platform.stop(helper.child) } }
    }

    /// A helper process, and whether it has answered yet.
    private struct Helper: Sendable {
        let child: Platform.Child
        var hasAnswered = false
    }

    /// `duration` in whole milliseconds.
    private static func milliseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
    }

    public func hash(_ password: String) throws -> String {
        try PasswordRules.check(password)
        let answer = try exchange(HashingRequest(operation: .hash, password: password, hash: ""))
        guard answer.isSuccess else { throw PasswordHashingError(memLimit: hasher.memLimit) }
        return answer.text
    }

    public func verify(_ password: String, hash: String) throws -> Bool {
        guard password.utf8.count <= PasswordRules.maximumBytes else { return false }
        return try exchange(HashingRequest(operation: .verify, password: password, hash: hash)).isSuccess
    }

    public func verifyNothing(_ password: String) throws {
        // An over-long password was never hashed, so checking it takes no time whatever the user (verify's rule).
        guard password.utf8.count <= PasswordRules.maximumBytes else { return }
        _ = try exchange(HashingRequest(operation: .verifyNothing, password: password, hash: ""))
    }

    /// Sends `request` to the helper idle longest (waiting for one if all are busy), and returns its answer;
    /// starts the helper again and sends the request once more if it fails.
    private func exchange(_ request: HashingRequest) throws -> HashingAnswer {
        available.wait()
        defer { available.signal() }
        var helper = idle.withLock { $0.removeFirst() }
        defer { idle.withLock { $0.append(helper) } }
        var failure = PasswordHashingError(reason: "no helper answered")
        for _ in 0..<2 {
            if helper == nil {
                switch Platform.spawn(executable, arguments: arguments) {
                case .success(let started): helper = Helper(child: started)
                case .failure(let error): throw error
                }
            }
            guard let running = helper else { continue }
            let allowed = answerTimeout + (running.hasAnswered ? 0 : startAllowance)
            let deadline = Platform.monotonicMilliseconds() + allowed
            if Platform.sendAll(request.bytes, on: running.child.socket),
                let answer = HashingAnswer.read(from: running.child.socket, deadline: deadline)
            {
                helper?.hasAnswered = true
                return answer
            }
            failure = PasswordHashingError(
                reason: "the hashing helper (process \(running.child.pid)) stopped answering")
            Platform.stop(running.child)
            helper = nil
        }
        throw failure
    }

    /// Serves as a helper, when `arguments` (without the program name) start with ``helperArgument``: answers
    /// the requests on standard input, on standard output, until standard input ends.
    /// - Returns: the exit status, or `nil` when `arguments` are not a helper's (the program goes on as usual).
    public static func serveAsHelper(arguments: [String]) -> Int32? {
        guard arguments.first == helperArgument else { return nil }
        guard arguments.count == 3, let opsLimit = UInt64(arguments[1]), let memLimit = Int(arguments[2]),
            opsLimit >= PasswordHasher.testing.opsLimit, memLimit >= PasswordHasher.testing.memLimit
        else { return 2 }
        let hasher = PasswordHasher(opsLimit: opsLimit, memLimit: memLimit)
        Platform.closeDescriptors(from: 3)
        Platform.lowerPriority()
        HashingMemory.keep(for: hasher)
        HashingYield.prepare()
        HashingYield.during { hasher.prepare() }
        while true {
            // Argon2id's memory is kept while passwords keep coming, and given back after a quiet moment.
            if !Platform.waitReadable(0, milliseconds: HashingMemory.keptWhileIdle) { HashingMemory.release() }
            guard let request = HashingRequest.read(from: 0) else { break }
            let answer = HashingYield.during { request.answer(with: hasher) }
            guard Platform.writeAll(answer.bytes, to: 1) else { break }
        }
        return 0
    }
}

/// What a server asks of a helper: an operation, a password and a hash, each field its length (4 bytes, big
/// endian) then its bytes, after the operation's byte.
struct HashingRequest {
    enum Operation: UInt8 {
        case hash = 1, verify = 2, verifyNothing = 3
    }

    var operation: Operation
    var password: String
    var hash: String

    /// The longest field either side accepts: far beyond a password's 1,024 bytes and a hash's 128.
    static let maximumField = 4096

    var bytes: [UInt8] {
        [operation.rawValue] + HashingFrame.field(Array(password.utf8)) + HashingFrame.field(Array(hash.utf8))
    }

    /// The next request on `descriptor`; `nil` at its end or on anything malformed.
    static func read(from descriptor: Int32) -> HashingRequest? {
        guard let head = Platform.readExactly(1, from: descriptor), let operation = Operation(rawValue: head[0]),
            let password = HashingFrame.readField(from: descriptor, deadline: nil),
            let hash = HashingFrame.readField(from: descriptor, deadline: nil)
        else { return nil }
        return HashingRequest(
            operation: operation, password: String(decoding: password, as: UTF8.self),
            hash: String(decoding: hash, as: UTF8.self))
    }

    /// What `hasher` answers.
    func answer(with hasher: PasswordHasher) -> HashingAnswer {
        switch operation {
        case .hash:
            guard let made = try? hasher.hash(password) else { return HashingAnswer(isSuccess: false, text: "") }
            return HashingAnswer(isSuccess: true, text: made)
        case .verify:
            return HashingAnswer(isSuccess: hasher.verify(password, hash: hash), text: "")
        case .verifyNothing:
            hasher.verifyNothing(password)
            return HashingAnswer(isSuccess: true, text: "")
        }
    }
}

/// A helper's answer: whether the operation succeeded (for a verify, whether the password matched), then a field
/// (the hash made).
struct HashingAnswer {
    var isSuccess: Bool
    var text: String

    var bytes: [UInt8] { [isSuccess ? 1 : 0] + HashingFrame.field(Array(text.utf8)) }

    /// The answer on `descriptor`, waited for until `deadline`; `nil` when the helper ended, sent something
    /// malformed or took too long.
    static func read(from descriptor: Int32, deadline: Int64) -> HashingAnswer? {
        guard let head = Platform.readExactly(1, from: descriptor, deadline: deadline), head[0] <= 1,
            let text = HashingFrame.readField(from: descriptor, deadline: deadline)
        else { return nil }
        return HashingAnswer(isSuccess: head[0] == 1, text: String(decoding: text, as: UTF8.self))
    }
}

/// The length-prefixed fields of requests and answers.
enum HashingFrame {
    static func field(_ bytes: [UInt8]) -> [UInt8] {
        let count = UInt32(bytes.count)
        return [UInt8(count >> 24), UInt8(count >> 16 & 0xFF), UInt8(count >> 8 & 0xFF), UInt8(count & 0xFF)] + bytes
    }

    static func readField(from descriptor: Int32, deadline: Int64?) -> [UInt8]? {
        guard let length = Platform.readExactly(4, from: descriptor, deadline: deadline) else { return nil }
        let count = length.reduce(0) { $0 << 8 | Int($1) }
        guard count <= HashingRequest.maximumField else { return nil }
        return count == 0 ? [] : Platform.readExactly(count, from: descriptor, deadline: deadline)
    }
}
