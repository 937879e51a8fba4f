import Foundation
import ListsHTTP
import ListsModel

/// The screen of the household's categories, the aisles its store lists are walked by (``Categories``), working
/// without JavaScript as every screen does.
///
/// - `GET /categories`: the categories in their order, each with a field to rename it and its ✕, and a field to
///   add one. A delete answers with an Undo (`POST /categories/restore`): the items in the category read as having
///   none until then. An item's category is chosen in its sheet on the Items tab (its "Aisle").
struct CategoryPages: Sendable {
    let categories: Categories

    init(_ context: RequestContext) throws {
        categories = try context.lists.categories
    }

    static func addRoutes(to router: inout Router) {
        router.add("GET", "/categories", .page) { request, context in
            let undo = request.query["undo"].flatMap(UUID.init(text:)).map(RemovalID.init)
            return try Self(context).screen(FormState(), undo: undo)
        }
        router.add("POST", "/categories", .page) { request, context in
            let pages = try Self(context)
            let form = try FormBody(request)
            var state = FormState(form, fields: ["name"])
            do {
                try pages.categories.add(name: form["name"] ?? "", id: try form.chosenID())
                return .redirect(to: "/categories")
            } catch let error as ValidationError {
                state.record(error)
            } catch let error as StoreError where error.code == .nameTaken {
                state.record(FormOutcome.nameTaken("aisle"))
            }
            return try pages.screen(state, status: FormOutcome.invalidStatus)
        }
        router.add("POST", "/categories/restore", .page) { request, context in
            let pages = try Self(context)
            let form = try FormBody(request)
            do {
                try pages.categories.restore(try form.removal())
            } catch let error as StoreError where error.code == .nameTaken {
                var state = FormState()
                state.notice = Notice(
                    message: "Another aisle has its name now; rename that one first.", kind: .alert)
                return try pages.screen(state, status: 409)
            }
            return .redirect(to: "/categories")
        }
        router.add("POST", "/categories/{id}/rename", .page) { request, context in
            let pages = try Self(context)
            let form = try FormBody(request)
            let id = try PageController.id(context.parameters)
            var state = FormState()
            do {
                try pages.categories.rename(.id(id), to: form["name"] ?? "", expectedVersion: form.version())
                return .redirect(to: "/categories")
            } catch let error as ValidationError {
                state.notice = Notice(message: Layout.sentence("name: " + error.message), kind: .alert)
            } catch let error as StoreError where error.code == .nameTaken {
                state.notice = Notice(message: "Another aisle has that name; choose another.", kind: .alert)
            }
            return try pages.screen(state, status: FormOutcome.invalidStatus)
        }
        router.add("POST", "/categories/{id}/delete", .page) { request, context in
            let pages = try Self(context)
            let form = try FormBody(request)
            let removal = RemovalID()
            try pages.categories.delete(
                .id(try PageController.id(context.parameters)), expectedVersion: form.version(), removal: removal)
            return .redirect(to: "/categories?undo=\(removal.rawValue.uuidString)")
        }
    }

    /// `/categories`: the add form, every category with its rename field and ✕, and an Undo after a delete.
    func screen(_ state: FormState, undo: RemovalID? = nil, status: Int = 200) throws -> HTTPResponse {
        let all = try categories.all()
        let rows = all.map { category in
            let id = category.id.uuidString
            let name = HTML.escape(category.name)
            return """
                <li class="row category-row">\
                <form class="row-form category-rename" method="post" action="/categories/\(id)/rename" \
                data-announce="Renamed to {name}." autocomplete="off">\
                \(Layout.versionField(category.meta.version))\
                <label class="visually-hidden" for="category-\(id)">Name of \(name)</label>\
                <input id="category-\(id)" name="name" value="\(name)" maxlength="200">\
                <button class="bar-button" type="submit" aria-label="Rename \(name)">Save</button></form>\
                <form class="entry-remove" method="post" action="/categories/\(id)/delete" \
                data-announce="Deleted \(name).">\(Layout.versionField(category.meta.version))\
                <button class="remove-button" type="submit" aria-label="Delete \(name)">✕</button></form></li>
                """
        }
        var undoBar = ""
        if let undo {
            undoBar = Layout.undoBar(
                message: "Deleted an aisle.", action: "/categories/restore",
                fields: "<input type=\"hidden\" name=\"removal\" value=\"\(undo.rawValue.uuidString)\">",
                announce: "Put the aisle back.")
        }
        let add = """
            <form class="insert-form" method="post" action="/categories" data-announce="Added {name}." \
            autocomplete="off">\
            \(Layout.chosenIDField(state))
            <div class="insert-row">
            \(state.field("name", label: "New aisle", placeholder: "Name a new aisle", isLabelHidden: true))
            <button class="insert-button" type="submit">Add</button>
            </div>
            </form>
            """
        let content =
            add
            + Layout.group(
                rows, empty: "No aisles. Name one above: Produce, Bakery…", label: "Aisles",
                footer: "Each item's aisle is chosen in its sheet on the Items tab. A store list shows its items "
                    + "by aisle, in the order you walk the store.")
        return Layout.page(
            title: "Aisles",
            main: Layout.screen(
                title: "Aisles",
                left: Layout.barLink("‹ Lists", href: "/lists", label: "Store lists", className: "back"),
                content: content, notice: state.notice, undo: undoBar),
            status: status)
    }
}
