import Foundation
import ListsInterchange
import ListsModel
import Testing

/// Noon UTC of the day `2026-11-20`, as todo.txt dates are read.
private func noon(_ day: String) -> Date? { ListsFormat.parseTimestamp("\(day)T12:00:00Z") }

/// The day of `date` in UTC, as todo.txt writes it.
private func dayText(_ date: Date) -> String { String(ListsFormat.isoTimestamp(date).prefix(10)) }

/// The tasks of `text` read as todo.txt.
private func read(_ text: String) throws -> [TodoTask] {
    try InterchangeFormat.todoTxt.read(Array(text.utf8), now: fixedNow).tasks
}

/// A store holding the tasks of `text`, read as todo.txt.
private func storeWith(_ text: String) throws -> any Store {
    let store = try emptyStore()
    try InterchangeFormat.todoTxt.read(Array(text.utf8), now: fixedNow).apply(to: store)
    return store
}

/// The store's tasks exported as todo.txt.
private func exportedText(_ store: any Store) throws -> String {
    String(decoding: try exported(store, as: .todoTxt), as: UTF8.self)
}

/// One line of todo.txt and what it says by the format's rules.
struct TodoLine: Sendable, CustomTestStringConvertible {
    var line: String
    var title: String
    var isDone = false
    var priority: TaskPriority?
    var created: String?
    var completed: String?
    var testDescription: String { line }
}

@Suite("todo.txt as other programs write it: line ends, byte-order mark, the format's own grammar, lossless export")
struct TodoTxtTests {
    @Test func aWindowsFileWithAByteOrderMarkCRLFAndNoLastLineEndReadsEveryLine() throws {
        let tasks = try InterchangeFormat.todoTxt.read(try Fixture.bytes("todo-windows.txt"), now: fixedNow).tasks
        #expect(tasks.count == 25)
        #expect(tasks.first?.title == "Thank Mom for the meatballs @phone")
        #expect(tasks.first?.priority == .high)
        #expect(tasks.last?.title == "Book flights to Zürich +travel")
        #expect(tasks.last?.priority == .low)
        #expect(tasks.last?.meta.createdAt == noon("2026-11-01"))
        #expect(tasks.map(\.isDone).filter { $0 }.count == 5)
    }

    @Test(arguments: ["\n", "\r\n"])
    func lineEndsLFOrCRLFWithOrWithoutOneAfterTheLastLineReadTheSame(end: String) throws {
        let lines = ["x 2026-11-22 Pay the rent", "(A) Call Mom", "Buy milk"]
        for text in [lines.joined(separator: end), lines.joined(separator: end) + end] {
            let tasks = try read(text)
            #expect(tasks.map(\.title) == ["Pay the rent", "Call Mom", "Buy milk"])
            #expect(tasks.map(\.priority) == [nil, .high, nil])
            #expect(tasks.map(\.isDone) == [true, false, false])
            #expect(tasks[0].meta.updatedAt == noon("2026-11-22"))
        }
    }

    @Test func aByteOrderMarkIsNotPartOfTheFirstTaskWhichKeepsItsCompletion() throws {
        let tasks = try read("\u{FEFF}x 2026-11-22 Pay the rent\r\nBuy milk\r\n")
        #expect(tasks.map(\.title) == ["Pay the rent", "Buy milk"])
        #expect(tasks.map(\.isDone) == [true, false])
        #expect(tasks[0].meta.updatedAt == noon("2026-11-22"))
        #expect(InterchangeFormat.detect(fileName: "todo.txt", bytes: Array("\u{FEFF}x Pay\n".utf8)) == .todoTxt)
    }

