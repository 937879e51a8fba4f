import ListsHTTP
import Synchronization

/// What the server keeps about one request between libmicrohttpd's callbacks: the head as parsed, the body
/// as it arrives, and what was answered, for the access log.
///
/// libmicrohttpd hands each connection to one thread of its pool and calls a connection's callbacks one after
/// the other on that thread, so a context is never touched by two threads at once and needs no lock.
final class RequestContext {
    /// When the first callback came, for the log's duration.
    let start = ContinuousClock.now
    /// The client's numeric address, for the log (`-` when nothing is logged).
    let client: String
    /// The method and path as received, for the log (kept even when the request is refused).
    let method: String
    /// The path as received, possibly not UTF-8.
    let rawPath: [UInt8]
    /// The request as the handler will see it once its body is complete; `nil` when it was refused.
    var request: HTTPRequest?
    /// Whether the request is answered off the server's threads (a slow one), its connection suspended until
    /// ``deferredAnswer`` is set.
    var isDeferred: Bool { deferredAnswer != nil }
    /// The answer to a slow request, set by the thread that made it before it resumes the connection; made only
    /// for a slow request (most requests make none).
    var deferredAnswer: DeferredAnswer?
    /// The body received so far.
    var body: [UInt8] = []
    /// Whether the body passed the limit (it had no declared length); it is then dropped, not kept.
    var isBodyTooLarge = false
    /// The largest body this request may have: the configuration's limit, or the larger one its handling names.
    var bodyLimit = HTTPRequest.maximumBodySize
    /// Whether the request is answered off the server's threads once its body is complete (its handling says it
    /// may take long).
    var isSlow = false
    /// How many bytes of a body over the limit were received, dropped and counted.
    var bytesDropped = 0
    /// The status answered, once a response is queued.
    var status: Int?
    /// The size of the body answered.
    var responseSize = 0

    /// A context for a request from `client` for `method` `rawPath`.
    init(client: String, method: String, rawPath: [UInt8]) {
        self.client = client
        self.method = method
        self.rawPath = rawPath
    }

    /// Whether a response has been queued, after which the rest of the request is ignored.
    var isAnswered: Bool { status != nil }

    /// The access-log line for this request, ending with a newline:
    /// `2026-11-30T07:40:01Z 127.0.0.1 "GET /api/v1/items" 200 1234B 0.41ms` (the path without its query).
    func logLine(completed: Bool) -> [UInt8] {
        let elapsed = ContinuousClock.now - start
        let microseconds = elapsed.components.seconds * 1_000_000 + elapsed.components.attoseconds / 1_000_000_000_000
        let hundredths = (microseconds % 1000) / 10
        var line = Self.utcNow() + " \(client) \"\(Self.printable(Array(method.utf8))) \(Self.printable(rawPath))\" "
        line += status.map(String.init) ?? "-"
        line += " \(responseSize)B \(microseconds / 1000).\(hundredths < 10 ? "0" : "")\(hundredths)ms"
        if !completed { line += " (connection closed early)" }
        line += "\n"
        return Array(line.utf8)
    }

    /// The current time as `2026-11-30T07:40:01Z`, from the C library (a log line per request must be cheap).
    static func utcNow() -> String {
        let now = Platform.utcNow()
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(now.year)-\(two(now.month))-\(two(now.day))T\(two(now.hour)):\(two(now.minute)):\(two(now.second))Z"
    }

    /// `bytes` as text safe in one log line: quotes, backslashes, control characters and bytes that are not
    /// UTF-8 are written `\xNN`, so that a client cannot forge or break a line of the log.
    static func printable(_ bytes: [UInt8]) -> String {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return bytes.map { $0 < 0x80 ? printable([$0]) : escaped($0) }.joined()
        }
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\"" || scalar == "\\" {
                result += escaped(UInt8(scalar.value))
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func escaped(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "\\x\(digits[Int(byte >> 4)])\(digits[Int(byte & 0xF)])"
    }

    /// Writes `line` to standard error in one write(2), so that lines from the server's threads never mix.
    static func writeToStandardError(_ line: [UInt8]) {
        Platform.writeToStandardError(line)
    }
}

/// The answer to a slow request, made on another thread than the connection's.
final class DeferredAnswer: Sendable {
    /// The answer, once made.
    let response = Mutex<HTTPResponse?>(nil)
}
