import Foundation
import ListsHTTP
import ListsModel

/// The Shopping List app's pages: the Items tab (catalog, add and edit sheets, delete mode) and the Shopping
/// List tab.
///
/// Every action is a form post answered with 303 to the screen it came from:
/// - `POST /shopping/new` adds an item (an empty price means 0, as the tutorial's empty text field did);
/// - `POST /shopping/items/{id}/edit` saves the edit sheet; `POST /lists/{id}/items/{item}/toggle` flips the
///   checkmark (a row tap): it puts the item on the Shopping List tab's list or takes it off
///   (``ListsModel/ShoppingLists/toggle(_:on:id:)``); `POST /shopping/items/{id}/toggle` does so for a household
///   that has no list yet, making one called "Shopping";
///   `…/delete` deletes (from delete mode it returns to delete mode), after `GET …/delete` (`?edit=1` from delete
///   mode) asked in an action sheet: a delete is two deliberate taps;
/// - `GET /shopping/list`, the Shopping List tab, shows the tab's list (``ListsModel/ShoppingLists/tabList(preferring:)``:
///   the list last opened on this device, kept in the ``NamedListPages/tabCookie`` cookie, else the household's
///   first) as its own screen at `/lists/{id}` shows it, with the tab bar and a switcher to the other lists; with no
///   list, the tutorial's empty Shopping List (the first checkmark in Items makes the list "Shopping").
///
/// A delete answers with the Items tab offering to undo it (`?undo=item:<id>`), whose Undo posts to
/// `POST /shopping/items/{id}/restore` (the item comes back as it was, where it was; see ``UndoOffer``). The add sheet
/// carries the id the new item is to have (``Layout/chosenIDField(_:)``): sent twice, it adds once.
///
/// Each form carries the record's version; a post made from a stale screen is refused with 409 and the screen
/// drawn again from the stored state with a message saying so.
///
/// A catalog longer than ``ListPager/pageSize`` items is drawn a page at a time (`/shopping?page=N`, in delete
/// mode `/shopping?edit=1&page=N`, see ``ListPager``): toggles, deletes and the add and edit sheets (drawn over
/// that page, Cancel included) return to the page they were opened from, an add to the last page.
struct ShoppingPages: Sendable {
    /// The household's lists.
    let lists: ListsServices
    /// The id of the list the Shopping List tab showed last on the device, if it said.
    let preferredList: UUID?

    /// The pages of the household a request acts in, for the device that sent `request`.
    /// - Throws: what ``RequestContext/lists`` throws outside a household's route.
    init(_ context: RequestContext, _ request: HTTPRequest) throws {
        lists = try context.lists
        preferredList = NamedListPages.tabPreference(request)
    }

    /// Adds the pages' routes: a household's pages each.
    static func addRoutes(to router: inout Router) {
        router.add("GET", "/shopping", .page) { request, context in
            try Self(context, request).itemsPage(
                isEditing: request.query["edit"] == "1", ListPager.choice(request),
                undo: UndoOffer(request, .deletedItem), viewer: Viewer(request))
        }
        router.add("GET", "/shopping/new", .page) { request, context in
            try Self(context, request).addSheet(Viewer(request), FormState(), ListPager.choice(request))
        }
        router.add("POST", "/shopping/new", .page) { request, context in
            try Self(context, request).add(Viewer(request), FormBody(request), ListPager.choice(request))
        }
        router.add("GET", "/shopping/items/{id}/edit", .page) { request, context in
            let pages = try Self(context, request)
            let item = try pages.lists.shopping.item(.id(PageController.id(context.parameters))).record
            let viewer = Viewer(request)
            return try pages.editSheet(viewer, item, ShoppingViews.formState(item, viewer), ListPager.choice(request))
        }
        router.add("POST", "/shopping/items/{id}/edit", .page) { request, context in
            try Self(context, request).edit(
                Viewer(request), PageController.id(context.parameters), FormBody(request), ListPager.choice(request))
        }
        router.add("POST", "/shopping/items/{id}/toggle", .page) { request, context in
            let pages = try Self(context, request)
            let list = try pages.lists.shoppingLists.tabListMaking(preferring: pages.preferredList)
            return try pages.toggle(request, PageController.id(context.parameters), on: list)
        }
        router.add("POST", "/lists/{id}/items/{item}/toggle", .page) { request, context in
            let pages = try Self(context, request)
            let list: NamedList
            do {
                list = try pages.lists.shoppingLists.list(.id(PageController.id(context.parameters)))
            } catch StoreError.Code.notFound {
                // Deleted since the screen was drawn (on another phone): nothing changes, and the screen says so.
                return try pages.itemsPage(
                    isEditing: false, ListPager.choice(request),
                    notice: Notice(message: "That list was deleted on another device; nothing was changed."),
                    status: FormOutcome.conflictStatus)
            }
            return try pages.toggle(request, PageController.id(context.parameters, "item"), on: list)
        }
        router.add("GET", "/shopping/items/{id}/delete", .page) { request, context in
            let pages = try Self(context, request)
            let item = try pages.lists.shopping.item(.id(PageController.id(context.parameters))).record
            return try pages.deleteSheet(item, fromDeleteMode: request.query["edit"] == "1", ListPager.choice(request))
        }
        router.add("POST", "/shopping/items/{id}/delete", .page) { request, context in
            try Self(context, request).delete(
                Viewer(request), PageController.id(context.parameters), FormBody(request), ListPager.choice(request))
        }
        router.add("POST", "/shopping/items/{id}/restore", .page) { request, context in
            try Self(context, request).restore(
                PageController.id(context.parameters), FormBody(request), ListPager.choice(request))
        }
        router.add("GET", "/shopping/list", .page) { request, context in
            let pages = try NamedListPages(context)
            guard let list = try pages.lists.tabList(preferring: NamedListPages.tabPreference(request)) else {
                return Layout.page(title: "Shopping List", main: ShoppingViews.noListScreen())
            }
            return try pages.screen(list, FormState())
        }
    }