    @Test func theFormatsQuickReferenceLineGivesItsPriorityAndBothDates() throws {
        let tasks = try read("x (A) 2016-05-20 2016-04-30 measure space for +chapelShelving @chapel due:2016-05-30\n")
        #expect(tasks.map(\.title) == ["measure space for +chapelShelving @chapel"])
        #expect(tasks.map(\.priority) == [.high])
        #expect(tasks.first?.due?.description == "2016-05-30")
        #expect(tasks.map(\.isDone) == [true])
        #expect(tasks.first?.meta.createdAt == noon("2016-04-30"))
        #expect(tasks.first?.meta.updatedAt == noon("2016-05-20"))
    }

    @Test func aCompletionDateWithoutACreationDateIsTheLastChangeAndTheImportTheCreation() throws {
        let tasks = try read("x 2011-03-03 Call Mom\n")
        #expect(tasks.map(\.title) == ["Call Mom"])
        #expect(tasks.first?.meta.updatedAt == noon("2011-03-03"))
        #expect(tasks.first?.meta.createdAt == fixedNow.roundedToMilliseconds)
    }

    static let grammar: [TodoLine] = [
        TodoLine(line: "(A) Call Mom 2011-03-02", title: "Call Mom 2011-03-02", priority: .high),
        TodoLine(line: "Really gotta call Mom (A) @phone @someday", title: "Really gotta call Mom (A) @phone @someday"),
        TodoLine(line: "(b) Get back to the boss", title: "(b) Get back to the boss"),
        TodoLine(line: "(B)->Submit TPS report", title: "(B)->Submit TPS report"),
        TodoLine(line: "xylophone lesson", title: "xylophone lesson"),
        TodoLine(line: "X 2012-01-01 Make resolutions", title: "X 2012-01-01 Make resolutions"),
        TodoLine(line: "(A) x Find ticket prices", title: "x Find ticket prices", priority: .high),
        TodoLine(line: "(C) Call Mom", title: "Call Mom", priority: .low),
        TodoLine(line: "(D) Call Mom", title: "(D) Call Mom"),
        TodoLine(line: "(Z) 2011-03-02 Call Mom", title: "(Z) Call Mom", created: "2011-03-02"),
        TodoLine(
            line: "2011-03-02 Document +TodoTxt task format", title: "Document +TodoTxt task format",
            created: "2011-03-02"),
        TodoLine(line: "(A) 2011-03-02 Call Mom", title: "Call Mom", priority: .high, created: "2011-03-02"),
        TodoLine(
            line: "x 2011-03-02 2011-03-01 Review Tim's pull request +TodoTxtTouch @github",
            title: "Review Tim's pull request +TodoTxtTouch @github", isDone: true, created: "2011-03-01",
            completed: "2011-03-02"),
        TodoLine(line: "x (B) Call Mom", title: "Call Mom", isDone: true, priority: .medium),
        TodoLine(line: "x 2026-11-22", title: "2026-11-22", isDone: true),
        TodoLine(line: "2026-02-30 Not a day", title: "2026-02-30 Not a day"),
        TodoLine(
            line: "Pay the rent due:2026-12-01 t:2026-11-30 rec:+1m",
            title: "Pay the rent t:2026-11-30"),
        TodoLine(line: "Pick up the dry cleaning\t@errands", title: "Pick up the dry cleaning @errands"),
    ]

