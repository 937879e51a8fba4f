// A libFuzzer target for every importer: `make fuzz` builds this file with the ListsModel and
// ListsInterchange sources (`swiftc -sanitize=fuzzer,address`) and runs it once per format, named by
// LISTS_FUZZ_FORMAT, seeded with the test fixtures. An importer must refuse any input with an ImportError and
// never crash, hang or leak.
import Foundation

private let format: InterchangeFormat = {
    let name = ProcessInfo.processInfo.environment["LISTS_FUZZ_FORMAT"] ?? ""
    guard let format = InterchangeFormat(rawValue: name) else {
        fatalError("LISTS_FUZZ_FORMAT must be one of \(InterchangeFormat.allCases.map(\.rawValue))")
    }
    return format
}()

private let fixedNow = Date(timeIntervalSince1970: 1_796_017_527)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    do {
        let batch = try format.read(bytes, now: fixedNow)
        // What was accepted must hold only records the model's rules allow.
        for item in batch.records(ShoppingItem.self) { _ = try ShoppingItem.validName(item.name) }
        for task in batch.records(TodoTask.self) { _ = try TodoTask.validTitle(task.title) }
        for sighting in batch.records(BirdSighting.self) { _ = try sighting.details.validated() }
        if format == .ebird {
            // What was read goes out in the download's shape and comes back as the same sightings.
            let zone = HouseholdTimeZone.serverDefault
            let sightings = batch.records(BirdSighting.self)
            let again = try EBird.read(EBird.writeDownload(sightings, timeZone: zone), timeZone: zone)
                .records(BirdSighting.self)
            guard again.map(\.id) == sightings.map(\.id), again.map(\.details) == sightings.map(\.details),
                again.map(\.date) == sightings.map(\.date), again.map(\.name) == sightings.map(\.name)
            else { fatalError("an eBird download written back read as other sightings") }
        }
    } catch is ImportError {
        // Refused with a message: what an importer must do with a bad file.
    } catch {
        fatalError("\(format.rawValue) threw something other than an ImportError: \(error)")
    }
    if format == .icalendar { fuzzCalDAV(bytes) }
    return 0
}

/// What a CalDAV client puts, read as a task and as a shopping list's entry: refused only with a ResourceRefusal
/// (or, for a task, a field's ImportError); an entry read is written back and reads as the same entry.
private func fuzzCalDAV(_ bytes: [UInt8]) {
    do {
        _ = try ICalendar.resource(bytes, named: "fuzz.ics", now: fixedNow, zone: HouseholdTimeZone.serverDefault)
    } catch is ICalendar.ResourceRefusal {
    } catch is ImportError {
    } catch {
        fatalError("a CalDAV task threw something other than a refusal: \(error)")
    }
    do {
        let read = try ICalendar.entry(bytes, named: "fuzz.ics", now: fixedNow)
        var entry = ListEntry(
            meta: RecordMeta(id: read.id, createdAt: fixedNow), item: UUID(), list: UUID(), quantity: read.quantity,
            note: read.note, checkedAt: read.checkedAt)
        entry.icalendar = read.kept
        let again = try ICalendar.entry(
            ICalendar.write(entry: entry, name: read.name, category: nil), named: "fuzz.ics", now: fixedNow)
        guard again == read else { fatalError("an entry written back read as another: \(read) then \(again)") }
    } catch is ICalendar.ResourceRefusal {
    } catch {
        fatalError("a CalDAV entry threw something other than a refusal: \(error)")
    }
}
