import Foundation
import ListsHTTP

/// A long list drawn a page at a time: the To-Do list, the sightings, the Items tab and the Shopping List tab,
/// which imports can make 100k rows long.
///
/// The tutorials drew every row, and so do these pages up to ``pageSize`` rows: a list that fits shows no pager
/// and its addresses have no query, as before. A longer one shows its first page at `/todo` and the others at
/// `?page=N` (or `?page=last`), with a pager above and below the rows (first, previous, which rows of how many,
/// next, last). A page past the end shows the last page (a list shrinks as its rows are deleted, and an old
/// link still leads somewhere); anything but a whole number from 1, or `last`, is refused with 400 naming
/// `page`. The forms and links on a page carry its `?page=` (`last` when it was asked for so, so that the
/// answer's address is the one the browser shows and app.js redraws the screen in place), so that their answer
/// and the screens they open (a sighting's detail, the edit sheets) return to it; an insert answers with the last
/// page, where the new row is.
struct ListPager: Equatable {
    /// Rows on a page: a phone draws 500 rows quickly, and most lists never need a second page.
    static let pageSize = 500

    /// The page a request asks for.
    enum Choice: Equatable {
        case number(Int)
        case last
    }

    /// The page `request`'s `page` argument names: the first when there is none.
    /// - Throws: ``HTTPError`` 400 naming `page` for anything but a whole number from 1, or `last`.
    static func choice(_ request: HTTPRequest) throws -> Choice {
        guard let text = request.query["page"] else { return .number(1) }
        if text == "last" { return .last }
        guard let number = Int(text), number >= 1, text.utf8.allSatisfy({ (48...57).contains($0) }) else {
            throw HTTPError.badRequest("page must be a whole number from 1, or last; not \"\(text)\"", field: "page")
        }
        return .number(number)
    }

    /// The page shown, from 1.
    let page: Int
    /// Whether the page was asked for as the last one (`?page=last`).
    let isLast: Bool
    /// How many rows the whole list holds.
    let total: Int

    /// The page `choice` names in a list of `total` rows: the last one when it names a page past the end.
    init(_ choice: Choice, total: Int) {
        self.total = total
        isLast = choice == .last
        let count = Self.pageCount(total: total)
        switch choice {
        case .number(let number): page = min(number, count)
        case .last: page = count
        }
    }

    /// The rows of the page `choice` names and the pager over them. `read` is the model's `window`: it is given
    /// how many rows to read and, for the size of the list, where they start, and answers the rows and that size
    /// from one snapshot.
    static func page<Row>(
        _ choice: Choice, _ read: (_ limit: Int, _ start: (_ total: Int) -> Int) throws -> ([Row], Int)
    ) throws -> (rows: [Row], pager: ListPager) {
        let (rows, total) = try read(pageSize) { total in (ListPager(choice, total: total).page - 1) * pageSize }
        return (rows, ListPager(choice, total: total))
    }

    /// How many pages a list of `total` rows fills (one when it is empty).
    static func pageCount(total: Int) -> Int { max(1, (total + pageSize - 1) / pageSize) }

    /// A pager at the page `choice` names, for drawing rows whose list is not read (a template's): its addresses
    /// keep the choice as it was named.
    static func named(_ choice: Choice) -> ListPager {
        ListPager(choice, total: Int(Int32.max))
    }

    /// The choice that names this page.
    var choice: Choice { isLast ? .last : .number(page) }

    /// How many pages the list fills.
    var pageCount: Int { Self.pageCount(total: total) }

    /// `path` at the page `choice` names as it was named (`page=last` stays so), after `keeping` (as `edit=1`) in
    /// the query; no `page` for the first page.
    static func address(_ path: String, _ choice: Choice, keeping: String? = nil) -> String {
        let page: String? =
            switch choice {
            case .last: "page=last"
            case .number(let number): number > 1 ? "page=\(number)" : nil
            }
        let arguments = [keeping, page].compactMap { $0 }
        return arguments.isEmpty ? path : path + "?" + arguments.joined(separator: "&")
    }

    /// `path` at this page: what the page's forms and links post and go to, so that their answers come back here.
    func address(_ path: String, keeping: String? = nil) -> String {
        Self.address(path, isLast ? .last : .number(page), keeping: keeping)
    }

    /// Where an insert whose row is the `total`-th of its list (the last, when the add was the list's latest
    /// change) sends the browser: the list's last page, where the new row is (the plain address when it fits on
    /// one page).
    static func afterInsert(_ path: String, total: Int) -> String {
        total > pageSize ? address(path, .last) : path
    }

    /// The pager: links to the first, previous, next and last pages around which rows these are of how many
    /// (`noun` in the plural, as "tasks"), each keeping `keeping` in its query. Nothing when the list fits on one
    /// page.
    func navigation(_ path: String, noun: String, keeping: String? = nil) -> String {
        guard pageCount > 1 else { return "" }
        func link(_ page: Int, _ text: String, _ label: String, rel: String? = nil) -> String {
            let href = HTML.escape(Self.address(path, .number(page), keeping: keeping))
            let relation = rel.map { " rel=\"\($0)\"" } ?? ""
            return "<a class=\"pager-link\" href=\"\(href)\"\(relation) aria-label=\"\(label)\">\(text)</a>"
        }
        func inactive(_ text: String) -> String { "<span class=\"pager-link\" aria-hidden=\"true\">\(text)</span>" }
        let first = (page - 1) * Self.pageSize + 1
        let last = min(total, page * Self.pageSize)
        let before =
            page > 1
            ? link(1, "«", "First page") + link(page - 1, "‹", "Previous page", rel: "prev")
            : inactive("«") + inactive("‹")
        let after =
            page < pageCount
            ? link(page + 1, "›", "Next page", rel: "next") + link(pageCount, "»", "Last page")
            : inactive("›") + inactive("»")
        let place = "\(Layout.number(first))–\(Layout.number(last)) of \(Layout.number(total)) \(noun)"
        return "<nav class=\"pager\" aria-label=\"Pages\">\(before)"
            + "<span class=\"pager-place\">\(place)</span>\(after)</nav>"
    }
}
