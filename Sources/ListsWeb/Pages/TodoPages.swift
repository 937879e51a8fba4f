import Foundation
import ListsHTTP
import ListsModel

/// iTahDoodle's one screen: the text field ("Type a task, tap Insert") and the Insert button above the list of
/// tasks, now with done marks and deletes.
///
/// - `POST /todo/tasks` inserts the typed task and answers 303 to `/todo` (to its last page when the list is
///   longer than a page), whose field is empty again; empty text adds nothing and draws the page it was typed on
///   again (422) with the message under the field.
/// - `POST /todo/tasks/{id}/toggle` marks a task done or not done (a tap on it); `…/delete` deletes it, after
///   `GET …/delete` asked in an action sheet (app.js asks in the row instead): a delete is two deliberate taps. It
///   answers with the list offering to undo it (`?undo=task:<id>`, see ``UndoOffer``), whose Undo posts to
///   `…/restore`, which puts the task back where it was.
/// - A task's ⓘ opens its edit sheet (`GET /todo/tasks/{id}/edit`, the text and Cancel / Save over the list), as the
///   Items tab's rows do: the tutorial had no way to mend a typo but to delete and type again. `POST …/edit` saves
///   it (422 for empty text, 409 when the task changed since the sheet was drawn).
/// - The insert form carries the id its task is to have (``Layout/chosenIDField(_:)``): sent twice, it inserts
///   once.
///
/// A list longer than ``ListPager/pageSize`` tasks is drawn a page at a time (`/todo?page=N`, see
/// ``ListPager``): every form on a page posts with its `?page=`, and a toggle or a delete answers with that page,
/// an insert with the last page.
struct TodoPages: Sendable {
    /// The household's lists.
    let lists: ListsServices
    /// The household's to-do lists, in their order.
    let all: [TaskList]
    /// The list the To-Do screen shows (``TodoListPages/tabList(_:among:)``), `nil` while the household has none.
    let tab: TaskList?

    /// The pages of the household `request` acts in.
    /// - Throws: what ``RequestContext/lists`` throws outside a household's route.
    init(_ context: RequestContext, _ request: HTTPRequest) throws {
        lists = try context.lists
        all = try lists.todoLists.all()
        tab = TodoListPages.tabList(request, among: all)
    }

    /// The pages of the household `context` acts in, showing `list` (one of its lists).
    init(_ context: RequestContext, showing list: TaskList) throws {
        lists = try context.lists
        all = try lists.todoLists.all()
        tab = all.first { $0.id == list.id } ?? list
    }

    /// The tasks of the screen's list (every task while the household has no list: none but those from before
    /// to-do lists, until its first opening put them on one).
    var tabTasks: TodoList { lists.todoLists.tasks(of: tab, isOnlyList: all.count <= 1) }

    /// The insert form's fields: the task's text, and the list it goes on (hidden: the screen's).
    static let insertForm = RecordForm<TodoTask>(.init(TodoTask.Fields.title), .init(TodoTask.Fields.list))

    /// The edit sheet's fields: the title (named apart from the insert field behind the sheet), when it is due (as
    /// people type it: ``ListsModel/DuePhrase``), how it repeats (``ListsModel/RepeatPhrase``), its priority and
    /// its note.
    static let sheetForm = RecordForm<TodoTask>(
        .init(TodoTask.Fields.title, name: "task"), .init(TodoTask.Fields.due), .init(TodoTask.Fields.recurrence),
        .init(TodoTask.Fields.remindAt), .init(TodoTask.Fields.priority), .init(TodoTask.Fields.note),
        .init(TodoTask.Fields.list))

