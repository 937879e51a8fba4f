import Testing

@testable import ListsAuth

#if canImport(Glibc)
    import Glibc
#endif

/// A helper starts with none of the server's descriptors but its socket: a pipe another thread opened without
/// close-on-exec when the helper was spawned (Foundation's pipes for another child are) is not held open by the
/// helper, so whoever waits for that pipe's end gets it when its own writer closes, not when the helper ends.
@Suite struct HelperSpawnTests {
    @Test func aHelperHoldsNoDescriptorOfTheServerOpen() throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let child = try Platform.spawn("/bin/sleep", arguments: ["sleep", "600"]).get()
        defer { Platform.stop(child) }
        close(ends[1])
        // With the write end's last copy closed, the read end hangs up at once; a copy held by the helper would
        // keep it open for the helper's 10 minutes, and the bound below (far past at once) fails the test instead.
        var ready = pollfd(fd: ends[0], events: Int16(POLLIN), revents: 0)
        try #require(poll(&ready, 1, 60_000) == 1, "the helper holds the pipe's write end open")
        var byte: UInt8 = 0
        #expect(read(ends[0], &byte, 1) == 0)
    }
}
