import Foundation
import ListsInterchange
import ListsModel
import Testing

/// A hand-built binary property list: objects written in order, one-byte offsets and references.
private func binaryPlist(_ objects: [[UInt8]], top: UInt64 = 0, count: UInt64? = nil, referenceSize: UInt8 = 1)
    -> [UInt8]
{
    var bytes = Array("bplist00".utf8)
    var offsets: [Int] = []
    for object in objects {
        offsets.append(bytes.count)
        bytes += object
    }
    let table = bytes.count
    bytes += offsets.map { UInt8($0) }
    bytes += [0, 0, 0, 0, 0, 0, 1, referenceSize]
    for value in [count ?? UInt64(objects.count), top, UInt64(table)] {
        bytes += (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }
    return bytes
}

/// An ASCII string object.
private func ascii(_ text: String) -> [UInt8] {
    let count = UInt8(text.utf8.count)
    return (count < 15 ? [0x50 | count] : [0x5F, 0x10, count]) + Array(text.utf8)
}

/// `{"$archiver": "NSKeyedArchiver", "$top": {"root": UID 1}, "$objects": [...]}` where `$objects` is object
/// 7 and the archive's own objects follow from 8 on, as `extra`.
private func keyedArchive(objects: [UInt8], extra: [[UInt8]]) -> [UInt8] {
    binaryPlist(
        [
            [0xD3, 1, 2, 3, 4, 5, 7],  // 0: {$archiver: NSKeyedArchiver, $top: {...}, $objects: [...]}
            ascii("$archiver"), ascii("$top"), ascii("$objects"),  // 1, 2, 3
            ascii("NSKeyedArchiver"),  // 4
            [0xD1, 6, 8],  // 5: {root: UID 1}
            ascii("root"),  // 6
            objects,  // 7: $objects
            [0x80, 1],  // 8: UID 1
        ] + extra)
}

@Suite("Malformed items.plist files are refused, never crash")
struct MalformedArchiveTests {
    @Test func everyTruncationOfARealArchiveIsRefused() throws {
        let bytes = try Fixture.bytes("items.plist")
        for length in 0..<bytes.count {
            #expect(throws: ImportError.self, "first \(length) bytes") {
                try InterchangeFormat.itemsPlist.read(Array(bytes.prefix(length)), now: fixedNow)
            }
        }
    }

    @Test func anyOneDamagedByteIsReadOrRefusedWithAnImportError() throws {
        let bytes = try Fixture.bytes("items.plist")
        for index in 0..<bytes.count {
            for replacement: UInt8 in [0x00, 0xFF, bytes[index] ^ 0x10] {
                var damaged = bytes
                damaged[index] = replacement
                do {
                    _ = try InterchangeFormat.itemsPlist.read(damaged, now: fixedNow)
                } catch is ImportError {
                } catch {
                    Issue.record("byte \(index) = \(replacement): \(error)")
                }
            }
        }
    }

    @Test func anOffsetPointingPastTheObjectsIsRefused() throws {
        var bytes = binaryPlist([ascii("hello")])
        bytes[bytes.count - 32 - 1] = 0xF0  // the only offset
        let error = refusal(.itemsPlist, bytes)
        #expect(error?.field == "file")
        #expect(error?.message.contains("not an NSKeyedArchiver archive") == true)
    }

    @Test func aTrailerClaimingAHugeObjectCountIsRefusedWithoutAllocating() {
        let bytes = binaryPlist([ascii("hello")], count: 1 << 40)
        #expect(refusal(.itemsPlist, bytes)?.message.contains("trailer") == true)
    }

    @Test func anArrayClaimingAHugeLengthIsRefused() {
        // 0xAF: an array whose length follows as an 8-byte integer.
        let bytes = binaryPlist([[0xAF, 0x13, 0x0F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0]])
        #expect(refusal(.itemsPlist, bytes) != nil)
    }

    @Test func anArrayThatContainsItselfIsRefusedAsNotAnArchive() {
        let bytes = binaryPlist([[0xA2, 0, 0]])
        #expect(refusal(.itemsPlist, bytes)?.field == "file")
    }

    @Test func aRootThatPointsAtItselfIsRefused() {
        // $objects = [$null, UID 1]: the root UID names an object that is a UID again.
        let bytes = keyedArchive(objects: [0xA2, 9, 8], extra: [ascii("$null")])
        #expect(refusal(.itemsPlist, bytes)?.field == "root")
    }

    @Test func anItemWhoseClassIsNotMTItemIsRefusedByName() {
        // $objects = [$null, {NS.objects: [UID 2]}, {$class: UID 3}, {$classname: "NSDate"}]
        let bytes = keyedArchive(
            objects: [0xA4, 9, 10, 13, 16],
            extra: [
                ascii("$null"),  // 9
                [0xD1, 11, 12],  // 10: {NS.objects: [UID 2]}
                ascii("NS.objects"), [0xA1, 18],  // 11, 12
                [0xD1, 14, 15], ascii("$class"), [0x80, 3],  // 13: {$class: UID 3}, 14, 15
                [0xD1, 17, 19], ascii("$classname"),  // 16: {$classname: "NSDate"}, 17
                [0x80, 2], ascii("NSDate"),  // 18, 19
            ])
        let error = refusal(.itemsPlist, bytes)
        #expect(error?.location == "item 1")
        #expect(error?.message.contains("NSDate") == true, "\(String(describing: error))")
    }

    @Test func aFileThatIsNotAPropertyListAtAllIsRefused() {
        #expect(refusal(.itemsPlist, "name,price\nPear,0.62\n")?.field == "file")
        #expect(refusal(.itemsPlist, [UInt8]())?.field == "file")
    }
}