    /// Adds the pages' routes: a household's pages each.
    static func addRoutes(to router: inout Router) {
        router.add("GET", "/todo", .page) { request, context in
            try Self(context, request).page(
                Viewer(request, householdOf: context), FormState(), ListPager.choice(request),
                undo: UndoOffer(request, .deletedTask) ?? UndoOffer(request, .checkedOffTask))
        }
        router.add("GET", "/todo/today", .page) { request, context in
            try Self(context, request).agenda(
                Viewer(request, householdOf: context), .today, undo: UndoOffer(request, .checkedOffTask))
        }
        router.add("GET", "/todo/upcoming", .page) { request, context in
            try Self(context, request).agenda(
                Viewer(request, householdOf: context), .upcoming, undo: UndoOffer(request, .checkedOffTask))
        }
        router.add("GET", "/todo/by-date", .page) { request, context in
            try Self(context, request).agenda(
                Viewer(request, householdOf: context), .byDate, undo: UndoOffer(request, .checkedOffTask))
        }
        // Where the address bar points after a refused insert without JavaScript: reloading it shows the list.
        router.add("GET", "/todo/tasks", .page) { _, _ in .redirect(to: "/todo") }
        router.add("POST", "/todo/tasks", .page) { request, context in
            try Self(context, request).insert(
                Viewer(request, householdOf: context), FormBody(request), ListPager.choice(request))
        }
        router.add("POST", "/todo/tasks/{id}/toggle", .page) { request, context in
            let pages = try Self(context, request)
            let id = try PageController.id(context.parameters)
            let form = try FormBody(request)
            let choice = try ListPager.choice(request)
            let version = try form.version()
            var moved = false
            let answer = try pages.onConflict(Viewer(request, householdOf: context), choice, shrinks: false) {
                let before = try pages.lists.todo.task(.id(id)).record.completions.count
                let task = try pages.lists.todo.toggle(.id(id), expectedVersion: version).record
                moved = !task.isDone && task.completions.count > before
                return task
            }
            // A tap on Today or Upcoming returns there.
            let view = Agenda(rawValue: request.query["view"] ?? "")
            let undo = moved ? UndoOffer(.checkedOffTask, id).argument : nil
            if let view { return .redirect(to: view.path + (undo.map { "?" + $0 } ?? "")) }
            // A repeating task checked off moved to its next due date: the list offers to take the check-off back.
            guard let undo else { return answer }
            return .redirect(to: ListPager.address("/todo", choice, keeping: undo))
        }
        router.add("POST", "/todo/tasks/{id}/undo-check-off", .page) { request, context in
            let pages = try Self(context, request)
            let id = try PageController.id(context.parameters)
            let choice = try ListPager.choice(request)
            do {
                try pages.lists.todo.undoCheckOff(.id(id))
            } catch let error as StoreError where error.code == .nothingToRestore {
                var state = FormState()
                state.notice = Notice(message: "There is no check-off to take back: it was taken back already.")
                return try pages.page(
                    Viewer(request, householdOf: context), state, choice, status: FormOutcome.conflictStatus)
            }
            return .redirect(to: ListPager.address("/todo", choice))
        }
        router.add("GET", "/todo/tasks/{id}/edit", .page) { request, context in
            let pages = try Self(context, request)
            let task = try pages.lists.todo.task(.id(PageController.id(context.parameters))).record
            let viewer = try Viewer(request, householdOf: context)
            return try pages.editSheet(viewer, task, Self.sheetForm.state(task, viewer), ListPager.choice(request))
        }
        router.add("POST", "/todo/tasks/{id}/edit", .page) { request, context in
            try Self(context, request).edit(
                Viewer(request, householdOf: context), PageController.id(context.parameters), FormBody(request),
                ListPager.choice(request))
        }
        router.add("GET", "/todo/tasks/{id}/delete", .page) { request, context in
            let pages = try Self(context, request)
            let task = try pages.lists.todo.task(.id(PageController.id(context.parameters))).record
            return try pages.deleteSheet(Viewer(request, householdOf: context), task, ListPager.choice(request))
        }
        router.add("POST", "/todo/tasks/{id}/delete", .page) { request, context in
            let pages = try Self(context, request)
            let id = try PageController.id(context.parameters)
            let form = try FormBody(request)
            return try pages.onConflict(
                Viewer(request, householdOf: context), ListPager.choice(request), shrinks: true,
                undo: UndoOffer(.deletedTask, id)
            ) {
                try pages.lists.todo.remove([.id(id)], expectedVersion: form.version())
            }
        }
        router.add("POST", "/todo/tasks/{id}/restore", .page) { request, context in
            let pages = try Self(context, request)
            let id = try PageController.id(context.parameters)
            let choice = try ListPager.choice(request)
            do {
                try pages.lists.todo.restore(id)
            } catch let error as StoreError {
                guard let notice = UndoOffer.refusal(error, noun: "task") else { throw error }
                var state = FormState()
                state.notice = notice
                return try pages.page(
                    Viewer(request, householdOf: context), state, choice, status: FormOutcome.conflictStatus)
            }
            return .redirect(to: ListPager.address("/todo", choice))
        }
    }

