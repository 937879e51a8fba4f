import Foundation
import ListsHTTP
import ListsModel

/// BirdWatching's screens: the master list "Bird Sightings", the detail screen, and the add and edit sheets.
///
/// Dates are read and shown in the viewer's time zone (see ``Viewer``). In the add sheet an empty date means
/// now, as the tutorial's Done did; a date given means noon that day, local time. In the edit sheet the date
/// field starts at the sighting's day: left as it is (or emptied) the sighting keeps its exact time, changed it
/// moves to noon of the new day.
///
/// A list longer than ``ListPager/pageSize`` sightings is drawn a page at a time (`/birds?page=N`, see
/// ``ListPager``): a sighting's detail screen, its edit sheet and the add sheet carry the page they were opened
/// from, so that Back, Cancel, a save and a delete return to it; adding a sighting answers with the last page,
/// where it is.
///
/// The master list is in the order the sightings were added, as the tutorial's was, or by their dates
/// (`/birds?order=date`, oldest first; `?order=added` goes back). The choice is kept in the `birds-order` cookie,
/// so that every screen and page of the list follows it, without JavaScript too. The store reads the list only
/// in the order added, so the date order is made here from the whole log, which is done for logs of up to
/// ``dateOrderLimit`` sightings; a longer one stays in the order added and says so.
///
/// Deleting (`POST /birds/{id}/delete`) follows `GET /birds/{id}/delete`, the action sheet that asks first, and
/// answers with the list offering to undo it (`?undo=sighting:<id>`, see ``UndoOffer``), whose Undo posts to
/// `POST /birds/{id}/restore`: the sighting comes back as it was, where it was. The add sheet carries the id the new
/// sighting is to have (``Layout/chosenIDField(_:)``): sent twice, it adds once.
struct BirdPages: Sendable {
    /// The household's lists.
    let lists: ListsServices

    /// The pages of the household a request acts in.
    /// - Throws: what ``RequestContext/lists`` throws outside a household's route.
    init(_ context: RequestContext) throws {
        lists = try context.lists
    }

    /// The most sightings the list is put in date order for (read whole, then sorted).
    static let dateOrderLimit = 5_000

    /// The cookie that keeps the chosen order.
    static let orderCookie = "birds-order"

    /// Adds the pages' routes: a household's pages each.
    static func addRoutes(to router: inout Router) {
        router.add("GET", "/birds", .page) { request, context in
            let pages = try Self(context)
            let chosen = request.query["order"].flatMap(SightingOrder.init(rawValue:))
            var response = try pages.listPage(
                Viewer(request), ListPager.choice(request), order: chosen ?? SightingOrder(request),
                undo: UndoOffer(request, .deletedSighting))
            if let chosen {
                response.headers.add(
                    "Set-Cookie", "\(Self.orderCookie)=\(chosen.rawValue); Path=/; Max-Age=31536000; SameSite=Lax")
            }
            return response
        }
        router.add("GET", "/birds/new", .page) { request, context in
            try Self(context).addSheet(
                Viewer(request), FormState(), ListPager.choice(request), order: SightingOrder(request))
        }
        router.add("POST", "/birds/new", .page) { request, context in
            try Self(context).add(
                Viewer(request), FormBody(request), ListPager.choice(request), order: SightingOrder(request))
        }
        router.add("GET", "/birds/{id}", .page) { request, context in
            let pages = try Self(context)
            let choice = try ListPager.choice(request)
            let sighting = try pages.lists.birds.sighting(.id(PageController.id(context.parameters))).record
            return try pages.detailPage(Viewer(request), sighting, choice)
        }
        router.add("GET", "/birds/{id}/edit", .page) { request, context in
            let pages = try Self(context)
            let viewer = Viewer(request)
            let choice = try ListPager.choice(request)
            let sighting = try pages.lists.birds.sighting(.id(PageController.id(context.parameters))).record
            return try pages.editSheet(viewer, sighting, BirdViews.formState(sighting, viewer), choice)
        }
        router.add("POST", "/birds/{id}/edit", .page) { request, context in
            try Self(context).edit(
                Viewer(request), PageController.id(context.parameters), FormBody(request), ListPager.choice(request))
        }
        router.add("GET", "/birds/{id}/delete", .page) { request, context in
            let pages = try Self(context)
            let viewer = Viewer(request)
            let choice = try ListPager.choice(request)
            let sighting = try pages.lists.birds.sighting(.id(PageController.id(context.parameters))).record
            let background = BirdViews.detailScreen(sighting, viewer, choice)
            return Layout.page(
                title: "Delete \(sighting.name)", main: BirdViews.deleteSheet(sighting, over: background, choice))
        }
        router.add("POST", "/birds/{id}/delete", .page) { request, context in
            let pages = try Self(context)
            let viewer = Viewer(request)
            let choice = try ListPager.choice(request)
            let id = try PageController.id(context.parameters)
            let form = try FormBody(request)
            do {
                try pages.lists.birds.remove([.id(id)], expectedVersion: form.version())
            } catch StoreError.Code.conflict {
                let fresh = try pages.lists.birds.sighting(.id(id)).record
                let notice = Notice(message: FormOutcome.conflictMessage("sighting"))
                return try pages.detailPage(viewer, fresh, choice, notice: notice, status: FormOutcome.conflictStatus)
            }
            return .redirect(
                to: ListPager(choice, total: try pages.lists.birds.count()).address(
                    "/birds", keeping: UndoOffer(.deletedSighting, id).argument))
        }
        router.add("POST", "/birds/{id}/restore", .page) { request, context in
            let pages = try Self(context)
            let choice = try ListPager.choice(request)
            do {
                try pages.lists.birds.restore(PageController.id(context.parameters))
            } catch let error as StoreError {
                guard let notice = UndoOffer.refusal(error, noun: "sighting") else { throw error }
                var response = try pages.listPage(
                    Viewer(request), choice, order: SightingOrder(request), notice: notice)
                response.status = FormOutcome.conflictStatus
                return response
            }
            return .redirect(to: ListPager.address("/birds", choice))
        }
    }

