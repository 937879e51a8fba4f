import Foundation
import ListsHTTP
import ListsModel

/// The screens of a household's named shopping lists (``ShoppingLists``), drawn as the Shopping List app's screens
/// are and working without JavaScript (with it, app.js sends their forms and swaps the answer in, as everywhere).
///
/// - `GET /lists`: the lists in their order, each with how much is still to buy, a field to make one, and each
///   list's ↑ and ↓ (a move of one place) and delete (which asks first: `GET /lists/{id}/delete`, then `POST`; the
///   answer offers an Undo that puts the list back with its entries, `POST /lists/restore`).
/// - `GET /lists/{id}`: one list, with a switcher to the others; its entries in order, each a button that checks it
///   off (or back on) at the time of the tap, with its quantity, its item, its note and the item's price; the total;
///   and the add form (item, quantity, note). The item field offers the catalog's names as one types (a
///   `<datalist>`, which the browser filters: the 200 most often and most lately bought); a name the catalog does
///   not have is added to it, at a price of 0.
///   Each entry's ✕ takes it off the list, with an Undo.
///   The entries are in sections, one per category (aisle), in the order the shopper walks the list's store: learned
///   from the order of the list's check-offs, or set by hand with a section's ↑ and ↓ (`POST /lists/{id}/aisles`,
///   a move among the sections shown), until "Learn from my trips" (`POST /lists/{id}/aisles/learn`).
/// - `POST /lists/{id}/rename` renames a list.
///
/// - `GET /lists/{id}/entries/{entry}/edit`: an entry's sheet, its quantity and note (`POST` saves them).
///
/// A list's screen works with no network as the three apps' do (`OfflineViews.entries`, `app/22-offline-forms.js`):
/// check-offs, the sheet, ✕, and puts of the items its add field offers become changes that wait on the phone.
/// Another phone's change shows at once, as on every screen: a change of a list's entries marks the list changed in
/// the same write (``ListsModel/ShoppingLists``), which moves the revision open pages follow, and its event carries
/// the changed entries with the sections they are drawn in (``StoreListsSnapshot``), which app.js draws in place
/// when the screen shows those sections, and otherwise loads the screen.
struct NamedListPages: Sendable {
    /// The household's lists.
    let lists: ShoppingLists
    /// The household's catalog.
    let shopping: ShoppingList

    /// The household's suggestion index, kept while its catalog does not change.
    let suggestions: @Sendable () throws -> SuggestionIndex

    init(_ context: RequestContext) throws {
        let services = try context.lists
        lists = services.shoppingLists
        shopping = services.shopping
        suggestions = { try context.suggestionIndex(fresh: false) }
    }

    /// How many of the catalog's names the add field offers: the most often and most lately bought.
    static let offeredNames = 200

    /// How many purchases "Recently bought" shows on a page.
    static let recentPageSize = 100

    /// The cookie that keeps the list last opened on the device: the one the Shopping List tab shows and the Items
    /// tab's checkmarks are for (``ListsModel/ShoppingLists/tabList(preferring:)``).
    static let tabCookie = "shopping-list"

    /// The list id `request`'s ``tabCookie`` holds.
    static func tabPreference(_ request: HTTPRequest) -> UUID? {
        Viewer.cookie(tabCookie, in: request.headers["Cookie"]).flatMap(UUID.init(text:))
    }