    /// The To-Do screen for `viewer` with the insert form in `state`, showing the page `choice` names, with the
    /// Undo bar of `undo` while the task can be put back.
    func page(
        _ viewer: Viewer, _ state: FormState, _ choice: ListPager.Choice, status: Int = 200, undo: UndoOffer? = nil
    ) throws -> HTTPResponse {
        Layout.page(
            title: tab?.name ?? "To-Do",
            main: try screen(viewer, state, choice, undo: undo)
                + OfflineViews.todo(
                    choice, list: tab, group: Self.group,
                    row: { Self.row($0, .named(choice), subtitle: "{{subtitle}}") }
                ) {
                    Self.editForm($0, FormState(), viewer, choice, lists: all)
                },
            status: status)
    }

    /// The edit sheet of `task` (its text; Cancel / Save) over the list at the page `choice` names, to which it
    /// returns.
    func editSheet(
        _ viewer: Viewer, _ task: TodoTask, _ state: FormState, _ choice: ListPager.Choice, status: Int = 200
    ) throws -> HTTPResponse {
        Layout.page(
            title: "Edit Task",
            main: Layout.sheet(
                over: try screen(viewer, FormState(), choice), Self.editForm(task, state, viewer, choice, lists: all)),
            status: status)
    }

    /// The edit sheet's form (``sheetForm``), with a choice of the household's lists (`lists`) when it has several:
    /// choosing another moves the task there.
    static func editForm(
        _ task: TodoTask, _ state: FormState, _ viewer: Viewer, _ choice: ListPager.Choice, lists: [TaskList]
    ) -> String {
        let listChoice =
            lists.count > 1
            ? "\n" + state.select("list", label: "List", options: lists.map { ($0.id.uuidString, $0.name) }) : ""
        let id = task.id.uuidString
        let action = ListPager.address("/todo/tasks/\(id)/edit", choice)
        return """
            <form class="sheet-form" method="post" action="\(action)"\(sheetForm.rulesAttribute(viewer)) \
            data-announce="Saved {task}.">
            \(Layout.navigationBar(
                title: "Edit Task", left: Layout.cancelLink(href: ListPager.address("/todo", choice)),
                right: Layout.barSubmit("Save"), titleID: "sheet-title"))
            <div class="content">
            \(state.notice?.html ?? "")\(Layout.versionField(task.meta.version))<div class="fields">
            \(state.focusing("task").field("task", label: "Task", isRequired: true, attributes: "autocomplete=\"off\""))
            \(state.field(
                "due", label: "Due", placeholder: "tomorrow 9am, fri, dec 24", hint: Self.dueHint,
                attributes: "autocomplete=\"off\" enterkeyhint=\"done\""))
            \(state.field(
                "repeat", label: "Repeat", placeholder: "every month on the 1st, weekdays", hint: Self.repeatHint,
                attributes: "autocomplete=\"off\" enterkeyhint=\"done\""))
            \(state.field(
                "remindAt", label: "Remind Me", placeholder: "tomorrow 9am, fri 18:00", hint: Self.remindHint,
                attributes: "autocomplete=\"off\" enterkeyhint=\"done\""))
            \(state.select("priority", label: "Priority", options: Self.priorities))
            \(state.textArea("note", label: "Note"))\(listChoice)
            </div>\(Self.history(task, viewer))
            </div>
            </form>
            """
    }

