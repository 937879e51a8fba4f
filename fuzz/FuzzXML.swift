// A libFuzzer target for the WebDAV XML reader: `fuzz/run dav-xml` builds this file with the ListsDAV sources
// (`swiftc -sanitize=fuzzer,address`). The reader must refuse any input with an XMLError and never crash, hang or
// leak; what it reads, written back by XMLWriter, must read again as the same element.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let element: XMLElement
    do {
        element = try XMLReader.read(bytes)
    } catch is XMLError {
        // Refused with a reason: what the reader must do with a bad body.
        return 0
    } catch {
        fatalError("the XML reader threw something other than an XMLError: \(error)")
    }
    var writer = XMLWriter(namespaces: [("d", XMLNamespace.dav), ("c", XMLNamespace.calDAV)])
    writer.element(element)
    let again: XMLElement
    do {
        again = try XMLReader.read(writer.finish())
    } catch {
        fatalError("what the XML writer wrote of a document it read was refused: \(error)")
    }
    // Control characters are written as U+FFFD (XML cannot hold them), and none can be read; so the same element.
    guard again == element else { fatalError("a document written back read as another element") }
    return 0
}