    /// Flips the checkmark of the item the route names on `list`, and answers with the Items tab's page the form
    /// came from; the form's `id` makes a tap sent twice flip once.
    private func toggle(_ request: HTTPRequest, _ id: UUID, on list: NamedList) throws -> HTTPResponse {
        let form = try FormBody(request)
        try lists.shoppingLists.toggle(.id(id), on: list, id: try form.chosenID())
        return .redirect(to: ListPager.address("/shopping", try ListPager.choice(request)))
    }

    /// The Items tab at the page `choice` names, in delete mode when `isEditing`, with the Undo bar of `undo`
    /// while the item can be put back; drawn for `viewer`, it carries what app.js needs to draw it with no
    /// network (``OfflineViews``).
    func itemsPage(
        isEditing: Bool, _ choice: ListPager.Choice, notice: Notice? = nil, status: Int = 200, undo: UndoOffer? = nil,
        viewer: Viewer? = nil
    ) throws -> HTTPResponse {
        Layout.page(
            title: "Items",
            main: try itemsScreen(isEditing: isEditing, choice, notice: notice, undo: undo, offline: viewer),
            status: status)
    }

    /// The Items tab's screen at the page `choice` names.
    /// With `offline`, the screen's ``OfflineViews`` templates for that viewer follow it.
    private func itemsScreen(
        isEditing: Bool, _ choice: ListPager.Choice, notice: Notice? = nil, undo: UndoOffer? = nil,
        offline: Viewer? = nil
    ) throws -> String {
        let (items, pager, list) = try catalogPage(choice)
        var bar = ""
        if let undo, let item = try lists.shopping.items.recentlyRemoved(undo.id) {
            bar = ShoppingViews.undoDeleteBar(item, isEditing: isEditing, pager)
        }
        let screen = ShoppingViews.itemsScreen(
            items, isEditing: isEditing, pager, list: list, notice: notice, undo: bar)
        guard let offline else { return screen }
        return screen
            + OfflineViews.shopping(
                offline, pager, categories: try lists.categories.all(), marks: list,
                group: { ShoppingViews.itemsGroup($0, isEditing: isEditing, list: list) }
            ) {
                isEditing ? ShoppingViews.deleteRow($0, pager) : ShoppingViews.row($0, pager, list: list)
            }
    }

    /// The catalog's page `choice` names, each item's checkmark set from the Shopping List tab's list (whether it is
    /// to buy there); its pager; and that list.
    private func catalogPage(_ choice: ListPager.Choice) throws
        -> (rows: [Numbered<ShoppingItem>], pager: ListPager, list: NamedList?)
    {
        let list = try lists.shoppingLists.tabList(preferring: preferredList)
        let (rows, pager) = try ListPager.page(choice) { try lists.shopping.catalogWindow(limit: $0, start: $1) }
        let marked = try lists.shoppingLists.marking(rows.map(\.record), on: list)
        return (zip(rows, marked).map { Numbered(number: $0.number, record: $1) }, pager, list)
    }

    /// The Items tab's address at the page `choice` names, after a delete: the last page there is when that one
    /// is gone.
    func catalogAddress(_ choice: ListPager.Choice, keeping: String? = nil) throws -> String {
        ListPager(choice, total: try lists.shopping.catalogCount()).address("/shopping", keeping: keeping)
    }

    /// The add sheet over the Items tab at the page `choice` names (the one it was opened from), to which Cancel
    /// returns.
    func addSheet(_ viewer: Viewer, _ state: FormState, _ choice: ListPager.Choice, status: Int = 200) throws
        -> HTTPResponse
    {
        let background = try itemsScreen(isEditing: false, choice)
        return Layout.page(
            title: "Add Item",
            main: Layout.sheet(
                over: background, ShoppingViews.addForm(state, viewer, choice, categories: try lists.categories.all())),
            status: status)
    }