    /// What the due field's hint says it reads.
    static let dueHint = "A day, or a day and a time: today, tomorrow 9am, fri, in 3 days, dec 24, 24.12., 18:00."

    /// What the reminder field's hint says.
    static let remindHint =
        "When an open page of the household shows a reminder: a day and a time, as for Due (a day alone is 9:00)."

    /// What the repeat field's hint says it reads.
    static let repeatHint =
        "Every day, every 2 weeks, weekdays, every tue and thu, every month on the 1st, every last friday, "
        + "every year, 3 days after done. Checking it off moves it to its next date."

    /// A repeating task's last check-offs, newest first, under its sheet's fields: the day each was due, and when
    /// it was done.
    static func history(_ task: TodoTask, _ viewer: Viewer) -> String {
        guard !task.completions.isEmpty else { return "" }
        let shown = task.completions.suffix(TaskCompletion.shown).reversed().map { completion in
            let due = completion.due.shown(today: Day(completion.doneAt, in: viewer.timeZone), locale: viewer.locale)
            return "<li>Due \(HTML.escape(due)), done \(viewer.timeElement(completion.doneAt))</li>"
        }
        return """
            <section class="task-history" aria-labelledby="task-history-title">\
            <h2 id="task-history-title" class="group-title">Checked off \(task.completions.count) \
            \(task.completions.count == 1 ? "time" : "times")</h2><ul>\(shown.joined())</ul></section>
            """
    }

    /// The priority's choices: none, then low to high.
    static let priorities: [(value: String, text: String)] =
        [("", "None")] + TaskPriority.allCases.map { ($0.rawValue, $0.rawValue.capitalized) }

    /// Inserts the task the insert form's field says (``insertForm``), refused (422) when empty or too long; answers
    /// with the page that shows it.
    private func insert(_ viewer: Viewer, _ body: FormBody, _ choice: ListPager.Choice) throws -> HTTPResponse {
        var state = Self.insertForm.state(body, keeping: ["id"])
        // A household with no list gets "To-Do" at its first insert; a form drawn before lists has none.
        if (state.values["list"] ?? "").isEmpty {
            state.values["list"] = try (tab ?? lists.todoLists.first(making: true))?.id.uuidString
        }
        guard let added = try Self.insertForm.add(&state, to: lists.todo.tasks, id: body.chosenID(), viewer) else {
            if let refused = state.errors["list"] {
                // The list was deleted on another device meanwhile: the task is not put anywhere else.
                state.notice = Notice(message: "Not inserted: " + Layout.sentence(refused))
                return try page(viewer, state, choice, status: FormOutcome.conflictStatus)
            }
            return try page(viewer, state, choice, status: FormOutcome.invalidStatus)
        }
        // The new task's place on its list (the household's number when it has one list): the page that shows it.
        let place = try all.count <= 1 ? added.number ?? tabTasks.count() : tabTasks.count()
        return .redirect(to: ListPager.afterInsert("/todo", total: place))
    }

    /// Saves the edit sheet (``sheetForm``): the task's new text, refused (422) when empty or too long, or (409)
    /// when the task changed since the sheet was drawn.
    private func edit(_ viewer: Viewer, _ id: UUID, _ body: FormBody, _ choice: ListPager.Choice) throws
        -> HTTPResponse
    {
        let form = Self.sheetForm
        let version = try body.version()
        var state = form.state(body)
        let current = try lists.todo.task(.id(id)).record
        do {
            guard try form.change(current, in: lists.todo.tasks, &state, expectedVersion: version, viewer) else {
                return try editSheet(viewer, current, state, choice, status: FormOutcome.invalidStatus)
            }
        } catch StoreError.Code.conflict {
            let fresh = try lists.todo.task(.id(id)).record
            var redrawn = form.state(fresh, viewer)
            redrawn.notice = Notice(message: FormOutcome.conflictMessage("task"))
            return try editSheet(viewer, fresh, redrawn, choice, status: FormOutcome.conflictStatus)
        }
        return .redirect(to: ListPager.address("/todo", choice))
    }

