import CMicroHTTPD
import ListsHTTP
import Synchronization

/// A response whose body is a ``ResponseStream`` (an event stream), as libmicrohttpd's content reader sees it: the
/// stream and the connection it goes out on.
///
/// `@unchecked Sendable`: `connection` is only passed to MHD_suspend_connection (from the content reader, on the
/// connection's own thread, as libmicrohttpd requires) and MHD_resume_connection (from any thread, allowed for a
/// suspended connection, which stays alive while suspended); the stream is `Sendable`.
final class StreamingResponse: @unchecked Sendable {
    let stream: ResponseStream
    let connection: OpaquePointer
    /// The server's open streams, which count this one out when it ends.
    let openStreams: OpenStreams

    init(stream: ResponseStream, connection: OpaquePointer, openStreams: OpenStreams) {
        self.stream = stream
        self.connection = connection
        self.openStreams = openStreams
    }
}

/// The server's open streams: shutdown finishes them all (a suspended connection must be resumed before the daemon
/// stops), and a stream opened once shutdown has begun is finished at once.
final class OpenStreams: Sendable {
    private let state = Mutex<(isStopping: Bool, streams: [ObjectIdentifier: ResponseStream])>((false, [:]))

    /// Counts `stream` in until ``remove(_:)``; finishes it at once when the server is stopping.
    func add(_ stream: ResponseStream) {
        let stopping = state.withLock { state in
            if !state.isStopping { state.streams[ObjectIdentifier(stream)] = stream }
            return state.isStopping
        }
        if stopping { stream.finish() }
    }

    func remove(_ stream: ResponseStream) {
        _ = state.withLock { $0.streams.removeValue(forKey: ObjectIdentifier(stream)) }
    }

    /// Finishes every open stream, and every one opened from now on.
    func finishAll() {
        let open = state.withLock { state in
            state.isStopping = true
            return Array(state.streams.values)
        }
        for stream in open { stream.finish() }
    }
}

extension HTTPServer {
    /// Queues `stream` as the body of a response with `status` and `headers` (sent with chunked encoding).
    func sendStream(
        _ stream: ResponseStream, status: Int, headers: HTTPHeaders, for context: RequestContext,
        on connection: OpaquePointer
    ) -> MHD_Result {
        let streaming = StreamingResponse(stream: stream, connection: connection, openStreams: openStreams)
        // The response owns the retain until `streamEnded`.
        let owner = Unmanaged.passRetained(streaming).toOpaque()
        guard let created = MHD_create_response_from_callback(UInt64.max, 4096, streamReader, owner, streamEnded)
        else {
            Unmanaged<StreamingResponse>.fromOpaque(owner).release()
            return .NO
        }
        defer { MHD_destroy_response(created) }
        for (name, value) in headers {
            if name.caseInsensitiveEquals("Content-Length") || name.caseInsensitiveEquals("Transfer-Encoding") {
                continue
            }
            _ = MHD_add_response_header(created, name, value)
        }
        openStreams.add(stream)
        let result = MHD_queue_response(connection, UInt32(status), created)
        if result == .YES { context.status = status }
        return result
    }
}

/// libmicrohttpd's content reader of a streamed response: the stream's queued bytes, or, with none, the connection
/// suspended until there are (returning 0 without suspending would make libmicrohttpd call again at once).
func streamReader(cls: UnsafeMutableRawPointer?, position: UInt64, buffer: UnsafeMutablePointer<CChar>?, max: Int)
    -> Int
{
    guard let cls, let buffer else { return -2 }
    // Owned by the response until `streamEnded`.
    let streaming = Unmanaged<StreamingResponse>.fromOpaque(cls).takeUnretainedValue()
    let connection = streaming.connection
    let taken = streaming.stream.take(
        atMost: max, suspend: { MHD_suspend_connection(connection) },
        resume: { [streaming] in MHD_resume_connection(streaming.connection) })
    switch taken {
    case .bytes(let bytes):
        bytes.withUnsafeBytes { source in
            if let base = source.baseAddress {
                UnsafeMutableRawPointer(buffer).copyMemory(from: base, byteCount: source.count)
            }
        }
        return bytes.count
    case .waiting:
        return 0
    case .finished:
        // MHD_CONTENT_READER_END_OF_STREAM: the last chunk is sent.
        return -1
    }
}

/// libmicrohttpd is done with a streamed response (sent, or its connection closed): the stream learns it, and its
/// owner is released.
func streamEnded(cls: UnsafeMutableRawPointer?) {
    guard let cls else { return }
    let streaming = Unmanaged<StreamingResponse>.fromOpaque(cls).takeRetainedValue()
    streaming.openStreams.remove(streaming.stream)
    streaming.stream.closed()
}
