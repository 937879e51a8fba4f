import ListsHTTP
import CMicroHTTPD

// libmicrohttpd's callbacks are C function pointers: they capture nothing and find the server in their `cls`
// argument, put there by `HTTPServer.start` (which keeps it retained while the daemon runs).

/// libmicrohttpd's access handler: called once when a request's head has arrived, then once per piece of the
/// body, then once more with no data when the body is complete.
func accessHandler(
    cls: UnsafeMutableRawPointer?, connection: OpaquePointer?, url: UnsafePointer<CChar>?,
    method: UnsafePointer<CChar>?, version: UnsafePointer<CChar>?, uploadData: UnsafePointer<CChar>?,
    uploadDataSize: UnsafeMutablePointer<Int>?, requestSlot: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
) -> MHD_Result {
    guard let cls, let connection, let url, let method, let uploadDataSize, let requestSlot else { return .NO }
    // Retained by `start` until `shutdown` has stopped the daemon (see there).
    let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
    guard let opaqueContext = requestSlot.pointee else {
        let (context, result) = server.beginRequest(connection: connection, url: url, method: method)
        // The slot owns the context from here on; `requestCompleted` releases it.
        requestSlot.pointee = Unmanaged.passRetained(context).toOpaque()
        return result
    }
    // Owned by the slot (retained above) until `requestCompleted`.
    let context = Unmanaged<RequestContext>.fromOpaque(opaqueContext).takeUnretainedValue()
    let size = uploadDataSize.pointee
    if size > 0 {
        uploadDataSize.pointee = 0
        guard !context.isAnswered, let uploadData else { return .YES }
        return server.receiveBody(UnsafeRawBufferPointer(start: uploadData, count: size), context: context)
    }
    guard !context.isAnswered, var request = context.request else { return .YES }
    // A slow request answered off the server's threads: its connection was resumed with the answer ready.
    if let deferred = context.deferredAnswer {
        guard let response = deferred.response.withLock({ $0 }) else { return .YES }
        return server.send(response, for: context, on: connection)
    }
    if context.isBodyTooLarge { return server.refuse(server.tooLarge(context.bodyLimit), for: context, on: connection) }
    request.body = context.body
    context.body = []
    if context.isSlow {
        server.answerLater(request, context: context, connection: connection)
        return .YES
    }
    return server.send(server.handler(request), for: context, on: connection)
}

/// A connection pointer handed to the thread that answers a slow request.
///
/// `@unchecked Sendable` is safe because that thread only passes it to MHD_resume_connection, which
/// libmicrohttpd allows from any thread for a suspended connection, and the connection stays alive while it is
/// suspended (libmicrohttpd closes no suspended connection).
private struct SuspendedConnection: @unchecked Sendable {
    let pointer: OpaquePointer
}

extension HTTPServer {
    /// Suspends the connection and answers `request` on ``deferredWork``; once the answer is ready, resumes the
    /// connection, and libmicrohttpd calls the access handler again, which sends it.
    func answerLater(_ request: HTTPRequest, context: RequestContext, connection: OpaquePointer) {
        let answer = DeferredAnswer()
        context.deferredAnswer = answer
        deferredCount.add(1, ordering: .relaxed)
        suspendedCount.add(1, ordering: .relaxed)
        MHD_suspend_connection(connection)
        let suspended = SuspendedConnection(pointer: connection)
        let handler = self.handler
        deferredWork.async { [self] in
            let response = handler(request)
            answer.response.withLock { $0 = response }
            MHD_resume_connection(suspended.pointer)
            suspendedCount.subtract(1, ordering: .releasing)
        }
    }
}

/// libmicrohttpd's notification that a request is over (answered, or its connection closed): logs it, releases
/// its context and counts it out of the requests in flight.
func requestCompleted(
    cls: UnsafeMutableRawPointer?, connection: OpaquePointer?,
    requestSlot: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
    termination: MHD_RequestTerminationCode
) {
    guard let cls, let requestSlot, let opaqueContext = requestSlot.pointee else { return }
    requestSlot.pointee = nil
    // Retained by `start` until `shutdown` has stopped the daemon.
    let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
    // Balances the retain of `accessHandler`'s first call: the slot is emptied and never read again.
    let context = Unmanaged<RequestContext>.fromOpaque(opaqueContext).takeRetainedValue()
    if server.configuration.logsAccess {
        RequestContext.writeToStandardError(context.logLine(completed: termination == .REQUEST_TERMINATED_COMPLETED_OK))
    }
    if let connection, let tracked = trackedConnection(connection) { server.connectionGuard.requestEnded(on: tracked) }
    if context.isDeferred { server.deferredCount.subtract(1, ordering: .releasing) }
    server.inFlightCount.subtract(1, ordering: .releasing)
}

