import Foundation
import ListsHTTP
import ListsModel

/// The household's to-do lists as screens (``ListsModel/TodoLists``): `/todo/lists` ("To-Do Lists": each list with
/// how much is left on it, a field to make one, each list's ↑ ↓, rename and delete), and the To-Do screen's list.
///
/// - The To-Do screen (`/todo`) shows one list, the *tab's list*: the one last opened on the device (the cookie
///   ``tabCookie``), else the household's first. `GET /todo/lists/{id}` opens a list there. A household with no
///   list sees an empty To-Do screen, and its first insert makes "To-Do".
/// - `POST /todo/lists` makes a list and opens it; `…/{id}/rename` renames one (`GET` draws the form);
///   `…/{id}/move` moves one up or down; `GET …/{id}/delete` asks, `POST` deletes it with its tasks and answers with
///   `/todo/lists?undo=<removal>`, whose Undo posts to `/todo/lists/restore`.
struct TodoListPages: Sendable {
    /// The household's to-do lists.
    let lists: TodoLists

    /// The pages of the household a request acts in.
    /// - Throws: what ``RequestContext/lists`` throws outside a household's route.
    init(_ context: RequestContext) throws {
        lists = try context.lists.todoLists
    }

    /// The cookie that keeps the to-do list last opened on the device: the one the To-Do screen shows.
    static let tabCookie = "todo-list"

    /// The To-Do screen's list for `request`: the one its ``tabCookie`` names while the household has it, else the
    /// household's first; `nil` when it has none.
    static func tabList(_ request: HTTPRequest, among all: [TaskList]) -> TaskList? {
        let preferred = Viewer.cookie(tabCookie, in: request.headers["Cookie"]).flatMap(UUID.init(text:))
        return all.first { $0.id == preferred } ?? all.first
    }

    static func addRoutes(to router: inout Router) {
        router.add("GET", "/todo/lists", .page) { request, context in
            let undo = request.query["undo"].flatMap(UUID.init(text:)).map(RemovalID.init)
            return try Self(context).index(FormState(), undo: undo)
        }
        router.add("POST", "/todo/lists", .page) { request, context in
            let pages = try Self(context)
            let form = try FormBody(request)
            var state = FormState(form, fields: ["name"])
            do {
                let list = try pages.lists.make(name: form["name"] ?? "", id: try form.chosenID())
                return .redirect(to: "/todo/lists/\(list.id.uuidString)")
            } catch let error as ValidationError {
                state.record(error)
            } catch let error as StoreError where error.code == .nameTaken {
                state.record(FormOutcome.nameTaken("list"))
            }
            return try pages.index(state, status: FormOutcome.invalidStatus)
        }
        router.add("POST", "/todo/lists/restore", .page) { request, context in
            let pages = try Self(context)
            let form = try FormBody(request)
            do {
                try pages.lists.restore(try form.removal())
            } catch let error as StoreError {
                guard let notice = UndoOffer.refusal(error, noun: "list") else { throw error }
                var state = FormState()
                state.notice = notice
                return try pages.index(state, status: FormOutcome.conflictStatus)
            }
            return .redirect(to: "/todo/lists")
        }
        // A list's To-Do screen at its own address, which the service worker keeps (as it keeps each store list's
        // screen), so that a phone switches between to-do lists with no network; the cookie makes it the list
        // `/todo` shows on this device from then on.
        router.add("GET", "/todo/lists/{id}", .page) { request, context in
            let list = try Self(context).list(context)
            var response = try TodoPages(context, showing: list).page(
                Viewer(request, householdOf: context), FormState(), ListPager.choice(request),
                undo: UndoOffer(request, .deletedTask) ?? UndoOffer(request, .checkedOffTask))
            response.headers.add(
                "Set-Cookie",
                "\(Self.tabCookie)=\(list.id.uuidString); Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly")
            return response
        }
        router.add("GET", "/todo/lists/{id}/rename", .page) { _, context in
            let pages = try Self(context)
            let list = try pages.list(context)
            return try pages.renameSheet(list, FormState(values: ["name": list.name]))
        }
        router.add("POST", "/todo/lists/{id}/rename", .page) { request, context in
            let pages = try Self(context)
            let list = try pages.list(context)
            let form = try FormBody(request)
            var state = FormState(form, fields: ["name"])
            do {
                try pages.lists.rename(.id(list.id), to: form["name"] ?? "", expectedVersion: try form.version())
                return .redirect(to: "/todo/lists")
            } catch let error as ValidationError {
                state.record(error)
            } catch let error as StoreError where error.code == .nameTaken {
                state.record(FormOutcome.nameTaken("list"))
            } catch StoreError.Code.conflict {
                let fresh = try pages.list(context)
                var redrawn = FormState(values: ["name": fresh.name])
                redrawn.notice = Notice(message: FormOutcome.conflictMessage("list"))
                return try pages.renameSheet(fresh, redrawn, status: FormOutcome.conflictStatus)
            }
            return try pages.renameSheet(list, state, status: FormOutcome.invalidStatus)
        }
        router.add("POST", "/todo/lists/{id}/move", .page) { request, context in
            let pages = try Self(context)
            let list = try pages.list(context)
            let form = try FormBody(request)
            do {
                try pages.lists.move(.id(list.id), by: try form.offset())
            } catch let error as ValidationError {
                var state = FormState()
                state.notice = Notice(message: Layout.sentence(error.message))
                return try pages.index(state, status: FormOutcome.invalidStatus)
            }
            return .redirect(to: "/todo/lists")
        }
        router.add("GET", "/todo/lists/{id}/delete", .page) { _, context in
            let pages = try Self(context)
            return try pages.deleteSheet(try pages.list(context))
        }
        router.add("POST", "/todo/lists/{id}/delete", .page) { request, context in
            let pages = try Self(context)
            let list = try pages.list(context)
            let form = try FormBody(request)
            let removal = try pages.lists.delete(.id(list.id), expectedVersion: form.version()).removal
            return .redirect(to: "/todo/lists?undo=\(removal.rawValue.uuidString)")
        }
    }