    static func addRoutes(to router: inout Router) {
        router.add("GET", "/lists", .page) { request, context in
            let undo = request.query["undo"].flatMap(UUID.init(text:)).map(RemovalID.init)
            return try Self(context).index(FormState(), undo: undo)
        }
        router.add("POST", "/lists", .page) { request, context in
            let pages = try Self(context)
            let form = try FormBody(request)
            var state = FormState(form, fields: ["name"])
            do {
                let list = try pages.lists.make(name: form["name"] ?? "", id: try form.chosenID())
                return .redirect(to: "/lists/\(list.id.uuidString)")
            } catch let error as ValidationError {
                state.record(error)
            } catch let error as StoreError where error.code == .nameTaken {
                state.record(FormOutcome.nameTaken("list"))
            }
            return try pages.index(state, status: FormOutcome.invalidStatus)
        }
        router.add("POST", "/lists/restore", .page) { request, context in
            let pages = try Self(context)
            let form = try FormBody(request)
            try pages.lists.restore(try form.removal())
            return .redirect(to: "/lists")
        }
        router.add("GET", "/lists/{id}", .page) { request, context in
            let pages = try Self(context)
            let list = try pages.list(context)
            let undo = request.query["undo"].flatMap(UUID.init(text:))
            var response = try pages.screen(list, FormState(), undo: undo, renaming: request.query["rename"] == "1")
            if Self.tabPreference(request) != list.id {
                response.headers.add(
                    "Set-Cookie",
                    "\(Self.tabCookie)=\(list.id.uuidString); Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly")
            }
            return response
        }
        router.add("GET", "/lists/{id}/recent", .page) { request, context in
            let pages = try Self(context)
            // Past the last page is the empty page after it; a number that large is no page at all.
            let page = min(max(1, request.query["page"].flatMap { Int($0) } ?? 1), 1_000_000)
            return try pages.recent(pages.list(context), Viewer(request), page: page)
        }
        router.add("POST", "/lists/{id}/rename", .page) { request, context in
            let pages = try Self(context)
            let list = try pages.list(context)
            let form = try FormBody(request)
            var state = FormState(form, fields: ["name"])
            do {
                try pages.lists.rename(.id(list.id), to: form["name"] ?? "", expectedVersion: try form.version())
                return .redirect(to: "/lists/\(list.id.uuidString)")
            } catch let error as ValidationError {
                state.record(error)
            } catch let error as StoreError where error.code == .nameTaken {
                state.record(FormOutcome.nameTaken("list"))
            } catch StoreError.Code.conflict {
                state.notice = Notice(message: FormOutcome.conflictMessage("list"))
                return try pages.screen(
                    try pages.list(context), state, renaming: true, status: FormOutcome.conflictStatus)
            }
            return try pages.screen(list, state, renaming: true, status: FormOutcome.invalidStatus)
        }
        router.add("POST", "/lists/{id}/move", .page) { request, context in
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
            return .redirect(to: "/lists")
        }
        router.add("GET", "/lists/{id}/delete", .page) { _, context in
            let pages = try Self(context)
            return try pages.deleteSheet(try pages.list(context))
        }
        router.add("POST", "/lists/{id}/delete", .page) { request, context in
            let pages = try Self(context)
            let list = try pages.list(context)
            let form = try FormBody(request)
            let removal = try pages.lists.delete(.id(list.id), expectedVersion: form.version()).removal
            return .redirect(to: "/lists?undo=\(removal.rawValue.uuidString)")
        }
        router.add("POST", "/lists/{id}/aisles", .page) { request, context in
            let pages = try Self(context)
            let list = try pages.list(context)
            let form = try FormBody(request)
            let shown = (form["shown"] ?? "").split(separator: " ").compactMap { UUID(text: String($0)) }
            guard let category = form["category"].flatMap(UUID.init(text:)),
                let offset = form["offset"].flatMap({ Int($0) })
            else { throw HTTPError.badRequest("a section's move names its category and its offset") }
            do {
                try pages.lists.moveAisle(.id(category), by: offset, on: list, among: shown.isEmpty ? nil : shown)
            } catch let error as ValidationError {
                var state = FormState()
                state.notice = Notice(message: Layout.sentence(error.message), kind: .alert)
                return try pages.screen(list, state, status: FormOutcome.invalidStatus)
            }
            return .redirect(to: "/lists/\(list.id.uuidString)")
        }
        router.add("POST", "/lists/{id}/aisles/learn", .page) { _, context in
            let pages = try Self(context)
            let list = try pages.list(context)
            try pages.lists.learnAisles(of: list)
            return .redirect(to: "/lists/\(list.id.uuidString)")
        }
        router.add("POST", "/lists/{id}/entries", .page) { request, context in
            let pages = try Self(context)
            return try pages.put(try pages.list(context), FormBody(request))
        }
        router.add("POST", "/lists/{id}/entries/{entry}/toggle", .page) { request, context in
            let pages = try Self(context)
            let list = try pages.list(context)
            let entry = try pages.entry(context, on: list)
            let form = try FormBody(request)
            do {
                if entry.record.isChecked {
                    try pages.lists.uncheck([.id(entry.record.id)], on: list, expectedVersion: form.version())
                } else {
                    try pages.lists.check([.id(entry.record.id)], on: list, expectedVersion: form.version())
                }
            } catch StoreError.Code.conflict {
                var state = FormState()
                state.notice = Notice(message: FormOutcome.conflictMessage("entry"))
                return try pages.screen(list, state, status: FormOutcome.conflictStatus)
            }
            return .redirect(to: "/lists/\(list.id.uuidString)")
        }
        router.add("GET", "/lists/{id}/entries/{entry}/edit", .page) { request, context in
            let pages = try Self(context)
            let list = try pages.list(context)
            let entry = try pages.entry(context, on: list).record
            let viewer = Viewer(request)
            return try pages.entrySheet(list, entry, Self.entryForm.state(entry, viewer), viewer)
        }
        router.add("POST", "/lists/{id}/entries/{entry}/edit", .page) { request, context in
            let pages = try Self(context)
            let list = try pages.list(context)
            return try pages.edit(
                try pages.entry(context, on: list).record, on: list, FormBody(request), Viewer(request))
        }
        router.add("POST", "/lists/{id}/entries/{entry}/delete", .page) { request, context in
            let pages = try Self(context)
            let list = try pages.list(context)
            let entry = try pages.entry(context, on: list)
            let form = try FormBody(request)
            try pages.lists.remove([.id(entry.record.id)], from: list, expectedVersion: form.version())
            return .redirect(to: "/lists/\(list.id.uuidString)?undo=\(entry.record.id.uuidString)")
        }
        router.add("POST", "/lists/{id}/entries/{entry}/restore", .page) { _, context in
            let pages = try Self(context)
            let list = try pages.list(context)
            try pages.lists.restoreEntry(PageController.id(context.parameters, "entry"), on: list)
            return .redirect(to: "/lists/\(list.id.uuidString)")
        }
    }

