import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A response as a raw client read it.
struct RawResponse {
    var status: Int
    var headers: [(name: String, value: String)]
    var body: [UInt8]

    /// The first value of header `name`, any case.
    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    var text: String { String(decoding: body, as: UTF8.self) }
}

/// What a read from a stalled connection ended with.
enum ReadEnd: Equatable {
    case closedByServer
    case timedOut
    case data
}

/// A blocking HTTP/1.1 client over a POSIX socket that sends exactly the bytes it is given, so that tests can
/// send what no well-behaved client library would: bytes that are not UTF-8, half a request, an endless body.
final class RawHTTPClient {
    let socket: Int32
    private var buffered: [UInt8] = []

    /// Connects to 127.0.0.1:`port` from the loopback address `source` (every 127.x.y.z is this machine, so tests
    /// can be several clients); reads and sends give up after `readTimeout` seconds so that a broken server fails
    /// the test instead of hanging it.
    init(port: Int, readTimeout: Int = 10, from source: String = "127.0.0.1") throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw ClientError("socket: \(String(cString: strerror(errno)))") }
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        local.sin_addr.s_addr = inet_addr(source)
        let bound = withUnsafePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else {
            let reason = String(cString: strerror(errno))
            close(socket)
            throw ClientError("bind: \(reason)")
        }
        var timeout = timeval(tv_sec: readTimeout, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            let reason = String(cString: strerror(errno))
            close(socket)
            throw ClientError("connect: \(reason)")
        }
    }

    deinit { close(socket) }

    /// Sends all of `bytes`.
    func send(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes {
                Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard count > 0 else { throw ClientError("send: \(String(cString: strerror(errno)))") }
            sent += count
        }
    }

    /// Sends `text` as UTF-8.
    func send(_ text: String) throws { try send(Array(text.utf8)) }

    /// Reads one response: status line, headers, and a body of `Content-Length` bytes (none for HEAD).
    func readResponse(isHead: Bool = false) throws -> RawResponse {
        var response = try readHead()
        let length = isHead ? 0 : Int(response.header("Content-Length") ?? "0") ?? 0
        while buffered.count < length {
            guard try fill() else { throw ClientError("closed in the body") }
        }
        response.body = Array(buffered.prefix(length))
        buffered.removeFirst(length)
        return response
    }

    /// Reads the next chunk of a chunked body; empty for the last one.
    func readChunk() throws -> [UInt8] {
        let sizeEnd = try readUntil(Array("\r\n".utf8))
        let sizeLine = String(decoding: buffered[..<sizeEnd], as: UTF8.self)
        guard let size = Int(sizeLine.split(separator: ";")[0], radix: 16) else {
            throw ClientError("chunk size: \(sizeLine)")
        }
        buffered.removeFirst(sizeEnd + 2)
        while buffered.count < size + 2 {
            guard try fill() else { throw ClientError("closed in a chunk") }
        }
        let chunk = Array(buffered.prefix(size))
        buffered.removeFirst(size + 2)
        return chunk
    }

    /// Reads a response's status line and headers, leaving its body to be read.
    func readHead() throws -> RawResponse {
        let headEnd = try readUntil(Array("\r\n\r\n".utf8))
        let head = String(decoding: buffered[..<headEnd], as: UTF8.self)
        buffered.removeFirst(headEnd + 4)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { throw ClientError("status line: \(head)") }
        let headers = lines.map { line in
            let parts = line.split(separator: ":", maxSplits: 1)
            return (name: String(parts[0]), value: parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : "")
        }
        return RawResponse(status: status, headers: headers, body: [])
    }

    /// Waits for the server to close the connection or for the read timeout, discarding any data.
    func waitForClose() -> ReadEnd {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count == 0 { return .closedByServer }
            if count < 0 {
                if errno == EINTR { continue }
                return errno == EAGAIN || errno == EWOULDBLOCK ? .timedOut : .closedByServer
            }
        }
    }

    private func readUntil(_ marker: [UInt8]) throws -> Int {
        var searchFrom = 0
        while true {
            if buffered.count >= marker.count {
                for start in searchFrom...(buffered.count - marker.count)
                where buffered[start..<start + marker.count].elementsEqual(marker) {
                    return start
                }
                searchFrom = buffered.count - marker.count + 1
            }
            guard try fill() else { throw ClientError("closed before the end of the head") }
        }
    }

    /// Reads what is available into the buffer; false at end of stream.
    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 16384)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                buffered.append(contentsOf: chunk[..<count])
                return true
            }
            if count == 0 { return false }
            if errno == EINTR { continue }
            throw ClientError("recv: \(String(cString: strerror(errno)))")
        }
    }

    /// Sends a whole request with `Connection: close` and reads its response.
    static func request(
        port: Int, method: String = "GET", target: String, headers: [String] = [], body: [UInt8] = [],
        from source: String = "127.0.0.1"
    ) throws -> RawResponse {
        let client = try RawHTTPClient(port: port, from: source)
        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        for header in headers { head += header + "\r\n" }
        if !body.isEmpty { head += "Content-Length: \(body.count)\r\n" }
        try client.send(Array(head.utf8) + Array("\r\n".utf8) + body)
        return try client.readResponse(isHead: method == "HEAD")
    }
}

struct ClientError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
