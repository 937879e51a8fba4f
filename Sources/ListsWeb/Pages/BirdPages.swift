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
struct BirdPages: Sendable {
    let lists: ListsServices

    /// The fields of the add and edit sheets.
    static let fields = ["name", "location", "date"]

    func addRoutes(to router: inout Router) {
        let pages = self
        router.add("GET", "/birds") { request, _ in
            try pages.listPage(Viewer(request), ListPager.choice(request))
        }
        router.add("GET", "/birds/new") { request, _ in
            try pages.addSheet(Viewer(request), FormState(), ListPager.choice(request))
        }
        router.add("POST", "/birds/new") { request, _ in
            try pages.add(Viewer(request), FormBody(request), ListPager.choice(request))
        }
        router.add("GET", "/birds/{id}") { request, path in
            let choice = try ListPager.choice(request)
            let sighting = try pages.lists.birds.sighting(.id(PageController.id(path))).record
            return try pages.detailPage(Viewer(request), sighting, choice)
        }
        router.add("GET", "/birds/{id}/edit") { request, path in
            let viewer = Viewer(request)
            let choice = try ListPager.choice(request)
            let sighting = try pages.lists.birds.sighting(.id(PageController.id(path))).record
            return try pages.editSheet(viewer, sighting, BirdViews.formState(sighting, viewer), choice)
        }
        router.add("POST", "/birds/{id}/edit") { request, path in
            try pages.edit(Viewer(request), PageController.id(path), FormBody(request), ListPager.choice(request))
        }
        router.add("POST", "/birds/{id}/delete") { request, path in
            let viewer = Viewer(request)
            let choice = try ListPager.choice(request)
            let id = try PageController.id(path)
            let form = try FormBody(request)
            do {
                try pages.lists.birds.remove([.id(id)], expectedVersion: form.version())
            } catch StoreError.conflict {
                let fresh = try pages.lists.birds.sighting(.id(id)).record
                let notice = Notice(message: FormOutcome.conflictMessage("sighting"))
                return try pages.detailPage(viewer, fresh, choice, notice: notice, status: FormOutcome.conflictStatus)
            }
            return .redirect(to: ListPager(choice, total: try pages.lists.birds.count()).address("/birds"))
        }
    }

    /// The master list, at the page `choice` names.
    func listPage(_ viewer: Viewer, _ choice: ListPager.Choice) throws -> HTTPResponse {
        Layout.page(title: "Bird Sightings", main: try listScreen(viewer, choice))
    }

    /// The master list's screen at the page `choice` names.
    private func listScreen(_ viewer: Viewer, _ choice: ListPager.Choice) throws -> String {
        let (sightings, pager) = try ListPager.page(choice) { try lists.birds.window(limit: $0, start: $1) }
        return BirdViews.listScreen(sightings, viewer, pager)
    }

    /// The detail screen of `sighting`, opened from the list's page `choice` names.
    func detailPage(
        _ viewer: Viewer, _ sighting: BirdSighting, _ choice: ListPager.Choice, notice: Notice? = nil,
        status: Int = 200
    ) throws -> HTTPResponse {
        Layout.page(
            title: sighting.name, main: BirdViews.detailScreen(sighting, viewer, choice, notice: notice),
            status: status)
    }

    /// The add sheet over the master list's page `choice` names (the one it was opened from).
    func addSheet(_ viewer: Viewer, _ state: FormState, _ choice: ListPager.Choice, status: Int = 200) throws
        -> HTTPResponse
    {
        let background = try listScreen(viewer, choice)
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

    private func add(_ viewer: Viewer, _ form: FormBody, _ choice: ListPager.Choice) throws -> HTTPResponse {
        var state = FormState(form, fields: Self.fields)
        let dateText = (state.values["date"] ?? "").trimmingWhitespace()
        let input = try validate(&state, date: dateText.isEmpty ? nil : dateText, viewer)
        guard let input, !state.hasErrors else {
            return try addSheet(viewer, state, choice, status: FormOutcome.invalidStatus)
        }
        do {
            try lists.birds.add(name: input.name, location: input.location, date: input.date)
        } catch let error as ValidationError {
            state.record(error)
            return try addSheet(viewer, state, choice, status: FormOutcome.invalidStatus)
        }
        return .redirect(to: ListPager.afterInsert("/birds", total: try lists.birds.count()))
    }

    private func edit(_ viewer: Viewer, _ id: UUID, _ form: FormBody, _ choice: ListPager.Choice) throws
        -> HTTPResponse
    {
        let version = try form.version()
        var state = FormState(form, fields: Self.fields)
        let current = try lists.birds.sighting(.id(id)).record
        let dateText = (state.values["date"] ?? "").trimmingWhitespace()
        let keepsDate = dateText.isEmpty || dateText == viewer.dayValue(current.date)
        let input = try validate(&state, date: keepsDate ? nil : dateText, viewer)
        guard let input, !state.hasErrors else {
            return try editSheet(viewer, current, state, choice, status: FormOutcome.invalidStatus)
        }
        do {
            try lists.birds.edit(
                .id(id), name: input.name, location: input.location ?? "", date: input.date, expectedVersion: version)
        } catch let error as ValidationError {
            state.record(error)
            return try editSheet(viewer, current, state, choice, status: FormOutcome.invalidStatus)
        } catch StoreError.conflict {
            let fresh = try lists.birds.sighting(.id(id)).record
            var redrawn = BirdViews.formState(fresh, viewer)
            redrawn.notice = Notice(message: FormOutcome.conflictMessage("sighting"))
            return try editSheet(viewer, fresh, redrawn, choice, status: FormOutcome.conflictStatus)
        }
        return .redirect(to: ListPager.address("/birds/\(id.uuidString)", choice))
    }

    /// The sheet's fields checked one by one, so that every refused field gets its message at once.
    /// `date` is the typed day to read (`nil`: none given).
    private func validate(_ state: inout FormState, date: String?, _ viewer: Viewer) throws -> (
        name: String, location: String?, date: Date?
    )? {
        let nameText = state.values["name"] ?? ""
        let locationText = state.values["location"] ?? ""
        let name = try state.check { try BirdSighting.validName(nameText) }
        let location = try state.check { try BirdSighting.validLocation(locationText) }
        var day: Date?
        if let date {
            let now = lists.clock()
            day = try state.check {
                try BirdSighting.validDate(SightingDate.parse(date, timeZone: viewer.timeZone), now: now)
            }
        }
        guard let name, let location else { return nil }
        return (name, location, day)
    }
}
