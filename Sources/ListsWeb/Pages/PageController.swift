import Foundation
import ListsModel

/// The HTML pages: the three tutorials' screens, server-rendered, every action a plain form.
struct PageController: Sendable {
    let lists: ListsServices

    func addRoutes(to router: inout Router) {
    }

    /// A page for a request that was refused.
    static func errorPage(_ error: HTTPError) -> HTTPResponse {
        .html("<!doctype html><title>Lists</title><p>\(HTML.escape(error.message))</p>", status: error.status)
    }
}