    /// The edit sheet of `item` over the Items tab at the page `choice` names, to which it returns.
    func editSheet(
        _ viewer: Viewer, _ item: ShoppingItem, _ state: FormState, _ choice: ListPager.Choice, status: Int = 200
    ) throws -> HTTPResponse {
        let (items, pager, list) = try catalogPage(choice)
        let background = ShoppingViews.itemsScreen(items, isEditing: false, pager, list: list)
        return Layout.page(
            title: "Edit Item",
            main: Layout.sheet(
                over: background,
                ShoppingViews.editForm(
                    item, state, viewer, pager, categories: try lists.categories.all())),
            status: status)
    }

    /// The action sheet asking before `item` is deleted, over delete mode or the Items tab at the page `choice`
    /// names.
    func deleteSheet(_ item: ShoppingItem, fromDeleteMode: Bool, _ choice: ListPager.Choice) throws -> HTTPResponse {
        let background = try itemsScreen(isEditing: fromDeleteMode, choice)
        return Layout.page(
            title: "Delete \(item.name)",
            main: ShoppingViews.deleteSheet(item, over: background, fromDeleteMode: fromDeleteMode, choice))
    }

    /// Adds the item the add sheet's fields say (``ShoppingViews/sheetForm``), as `viewer` writes them.
    private func add(_ viewer: Viewer, _ body: FormBody, _ choice: ListPager.Choice) throws -> HTTPResponse {
        let form = ShoppingViews.sheetForm
        var state = form.state(body, keeping: ["id"])
        guard let added = try form.add(&state, to: lists.shopping.items, id: body.chosenID(), viewer) else {
            return try addSheet(viewer, state, choice, status: FormOutcome.invalidStatus)
        }
        // The new item's number is its place in the catalog, counted in the add's own write: the page that shows it.
        let place = try added.number ?? lists.shopping.catalogCount()
        return .redirect(to: ListPager.afterInsert("/shopping", total: place))
    }

    /// Saves the edit sheet: the fields changed from what it showed, as `viewer` writes them.
    private func edit(_ viewer: Viewer, _ id: UUID, _ body: FormBody, _ choice: ListPager.Choice) throws
        -> HTTPResponse
    {
        let form = ShoppingViews.sheetForm
        let version = try body.version()
        var state = form.state(body)
        let current = try lists.shopping.item(.id(id)).record
        do {
            guard try form.change(current, in: lists.shopping.items, &state, expectedVersion: version, viewer) else {
                return try editSheet(viewer, current, state, choice, status: FormOutcome.invalidStatus)
            }
        } catch StoreError.Code.conflict {
            let fresh = try lists.shopping.item(.id(id)).record
            var redrawn = ShoppingViews.formState(fresh, viewer)
            redrawn.notice = Notice(message: FormOutcome.conflictMessage("item"))
            return try editSheet(viewer, fresh, redrawn, choice, status: FormOutcome.conflictStatus)
        }
        return .redirect(to: ListPager.address("/shopping", choice))
    }

    private func delete(_ viewer: Viewer, _ id: UUID, _ form: FormBody, _ choice: ListPager.Choice) throws
        -> HTTPResponse
    {
        let fromDeleteMode = form["from"] == "edit"
        do {
            try lists.shopping.remove([.id(id)], expectedVersion: form.version())
        } catch StoreError.Code.conflict {
            let notice = Notice(message: FormOutcome.conflictMessage("item"))
            if fromDeleteMode {
                return try itemsPage(isEditing: true, choice, notice: notice, status: FormOutcome.conflictStatus)
            }
            let fresh = try lists.shopping.item(.id(id)).record
            var redrawn = ShoppingViews.formState(fresh, viewer)
            redrawn.notice = notice
            return try editSheet(viewer, fresh, redrawn, choice, status: FormOutcome.conflictStatus)
        }
        let undo = UndoOffer(.deletedItem, id).argument
        return .redirect(to: try catalogAddress(choice, keeping: fromDeleteMode ? "edit=1&" + undo : undo))
    }

    /// Puts a deleted item back (the Undo bar's form) and answers with the Items tab it was deleted from, in delete
    /// mode when it came from there; when there is nothing to put back, draws that tab saying why (409).
    private func restore(_ id: UUID, _ form: FormBody, _ choice: ListPager.Choice) throws -> HTTPResponse {
        let fromDeleteMode = form["from"] == "edit"
        do {
            try lists.shopping.restore(id)
        } catch let error as StoreError {
            guard let notice = UndoOffer.refusal(error, noun: "item") else { throw error }
            return try itemsPage(
                isEditing: fromDeleteMode, choice, notice: notice, status: FormOutcome.conflictStatus)
        }
        return .redirect(to: ListPager.address("/shopping", choice, keeping: fromDeleteMode ? "edit=1" : nil))
    }
}
