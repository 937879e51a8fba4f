import Foundation
import ListsExamples
import ListsModel
import Testing

/// Lists' repeat rules against python-dateutil's `rrule`, the reference: the same 500 random rules, the same first
/// 20 dates, the same moments.
///
/// The reference runs in the package's virtual environment (`.venv/bin/python` with `python-dateutil==2.9.0.post0`).
/// Without it the test is skipped, unless `LISTS_REQUIRE_REFERENCES=1`, when it fails saying what is missing.
@Suite struct RecurrenceReferenceTests {
    static let reference = PythonReference(
        "Tests/ListsModelTests/Support/rrule_reference.py", package: "python-dateutil==2.9.0.post0")
    /// What is missing for the reference to run, or `nil` when it can.
    static let missing = reference.missing

    @Test(
        .enabled(
            if: missing == nil || PythonReference.isRequired, "python-dateutil in .venv is needed for the reference"))
    func firstTwentyDatesOfFiveHundredRandomRulesAreDateutils() throws {
        if let missing = Self.missing {
            Issue.record("LISTS_REQUIRE_REFERENCES=1 but the reference cannot run: \(missing)")
            return
        }
        let rules = RecurrenceBenchmark.rules(seed: 20_260_301, count: 500)
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("rrules-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: input) }
        let items = rules.map { ["rule": $0.rule, "start": $0.start, "zone": $0.zone, "limit": 20] as [String: Any] }
        try JSONSerialization.data(withJSONObject: items).write(to: input)
        let (status, output) = try Self.reference.run([input.path])
        try #require(status == 0, "rrule_reference.py failed with status \(status)")
        let answers = try #require(try JSONSerialization.jsonObject(with: output) as? [[String: Any]])
        try #require(answers.count == rules.count)

        let ours = RecurrenceBenchmark.firstOccurrences(of: rules)
        var mismatches: [String] = []
        for (index, rule) in rules.enumerated() {
            let zone = try #require(Zone(identifier: rule.zone))
            let walls = ours[index].map(\.description)
            let moments = ours[index].map { Int($0.instant(in: zone).timeIntervalSince1970) }
            let answer = answers[index]
            let label = "\(rule.rule) from \(rule.start) in \(rule.zone)"
            if let error = answer["error"] as? String {
                mismatches.append("\(label): dateutil refused it (\(error))")
            } else if walls != answer["wall"] as? [String] {
                mismatches.append("\(label):\n  Lists    \(walls)\n  dateutil \(answer["wall"] ?? "none")")
            } else if moments != answer["utc"] as? [Int] {
                mismatches.append(
                    "\(label): moments differ:\n  Lists    \(moments)\n  zoneinfo \(answer["utc"] ?? "none")")
            }
        }
        let report = mismatches.joined(separator: "\n")
        #expect(mismatches.isEmpty, "\(mismatches.count) of \(rules.count) rules differ:\n\(report)")
    }

    @Test func theRandomRulesHoldEveryKindLists() throws {
        let rules = RecurrenceBenchmark.rules(seed: 20_260_301, count: 500)
        func some(_ what: String, _ test: ((rule: String, start: String, zone: String)) -> Bool) {
            let count = rules.filter(test).count
            #expect(count >= 5, "only \(count) of the rules have \(what)" as Comment)
        }
        for frequency in ["DAILY", "WEEKLY", "MONTHLY", "YEARLY"] {
            some("FREQ=\(frequency)") { $0.rule.contains("FREQ=\(frequency)") }
            some("FREQ=\(frequency) with an interval") {
                $0.rule.contains("FREQ=\(frequency);INTERVAL=") && !$0.rule.contains("INTERVAL=1;")
            }
        }
        some("BYDAY without positions") { $0.rule.contains("BYDAY=MO") || $0.rule.contains("BYDAY=TU") }
        some("BYDAY with positions") { $0.rule.range(of: "BYDAY=-?[0-9]", options: .regularExpression) != nil }
        some("a negative BYMONTHDAY") {
            $0.rule.contains("BYMONTHDAY=-")
                || $0.rule.range(of: "BYMONTHDAY=[0-9,]*,-", options: .regularExpression) != nil
        }
        some("BYMONTH") { $0.rule.contains("BYMONTH=") }
        some("BYSETPOS") { $0.rule.contains("BYSETPOS=") }
        some("WKST") { $0.rule.contains("WKST=") }
        some("COUNT") { $0.rule.contains("COUNT=") }
        some("a DATE UNTIL") { $0.rule.range(of: "UNTIL=[0-9]{8}$", options: .regularExpression) != nil }
        some("a floating UNTIL") { $0.rule.range(of: "UNTIL=[0-9]{8}T[0-9]{6}$", options: .regularExpression) != nil }
        some("a UTC UNTIL") { $0.rule.hasSuffix("Z") }
        some("a start with a time") { $0.start.contains("T") }
        some("a start without a time") { !$0.start.contains("T") }
        some("New York") { $0.zone == "America/New_York" }
        some("Berlin") { $0.zone == "Europe/Berlin" }
    }
}