    @Test(arguments: grammar)
    func eachLineReadsAsTheFormatsRulesSay(example: TodoLine) throws {
        let tasks = try read(example.line + "\n")
        #expect(tasks.map(\.title) == [example.title])
        #expect(tasks.map(\.isDone) == [example.isDone])
        #expect(tasks.map(\.priority) == [example.priority])
        #expect(tasks.first?.meta.createdAt == example.created.flatMap(noon) ?? fixedNow.roundedToMilliseconds)
        #expect(
            tasks.first?.meta.updatedAt == (example.completed ?? example.created).flatMap(noon)
                ?? fixedNow.roundedToMilliseconds)
    }

    @Test func everyLineOfARealFileComesBackAsItWasWithLFLineEnds() throws {
        let bytes = try Fixture.bytes("todo-windows.txt")
        let store = try emptyStore()
        try InterchangeFormat.todoTxt.read(bytes, now: fixedNow).apply(to: store)
        let original = String(decoding: bytes.dropFirst(3), as: UTF8.self)
        let expected = original.replacingOccurrences(of: "\r\n", with: "\n") + "\n"
        let written = try exportedText(store)
        #expect(written == expected)
        // No creation date is added: as many lines start with one (after `x` and its date, or a priority) as before.
        #expect(written.split(separator: "\n").count == 25)
        #expect(written.contains("\nPick up the dry cleaning\t@errands\n"))
        #expect(written.hasPrefix("(A) Thank Mom for the meatballs @phone \n"))
    }

    @Test func aTaskChangedInListsIsWrittenFromItsFieldsWithTheDatesItsLineHadAndNoOthers() throws {
        let store = try storeWith(
            "(B) Schedule Goodwill pickup +GarageSale @phone\n2011-03-02 Document +TodoTxt task format\n"
                + "x 2011-03-03 Call Mom\nBuy milk\nx (A) 2016-05-20 2016-04-30 measure space\n")
        let later = try #require(ListsFormat.parseTimestamp("2026-11-30T15:00:00Z"))
        let todo = TodoList(store: store, clock: { later })
        try todo.edit(.typed("1"), title: "Schedule Goodwill pickup for Friday +GarageSale @phone")
        try todo.setDone([.typed("2"), .typed("4")], isDone: true)
        try todo.edit(.typed("3"), title: "Call Mom and Dad")
        try todo.setDone([.typed("5")], isDone: false)
        #expect(
            try exportedText(store) == """
                (B) Schedule Goodwill pickup for Friday +GarageSale @phone
                x 2026-11-30 2011-03-02 Document +TodoTxt task format
                x 2011-03-03 Call Mom and Dad
                x 2026-11-30 Buy milk
                (A) 2016-04-30 measure space

                """)
    }

    @Test func aTaskMadeInListsIsWrittenWithTheDayItWasAddedAndDoneOnAfterX() throws {
        let store = try emptyStore()
        let added = fixedNow
        let done = try #require(ListsFormat.parseTimestamp("2026-11-30T15:00:00Z"))
        try store.write { session in
            try session.insert(TodoTask(meta: RecordMeta(createdAt: added), title: "Water the plants"))
            try session.insert(
                TodoTask(meta: RecordMeta(createdAt: added, updatedAt: done), title: "(A) Call the vet", isDone: true))
        }
        #expect(
            try exportedText(store)
                == "\(dayText(added)) Water the plants\nx (A) 2026-11-30 \(dayText(added)) Call the vet\n")
        // A priority at the front of a title (a task read from todo.txt before priorities) reads back as one.
        let back = try InterchangeFormat.todoTxt.read(try exported(store, as: .todoTxt), now: fixedNow).tasks
        #expect(back.map(\.title) == ["Water the plants", "Call the vet"])
        #expect(back.map(\.priority) == [nil, .high])
        #expect(back.map(\.isDone) == [false, true])
    }

    @Test func aTitleThatWouldReadAsSomethingElseWithoutADateIsWrittenWithItsDates() throws {
        let store = try storeWith("Buy milk\nBuy bread\nx Call Mom\n")
        let later = try #require(ListsFormat.parseTimestamp("2026-11-30T15:00:00Z"))
        let todo = TodoList(store: store, clock: { later })
        try todo.edit(.typed("1"), title: "x marks the spot")
        try todo.edit(.typed("2"), title: "2026-01-01 party")
        try todo.edit(.typed("3"), title: "2026-01-02 party")
        let created = dayText(fixedNow)
        let written = try exportedText(store)
        #expect(
            written == "\(created) x marks the spot\n\(created) 2026-01-01 party\n"
                + "x 2026-11-30 \(created) 2026-01-02 party\n")
        let back = try InterchangeFormat.todoTxt.read(Array(written.utf8), now: fixedNow).tasks
        #expect(back.map(\.title) == ["x marks the spot", "2026-01-01 party", "2026-01-02 party"])
        #expect(back.map(\.isDone) == [false, false, true])
    }

    /// `(A)`, `(B)` and `(C)` are a task's priority, high, medium and low; `(D)` to `(Z)` stay in its title. An
    /// unchanged task goes back as its line; a priority changed in Lists is written as its letter.
    @Test func aPriorityAToCIsTheTasksPriorityAndIsWrittenBack() throws {
        let store = try storeWith("(A) Pay rent\n(B) 2026-11-20 Call Mom\n(D) Someday\nx (C) Old thing\nNo hurry\n")
        #expect(try StoreContents(store).tasks.map(\.priority) == [.high, .medium, nil, .low, nil])
        #expect(
            try exportedText(store) == "(A) Pay rent\n(B) 2026-11-20 Call Mom\n(D) Someday\nx (C) Old thing\nNo hurry\n"
        )
        let todo = TodoList(store: store, clock: { fixedNow })
        try todo.edit(.typed("1"), priority: .some(.low))
        try todo.edit(.typed("2"), priority: .some(nil))
        try todo.edit(.typed("3"), priority: .some(.high))
        try todo.edit(.typed("5"), priority: .some(.medium))
        let written = try exportedText(store)
        #expect(
            written == "(C) Pay rent\n2026-11-20 Call Mom\n(A) (D) Someday\nx (C) Old thing\n(B) No hurry\n")
        let back = try InterchangeFormat.todoTxt.read(Array(written.utf8), now: fixedNow).tasks
        #expect(back.map(\.title) == ["Pay rent", "Call Mom", "(D) Someday", "Old thing", "No hurry"])
        #expect(back.map(\.priority) == [.low, nil, .high, .low, .medium])
    }

    @Test func theLineATaskKeepsIsNotWrittenToTaskwarrior() throws {
        let store = try storeWith("(A) 2026-11-20 Call Mom +family\n")
        let written = String(decoding: try exported(store, as: .taskwarrior), as: UTF8.self)
        #expect(written.contains("\"description\":\"Call Mom +family\""))
        #expect(written.contains("\"priority\":\"H\""))
        #expect(!written.contains("todo.txt"))
    }

    /// `due:` is the task's due date and `rec:` its repeat (after done, or `+` from the due date), taken out of the
    /// title; a `rec:` Lists does not read stays in it; an unchanged task goes back as its line, a checked-off one
    /// with its next `due:`.
    @Test func dueAndRecAreTheTasksDueDateAndRepeat() throws {
        let text =
            "\u{FEFF}(A) Pay rent due:2027-01-01 rec:+1m +home\r\nWater plants due:2026-12-05 rec:3d\r\n"
            + "Standup due:2026-12-07 rec:1b\r\nOdd rec:5q\r\n"
        let tasks = try read(text)
        #expect(tasks.map(\.title) == ["Pay rent +home", "Water plants", "Standup", "Odd rec:5q"])
        #expect(tasks.map { $0.due?.description } == ["2027-01-01", "2026-12-05", "2026-12-07", nil])
        #expect(
            tasks.map { $0.recurrence?.text } == [
                "FREQ=MONTHLY", "AFTER-DONE=P3D", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", nil,
            ])
        let store = try storeWith(text)
        #expect(
            try exportedText(store)
                == "(A) Pay rent due:2027-01-01 rec:+1m +home\nWater plants due:2026-12-05 rec:3d\n"
                + "Standup due:2026-12-07 rec:1b\nOdd rec:5q\n")
        let todo = TodoList(store: store, clock: { fixedNow })
        try todo.toggle(.typed("1"))
        #expect(try exportedText(store).hasPrefix("(A) Pay rent +home due:2027-02-01 rec:+1m\n"))
    }
}
