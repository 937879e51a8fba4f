import Foundation

/// The tutorial's design against Lists's, on the operation both do most: adding one item to a large catalog.
///
/// The reference is the Shopping List tutorial's storage: the whole catalog in memory as an `NSMutableArray` of
/// `MTItem`, and on every add the whole array archived with `NSKeyedArchiver` and written atomically (what
/// `saveItems` / `archiveRootObject:toFile:` does). Lists appends one row to an SQLite file in one durable
/// transaction (WAL, `synchronous=FULL`). The reference writes without `fsync`, so it is not even durable: the
/// comparison is generous to it.
///
/// The two sides are interleaved (one reference add, then a share of the Lists adds) so that load on a shared
/// machine falls on both alike.
struct TutorialVsLists {
    static let goalSpeedup = 100.0
    static let warmUpAdds = 10

    var count: Int
    var referenceAdds: Int
    var listsAdds: Int
    var directory: URL

    func run() throws -> Outcome {
        let scratch = try Measure.scratchDirectory(in: directory, "tutorial-vs-lists")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let size = Measure.size(count)
        Measure.say("== tutorial-vs-lists: adding one item to a \(size)-item catalog")
        Measure.say("   files in \(scratch.path)")

        // The reference: the catalog loaded in memory and saved once, as after the tutorial's -loadItems.
        TutorialItemsFile.registerClassName()
        let tutorial = TutorialItemsFile(url: scratch.appendingPathComponent("items.plist"))
        for index in 0..<count {
            tutorial.items.add(MTItem(name: "Item \(index + 1)", price: Float(index % 10_000) / 100))
        }
        let firstSave = try Measure.seconds { try tutorial.save() }
        let archiveBytes =
            (try FileManager.default.attributesOfItem(atPath: tutorial.url.path)[.size] as? NSNumber)?
            .int64Value ?? 0
        guard archiveBytes > 0 else {
            // swift-corelibs-foundation's binary NSKeyedArchiver returns empty data, without an error, in a
            // build linked with --static-swift-stdlib (checked with Swift 6.3.1): bench/run links lists-bench
            // dynamically for that reason.
            throw BenchError(
                "NSKeyedArchiver wrote an empty archive; build lists-bench without --static-swift-stdlib")
        }
        Measure.say(
            "   reference: \(size) MTItem in an NSMutableArray; first save \(Measure.format(firstSave)), "
                + "archive \(archiveBytes / 1024) KiB")

        // Lists: the same number of items in an SQLite catalog.
        let catalog = try Catalog(file: scratch.appendingPathComponent("lists.sqlite"), count: count)
        Measure.say(
            "   Lists: \(size) items filled in one transaction in \(Measure.format(catalog.fillSeconds)), "
                + "\(catalog.bytes / 1_048_576) MiB")
        var next = 0
        for _ in 0..<Self.warmUpAdds {
            next += 1
            _ = try catalog.timedAdd(next)
        }

        var referenceSamples: [Double] = []
        var listsSamples: [Double] = []
        for round in 0..<referenceAdds {
            let name = "Added \(round + 1)"
            referenceSamples.append(try Measure.seconds { try tutorial.add(name: name, price: 1.99) })
            let share = listsAdds * (round + 1) / referenceAdds - listsSamples.count
            for _ in 0..<share {
                next += 1
                listsSamples.append(try catalog.timedAdd(next))
            }
        }

        let stored = try tutorial.storedCount()
        guard stored == count + referenceAdds else {
            throw BenchError("the tutorial's archive holds \(stored) items, expected \(count + referenceAdds)")
        }
        guard try catalog.count() == count + Self.warmUpAdds + listsAdds else {
            throw BenchError("the Lists catalog holds \(try catalog.count()) items")
        }

        let reference = Measure.median(referenceSamples)
        let lists = Measure.median(listsSamples)
        let speedup = reference / lists
        Measure.say()
        Measure.say("   side                                        adds   median/add")
        Measure.say(
            "   tutorial (NSKeyedArchiver + atomic write)  \(Measure.pad("\(referenceSamples.count)", 5))"
                + "  \(Measure.pad(Measure.format(reference), 11))")
        Measure.say(
            "   Lists (SQLite, WAL, synchronous=FULL)      \(Measure.pad("\(listsSamples.count)", 5))"
                + "  \(Measure.pad(Measure.format(lists), 11))")
        Measure.say()
        let outcome = Outcome(met: speedup >= Self.goalSpeedup)
        Measure.say(
            "RESULT tutorial-vs-lists: Lists is \(String(format: "%.0f", speedup))x faster "
                + "(\(Measure.format(reference)) / \(Measure.format(lists))), "
                + "goal >= \(Int(Self.goalSpeedup))x: \(outcome.label)")
        return outcome
    }
}