    /// The master list in `order`, at the page `choice` names, with `notice` above it and the Undo bar of `undo`
    /// while the sighting can be put back.
    func listPage(
        _ viewer: Viewer, _ choice: ListPager.Choice, order: SightingOrder, notice: Notice? = nil,
        undo: UndoOffer? = nil
    ) throws -> HTTPResponse {
        var bar = ""
        if let undo, let sighting = try lists.birds.sightings.recentlyRemoved(undo.id) {
            bar = Layout.undoBar(
                message: "Deleted the sighting of “\(sighting.name)”.",
                action: ListPager.address("/birds/\(sighting.id.uuidString)/restore", choice),
                announce: "Put back the sighting of \(sighting.name).")
        }
        let pager = ListPager.named(choice)
        return Layout.page(
            title: "Bird Sightings",
            main: try listScreen(viewer, choice, order: order, notice: notice, undo: bar)
                + OfflineViews.birds(viewer, pager, group: BirdViews.group) { BirdViews.row($0, viewer, pager) })
    }

    /// The master list's screen in `order` at the page `choice` names, with `notice` (else the order's own) and
    /// `undo` (markup).
    private func listScreen(
        _ viewer: Viewer, _ choice: ListPager.Choice, order: SightingOrder, notice: Notice? = nil, undo: String = ""
    ) throws -> String {
        if order == .date, try lists.birds.count() <= Self.dateOrderLimit {
            // One read of the whole log, sorted by date (the order added among equal dates), then paged.
            let sorted = try lists.birds.all().enumerated()
                .sorted { ($0.element.record.date, $0.offset) < ($1.element.record.date, $1.offset) }
                .map(\.element)
            let (sightings, pager) = try ListPager.page(choice) { limit, start in
                (Array(sorted.dropFirst(max(0, start(sorted.count))).prefix(limit)), sorted.count)
            }
            return BirdViews.listScreen(
                sightings, viewer, pager, order: .date, firsts: try lists.birds.firsts(of: sightings.map(\.record)),
                notice: notice, undo: undo)
        }
        let (sightings, pager) = try ListPager.page(choice) { try lists.birds.window(limit: $0, start: $1) }
        let orderNotice =
            order == .date
            ? Notice(
                message: "Sorting by date is for lists of up to \(Layout.number(Self.dateOrderLimit)) sightings; "
                    + "these \(Layout.number(pager.total)) are in the order they were added.", kind: .status)
            : nil
        return BirdViews.listScreen(
            sightings, viewer, pager, order: order, firsts: try lists.birds.firsts(of: sightings.map(\.record)),
            notice: notice ?? orderNotice,
            undo: undo)
    }

