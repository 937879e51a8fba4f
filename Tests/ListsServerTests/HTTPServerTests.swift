import Foundation
import ListsHTTP
import ListsServer
import Testing

@Suite("A live server on port 0")
struct HTTPServerTests {
    @Test func portZeroReportsTheBoundPort() throws {
        let fixture = try TestServer()
        #expect(fixture.port > 0)
        #expect(fixture.port != 8080)
        let response = try RawHTTPClient.request(port: fixture.port, target: "/")
        #expect(response.status == 200)
    }

    @Test func aRequestRoundTrips() throws {
        let fixture = try TestServer()
        let response = try RawHTTPClient.request(
            port: fixture.port, method: "POST", target: "/echo/caf%C3%A9?b=2&a=1&a=3&flag", headers: ["X-Test: hello"],
            body: Array("0123456789".utf8))
        #expect(response.status == 201)
        #expect(response.header("X-Echo") == "hello")
        #expect(response.header("Content-Type") == "text/plain")
        #expect(response.header("Content-Length") == "\(response.body.count)")
        #expect(response.text == "POST /echo/café a=1&b=2&flag= 10")
    }

    @Test func headIsPassedAsHeadAndSendsNoBody() throws {
        let fixture = try TestServer()
        let client = try RawHTTPClient(port: fixture.port)
        try client.send("HEAD /x HTTP/1.1\r\nHost: a\r\n\r\nGET /y HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")
        let head = try client.readResponse(isHead: true)
        #expect(head.status == 200)
        #expect(head.header("Content-Length") == "\("HEAD /x  0".utf8.count)")
        // Had the HEAD response carried a body, it would be read here as the next response's status line.
        let get = try client.readResponse()
        #expect(get.text == "GET /y  0")
    }

    @Test func aBodyOverTheLimitIsRefusedBeforeItIsRead() throws {
        let fixture = try TestServer()
        let client = try RawHTTPClient(port: fixture.port)
        try client.send(
            "POST /echo HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nContent-Length: 1048576\r\n\r\n")
        let response = try client.readResponse()
        #expect(response.status == 413)
        #expect(response.header("Content-Type") == "application/json")
        #expect(response.text.contains("\"code\":\"too_large\""))
        #expect(fixture.handlerCalls == 0)
    }

    @Test func aPathGivenALargerLimitTakesALargerBodyAndNoOtherDoes() throws {
        let fixture = try TestServer(handling: { method, path in
            method == "POST" && path == "/batch" ? RequestHandling(bodyLimit: 256 * 1024) : .ordinary
        })
        let body = [UInt8](repeating: 0x61, count: 200 * 1024)
        let batch = try RawHTTPClient.request(
            port: fixture.port, method: "POST", target: "/batch", headers: [], body: body
        )
        #expect(batch.status == 201)
        #expect(batch.text == "POST /batch  \(body.count)")
        let other = try RawHTTPClient.request(
            port: fixture.port, method: "POST", target: "/echo", headers: [], body: body)
        #expect(other.status == 413)
        let tooMuch = try RawHTTPClient.request(
            port: fixture.port, method: "POST", target: "/batch", headers: [],
            body: [UInt8](repeating: 0x61, count: 300 * 1024))
        #expect(tooMuch.status == 413)
    }

    @Test func aChunkedBodyIsRefusedOnceItPassesTheLimit() throws {
        let fixture = try TestServer()
        let client = try RawHTTPClient(port: fixture.port)
        try client.send("POST /echo HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n")
        let chunk = Array("4000\r\n".utf8) + [UInt8](repeating: 0x61, count: 0x4000) + Array("\r\n".utf8)
        for _ in 0..<5 { try client.send(chunk) }
        try client.send("0\r\n\r\n")
        let response = try client.readResponse()
        #expect(response.status == 413)
        #expect(response.text.contains("\"code\":\"too_large\""))
        #expect(fixture.handlerCalls == 0)
    }

    @Test func anEndlessChunkedBodyIsCutOff() throws {
        let fixture = try TestServer()
        let client = try RawHTTPClient(port: fixture.port)
        try client.send("POST /echo HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n")
        let chunk = Array("10000\r\n".utf8) + [UInt8](repeating: 0x61, count: 0x10000) + Array("\r\n".utf8)
        var sent = 0
        // 1 MiB past the limit the server stops reading; the socket buffers then fill or the connection resets.
        #expect(throws: ClientError.self) {
            while sent < 64 << 20 {
                try client.send(chunk)
                sent += chunk.count
            }
        }
        #expect(sent < 8 << 20)
        #expect(fixture.handlerCalls == 0)
    }

    @Test func aChunkedBodyUnderTheLimitReachesTheHandler() throws {
        let fixture = try TestServer()
        let client = try RawHTTPClient(port: fixture.port)
        try client.send(
            "POST /echo HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n3\r\nabc\r\n0\r\n\r\n")
        let response = try client.readResponse()
        #expect(response.status == 201)
        #expect(response.text == "POST /echo  8")
    }

    @Test(arguments: [
        "GET /caf%FF HTTP/1.1\r\nHost: a\r\n\r\n",
        "GET /echo?name=%C3%28 HTTP/1.1\r\nHost: a\r\n\r\n",
        "GET /echo HTTP/1.1\r\nHost: a\r\nX-Test: \u{FF}\r\n\r\n",
    ])
    func textThatIsNotUTF8IsRefusedWith400(request: String) throws {
        let fixture = try TestServer()
        let client = try RawHTTPClient(port: fixture.port)
        // The header case needs the raw byte 0xFF, not its UTF-8 encoding.
        try client.send(request.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) })
        let response = try client.readResponse()
        #expect(response.status == 400)
        #expect(response.text.contains("not UTF-8"))
        #expect(fixture.handlerCalls == 0)
    }
}