    /// The list the address names.
    func list(_ context: RequestContext) throws -> NamedList {
        try lists.list(.id(PageController.id(context.parameters)))
    }

    /// The entry the address names on `list`.
    func entry(_ context: RequestContext, on list: NamedList) throws -> Numbered<ListEntry> {
        do {
            return try lists.entry(.id(PageController.id(context.parameters, "entry")), on: list)
        } catch is ValidationError {
            throw StoreError.notFound(ListEntry.kind)
        }
    }

    // MARK: The lists

    /// `/lists`: every list with its counts, the make form, and an Undo after a delete.
    func index(_ state: FormState, undo: RemovalID? = nil, status: Int = 200) throws -> HTTPResponse {
        let summaries = try lists.summaries()
        let rows = summaries.enumerated().map { index, summary in
            Self.listRow(summary, isFirst: index == 0, isLast: index == summaries.count - 1)
        }
        var undoBar = ""
        if let undo {
            undoBar = Layout.undoBar(
                message: "Deleted a list.", action: "/lists/restore",
                fields: "<input type=\"hidden\" name=\"removal\" value=\"\(undo.rawValue.uuidString)\">",
                announce: "Put the list back.")
        }
        let make = """
            <form class="insert-form" method="post" action="/lists" data-announce="Made {name}." autocomplete="off">\
            \(Layout.chosenIDField(state))
            <div class="insert-row">
            \(state.field("name", label: "New list", placeholder: "Name a new list", isLabelHidden: true))
            <button class="insert-button" type="submit">Make</button>
            </div>
            </form>
            """
        let content =
            make + "<a class=\"action-row\" href=\"/categories\">Aisles</a>\n"
            + Layout.group(
                rows, empty: "No shopping lists yet. Name one above: Groceries, Hardware store…",
                label: "Store lists")
        return Layout.page(
            title: "Store Lists",
            main: Layout.screen(
                title: "Store Lists", left: Layout.homeLink, content: content, notice: state.notice,
                undo: undoBar),
            status: status)
    }