/// libmicrohttpd's accept policy: whether a new connection's client may open another.
func acceptPolicy(cls: UnsafeMutableRawPointer?, address: UnsafePointer<sockaddr>?, length: socklen_t) -> MHD_Result {
    guard let cls else { return .NO }
    // Retained by `start` until `shutdown` has stopped the daemon.
    let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
    return server.connectionGuard.admits(address) ? .YES : .NO
}

/// libmicrohttpd's notification that a connection opened or is about to close: the guard tracks it in between,
/// its record kept in the connection's socket context.
func connectionNotified(
    cls: UnsafeMutableRawPointer?, connection: OpaquePointer?,
    socketContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
    code: MHD_ConnectionNotificationCode
) {
    guard let cls, let connection, let socketContext else { return }
    // Retained by `start` until `shutdown` has stopped the daemon.
    let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
    switch code {
    case .CONNECTION_NOTIFY_STARTED:
        let tracked = server.connectionGuard.opened(
            address: lists_mhd_client_address(connection), socket: lists_mhd_connection_socket(connection))
        // The socket context owns the record until the CLOSED notification below.
        socketContext.pointee = Unmanaged.passRetained(tracked).toOpaque()
    case .CONNECTION_NOTIFY_CLOSED:
        guard let opaque = socketContext.pointee else { return }
        socketContext.pointee = nil
        // Balances the retain of the STARTED notification; the context is never read again.
        let tracked = Unmanaged<ConnectionGuard.Connection>.fromOpaque(opaque).takeRetainedValue()
        server.connectionGuard.closed(tracked)
    default:
        return
    }
}

/// The guard's record of `connection`, from its socket context.
func trackedConnection(_ connection: OpaquePointer) -> ConnectionGuard.Connection? {
    guard let opaque = lists_mhd_connection_context(connection) else { return nil }
    // Owned by the socket context from the STARTED notification until the CLOSED one, which comes after every
    // request callback of the connection.
    return Unmanaged<ConnectionGuard.Connection>.fromOpaque(opaque).takeUnretainedValue()
}

extension HTTPServer {
    /// Counts a new request in and reads its head into a context. A head the handler must not see (not
    /// UTF-8) is answered 400 here, and a declared body over the limit 413, before the body is read.
    func beginRequest(connection: OpaquePointer, url: UnsafePointer<CChar>, method: UnsafePointer<CChar>)
        -> (RequestContext, MHD_Result)
    {
        inFlightCount.add(1, ordering: .relaxed)
        let tracked = trackedConnection(connection)
        if let tracked { connectionGuard.headArrived(on: tracked) }
        let rawPath = Array(UnsafeRawBufferPointer(start: url, count: Platform.length(of: url)))
        let context = RequestContext(
            // The address is written out only for the access log (inet_ntop goes through sprintf).
            client: configuration.logsAccess ? SocketAddress.describeHost(lists_mhd_client_address(connection)) : "-",
            method: String(cString: method), rawPath: rawPath)
        guard let path = String(validating: rawPath, as: UTF8.self) else {
            return (context, refuse(HTTPError.badRequest("the path is not UTF-8"), for: context, on: connection))
        }
        let head: RequestHead
        switch RequestHead.read(from: connection) {
        case .failure(let error): return (context, refuse(error, for: context, on: connection))
        case .success(let read): head = read
        }
        if rawPath.count + head.queryLength > Self.maximumTargetLength {
            let error = HTTPError(
                status: 414, code: "uri_too_long",
                message: "the address is longer than the \(Self.maximumTargetLength) bytes allowed")
            return (context, refuse(error, for: context, on: connection))
        }
        if head.headerLength > Self.maximumHeadLength {
            let error = HTTPError(
                status: 431, code: "headers_too_large",
                message: "the header fields are larger than the \(Self.maximumHeadLength) bytes allowed")
            return (context, refuse(error, for: context, on: connection))
        }
        if let problem = Self.framingProblem(head.headers) {
            return (context, refuse(HTTPError.badRequest(problem), for: context, on: connection, closing: true))
        }
        let handling = self.handling(context.method, path)
        context.bodyLimit = max(handling.bodyLimit ?? 0, configuration.maximumBodySize)
        context.isSlow = handling.isSlow
        if let length = head.headers["Content-Length"].flatMap({ UInt64($0) }), length > UInt64(context.bodyLimit) {
            return (context, refuse(tooLarge(context.bodyLimit), for: context, on: connection))
        }
        var request = HTTPRequest(method: context.method, path: path, query: head.query, headers: head.headers)
        // The client's address was read once, when its connection opened.
        if let tracked {
            request.clientAddress = tracked.hostBytes
            request.isFromTrustedProxy = tracked.isTrusted
        } else if let address = lists_mhd_client_address(connection), let bytes = SocketAddress.hostBytes(of: address) {
            request.clientAddress = bytes
            request.isFromTrustedProxy = connectionGuard.isTrusted(bytes)
        }
        context.request = request
        return (context, .YES)
    }