    /// The detail screen of `sighting`, opened from the list's page `choice` names.
    func detailPage(
        _ viewer: Viewer, _ sighting: BirdSighting, _ choice: ListPager.Choice, notice: Notice? = nil,
        status: Int = 200
    ) throws -> HTTPResponse {
        let firsts = try lists.birds.firsts(of: [sighting])
        let match = Taxonomy.world.match(name: sighting.name, scientificName: sighting.details.scientificName)
        let species = (match, BirdViews.mark(sighting, firsts))
        return Layout.page(
            title: sighting.name,
            main: BirdViews.detailScreen(sighting, viewer, choice, species: species, notice: notice), status: status)
    }

    /// The add sheet over the master list's page `choice` names (the one it was opened from).
    func addSheet(
        _ viewer: Viewer, _ state: FormState, _ choice: ListPager.Choice, order: SightingOrder, status: Int = 200
    ) throws -> HTTPResponse {
        let background = try listScreen(viewer, choice, order: order)
        return Layout.page(
            title: "Add Sighting", main: Layout.sheet(over: background, BirdViews.addForm(state, viewer, choice)),
            status: status)
    }

    /// The edit sheet of `sighting` over its detail screen.
    func editSheet(
        _ viewer: Viewer, _ sighting: BirdSighting, _ state: FormState, _ choice: ListPager.Choice, status: Int = 200
    ) throws -> HTTPResponse {
        let background = BirdViews.detailScreen(sighting, viewer, choice)
        return Layout.page(
            title: "Edit Sighting",
            main: Layout.sheet(over: background, BirdViews.editForm(sighting, state, viewer, choice)), status: status)
    }

    /// Adds the sighting the add sheet's fields say (``BirdViews/sheetForm``), as `viewer` writes them: an empty
    /// date is now.
    private func add(_ viewer: Viewer, _ body: FormBody, _ choice: ListPager.Choice, order: SightingOrder) throws
        -> HTTPResponse
    {
        let form = BirdViews.sheetForm
        var state = form.state(body, keeping: ["id"])
        guard try form.add(&state, to: lists.birds.sightings, id: body.chosenID(), viewer) != nil else {
            return try addSheet(viewer, state, choice, order: order, status: FormOutcome.invalidStatus)
        }
        return .redirect(to: ListPager.afterInsert("/birds", total: try lists.birds.count()))
    }

    /// Saves the edit sheet: the fields changed from what it showed, as `viewer` writes them (a day left as it was,
    /// or emptied, keeps the sighting's time).
    private func edit(_ viewer: Viewer, _ id: UUID, _ body: FormBody, _ choice: ListPager.Choice) throws
        -> HTTPResponse
    {
        let form = BirdViews.sheetForm
        let version = try body.version()
        var state = form.state(body)
        let current = try lists.birds.sighting(.id(id)).record
        do {
            guard try form.change(current, in: lists.birds.sightings, &state, expectedVersion: version, viewer) else {
                return try editSheet(viewer, current, state, choice, status: FormOutcome.invalidStatus)
            }
        } catch StoreError.Code.conflict {
            let fresh = try lists.birds.sighting(.id(id)).record
            var redrawn = BirdViews.formState(fresh, viewer)
            redrawn.notice = Notice(message: FormOutcome.conflictMessage("sighting"))
            return try editSheet(viewer, fresh, redrawn, choice, status: FormOutcome.conflictStatus)
        }
        return .redirect(to: ListPager.address("/birds/\(id.uuidString)", choice))
    }
}

/// The order of the master list: as the sightings were added (the tutorial's), or by their dates.
enum SightingOrder: String, Sendable {
    case added, date

    /// The order `request`'s `birds-order` cookie keeps: as added when there is none.
    init(_ request: HTTPRequest) {
        self =
            Viewer.cookie(BirdPages.orderCookie, in: request.headers["Cookie"]).flatMap(SightingOrder.init(rawValue:))
            ?? .added
    }
}