    /// A list's row: its name and counts, linking to it, then ↑, ↓ and its delete.
    static func listRow(_ summary: ShoppingLists.Summary, isFirst: Bool, isLast: Bool) -> String {
        let detail = "\(Layout.number(summary.toBuy)) to buy, \(Layout.number(summary.entries)) in all"
        return Layout.rankedRow(
            base: "/lists/\(summary.list.id.uuidString)", name: summary.list.name, detail: detail, isFirst: isFirst,
            isLast: isLast)
    }

    /// The action sheet that asks before a list is deleted with its entries.
    func deleteSheet(_ list: NamedList) throws -> HTTPResponse {
        let count = try lists.entries(of: list).counts([nil])[0]
        let name = list.name
        let confirm = """
            <form method="post" action="/lists/\(list.id.uuidString)/delete" data-announce="Deleted \(HTML.escape(name)).">\
            \(Layout.versionField(list.meta.version))\
            \(Layout.destructiveButton("Delete List", label: "Delete List \(name)"))</form>
            """
        let background = Layout.screen(title: "Store Lists", left: Layout.homeLink, content: "")
        return Layout.page(
            title: "Delete \(name)?",
            main: Layout.actionSheet(
                over: background, title: "Delete \(name)?",
                message: "\(count == 1 ? "Its 1 entry goes" : "Its \(Layout.number(count)) entries go") with it. "
                    + "The items stay in the catalog.",
                confirm: confirm, cancel: "/lists"))
    }

    // MARK: One list

    /// `/lists/{id}`: the switcher, the add form, the entries and the total; `renaming` shows the rename form open.
    func screen(
        _ list: NamedList, _ state: FormState, undo: UUID? = nil, renaming: Bool = false, status: Int = 200
    ) throws -> HTTPResponse {
        let (list, main) = try screenMain(list, state, undo: undo, renaming: renaming)
        return Layout.page(title: list.name, main: main, status: status)
    }

