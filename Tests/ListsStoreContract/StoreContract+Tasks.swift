import Foundation
import JSONCodec
import ListsModel
import Testing

/// The contract's checks of tasks with dates: due dates, priorities and notes kept as given; repeating tasks
/// checked off (moved to their next due date, with their id and their history), taken back, ended by their rule,
/// and checked off once when two phones check off the same date.
///
/// The clock stands at noon UTC, whose day is the same in the zones a test machine is in (UTC−11 to UTC+11): the
/// household's zone is the server's.
extension StoreContract {
    static let taskChecks: [Check] = [
        Check("dueDatesPrioritiesAndNotesAreKept", dueDatesPrioritiesAndNotesAreKept),
        Check("aRepeatingTaskCheckedOffMovesOnKeepingItsIdAndItsHistory", aRepeatingTaskCheckedOffMovesOn),
        Check("theLastDateOfACountOrUntilRuleCompletesTheTask", theLastDateOfARuleCompletesTheTask),
        Check("anAfterDoneRepeatCountsFromTheDayItIsDone", anAfterDoneRepeatCountsFromTheDayItIsDone),
        Check("badRepeatsAreRefusedAndChangeNothing", badRepeatsAreRefusedAndChangeNothing),
        Check("twoPhonesCheckingOffTheSameDateMoveTheTaskOnce", twoPhonesCheckingOffTheSameDateMoveTheTaskOnce),
        Check("theHouseholdsTimeZoneDecidesItsDays", theHouseholdsTimeZoneDecidesItsDays),
        Check("aRemindersMovesWithItsRepeatingTask", aRemindersMovesWithItsRepeatingTask),
        Check("todayAndUpcomingPickTheTasksStillToDoByTheirDueDates", todayAndUpcomingPickTheTasksStillToDo),
    ]

    /// Noon UTC on 30 November 2026.
    static func noonClock() -> TestClock { TestClock(Date(timeIntervalSince1970: 1_796_040_000)) }

