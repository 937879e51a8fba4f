import Foundation
import Testing

@testable import ListsServer

/// A request whose body could be framed two ways is refused and its connection closed, so that nothing a proxy in
/// front took for part of it is read here as a request of its own (request smuggling, RFC 9112 §6.1, §6.3); and
/// a head too large for Lists's limits, up to what libmicrohttpd's memory holds, gets Lists's own 431.
@Suite("Request framing and oversized heads on the socket")
struct RequestFramingTests {
    /// Heads whose body's length is ambiguous, each followed on the same connection by what would be a second
    /// request if the server framed the first one way, and part of the first if it framed it the other.
    static let ambiguous: [(String, String)] = [
        ("length and chunked", "Content-Length: 5\r\nTransfer-Encoding: chunked\r\n"),
        ("chunked and length", "Transfer-Encoding: chunked\r\nContent-Length: 5\r\n"),
        ("two different lengths", "Content-Length: 0\r\nContent-Length: 44\r\n"),
        ("two equal lengths", "Content-Length: 0\r\nContent-Length: 0\r\n"),
        ("another coding", "Transfer-Encoding: gzip\r\n"),
        ("a coding before chunked", "Transfer-Encoding: gzip, chunked\r\n"),
        ("chunked twice", "Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n"),
    ]

    @Test(arguments: ambiguous)
    func anAmbiguousBodyIsRefusedAndItsConnectionClosed(_ name: String, _ framing: String) throws {
        let fixture = try TestServer()
        let client = try RawHTTPClient(port: fixture.port)
        try client.send(
            "POST /echo HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\n\(framing)\r\n0\r\n\r\n"
                + "GET /smuggled HTTP/1.1\r\nHost: a\r\n\r\n")
        let response = try client.readResponse()
        #expect(response.status == 400, "\(name)")
        #expect(response.header("Connection") == "close", "\(name)")
        #expect(response.header("X-Content-Type-Options") == "nosniff", "\(name)")
        #expect(response.text.contains("\"code\":\"bad_request\""), "\(name)")
        #expect(client.waitForClose() == .closedByServer, "\(name)")
        #expect(fixture.handlerCalls == 0, "\(name): the handler saw a request")
    }

    /// A `Content-Length` that is not one number libmicrohttpd refuses itself, before Lists sees the request: its
    /// own 400, without Lists's headers, and the connection closed all the same.
    @Test(arguments: ["Content-Length: 0, 0\r\n", "Content-Length: +0\r\n", "Content-Length: 0x10\r\n"])
    func aLengthThatIsNotANumberIsRefusedAndItsConnectionClosed(_ framing: String) throws {
        let fixture = try TestServer()
        let client = try RawHTTPClient(port: fixture.port)
        try client.send(
            "POST /echo HTTP/1.1\r\nHost: a\r\n\(framing)\r\nGET /smuggled HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(try client.readResponse().status == 400)
        #expect(client.waitForClose() == .closedByServer)
        #expect(fixture.handlerCalls == 0)
    }

    @Test func aPlainLengthOrChunkedBodyIsServedAndTheConnectionKeptOpen() throws {
        let fixture = try TestServer()
        let client = try RawHTTPClient(port: fixture.port)
        try client.send("POST /echo HTTP/1.1\r\nHost: a\r\nContent-Length: 4\r\n\r\nabcd")
        let plain = try client.readResponse()
        #expect(plain.status == 201)
        #expect(plain.text == "POST /echo  4")
        try client.send("POST /echo HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: Chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n")
        let chunked = try client.readResponse()
        #expect(chunked.status == 201)
        #expect(chunked.text == "POST /echo  3")
        try client.send("GET /echo HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(try client.readResponse().status == 200)
        #expect(fixture.handlerCalls == 3)
    }

    /// A head over Lists's 16 KiB and within what libmicrohttpd holds: one answer, Lists's own, whichever field
    /// is large. libmicrohttpd copies a `Cookie` field to parse it before Lists sees the request; with too little
    /// memory for the copy it wrote its own 431 with its status line and headers twice.
    @Test(arguments: ["Cookie", "X-Big", "Authorization"], [17, 20, 24, 29])
    func aLargeHeadGetsListssOwn431Once(_ field: String, kibibytes: Int) throws {
        let fixture = try TestServer()
        let client = try RawHTTPClient(port: fixture.port)
        let value = String(repeating: "c", count: kibibytes * 1024)
        try client.send(
            "GET / HTTP/1.1\r\nHost: a\r\nUser-Agent: raw\r\nAccept: */*\r\n\(field): lists_session=\(value)\r\n\r\n")
        let response = try client.readResponse()
        #expect(response.status == 431)
        #expect(response.header("X-Content-Type-Options") == "nosniff")
        #expect(response.header("Content-Type") == "application/json")
        #expect(response.text.contains("\"code\":\"headers_too_large\""))
        #expect(!response.text.contains("HTTP/1.1"))
        #expect(client.waitForClose() == .closedByServer)
        #expect(fixture.handlerCalls == 0)
    }
}