    /// The action sheet asking before `task` is deleted, over the To-Do screen at the page `choice` names.
    func deleteSheet(_ viewer: Viewer, _ task: TodoTask, _ choice: ListPager.Choice) throws -> HTTPResponse {
        let confirm = """
            <form method="post" action="\(ListPager.address("/todo/tasks/\(task.id.uuidString)/delete", choice))" \
            data-announce="Deleted \(HTML.escape(task.title)).">\
            \(Layout.versionField(task.meta.version))\
            \(Layout.destructiveButton("Delete Task", label: "Delete \(task.title)"))</form>
            """
        let sheet = Layout.actionSheet(
            over: try screen(viewer, FormState(), choice), title: "Delete “\(task.title)”?",
            message: "The task leaves the list.", confirm: confirm, cancel: ListPager.address("/todo", choice))
        return Layout.page(title: "Delete \(task.title)", main: sheet)
    }

    /// The To-Do screen's markup (see ``page(_:_:_:status:undo:)``).
    private func screen(_ viewer: Viewer, _ state: FormState, _ choice: ListPager.Choice, undo: UndoOffer? = nil)
        throws -> String
    {
        let (tasks, pager) = try ListPager.page(choice) { try tabTasks.window(limit: $0, start: $1) }
        let rules = Self.insertForm.rulesAttribute(viewer)
        let insert = """
            <form class="insert-form" method="post" action="\(pager.address("/todo/tasks"))"\(rules) \
            data-announce="Added {title}." autocomplete="off">\
            \(Layout.chosenIDField(state))\
            <input type="hidden" name="list" value="\(tab?.id.uuidString ?? "")">
            <div class="insert-row">
            \(state.field(
                "title", label: "New task", placeholder: "Type a task, tap Insert", isLabelHidden: true,
                attributes: "autocomplete=\"off\" enterkeyhint=\"done\""))
            <button class="insert-button" type="submit">Insert</button>
            </div>
            </form>
            """
        let now = lists.todo.tasks.now()
        let rows = tasks.map {
            Self.row($0.record, pager, subtitle: HTML.escape(Self.subtitle($0.record, viewer, now)))
        }
        let navigation = pager.navigation("/todo", noun: "tasks")
        let content =
            // The form that asks before a delete, in an empty list too: a row drawn there offline or from another
            // phone's change asks with it.
            TodoListPages.switcher(all, current: tab) + Self.viewControl(nil, zone: viewer.timeZone) + insert + "\n"
            + Layout.rowConfirmTemplate(hasCancel: true)
            + navigation
            + Self.group(rows) + navigation
        return Layout.screen(
            title: tab?.name ?? "To-Do", left: Layout.homeLink, content: content, notice: state.notice,
            undo: try undoBar(undo, pager, viewer))
    }

    /// The Undo bar of a deleted task while it can be put back, posting from the page `pager` shows.
    private func undoBar(_ offer: UndoOffer?, _ pager: ListPager, _ viewer: Viewer) throws -> String {
        if let offer, offer.action == .checkedOffTask {
            guard let task = try? lists.todo.task(.id(offer.id)).record, let due = task.due,
                !task.isDone, !task.completions.isEmpty
            else { return "" }
            let shown = due.shown(today: Day(lists.todo.tasks.now(), in: viewer.timeZone), locale: viewer.locale)
            return Layout.undoBar(
                message: "Checked off “\(task.title)”: next due \(shown).",
                action: pager.address("/todo/tasks/\(task.id.uuidString)/undo-check-off"),
                announce: "Took back the check-off of \(task.title).")
        }
        guard let offer, let task = try lists.todo.tasks.recentlyRemoved(offer.id) else { return "" }
        return Layout.undoBar(
            message: "Deleted “\(task.title)”.", action: pager.address("/todo/tasks/\(task.id.uuidString)/restore"),
            announce: "Put back \(task.title).")
    }

