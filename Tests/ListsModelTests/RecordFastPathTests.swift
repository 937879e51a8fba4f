import Foundation
import JSONCodec
import Testing

@testable import ListsModel

/// Each record writes its store values, reads itself back from them and writes its JSON by hand, for speed
/// (`Record+FastPaths.swift`); each must give exactly what its schema, the one declaration of its fields, gives.
@Suite("Records' hand-written hot paths agree with their schemas")
struct RecordFastPathTests {
    /// A small deterministic generator, so that a failure can be replayed.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state
        }
    }

    static let texts = ["Pear", "Crème \"brûlée\" / 2\\3", "Walk the dogs 🐕", "日本語のテキスト", "a\u{301}", "</script>"]

    static func meta(_ random: inout Generator) -> RecordMeta {
        let created = Date(
            timeIntervalSince1970: Double(Int.random(in: -2_000_000_000...2_000_000_000, using: &random)) / 1000)
        return RecordMeta(
            id: .random(), createdAt: created.roundedToMilliseconds,
            updatedAt: created.addingTimeInterval(Double(Int.random(in: 0...100_000, using: &random)))
                .roundedToMilliseconds,
            version: Int.random(in: 1...1000, using: &random))
    }

    static func optional(_ random: inout Generator) -> String? {
        Bool.random(using: &random) ? texts.randomElement(using: &random) : nil
    }

    static func items() -> [ShoppingItem] {
        var random = Generator(state: 1)
        return (0..<300).map { _ in
            ShoppingItem(
                meta: meta(&random), name: texts.randomElement(using: &random) ?? "",
                price: Money(minorUnits: Int64.random(in: 0...100_000_000, using: &random)),
                isOnShoppingList: Bool.random(using: &random))
        }
    }

    static func tasks() -> [TodoTask] {
        var random = Generator(state: 2)
        let kept: [String?] = [nil, #"{"project":"home","tags":["x","y"]}"#, #"{"urgency":1.5,"uuid":"é"}"#]
        let dues: [Due?] = [nil, Due(iso: "2026-12-24"), Due(iso: "2026-12-24T18:00"), Due(iso: "0001-01-01T00:00")]
        let notes: [String?] = [nil, "the ripe ones", "line one\nline \"two\"\ttabbed\nü"]
        let priorities: [TaskPriority?] = [nil] + TaskPriority.allCases
        let repeats: [Recurrence?] = [
            nil, try? Recurrence(rule: "FREQ=MONTHLY;BYDAY=-1FR"), try? Recurrence(rule: "AFTER-DONE=P3D"),
            try? Recurrence(rule: "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;UNTIL=20270630"),
        ]
        let histories: [[TaskCompletion]] = [
            [],
            [
                TaskCompletion(due: Due(day: Day(daysSince1970: 20_400)), doneAt: Date(timeIntervalSince1970: 1.5)),
                TaskCompletion(due: Due(day: Day(daysSince1970: 20_430), minute: 9 * 60), doneAt: .distantFuture),
            ],
        ]
        return (0..<300).map { _ in
            TodoTask(
                meta: meta(&random), title: texts.randomElement(using: &random) ?? "",
                isDone: Bool.random(using: &random),
                taskwarriorJSON: kept.randomElement(using: &random) ?? nil,
                due: dues.randomElement(using: &random) ?? nil,
                priority: priorities.randomElement(using: &random) ?? nil,
                note: notes.randomElement(using: &random) ?? nil,
                doneAt: Bool.random(using: &random) ? Date(timeIntervalSince1970: 1_796_017_527.125) : nil,
                recurrence: repeats.randomElement(using: &random) ?? nil,
                repeatFrom: dues.randomElement(using: &random) ?? nil,
                completions: histories.randomElement(using: &random) ?? [])
        }
    }

    static func sightings() -> [BirdSighting] {
        var random = Generator(state: 3)
        let coordinates: [(Decimal, Decimal)?] = [
            nil, (Decimal(string: "40.7128") ?? 0, Decimal(string: "-74.006") ?? 0), (-90, 180),
        ]
        return (0..<300).map { _ in
            let place = coordinates.randomElement(using: &random) ?? nil
            let count: BirdCount? =
                [nil, .present, .number(Int.random(in: 1...1_000_000, using: &random))].randomElement(using: &random)
                ?? nil
            return BirdSighting(
                meta: meta(&random), name: texts.randomElement(using: &random) ?? "", location: optional(&random),
                date: meta(&random).createdAt,
                details: SightingDetails(
                    count: count, scientificName: optional(&random), latitude: place?.0, longitude: place?.1,
                    comments: optional(&random)))
        }
    }

    func expectAgreement<R: Record>(_ records: [R]) throws {
        for record in records {
            #expect(record.fields == R.schema.values(of: record))
            var appended: [FieldValue] = [.integer(7)]
            record.appendFields(to: &appended)
            #expect(appended == [.integer(7)] + R.schema.values(of: record))
            #expect(try R(meta: record.meta, fields: record.fields) == record)
            #expect(try R.schema.record(meta: record.meta, values: record.fields) == record)
            var schemaJSON: [UInt8] = []
            R.schema.writeJSON(record, to: &schemaJSON)
            #expect(String(decoding: record.jsonBytes, as: UTF8.self) == String(decoding: schemaJSON, as: UTF8.self))
        }
        #expect(R.fieldSpecs.count == records.first?.fields.count)
    }

    @Test func items() throws { try expectAgreement(Self.items()) }
    @Test func tasks() throws { try expectAgreement(Self.tasks()) }
    @Test func sightings() throws { try expectAgreement(Self.sightings()) }

    /// A value of the wrong shape is damage, whichever way the record is read.
    @Test func damagedValuesAreRefusedBothWays() throws {
        let meta = RecordMeta(createdAt: Date(timeIntervalSince1970: 0))
        let damaged: [[FieldValue]] = [
            [.text("Walk"), .text("yes"), .null], [.null, .bool(true), .null],
            [.text("Walk"), .bool(true), .text("[1]")],
            [.text("Walk"), .bool(true)],
        ]
        for values in damaged {
            #expect(throws: StoreError.self) { try TodoTask(meta: meta, fields: values) }
            #expect(throws: StoreError.self) { try TodoTask.schema.record(meta: meta, values: values) }
        }
    }
}
