import Foundation
import ListsHTTP
import ListsModel

/// The HTML pages: the three tutorials' screens, server-rendered, every action a plain form.
///
/// Pages work without JavaScript: a form posts, the server answers 303 to the screen to show next, and a
/// refused form comes back with 422 (or 409 when the record changed meanwhile) showing what was typed and why.
/// app.js makes the same round trips with `fetch` and swaps the page's `<main>` (see ``Assets``).
struct PageController: Sendable {
    /// Adds the home screen and the three apps' pages: a household's pages each.
    func addRoutes(to router: inout Router) {
        router.add("GET", "/", .page) { _, context in
            try Self.homePage(context.lists, household: context.household?.household)
        }
        ShoppingPages.addRoutes(to: &router)
        TodoPages.addRoutes(to: &router)
        TodoListPages.addRoutes(to: &router)
        BirdPages.addRoutes(to: &router)
        BirdListPages.addRoutes(to: &router)
        NamedListPages.addRoutes(to: &router)
        CategoryPages.addRoutes(to: &router)
    }

    /// The record id in a page's path. A page address with something else there names nothing: 404, as for an
    /// id no record has (the API answers 400, as its clients build the address).
    /// - Throws: ``HTTPError`` 404.
    static func id(_ path: RouteParameters, _ name: String = "id") throws -> UUID {
        guard let text = path[name], let id = UUID(text: text) else {
            throw HTTPError(
                status: 404, code: "not_found", message: "there is no such page; the address is not a record's")
        }
        return id
    }

    /// The first screen: the three apps as a grouped list of links, each with a line on what it holds. The lines
    /// are the store's counts, but for the tasks due by the end of the household's day (overdue included), for which
    /// the open tasks are read.
    static func homePage(_ lists: ListsServices, household: Household? = nil) throws
        -> HTTPResponse
    {
        let items = try lists.shopping.catalogCount()
        let tasks = try lists.todo.counts()
        // What is due by the end of the household's day, counted by the store.
        let zone = try lists.todo.tasks.store.householdTimeZone()
        let dueToday = try lists.todo.dueCount(through: Day(lists.todo.tasks.now(), in: zone))
        let sightings = try lists.birds.count()
        let named = try lists.shoppingLists.lists.counts([nil])[0]
        let apps = [
            (
                "/shopping", "Shopping", "icon-shopping",
                count(items, "item")
            ),
            (
                "/todo", "To-Do", "icon-todo",
                "\(count(tasks.all, "task")), \(Layout.number(tasks.open)) to do"
                    + (dueToday > 0 ? ", \(Layout.number(dueToday)) due today" : "")
            ),
            ("/birds", "Bird Sightings", "icon-birds", count(sightings, "sighting")),
            ("/lists", "Store Lists", "icon-shopping", count(named, "list")),
        ]
        // The store lists themselves, the first few in their order, each with what is left to buy on it.
        let shown = try lists.shoppingLists.summaries(first: homeLists)
        var listRows = shown.map { summary in
            """
            <li class="row"><a class="row-link" href="/lists/\(summary.list.id.uuidString)"><span class="row-text">\
            <span class="row-title">\(HTML.escape(summary.list.name))</span>\
            <span class="row-subtitle">\(Layout.number(summary.toBuy)) to buy, \(Layout.number(summary.entries)) in all\
            </span></span><span class="chevron" aria-hidden="true">›</span></a></li>
            """
        }
        if named > shown.count {
            listRows.append(
                "<li class=\"row\"><a class=\"row-link\" href=\"/lists\"><span class=\"row-text\">"
                    + "<span class=\"row-title\">All \(Layout.number(named)) lists</span></span>"
                    + "<span class=\"chevron\" aria-hidden=\"true\">›</span></a></li>")
        }
        // With several to-do lists, each with what is left to do on it (one read of the tasks for them all).
        let todoLists = try lists.todoLists.lists.counts([nil])[0] > 1 ? try lists.todoLists.summaries() : []
        let todoRows = todoLists.map { summary in
            """
            <li class="row"><a class="row-link" href="/todo/lists/\(summary.list.id.uuidString)"><span class="row-text">\
            <span class="row-title">\(HTML.escape(summary.list.name))</span>\
            <span class="row-subtitle">\(Layout.number(summary.open)) to do, \(Layout.number(summary.tasks)) in all\
            </span></span><span class="chevron" aria-hidden="true">›</span></a></li>
            """
        }
        let rows = apps.map { path, title, icon, detail in
            """
            <li class="row"><a class="row-link app-link" href="\(path)">\
            <span class="app-icon \(icon)" aria-hidden="true"></span>\
            <span class="row-text"><span class="row-title">\(title)</span>\
            <span class="row-subtitle">\(detail)</span></span>\
            <span class="chevron" aria-hidden="true">›</span></a></li>
            """
        }
        let settings = """
            <li class="row"><a class="row-link" href="/settings"><span class="row-text">\
            <span class="row-title">Import &amp; Export</span></span><span class="chevron" aria-hidden="true">›</span></a></li>
            """
        // The household's name is the bar's left button, its menu: the Household screen switches households. A long
        // name is cut short with an ellipsis, keeping the ▾, rather than wrapping the bar onto several lines.
        let left = household.map {
            let name = HTML.escape($0.name)
            return "<a class=\"bar-button household-button\" href=\"/households\" "
                + "aria-label=\"\(name) ▾ household: switch, members, invite\">"
                + "<span class=\"household-name\">\(name)</span>&#160;▾</a>"
        }
        return Layout.page(
            title: "Lists",
            main: Layout.screen(
                title: "Lists", left: left ?? "", right: Layout.barLink("Account", href: "/account"),
                content: Layout.group(rows, empty: "", label: "Apps")
                    + (todoRows.isEmpty
                        ? ""
                        : "<h2 class=\"group-header\" id=\"home-todo-lists\">To-do lists</h2>\n"
                            + Layout.group(todoRows, empty: "", label: "To-do lists"))
                    + (listRows.isEmpty
                        ? ""
                        : "<h2 class=\"group-header\" id=\"home-lists\">Store lists</h2>\n"
                            + Layout.group(listRows, empty: "", label: "Store lists"))
                    + Layout.group([settings], empty: "", label: "Data")))
    }

    /// How many store lists the first screen shows (then a row leading to all of them).
    static let homeLists = 8

    private static func count(_ number: Int, _ noun: String) -> String {
        "\(Layout.number(number)) \(noun)\(number == 1 ? "" : "s")"
    }

    /// A page for a request that was refused: the status's name as the title, the message, a link home.
    static func errorPage(_ error: HTTPError) -> HTTPResponse {
        let title = HTTPResponse.reason(error.status)
        let content = """
            <div class="error-page">
            <p class="error-status">\(error.status)</p>
            <p class="error-message">\(HTML.escape(Layout.sentence(error.message)))</p>
            <p><a class="button-link" href="/">Go to all lists</a></p>
            </div>
            """
        var response = Layout.page(
            title: title, main: Layout.screen(title: title, left: Layout.homeLink, content: content),
            status: error.status)
        if !error.allowedMethods.isEmpty { response.headers["Allow"] = error.allowedMethods.joined(separator: ", ") }
        if error.status == 503 { response.headers["Retry-After"] = "1" }
        return response
    }
}