    /// The screens of what is due, across the household's tasks: Today (overdue, and due today) and Upcoming (the
    /// next 7 days after today, by day). Both are the viewer's days, in their zone.
    enum Agenda: String {
        case today
        case upcoming
        /// The whole list by due date: soonest first, the tasks with none after them in the list's order.
        case byDate = "by-date"

        var path: String { "/todo/\(rawValue)" }
        var title: String {
            switch self {
            case .today: "Today"
            case .upcoming: "Upcoming"
            case .byDate: "By Date"
            }
        }
    }

    /// How many days Upcoming shows after today.
    static let upcomingDays = 7

    /// The segmented control above the To-Do screens: the whole list, Today, Upcoming; the current one marked.
    /// It names the household's zone (`data-zone`), in which app.js draws a task's due day with no signal as the
    /// server does.
    static func viewControl(_ current: Agenda?, zone: Zone) -> String {
        let segments = [
            ("/todo", "All", nil), ("/todo/today", "Today", Agenda.today), ("/todo/upcoming", "Upcoming", .upcoming),
            ("/todo/by-date", "By Date", .byDate),
        ]
        .map { path, title, view in
            "<a class=\"segment\" href=\"\(path)\"" + (view == current ? " aria-current=\"true\"" : "")
                + ">\(title)</a>"
        }
        return "<nav class=\"segmented\" aria-label=\"Show tasks\" data-zone=\"\(HTML.escape(zone.identifier))\">"
            + "\(segments.joined())</nav>\n"
    }

    /// Today or Upcoming for `viewer`, with the Undo bar of `undo` after a repeating task's check-off.
    func agenda(_ viewer: Viewer, _ view: Agenda, undo: UndoOffer? = nil) throws -> HTTPResponse {
        let now = lists.todo.tasks.now()
        let today = Day(now, in: viewer.timeZone)
        let due =
            view == .byDate
            ? try tabTasks.byDueDate()
            : view == .today
                ? try lists.todo.due(through: today)
                : try lists.todo.due(through: today.adding(days: Self.upcomingDays), after: today)
        let pager = ListPager(.number(1), total: 0)
        // Today and Upcoming gather every list: with several, each task says which it is on.
        let names = TodoLists.names(of: all)
        let row = { (task: TodoTask) in
            let list = view == .byDate || all.count < 2 ? nil : task.list.flatMap { names[$0] }
            let subtitle = ([list].compactMap { $0 } + [Self.subtitle(task, viewer, now)]).filter { !$0.isEmpty }
            return Self.row(
                task, pager, subtitle: HTML.escape(subtitle.joined(separator: " · ")), returning: view)
        }
        var content = Self.viewControl(view, zone: viewer.timeZone) + Layout.rowConfirmTemplate(hasCancel: true)
        switch view {
        case .today:
            content += Layout.group(
                due.map { row($0.record) }, empty: "Nothing is due today.", label: "Due today",
                footer: due.isEmpty ? nil : "Overdue and due today, in every list; a tap marks a task done.")
        case .byDate:
            content += Self.group(due.map { row($0.record) })
        case .upcoming:
            var days: [(Day, [TodoTask])] = []
            for task in due.map(\.record) {
                guard let day = task.due?.day else { continue }
                if days.last?.0 == day { days[days.count - 1].1.append(task) } else { days.append((day, [task])) }
            }
            if days.isEmpty { content += "<p class=\"empty\">Nothing is due in the next 7 days.</p>" }
            for (day, tasks) in days {
                let id = "day-\(day)"
                let name = Due(day: day).shown(today: today, locale: viewer.locale)
                content += """
                    <h2 class="group-header" id="\(id)">\(HTML.escape(name))</h2>
                    <ul class="group" aria-labelledby="\(id)">
                    \(tasks.map(row).joined(separator: "\n"))
                    </ul>

                    """
            }
        }
        let screen = Layout.screen(
            title: view.title, left: Layout.homeLink, content: content, undo: try undoBar(undo, pager, viewer))
        return Layout.page(title: view.title, main: screen)
    }