    /// ``screen(_:_:undo:renaming:status:)``'s `<main>` content, and the list as it is now.
    func screenMain(_ list: NamedList, _ state: FormState, undo: UUID? = nil, renaming: Bool = false) throws
        -> (NamedList, String)
    {
        let all = try lists.all()
        let list = all.first { $0.id == list.id } ?? list
        let rows = try lists.rows(of: list)
        // The best-ranked names only: a catalog of thousands would make the screen's first load heavy on a phone.
        let catalog = try suggestions().ranked().prefix(Self.offeredNames)
        let switcher =
            all.count < 2
            ? ""
            : "<nav class=\"list-switcher\" aria-label=\"Store lists\">"
                + all.map { other in
                    other.id == list.id
                        ? "<a class=\"switch current\" href=\"/lists/\(other.id.uuidString)\" aria-current=\"page\">"
                            + "\(HTML.escape(other.name))</a>"
                        : "<a class=\"switch\" href=\"/lists/\(other.id.uuidString)\">\(HTML.escape(other.name))</a>"
                }.joined() + "</nav>\n"
        // Best first: most often and most lately bought, with the quantity last bought (the browser filters them
        // as one types, in this order).
        // Each with its item's id, price and category: with no network, app.js puts these items on the list.
        let options = catalog.map { suggestion in
            let item = suggestion.item
            return "<option value=\"\(HTML.escape(item.name))\""
                + (suggestion.lastQuantity.map { " label=\"\(HTML.escape($0))\"" } ?? "")
                + " data-id=\"\(item.id.uuidString)\" data-price=\"\(item.price.description)\""
                + (item.category.map { " data-category=\"\(HTML.escape($0))\"" } ?? "") + "></option>"
        }.joined()
        let add = """
            <form class="insert-form" method="post" action="/lists/\(list.id.uuidString)/entries"\
            \(Self.putForm.rulesAttribute(decimalComma: false)) \
            data-announce="Put {item} on \(HTML.escape(list.name))." autocomplete="off">\
            \(Layout.chosenIDField(state))
            <div class="insert-row">
            \(state.field(
                "item", label: "Item", placeholder: "Add an item", isLabelHidden: true,
                attributes: "list=\"catalog-names\" enterkeyhint=\"done\" data-suggest"))
            <button class="insert-button" type="submit">Add</button>
            </div>
            <div class="insert-row entry-details">
            \(state.field("quantity", label: "Quantity", placeholder: "Quantity: 2, 500 g", isLabelHidden: true))
            \(state.field("note", label: "Note", placeholder: "Note", isLabelHidden: true))
            </div>
            <datalist id="catalog-names">\(options)</datalist>
            </form>
            """
        let rename =
            renaming || state.errors["name"] != nil
            ? """
            <form class="insert-form" method="post" action="/lists/\(list.id.uuidString)/rename">\
            \(Layout.versionField(list.meta.version))
            <div class="insert-row">
            \(state.field("name", label: "List name", placeholder: "The list's new name", isLabelHidden: true))
            <button class="insert-button" type="submit">Rename</button>
            </div>
            </form>
            """ : ""
        let total = ShoppingLists.total(rows)
        let footer = rows.isEmpty ? nil : "Total: \(ShoppingViews.price(total))"
        var undoBar = ""
        if let undo {
            undoBar = Layout.undoBar(
                message: "Took an entry off.",
                action: "/lists/\(list.id.uuidString)/entries/\(undo.uuidString)/restore",
                announce: "Put it back.")
        }
        let recent =
            "<a class=\"action-row\" href=\"/lists/\(list.id.uuidString)/recent\">Recently bought</a>\n"
        let content =
            switcher + rename + add + recent
            + (rows.isEmpty ? Self.group([], list) : try sections(of: list, rows, footer: footer))
        let main = Layout.screen(
            title: list.name,
            left: Layout.barLink("‹ Lists", href: "/lists", label: "Store lists", className: "back"),
            right: "<a class=\"bar-button\" href=\"/lists/\(list.id.uuidString)?rename=1\">Rename</a>",
            content: content, tabs: Layout.shoppingTabs(current: .shoppingList), notice: state.notice, undo: undoBar)
        let templates = OfflineViews.entries(
            list, group: { Self.group($0, list, footer: $0.isEmpty ? nil : "Total: $0.00") },
            row: { Self.entryRow($0, list) },
            sheet: { Self.entryForm(list, $0, name: "{{name}}", FormState()) })
        return (list, main + templates)
    }

