import Foundation
import ListsHTTP

/// The static assets pages use (stylesheet, script, icon), compiled into the binary so that nothing is read
/// from disk at run time and no path from a request ever reaches the file system.
///
/// `GET /static/{name}` serves exactly the names in ``Assets/all``; anything else under `/static`, including
/// `..` and nested paths, is 404. Pages link each asset with its content hash in the query (`?v=`), so an asset
/// fetched at its current address may be kept for a year; any other request for it may be kept an hour, and
/// both carry an `ETag` that `If-None-Match` checks (304).
struct AssetController: Sendable {
    /// How long an asset fetched at its versioned address may be cached: a year, never revalidated.
    static let versionedCacheControl = "public, max-age=31536000, immutable"
    /// How long an asset fetched without (or with an old) version may be cached: an hour.
    static let plainCacheControl = "public, max-age=3600"

    func addRoutes(to router: inout Router) {
        router.add("GET", "/static/{name}", .asset) { request, context in
            guard let name = context.parameters["name"], let asset = Assets.all.first(where: { $0.name == name }) else {
                throw HTTPError.noRoute(request.path)
            }
            return Self.response(asset, request)
        }
    }

    /// `asset` for `request`: 304 when the client's copy is current, else the bytes.
    static func response(_ asset: Asset, _ request: HTTPRequest) -> HTTPResponse {
        var headers = HTTPHeaders()
        headers["ETag"] = asset.etag
        headers["Cache-Control"] = request.query["v"] == asset.hash ? versionedCacheControl : plainCacheControl
        // A gzipped answer's tag is weak (W/"…"), the same entity in another encoding: either form matches.
        let tags =
            request.headers["If-None-Match"]?.split(separator: ",")
            .map { tag in tag.trimmingWhitespace().replacingOccurrences(of: "W/", with: "") } ?? []
        if asset.gzipped != nil { headers["Vary"] = "Accept-Encoding" }
        let gzipped = Gzip.isAccepted(by: request.headers["Accept-Encoding"]) ? asset.gzipped : nil
        if gzipped != nil { headers["ETag"] = "W/" + asset.etag }
        if tags.contains(asset.etag) || tags.contains("*") {
            return HTTPResponse(status: 304, headers: headers)
        }
        headers["Content-Type"] = asset.contentType
        if gzipped != nil { headers["Content-Encoding"] = "gzip" }
        return HTTPResponse(status: 200, headers: headers, body: gzipped ?? asset.body)
    }
}