    /// Why the request's body cannot be told apart from what follows it on the connection, or `nil` when it can
    /// (RFC 9112 §6.1, §6.3): a `Content-Length` and a `Transfer-Encoding` both, a `Transfer-Encoding` other than
    /// `chunked` alone, or a `Content-Length` repeated or not a number. A proxy in front may have framed such a
    /// request the other way, so that what Lists would read as the next request (smuggled) is, to the proxy, part
    /// of this one: it is answered 400 and the connection closed, with nothing read as a request after it.
    static func framingProblem(_ headers: HTTPHeaders) -> String? {
        var lengths: [String] = []
        var codings: [String] = []
        for (name, value) in headers {
            if name.caseInsensitiveEquals("Content-Length") { lengths.append(value) }
            if name.caseInsensitiveEquals("Transfer-Encoding") { codings.append(value) }
        }
        if !codings.isEmpty {
            if !lengths.isEmpty { return "a request may have a Content-Length or a Transfer-Encoding, not both" }
            guard codings.count == 1, String(codings[0].trimmingSpacesAndTabs()).caseInsensitiveEquals("chunked") else {
                return "the only Transfer-Encoding taken is chunked, once"
            }
            return nil
        }
        guard let first = lengths.first else { return nil }
        if lengths.count > 1 { return "a request may have one Content-Length" }
        let length = first.trimmingSpacesAndTabs()
        guard !length.isEmpty, length.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
            return "the Content-Length is not a number of bytes"
        }
        return nil
    }

    /// Adds a piece of the body; once a body whose length was not declared (chunked) passes the limit, drops
    /// it and the rest of the body, and closes the connection when the rest goes on for too long.
    ///
    /// libmicrohttpd 0.9.75 takes no response while a body is arriving (MHD_queue_response fails), so the 413
    /// waits for the body's end; ``drainAllowance`` bounds what is read for nothing meanwhile.
    func receiveBody(_ bytes: UnsafeRawBufferPointer, context: RequestContext) -> MHD_Result {
        if context.isBodyTooLarge {
            context.bytesDropped += bytes.count
            return context.bytesDropped <= Self.drainAllowance ? .YES : .NO
        }
        guard context.body.count + bytes.count <= context.bodyLimit else {
            context.isBodyTooLarge = true
            context.bytesDropped = context.body.count + bytes.count
            context.body = []
            return .YES
        }
        context.body.append(contentsOf: bytes)
        return .YES
    }

    /// How many bytes of a body over the limit are read and dropped, so that a client uploading a file too large
    /// gets the 413 instead of a reset connection, before the connection is closed instead: 1 MiB.
    static let drainAllowance = 1 << 20

    /// The 413 answer, naming the limit.
    func tooLarge(_ limit: Int) -> HTTPError {
        HTTPError(status: 413, code: "too_large", message: "the request body is larger than the \(limit) bytes allowed")
    }

    /// Queues the server's own refusal of a request that no route sees, with the headers every answer carries;
    /// `closing` closes the connection once it is sent, reading nothing more from it.
    func refuse(_ error: HTTPError, for context: RequestContext, on connection: OpaquePointer, closing: Bool = false)
        -> MHD_Result
    {
        var response = error.response
        response.addSecurityHeaders()
        if closing { response.headers["Connection"] = "close" }
        return send(response, for: context, on: connection)
    }

    /// Queues `response` on `connection`, copying its status, headers and body into libmicrohttpd.
    func send(_ response: HTTPResponse, for context: RequestContext, on connection: OpaquePointer) -> MHD_Result {
        if let stream = response.stream {
            let status = (100...999).contains(response.status) ? response.status : 500
            return sendStream(stream, status: status, headers: response.headers, for: context, on: connection)
        }
        let created = response.body.withUnsafeBytes { body in
            MHD_create_response_from_buffer(
                body.count, UnsafeMutableRawPointer(mutating: body.baseAddress), .RESPMEM_MUST_COPY)
        }
        guard let created else { return .NO }
        defer { MHD_destroy_response(created) }
        for (name, value) in response.headers {
            // libmicrohttpd writes the framing itself, from the body it was given.
            if name.caseInsensitiveEquals("Content-Length") || name.caseInsensitiveEquals("Transfer-Encoding") {
                continue
            }
            _ = MHD_add_response_header(created, name, value)
        }
        let status = (100...999).contains(response.status) ? response.status : 500
        let result = MHD_queue_response(connection, UInt32(status), created)
        if result == .YES {
            context.status = status
            context.responseSize = response.body.count
        }
        return result
    }
}