    /// `rows` in their sections, in `list`'s aisle order: each section's name with its ↑ and ↓ (a move among the
    /// sections shown, which sets the order by hand), then its entries; a list whose entries are all in one
    /// section or none shows them without headers. Under them, the total and how the order was set.
    func sections(of list: NamedList, _ rows: [ShoppingLists.Row], footer: String?) throws -> String {
        let (order, byHand) = try lists.aisles(of: list)
        let sections = ShoppingLists.sections(rows, order: order)
        guard sections.count > 1 || sections.first?.category != nil else {
            return Self.group(rows.map { Self.entryRow($0, list) }, list, footer: footer)
        }
        let shown = sections.compactMap { $0.category?.id.uuidString }
        let movable = shown.count > 1
        var html = ""
        for (index, section) in sections.enumerated() {
            let name = section.category?.name ?? "Other"
            let headerID = "aisle-\(index + 1)"
            var moves = ""
            if let category = section.category, movable {
                let place = shown.firstIndex(of: category.id.uuidString) ?? 0
                func move(_ offset: Int, _ glyph: String, _ words: String, disabled: Bool) -> String {
                    """
                    <form class="list-move" method="post" action="/lists/\(list.id.uuidString)/aisles">\
                    <input type="hidden" name="category" value="\(category.id.uuidString)">\
                    <input type="hidden" name="offset" value="\(offset)">\
                    <input type="hidden" name="shown" value="\(shown.joined(separator: " "))">\
                    <button class="move-button" type="submit" aria-label="Move \(HTML.escape(name)) \(words)"\
                    \(disabled ? " disabled" : "")>\(glyph)</button></form>
                    """
                }
                moves =
                    move(-1, "↑", "up", disabled: place == 0) + move(1, "↓", "down", disabled: place == shown.count - 1)
            }
            html += """
                <div class="aisle-header"><h2 class="group-header" id="\(headerID)">\(HTML.escape(name))</h2>\
                \(moves)</div>
                <ul class="group" aria-labelledby="\(headerID)" \
                data-category="\(section.category?.id.uuidString ?? "")">
                \(section.rows.map { Self.entryRow($0, list) }.joined(separator: "\n"))
                </ul>

                """
        }
        if let footer { html += Layout.groupFooter(footer, isTotal: true) + "\n" }
        html +=
            byHand
            ? """
            <form class="aisle-order" method="post" action="/lists/\(list.id.uuidString)/aisles/learn">\
            <span>Aisles in the order you set.</span> \
            <button class="link-button" type="submit">Learn from my trips</button></form>
            """
            : "<p class=\"aisle-order\">Aisles in the order you walk them, learned from your trips.</p>"
        return html
    }

    /// `/lists/{id}/recent`: everything bought, newest first, a page at a time, each with a button that puts it on
    /// `list` again in the quantity it was bought in.
    func recent(_ list: NamedList, _ viewer: Viewer, page: Int) throws -> HTTPResponse {
        let size = Self.recentPageSize
        let (purchases, total) = try lists.purchases(offset: (page - 1) * size, limit: size)
        var items: [String: ShoppingItem] = [:]
        for item in try shopping.catalog() { items[item.record.id.uuidString] = item.record }
        let rules = Self.putForm.rulesAttribute(decimalComma: false)
        let rows = purchases.compactMap { purchase -> String? in
            guard let item = items[purchase.item] else { return nil }
            let name = item.name
            let quantity = purchase.quantity.map { "<span class=\"quantity\">\(HTML.escape($0))</span> " } ?? ""
            // The item's name, price and aisle with its id: with no network, app.js puts it on the list from these.
            return """
                <li class="row"><form class="row-form" method="post" action="/lists/\(list.id.uuidString)/entries"\
                \(rules) data-announce="Put \(HTML.escape(name)) on \(HTML.escape(list.name)).">\
                <input type="hidden" name="item-id" value="\(HTML.escape(purchase.item))" \
                data-name="\(HTML.escape(name))" data-price="\(item.price.description)"\
                \(item.category.map { " data-category=\"\(HTML.escape($0))\"" } ?? "")>\
                <input type="hidden" name="quantity" value="\(HTML.escape(purchase.quantity ?? ""))">\
                <button class="row-button" type="submit" aria-label="Put \(HTML.escape(name)) on \(HTML.escape(list.name))">\
                <span class="row-text"><span class="row-title">\(quantity)\(HTML.escape(name))</span>\
                <span class="row-subtitle">\(HTML.escape(viewer.mediumDate(purchase.boughtAt)))</span></span>\
                <span class="row-detail">Add</span></button></form></li>
                """
        }
        var more = ""
        if page * size < total {
            more =
                "<a class=\"action-row\" href=\"/lists/\(list.id.uuidString)/recent?page=\(page + 1)\" "
                + "rel=\"next\">Older</a>\n"
        }
        let content =
            Layout.group(rows, empty: "Nothing bought yet: check entries off on a list.", label: "Recently bought")
            + more
        return Layout.page(
            title: "Recently bought",
            main: Layout.screen(
                title: "Recently bought",
                left: Layout.barLink(
                    "‹ \(list.name)", href: "/lists/\(list.id.uuidString)", label: list.name, className: "back"),
                content: content))
    }