    /// The list the path names.
    private func list(_ context: RequestContext) throws -> TaskList {
        try lists.list(.id(PageController.id(context.parameters)))
    }

    /// "To-Do Lists": the make form, then each list with how much is left on it; the Undo bar of `undo` after a
    /// delete.
    func index(_ state: FormState, undo: RemovalID? = nil, status: Int = 200) throws -> HTTPResponse {
        let summaries = try lists.summaries()
        let rows = summaries.enumerated().map { index, summary in
            Layout.rankedRow(
                base: "/todo/lists/\(summary.list.id.uuidString)", name: summary.list.name,
                detail: "\(Layout.number(summary.open)) to do, \(Layout.number(summary.tasks)) in all",
                isFirst: index == 0, isLast: index == summaries.count - 1, renames: true)
        }
        var undoBar = ""
        if let undo {
            undoBar = Layout.undoBar(
                message: "Deleted a to-do list.", action: "/todo/lists/restore",
                fields: "<input type=\"hidden\" name=\"removal\" value=\"\(undo.rawValue.uuidString)\">",
                announce: "Put the list back.")
        }
        let make = """
            <form class="insert-form" method="post" action="/todo/lists" data-announce="Made {name}." \
            autocomplete="off">\
            \(Layout.chosenIDField(state))
            <div class="insert-row">
            \(state.field("name", label: "New list", placeholder: "Name a new list", isLabelHidden: true))
            <button class="insert-button" type="submit">Make</button>
            </div>
            </form>
            """
        let content =
            make
            + Layout.group(
                rows, empty: "No to-do lists yet. Name one above: Home, Work…", label: "To-do lists",
                footer: rows.isEmpty ? nil : "Tap a list to show it on the To-Do screen.")
        return Layout.page(
            title: "To-Do Lists",
            main: Layout.screen(
                title: "To-Do Lists", left: Layout.barLink("‹ To-Do", href: "/todo", label: "To-Do", className: "back"),
                content: content,
                notice: state.notice, undo: undoBar),
            status: status)
    }

    /// The sheet that renames `list`, over the lists.
    func renameSheet(_ list: TaskList, _ state: FormState, status: Int = 200) throws -> HTTPResponse {
        let form = """
            <form class="sheet-form" method="post" action="/todo/lists/\(list.id.uuidString)/rename" \
            data-announce="Renamed the list {name}.">
            \(Layout.navigationBar(
                title: "Rename List", left: Layout.cancelLink(href: "/todo/lists"), right: Layout.barSubmit("Save"),
                titleID: "sheet-title"))
            <div class="content">
            \(state.notice?.html ?? "")\(Layout.versionField(list.meta.version))<div class="fields">
            \(state.focusing("name").field("name", label: "Name", isRequired: true, attributes: "autocomplete=\"off\""))
            </div>
            </div>
            </form>
            """
        let background = Layout.screen(title: "To-Do Lists", left: Layout.homeLink, content: "")
        return Layout.page(title: "Rename \(list.name)", main: Layout.sheet(over: background, form), status: status)
    }

    /// The action sheet that asks before a list is deleted with its tasks.
    func deleteSheet(_ list: TaskList) throws -> HTTPResponse {
        let count = try lists.tasks(of: list).count()
        let name = list.name
        let confirm = """
            <form method="post" action="/todo/lists/\(list.id.uuidString)/delete" \
            data-announce="Deleted \(HTML.escape(name)).">\
            \(Layout.versionField(list.meta.version))\
            \(Layout.destructiveButton("Delete List", label: "Delete List \(name)"))</form>
            """
        let background = Layout.screen(title: "To-Do Lists", left: Layout.homeLink, content: "")
        return Layout.page(
            title: "Delete \(name)?",
            main: Layout.actionSheet(
                over: background, title: "Delete \(name)?",
                message: "\(count == 1 ? "Its 1 task goes" : "Its \(Layout.number(count)) tasks go") with it.",
                confirm: confirm, cancel: "/todo/lists"))
    }

    /// The switcher above the To-Do screen: the household's lists, `current` marked, each opening it there, and
    /// "Lists", the screen that makes, renames, moves and deletes them.
    static func switcher(_ all: [TaskList], current: TaskList?) -> String {
        let links = all.map { list in
            list.id == current?.id
                ? "<a class=\"switch current\" href=\"/todo/lists/\(list.id.uuidString)\" aria-current=\"page\">"
                    + "\(HTML.escape(list.name))</a>"
                : "<a class=\"switch\" href=\"/todo/lists/\(list.id.uuidString)\">\(HTML.escape(list.name))</a>"
        }
        return "<nav class=\"list-switcher\" aria-label=\"To-do lists\">\(links.joined())"
            + "<a class=\"switch\" href=\"/todo/lists\">Lists…</a></nav>\n"
    }
}
