import Foundation

/// Does adding one item cost the same however large the catalog is?
///
/// The tutorial rewrote the whole `items.plist` on every add, so an add grew with the catalog (O(n)); Lists
/// appends one row in one durable transaction, which should stay flat (O(log n) in the B-tree indexes).
/// For each size N a catalog of N items is bulk-filled in one transaction; then the adds are made in rounds,
/// one add per catalog per round (the order rotating), so that a burst of load on a shared machine hits every
/// size alike. Each add is a real `ShoppingList.add` on a file in WAL mode with `synchronous=FULL`.
struct AddScaling {
    static let defaultSizes = [100, 10_000, 100_000, 1_000_000]
    /// The goal is judged on t(goalSize) / t(baseSize).
    static let baseSize = 100
    static let goalSize = 100_000
    static let goalRatio = 1.5
    /// Untimed adds per catalog before the timed ones (warm the page cache and the prepared statements).
    static let warmUpAdds = 10

    var sizes: [Int]
    var adds: Int
    var directory: URL

    func run() throws -> Outcome {
        let scratch = try Measure.scratchDirectory(in: directory, "add-scaling")
        defer { try? FileManager.default.removeItem(at: scratch) }
        Measure.say("== add-scaling: one ShoppingList.add (durable: WAL, synchronous=FULL) against catalog size")
        Measure.say("   files in \(scratch.path); \(adds) timed adds per size, interleaved across sizes")

        var catalogs: [Catalog] = []
        for size in sizes {
            let file = scratch.appendingPathComponent("catalog-\(size).sqlite")
            let catalog = try Catalog(file: file, count: size)
            Measure.say(
                "   filled \(Measure.pad(Measure.size(size), 4)) items in one transaction: "
                    + "\(Measure.format(catalog.fillSeconds)), \(catalog.bytes / 1_048_576) MiB")
            catalogs.append(catalog)
        }
        var next = 0
        for catalog in catalogs {
            for _ in 0..<Self.warmUpAdds {
                next += 1
                _ = try catalog.timedAdd(next)
            }
        }
        var samples = Array(repeating: [Double](), count: catalogs.count)
        for round in 0..<adds {
            for offset in 0..<catalogs.count {
                let which = (round + offset) % catalogs.count
                next += 1
                samples[which].append(try catalogs[which].timedAdd(next))
            }
        }
        for (catalog, size) in zip(catalogs, sizes) {
            let expected = size + Self.warmUpAdds + adds
            guard try catalog.count() == expected else {
                throw BenchError("catalog \(size) holds \(try catalog.count()) items, expected \(expected)")
            }
        }

        let medians = samples.map(Measure.median)
        Measure.say()
        Measure.say("   catalog N   median/add        p10        p90   ratio to N=\(Measure.size(sizes[0]))")
        for index in sizes.indices {
            Measure.say(
                "   \(Measure.pad(Measure.size(sizes[index]), 9))  \(Measure.pad(Measure.format(medians[index]), 11))"
                    + "  \(Measure.pad(Measure.format(Measure.percentile(samples[index], 0.1)), 9))"
                    + "  \(Measure.pad(Measure.format(Measure.percentile(samples[index], 0.9)), 9))"
                    + "  \(Measure.pad(String(format: "%.2f", medians[index] / medians[0]), 13))")
        }
        Measure.say()
        guard let base = sizes.firstIndex(of: Self.baseSize), let goal = sizes.firstIndex(of: Self.goalSize) else {
            let ratio = medians[medians.count - 1] / medians[0]
            Measure.say(
                String(
                    format: "   ratio t(%@)/t(%@) = %.2f (the goal, t(100k)/t(100) <= %.1f, needs sizes 100 and 100k)",
                    Measure.size(sizes[sizes.count - 1]), Measure.size(sizes[0]), ratio, Self.goalRatio))
            Measure.say(
                "RESULT add-scaling: ratio t(\(Measure.size(sizes[sizes.count - 1])))/t(\(Measure.size(sizes[0]))) = "
                    + String(format: "%.2f", ratio) + ", not judged")
            return .noGoal
        }
        let ratio = medians[goal] / medians[base]
        let outcome = Outcome(met: ratio <= Self.goalRatio)
        Measure.say(
            "RESULT add-scaling: t(100k)/t(100) = \(String(format: "%.2f", ratio)) "
                + "(\(Measure.format(medians[goal])) / \(Measure.format(medians[base]))), "
                + "goal <= \(Self.goalRatio): \(outcome.label)")
        return outcome
    }
}

struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