    /// The list of `rows` (markup) when it is not in sections, or what it says with none; `footer` under it (the
    /// total).
    static func group(_ rows: [String], _ list: NamedList, footer: String? = nil) -> String {
        Layout.group(
            rows, empty: "Nothing on \(list.name) yet. Add an item above.", label: list.name, footer: footer,
            footerIsTotal: true)
    }

    /// An entry's row: a button that checks it off or back on, the ⓘ of its sheet (quantity and note), then its ✕.
    /// Its quantity and note are always drawn (empty when none), so that app.js draws a row from the same template
    /// whatever it has.
    static func entryRow(_ row: ShoppingLists.Row, _ list: NamedList) -> String {
        let entry = row.entry.record
        let name = row.item?.name ?? "(deleted item)"
        let base = "/lists/\(list.id.uuidString)/entries/\(entry.id.uuidString)"
        let quantity = "<span class=\"quantity\">\(HTML.escape(entry.quantity ?? ""))</span>"
        let note = "<span class=\"row-subtitle\">\(HTML.escape(entry.note ?? ""))</span>"
        let price = row.item.map { ShoppingViews.price($0.price) } ?? ""
        let state = entry.isChecked ? "bought" : "to buy"
        return """
            <li class="row\(entry.isChecked ? " checked" : "")"\(OfflineViews.attributes(row))>
            <form class="row-form" method="post" action="\(base)/toggle" \
            data-announce="\(HTML.escape(name)) \(entry.isChecked ? "to buy again" : "checked off").">\
            \(Layout.versionField(entry.meta.version))\
            <button class="row-button" type="submit" aria-pressed="\(entry.isChecked)" \
            aria-label="\(HTML.escape(name)), \(state)">\
            <span class="check" aria-hidden="true">\(entry.isChecked ? "✓" : "")</span>\
            <span class="row-text"><span class="row-title">\(quantity)\(HTML.escape(name))</span>\(note)</span>\
            <span class="row-detail">\(price)</span></button></form>
            <a class="info-button" href="\(base)/edit" aria-label="Edit \(HTML.escape(name))">\
            <span class="info-glyph" aria-hidden="true">i</span></a>
            <form class="entry-remove" method="post" action="\(base)/delete" data-announce="Took \(HTML.escape(name)) off.">\
            \(Layout.versionField(entry.meta.version))\
            <button class="remove-button" type="submit" aria-label="Take \(HTML.escape(name)) off">✕</button></form>
            </li>
            """
    }

    /// The fields of an entry's sheet: its quantity and its note, named apart from the add form's behind it.
    static let entryForm = RecordForm<ListEntry>(
        .init(ListEntry.Fields.quantity, name: "entry-quantity"), .init(ListEntry.Fields.note, name: "entry-note"))

    /// The add form's own fields, as the schema reads them: the quantity and the note (its item is a name).
    static let putForm = RecordForm<ListEntry>(.init(ListEntry.Fields.quantity), .init(ListEntry.Fields.note))

    /// An entry's sheet: its item's name as the title, Quantity and Note; Cancel / Save, back to `list`.
    static func entryForm(
        _ list: NamedList, _ entry: ListEntry, name: String, _ state: FormState
    ) -> String {
        // A quantity's decimal comma is read whoever types it (``ListsModel/Quantity``): the rules are the same.
        let rules = entryForm.rulesAttribute(decimalComma: false)
        let state = state.focusing("entry-quantity")
        return """
            <form class="sheet-form" method="post" \
            action="/lists/\(list.id.uuidString)/entries/\(entry.id.uuidString)/edit"\(rules) \
            data-announce="Saved \(HTML.escape(name)).">
            \(Layout.navigationBar(
                title: name, left: Layout.cancelLink(href: "/lists/\(list.id.uuidString)"),
                right: Layout.barSubmit("Save"), titleID: "sheet-title"))
            <div class="content">
            \(state.notice?.html ?? "")\(Layout.versionField(entry.meta.version))<div class="fields">
            \(state.field(
                "entry-quantity", label: "Quantity", placeholder: "2, 500 g, 1.5 l",
                hint: "A count, an amount and a unit, or words. Empty means none.", attributes: "autocomplete=\"off\""))
            \(state.field("entry-note", label: "Note", placeholder: "the ripe ones", attributes: "autocomplete=\"off\""))
            </div>
            </div>
            </form>
            """
    }

