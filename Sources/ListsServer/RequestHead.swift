import ListsHTTP
import CMicroHTTPD

/// A request's header fields and query arguments, read from libmicrohttpd and checked to be UTF-8.
struct RequestHead {
    /// The header fields, in the order they came.
    var headers = HTTPHeaders()
    /// The query's arguments, decoded; the first of a repeated name wins, a name without `=` has "".
    var query: [String: String] = [:]
    /// The bytes of the header fields' names and values, with their separators.
    var headerLength = 0
    /// The bytes of the query's names and values, with their separators.
    var queryLength = 0

    /// The head of the request on `connection`, or a 400 naming the first header or query argument that is not
    /// UTF-8.
    static func read(from connection: OpaquePointer) -> Result<RequestHead, HTTPError> {
        let collector = Collector()
        // Unretained: `collector` outlives both synchronous calls, which are the only users of the pointer.
        let cls = Unmanaged.passUnretained(collector).toOpaque()
        withExtendedLifetime(collector) {
            collector.kind = .header
            _ = MHD_get_connection_values_n(connection, .HEADER_KIND, collect, cls)
            collector.kind = .query
            _ = MHD_get_connection_values_n(connection, .GET_ARGUMENT_KIND, collect, cls)
        }
        if let problem = collector.problem { return .failure(problem) }
        return .success(collector.head)
    }

    /// What the iterator callback fills in.
    private final class Collector {
        enum Kind { case header, query }
        var kind = Kind.header
        var head = RequestHead()
        var problem: HTTPError?
    }

    /// libmicrohttpd's iterator over a connection's values; stops at the first value that is not UTF-8.
    private static let collect: MHD_KeyValueIteratorN = { cls, _, key, keySize, value, valueSize in
        guard let cls else { return .NO }
        // Points at the collector of `read`, alive for the whole iteration.
        let collector = Unmanaged<Collector>.fromOpaque(cls).takeUnretainedValue()
        let name = decode(key, count: keySize)
        let text = value == nil ? "" : decode(value, count: valueSize)
        guard let name, let text else {
            let what = collector.kind == .header ? "a header" : "a query argument"
            collector.problem = HTTPError.badRequest("\(what) is not UTF-8")
            return .NO
        }
        switch collector.kind {
        case .header:
            collector.head.headers.add(name, text)
            collector.head.headerLength += keySize + valueSize + 4
        case .query:
            if collector.head.query[name] == nil { collector.head.query[name] = text }
            collector.head.queryLength += keySize + valueSize + 2
        }
        return .YES
    }

    /// `count` bytes at `pointer` as a string, or `nil` when they are not UTF-8.
    private static func decode(_ pointer: UnsafePointer<CChar>?, count: Int) -> String? {
        guard let pointer else { return "" }
        return String(validating: UnsafeRawBufferPointer(start: pointer, count: count), as: UTF8.self)
    }
}
