import Foundation
import ListsExamples

/// Lists' first 20 due dates of 500 random repeat rules (``RecurrenceBenchmark``, the rules the reference test
/// compares with python-dateutil), parsing included: the median of 5 runs, per pass over the rules. With `--json
/// PATH` it also writes the rules, for `bench/repeat-bench.py`, which times python-dateutil on the very same ones and
/// judges the ratio. Not judged here.
struct RepeatRules {
    /// Where to write the rules as JSON, or `nil`.
    var json: String?

    /// The seed the reference test uses too.
    static let seed: UInt64 = 20_260_301

    func run() throws -> Outcome {
        let rules = RecurrenceBenchmark.rules(seed: Self.seed, count: 500)
        if let json {
            let items = rules.map { ["rule": $0.rule, "start": $0.start, "zone": $0.zone] }
            try JSONSerialization.data(withJSONObject: items).write(to: URL(fileURLWithPath: json))
        }
        // Each run computes every rule's dates `repeats` times, long enough to time; the figure is per pass. The
        // time zones are looked up once, before the clock starts, as dateutil's are cached.
        let repeats = 20
        var dates = RecurrenceBenchmark.firstOccurrences(of: rules).reduce(0) { $0 + $1.count }
        var runs: [Double] = []
        for _ in 0..<5 {
            let clock = ContinuousClock.now
            for _ in 0..<repeats {
                dates = RecurrenceBenchmark.firstOccurrences(of: rules).reduce(0) { $0 + $1.count }
            }
            let elapsed = ContinuousClock.now - clock
            runs.append(
                (Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
                    / Double(repeats))
        }
        let median = runs.sorted()[2]
        print(
            "lists: \(rules.count) rules, first 20 dates each, parsing included: median of 5 runs "
                + String(format: "%.3f", median) + " ms (\(dates) dates a pass)")
        return .noGoal
    }
}