    /// The list of `rows` (tasks' markup), or what it says with none.
    private static func group(_ rows: [String]) -> String {
        let footer = rows.isEmpty ? nil : "Tap a task to mark it done or not done; the (i) button edits it."
        return Layout.group(rows, empty: "No tasks. Type one above.", label: "Tasks", footer: footer)
    }

    /// The line under a task's title: when it is due at `now` (`Overdue · Yesterday`, `Tomorrow 9:00 AM`, in the
    /// viewer's locale and zone) and its priority (`High priority`); empty when it has neither. app.js writes the same line
    /// for a row it draws (`taskSubtitle` in `Assets/Files/app/21-offline-drawing.js`).
    static func subtitle(_ task: TodoTask, _ viewer: Viewer, _ now: Date) -> String {
        var parts: [String] = []
        if let due = task.due {
            let shown = due.shown(today: Day(now, in: viewer.timeZone), locale: viewer.locale)
            parts.append(!task.isDone && due.isOverdue(now: now, in: viewer.timeZone) ? "Overdue · \(shown)" : shown)
        }
        if task.recurrence != nil { parts.append("Repeats") }
        if let priority = task.priority { parts.append("\(priority.rawValue.capitalized) priority") }
        if let remind = task.remindAt, !task.isDone {
            parts.append("Reminder \(remind.shown(today: Day(now, in: viewer.timeZone), locale: viewer.locale))")
        }
        return parts.joined(separator: " · ")
    }

    /// A task: a button that flips its done mark (an empty circle, or a checkmark and struck through when done,
    /// `aria-pressed` for screen readers) and Delete, which asks first: app.js shows Delete and Cancel in the row
    /// (Cancel where the first tap was), without JavaScript it opens the action sheet. Their forms return to the
    /// page they are on.
    private static func row(_ task: TodoTask, _ pager: ListPager, subtitle: String, returning view: Agenda? = nil)
        -> String
    {
        let id = task.id.uuidString
        let toggle = pager.address("/todo/tasks/\(id)/toggle") + (view.map { "?view=\($0.rawValue)" } ?? "")
        let title = HTML.escape(task.title)
        return """
            <li class="row task\(task.isDone ? " done" : "")"\(OfflineViews.attributes(task))>
            <form class="row-form" method="post" action="\(toggle)" \
            data-announce="\(title) marked \(task.isDone ? "not done" : "done").">\
            \(Layout.versionField(task.meta.version))\
            <button class="row-button" type="submit" aria-pressed="\(task.isDone)">\
            <span class="check" aria-hidden="true">\(task.isDone ? "✓" : "")</span>\
            <span class="row-text"><span class="row-title">\(title)</span>\
            <span class="row-subtitle">\(subtitle)</span></span></button></form>
            <a class="info-button" href="\(pager.address("/todo/tasks/\(id)/edit"))" aria-label="Edit \(title)">\
            <span class="info-glyph" aria-hidden="true">i</span></a>
            \(Layout.deleteReveal(
                href: pager.address("/todo/tasks/\(id)/delete"), version: task.meta.version,
                label: "Delete \(task.title)", className: "remove-button", content: "Delete"))
            </li>
            """
    }

    /// Runs `change` and answers 303 to the page `choice` names (when the change `shrinks` the list, the last
    /// page there is if that one is gone), offering `undo` there; when the task changed meanwhile, draws that page
    /// again (409) with the conflict message.
    private func onConflict(
        _ viewer: Viewer, _ choice: ListPager.Choice, shrinks: Bool, undo: UndoOffer? = nil,
        _ change: () throws -> Any
    ) throws -> HTTPResponse {
        do {
            _ = try change()
            guard shrinks else { return .redirect(to: ListPager.address("/todo", choice)) }
            return .redirect(
                to: ListPager(choice, total: try tabTasks.count()).address("/todo", keeping: undo?.argument))
        } catch StoreError.Code.conflict {
            var state = FormState()
            state.notice = Notice(message: FormOutcome.conflictMessage("task"))
            return try page(viewer, state, choice, status: FormOutcome.conflictStatus)
        }
    }
}