    /// The sheet of `entry` over `list`'s screen.
    func entrySheet(_ list: NamedList, _ entry: ListEntry, _ state: FormState, _ viewer: Viewer, status: Int = 200)
        throws -> HTTPResponse
    {
        let name = entry.itemID.flatMap { try? lists.catalog.find(.id($0)).record.name } ?? "(deleted item)"
        let (list, background) = try screenMain(list, FormState())
        return Layout.page(
            title: name,
            main: Layout.sheet(over: background, Self.entryForm(list, entry, name: name, state)),
            status: status)
    }

    /// Saves an entry's sheet: the fields changed from what it showed.
    func edit(_ entry: ListEntry, on list: NamedList, _ body: FormBody, _ viewer: Viewer) throws -> HTTPResponse {
        let form = Self.entryForm
        var state = form.state(body)
        do {
            guard let typed = form.edited(&state, entry, viewer, now: lists.lists.now()) else {
                return try entrySheet(list, entry, state, viewer, status: FormOutcome.invalidStatus)
            }
            try lists.change([.id(entry.id)], on: list, expectedVersion: try body.version()) { typed.apply(to: &$0) }
        } catch let error as ValidationError {
            form.record(error, in: &state)
            return try entrySheet(list, entry, state, viewer, status: FormOutcome.invalidStatus)
        } catch StoreError.Code.conflict {
            let fresh = try lists.entry(.id(entry.id), on: list).record
            var redrawn = form.state(fresh, viewer)
            redrawn.notice = Notice(message: FormOutcome.conflictMessage("entry"))
            return try entrySheet(list, fresh, redrawn, viewer, status: FormOutcome.conflictStatus)
        }
        return .redirect(to: "/lists/\(list.id.uuidString)")
    }

    /// Puts the item the form names on `list` (adding it to the catalog when it has none of that name), and
    /// answers the list; a refused field draws the list again with the form as typed.
    func put(_ list: NamedList, _ form: FormBody) throws -> HTTPResponse {
        var state = FormState(form, fields: ["item", "quantity", "note"])
        do {
            let quantity = form["quantity"].flatMap { $0.trimmingWhitespace().isEmpty ? nil : $0 }
            let note = form["note"].flatMap { $0.trimmingWhitespace().isEmpty ? nil : $0 }
            let put: ShoppingLists.Put
            if let chosen = form["item-id"].flatMap(UUID.init(text:)) {
                // A row of "Recently bought": the very item bought, whatever else is called so.
                put = try lists.put(.id(chosen), on: list, quantity: quantity, note: note, id: try form.chosenID())
            } else {
                put = try lists.put(
                    named: form["item"] ?? "", on: list, quantity: quantity, note: note, id: try form.chosenID())
            }
            guard let kept = put.keptApart else { return .redirect(to: "/lists/\(list.id.uuidString)") }
            let name = try put.entry.itemID.map { try lists.catalog.find(.id($0)).record.name } ?? ""
            var done = FormState()
            done.notice = Notice(
                message: "\(name) was on the list with \(kept) already; the units do not add up, so "
                    + "\(put.entry.quantity ?? "the new one") is a second entry.", kind: .status)
            return try screen(list, done)
        } catch let error as ValidationError {
            state.record(
                error.field == "name" ? ValidationError(field: "item", message: error.message) : error)
            return try screen(list, state, status: FormOutcome.invalidStatus)
        }
    }
}
