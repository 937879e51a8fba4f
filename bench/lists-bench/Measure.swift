import Foundation

/// Timing and reporting helpers shared by the benchmarks.
enum Measure {
    /// How long `body` takes, in seconds, on the monotonic clock.
    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = ContinuousClock.now
        try body()
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// The median of `samples` (the mean of the middle two for an even count).
    static func median(_ samples: [Double]) -> Double {
        precondition(!samples.isEmpty)
        let sorted = samples.sorted()
        let middle = sorted.count / 2
        return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    }

    /// The `p`-th percentile (0...1) of `samples`, nearest rank.
    static func percentile(_ samples: [Double], _ p: Double) -> Double {
        let sorted = samples.sorted()
        let rank = Int((p * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }

    /// A duration in seconds shown with a unit that keeps three significant figures or so.
    static func format(_ seconds: Double) -> String {
        switch seconds {
        case ..<1e-3: String(format: "%.1f µs", seconds * 1e6)
        case ..<1: String(format: "%.3f ms", seconds * 1e3)
        default: String(format: "%.3f s", seconds)
        }
    }

    /// `1000000` as `1M`, `100000` as `100k`.
    static func size(_ count: Int) -> String {
        if count >= 1_000_000, count.isMultiple(of: 1_000_000) { return "\(count / 1_000_000)M" }
        if count >= 1_000, count.isMultiple(of: 1_000) { return "\(count / 1_000)k" }
        return "\(count)"
    }

    /// Pads `text` to `width` (right-aligned unless `left`).
    static func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return left ? text + padding : padding + text
    }

    /// Prints a line at once (stdout may be a pipe, which is block-buffered).
    static func say(_ line: String = "") {
        print(line)
        fflush(nil)  // all C streams; naming `stdout` is not concurrency-safe in Swift 6
    }

    /// A fresh directory for one run's files under `parent`; removed by the caller.
    static func scratchDirectory(in parent: URL, _ name: String) throws -> URL {
        let directory = parent.appendingPathComponent("lists-bench-\(name)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }
}