    static func due(_ text: String) throws -> Due { try #require(Due(iso: text), "\(text) is a due date") }

    static func dueDatesPrioritiesAndNotesAreKept(_ store: any Store) throws {
        let todo = TodoList(store: store, clock: noonClock().closure)
        let added = try todo.add(
            title: "Pay rent", due: try due("2026-12-01T09:30"), priority: .high, note: "Standing order\n\tor cash")
        let read = try todo.task(.id(added.record.id)).record
        #expect(try read.due == due("2026-12-01T09:30") && read.priority == .high)
        #expect(read.note == "Standing order\n\tor cash" && read.recurrence == nil && read.completions.isEmpty)
        try todo.edit(.id(read.id), due: .some(nil), priority: .some(nil), note: .some(nil))
        let cleared = try todo.task(.id(read.id)).record
        #expect(cleared.due == nil && cleared.priority == nil && cleared.note == nil)
    }

    /// What Today and Upcoming read (``TodoList/due(through:)``), picked out by the store: the tasks not done that
    /// are due by a day (overdue ones too, timed or not, the last minute of the day included), soonest first, a
    /// day's untimed tasks before its timed ones, each with its number in the whole list (one list's agenda:
    /// `tasksAreOnTheirListAndMoveBetweenLists`).
    static func todayAndUpcomingPickTheTasksStillToDo(_ store: any Store) throws {
        let todo = TodoList(store: store, clock: noonClock().closure)
        let rows: [(String, String?, Bool)] = [
            ("Water plants", "2026-12-01T23:59", false), ("Old bill", "2026-11-20", false),
            ("Paid bill", "2026-11-21", true), ("No date", nil, false), ("Dentist", "2026-12-01T09:00", false),
            ("Groceries", "2026-12-01", false), ("Next week", "2026-12-08", false), ("Tomorrow", "2026-12-02", false),
            ("Far away", "9999-12-31T23:59", false),
        ]
        for (title, dueText, isDone) in rows {
            try todo.add(title: title, isDone: isDone, due: try dueText.map(due), priority: isDone ? nil : .low)
        }
        try todo.edit(.typed("Dentist"), priority: .some(.high))
        let first = try #require(Day(iso: "2026-12-01"))
        // Today's and Upcoming's tables read a few fields of the same tasks, in the same order.
        for last in [first, first.adding(days: 7), try #require(Day(iso: "9999-12-31")), first.adding(days: -12)] {
            let tasks = try todo.due(through: last)
            let agenda = try todo.agenda(through: last, lists: false)
            #expect(agenda.map(\.number) == tasks.map(\.number))
            #expect(agenda.map(\.title) == tasks.map(\.record.title))
            #expect(agenda.map(\.due) == tasks.map { $0.record.due })
            #expect(agenda.map(\.priority) == tasks.map(\.record.priority))
            #expect(try todo.dueCount(through: last) == tasks.count)
        }
        #expect(try todo.agenda(through: first, lists: false).map(\.priority) == [.low, .low, .high, .low])
        #expect(
            try todo.due(through: first).listed() == [
                "2 Old bill", "6 Groceries", "5 Dentist", "1 Water plants",
            ])
        #expect(
            try todo.due(through: first.adding(days: 7)).listed() == [
                "2 Old bill", "6 Groceries", "5 Dentist", "1 Water plants", "8 Tomorrow", "7 Next week",
            ])
        // Upcoming: the days after today's, timed tasks of today's last minute left to Today.
        #expect(try todo.due(through: first.adding(days: 7), after: first).listed() == ["8 Tomorrow", "7 Next week"])
        #expect(
            try todo.agenda(through: first.adding(days: 7), after: first, lists: false).map(\.number) == [8, 7])
        #expect(try todo.due(through: first, after: first).isEmpty)
        #expect(try todo.due(through: try #require(Day(iso: "9999-12-31")), after: first).count == 3)
        #expect(try todo.due(through: try #require(Day(iso: "9999-12-31"))).count == 7)
        #expect(try todo.due(through: try #require(Day(iso: "2026-11-19"))).isEmpty)
    }

    /// "Pay rent on the 1st", checked off three times: due on the next 1st each time, its id kept, each check-off
    /// in its history; the undo of the last takes it back to the date it was for.
    static func aRepeatingTaskCheckedOffMovesOn(_ store: any Store) throws {
        let clock = noonClock()
        let todo = TodoList(store: store, clock: clock.closure)
        let rule = try Recurrence(rule: "FREQ=MONTHLY;BYMONTHDAY=1")
        let added = try todo.add(title: "Pay rent", due: try due("2026-12-01"), recurrence: rule).record
        #expect(try added.repeatFrom == due("2026-12-01"))
        var dues: [String] = []
        for _ in 0..<3 {
            clock.advance(by: 60)
            let task = try todo.toggle(.id(added.id)).record
            #expect(!task.isDone && task.doneAt == nil)
            dues.append(task.due?.description ?? "none")
        }
        #expect(dues == ["2027-01-01", "2027-02-01", "2027-03-01"])
        let task = try todo.task(.id(added.id)).record
        #expect(try task.id == added.id && task.repeatFrom == due("2026-12-01"))
        #expect(task.completions.map(\.due.description) == ["2026-12-01", "2027-01-01", "2027-02-01"])
        #expect(task.completions.last?.doneAt == clock.now.roundedToMilliseconds)
        // Moved on, it is still to do.
        let counts = try todo.counts()
        #expect(counts.all == counts.open)

        let back = try todo.undoCheckOff(.id(added.id)).record
        #expect(back.due?.description == "2027-02-01" && !back.isDone && back.completions.count == 2)
        // A task with no check-off has nothing to take back.
        let plain = try todo.add(title: "Walk").record
        #expect(throws: StoreError.nothingToRestore(.task)) { try todo.undoCheckOff(.id(plain.id)) }
    }

    /// `COUNT=2`: the second check-off completes it; `UNTIL`: the check-off of its last date does.
    static func theLastDateOfARuleCompletesTheTask(_ store: any Store) throws {
        let todo = TodoList(store: store, clock: noonClock().closure)
        let twice = try todo.add(
            title: "Twice", due: try due("2026-12-01"), recurrence: try Recurrence(rule: "FREQ=DAILY;COUNT=2")
        ).record
        #expect(try todo.toggle(.id(twice.id)).record.due?.description == "2026-12-02")
        let last = try todo.toggle(.id(twice.id)).record
        #expect(last.isDone && last.due?.description == "2026-12-02" && last.completions.count == 2)
        let until = try todo.add(
            title: "Weekly until", due: try due("2026-12-01"),
            recurrence: try Recurrence(rule: "FREQ=WEEKLY;UNTIL=20261208")
        ).record
        #expect(try todo.toggle(.id(until.id)).record.due?.description == "2026-12-08")
        #expect(try todo.toggle(.id(until.id)).record.isDone)
    }

    /// "Water the plants 3 days after done": checked off on 2 December (late), due the 5th, whatever it was due.
    static func anAfterDoneRepeatCountsFromTheDayItIsDone(_ store: any Store) throws {
        let clock = noonClock()
        let todo = TodoList(store: store, clock: clock.closure)
        let plants = try todo.add(
            title: "Water the plants", due: try due("2026-11-28T08:00"),
            recurrence: try Recurrence(rule: "AFTER-DONE=P3D")
        ).record
        clock.advance(by: 2 * 86_400)
        let task = try todo.toggle(.id(plants.id)).record
        #expect(task.due?.description == "2026-12-05T08:00" && !task.isDone)
        // A repeat set on a task with no due date starts today.
        let daily = try todo.add(title: "Stretch", recurrence: try Recurrence(rule: "FREQ=DAILY")).record
        #expect(daily.due?.description == "2026-12-02" && daily.repeatFrom == daily.due)
    }

    /// A household's zone is the server's until it sets one; once set, a repeat with no due date starts on the
    /// household's today: noon UTC on 30 November is already 1 December on Kiritimati (UTC+14) and still 30
    /// November in Pago Pago (UTC−11). A zone that does not exist is refused, naming `timeZone`, and changes
    /// nothing.
    static func theHouseholdsTimeZoneDecidesItsDays(_ store: any Store) throws {
        let todo = TodoList(store: store, clock: noonClock().closure)
        #expect(try store.chosenTimeZone() == nil)
        #expect(try store.householdTimeZone() == HouseholdTimeZone.serverDefault)
        let daily = try Recurrence(rule: "FREQ=DAILY")
        try store.setHouseholdTimeZone("Pacific/Kiritimati")
        #expect(try store.householdTimeZone().identifier == "Pacific/Kiritimati")
        #expect(try todo.add(title: "East", recurrence: daily).record.due?.description == "2026-12-01")
        try store.setHouseholdTimeZone("pacific/pago_pago")
        #expect(try store.chosenTimeZone()?.identifier == "Pacific/Pago_Pago")
        let west = try todo.add(title: "West").record
        #expect(try todo.edit(.id(west.id), recurrence: .some(daily)).record.due?.description == "2026-11-30")
        #expect(throws: ValidationError.self) { try store.setHouseholdTimeZone("Mars/Olympus") }
        #expect(try store.chosenTimeZone()?.identifier == "Pacific/Pago_Pago")
        try store.setHouseholdTimeZone(nil)
        #expect(try store.chosenTimeZone() == nil)
    }

    /// A reminder is kept as given, a day alone at 09:00; a repeating task's reminder moves with its due date by a
    /// check-off, keeping its distance (the evening before), and back with the check-off taken back.
    static func aRemindersMovesWithItsRepeatingTask(_ store: any Store) throws {
        let todo = TodoList(store: store, clock: noonClock().closure)
        let morning = try todo.add(title: "Call", remindAt: try due("2026-12-02")).record
        #expect(morning.remindAt?.description == "2026-12-02T09:00")
        let rent = try todo.add(
            title: "Pay rent", due: try due("2026-12-01"),
            recurrence: try Recurrence(rule: "FREQ=MONTHLY;BYMONTHDAY=1"),
            remindAt: try due("2026-11-30T18:00")
        ).record
        let moved = try todo.toggle(.id(rent.id)).record
        #expect(moved.due?.description == "2027-01-01" && moved.remindAt?.description == "2026-12-31T18:00")
        let back = try todo.undoCheckOff(.id(rent.id)).record
        #expect(back.due?.description == "2026-12-01" && back.remindAt?.description == "2026-11-30T18:00")
        #expect(try todo.edit(.id(rent.id), remindAt: .some(nil)).record.remindAt == nil)
    }

    static func badRepeatsAreRefusedAndChangeNothing(_ store: any Store) throws {
        let todo = TodoList(store: store, clock: noonClock().closure)
        let task = try todo.add(title: "Pay rent", due: try due("2026-12-01")).record
        let before = try Snapshot(store)
        // Refused as rules are read: more often than daily, a COUNT of ten million, a rule no day matches.
        for text in ["FREQ=SECONDLY", "FREQ=DAILY;COUNT=10000000", "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30"] {
            #expect(throws: ValidationError.self, "\(text)") { try Recurrence(rule: text) }
        }
        // Refused when set on the task: an UNTIL before its due date.
        let early = try Recurrence(rule: "FREQ=DAILY;UNTIL=20261101")
        do {
            try todo.edit(.id(task.id), recurrence: .some(early))
            Issue.record("an UNTIL before the start was taken")
        } catch let error as ValidationError {
            #expect(error.field == "repeat" && error.message.contains("before the task's start"))
        }
        #expect(try Snapshot(store) == before)
        // A repeating task whose due date is taken away starts again from today.
        let repeating = try todo.add(
            title: "Bins", due: try due("2026-12-08"), recurrence: try Recurrence(rule: "FREQ=DAILY")
        ).record
        let again = try todo.edit(.id(repeating.id), due: .some(nil)).record
        #expect(again.due?.description == "2026-11-30" && again.repeatFrom == again.due)
    }

    /// Two phones offline check off the same date of a repeating task, each change carrying the due date it saw in
    /// its base (as app.js sends it): the first moves it on, the second is reported as not applied, and the task moves once.
    static func twoPhonesCheckingOffTheSameDateMoveTheTaskOnce(_ store: any Store) throws {
        let clock = noonClock()
        let todo = TodoList(store: store, clock: clock.closure)
        let task = try todo.add(
            title: "Bins", due: try due("2026-12-01T07:00"), recurrence: try Recurrence(rule: "FREQ=WEEKLY;INTERVAL=2")
        ).record
        let change: [String: JSONValue] = ["done": .bool(true)]
        let base: [String: JSONValue] = ["done": .bool(false), "due": .string("2026-12-01T07:00")]
        for phone in 0..<2 {
            clock.advance(by: 5)
            // As the changes API merges: inside the write, against the record as it is there.
            var merge: Merge<TodoTask>?
            try todo.tasks.change([.id(task.id)]) { record in
                let merged = try TodoTask.schema.merge(record, wanted: change, base: base, now: clock.now)
                merge = merged
                if merged.changesRecord { record = merged.record }
            }
            let merged = try #require(merge)
            if phone == 0 {
                #expect(merged.applied == ["done"] && merged.conflicts.isEmpty)
            } else {
                #expect(merged.applied.isEmpty && merged.conflicts.map(\.field) == ["done"])
            }
        }
        let moved = try todo.task(.id(task.id)).record
        #expect(moved.due?.description == "2026-12-15T07:00" && moved.completions.count == 1 && !moved.isDone)
    }
}
