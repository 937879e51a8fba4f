import JSONCodec
import ListsHTTP

/// The service worker (`/sw.js`): what makes the web app an app that a phone installs and opens with no network.
/// Its script is `Files/sw.js` (which says what it does); its configuration is data given to it, one JSON object
/// before the script (``configuration(shell:)``), so that a new shell is a new worker.
///
/// It is served from the root so that its scope is the whole app, without caching (`no-cache`): the browser checks
/// for a new one at every start.
enum ServiceWorker {
    /// Its address.
    static let path = "/sw.js"

    /// The paths of the screens it keeps for use without a network.
    static let keptScreens = ["/", "/shopping", "/shopping/list", "/todo", "/birds"]

    /// The paths of more screens it keeps, as patterns: the store lists, each one's screen (`/lists/{id}`), which a
    /// household makes and names, and its "Recently bought" (`/lists/{id}/recent`); each to-do list's screen
    /// (`/todo/lists/{id}`), which the To-Do screen's switcher opens.
    static let keptPatterns = [
        "^/lists(/[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}(/recent)?)?$",
        "^/todo/lists/[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$",
    ]

    /// Screens kept along with a kept screen (its path → the companion's address).
    static let companions = ["/shopping": "/shopping?edit=1"]

    /// The least time between two fetches of a companion, in seconds.
    static let companionInterval = 30

    /// What sw.js is given for `shell` (``Assets/shell``): the shell's versioned addresses and a version naming
    /// its cache, the kept screens (by path and by pattern), their companions and the least time between two fetches of one (in
    /// milliseconds).
    static func configuration(shell: [Asset]) -> JSONValue {
        // The shell's version: the hashes of what it holds, so that the worker changes when any of them does.
        let version = Asset(name: "", contentType: "", text: shell.map(\.hash).joined()).hash
        return .object([
            "version": .string(version),
            "shell": .array(shell.map { .string($0.url) }),
            "keptScreens": .array(keptScreens.map { .string($0) }),
            "keptPatterns": .array(keptPatterns.map { .string($0) }),
            "companions": .object(companions.mapValues { .string($0) }),
            "companionInterval": .number(JSONNumber(companionInterval * 1000)),
        ])
    }

    /// The script as served for `shell`: strict, its configuration first, then sw.js.
    static func script(shell: [Asset]) -> [UInt8] {
        var bytes = Array("\"use strict\";\nconst config = ".utf8)
        configuration(shell: shell).write(to: &bytes)
        return bytes + Array(";\n".utf8) + EmbeddedFiles.swJs
    }

    /// The worker as an asset: its bytes, type and entity tag.
    static let asset = Asset(
        name: "sw.js", contentType: "text/javascript; charset=utf-8", bytes: script(shell: Assets.shell))

    /// The worker for `request`: 304 when the browser's copy is current; never kept without asking again.
    static func response(_ request: HTTPRequest) -> HTTPResponse {
        var response = AssetController.response(asset, request)
        response.headers["Cache-Control"] = "no-cache"
        return response
    }
}
