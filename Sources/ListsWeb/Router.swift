import Foundation
import ListsHTTP

/// The values a route pattern captured from the path: `{id}` in `/api/v1/items/{id}`.
public struct RouteParameters: Sendable {
    var values: [String: String] = [:]

    /// The captured text for `name`.
    public subscript(name: String) -> String? { values[name] }

    /// The captured `name` read as a record id.
    /// - Throws: ``HTTPError`` 400 naming the parameter when it is not a UUID.
    public func id(_ name: String = "id") throws -> UUID {
        guard let text = values[name], let id = UUID(text: text) else {
            throw HTTPError.badRequest(
                "\(values[name].map { "\"\($0)\"" } ?? "nothing") is not an id; ids look like "
                    + "2B0C4D0E-8F1A-4C3B-9D2E-5F6A7B8C9D0E", field: name)
        }
        return id
    }
}

/// A handler: a plain function from a request and its context (what the path captured, who sent it, the
/// household it acts in and that household's lists) to a response.
typealias RouteHandler = @Sendable (HTTPRequest, RequestContext) throws -> HTTPResponse

/// One route: a method, a path pattern, what the route needs (``RouteTraits``) and its handler.
final class Route: Sendable {
    /// The HTTP method.
    let method: String
    /// The path pattern, `{name}` for a captured segment.
    let pattern: String
    /// What the route needs and how it answers.
    let traits: RouteTraits
    /// What answers it.
    let handler: RouteHandler
    /// The pattern's segments.
    fileprivate let segments: [Router.Segment]
    /// Its place among the router's routes: where two patterns match a path, the methods of a 405's `Allow` come
    /// in the order their routes were added.
    fileprivate let order: Int

    /// The route `order`th in its router.
    fileprivate init(
        method: String, pattern: String, traits: RouteTraits, order: Int, handler: @escaping RouteHandler
    ) {
        self.method = method
        self.pattern = pattern
        self.traits = traits
        self.order = order
        self.handler = handler
        segments = Router.split(pattern).map { part -> Router.Segment in
            part.hasPrefix("{") && part.hasSuffix("}")
                ? .capture(String(part.dropFirst().dropLast())) : .literal(String(part))
        }
    }
}

/// Every route of the app, built once: finds the route for a method and path. Patterns are literal segments and
/// `{name}` captures; a path that matches with another method answers 405 with `Allow` (the methods of every route
/// whose pattern matches it), one that matches nothing 404.
///
/// A path made only of literal segments is found with one dictionary look-up of the path as it came; any other
/// path (a capture, a doubled or trailing slash) by its segments. A literal pattern wins over one with a capture
/// (`/birds/new` over `/birds/{id}`), then the route added first.
struct Router: Sendable {
    /// A segment of a pattern.
    fileprivate enum Segment: Sendable, Equatable {
        /// A segment the path must have as it is.
        case literal(String)
        /// Any one segment, captured under this name.
        case capture(String)
    }

    /// Every route, in the order added.
    private(set) var routes: [Route] = []
    /// The routes whose patterns have no capture, by their path (`/api/v1/items`, `/` for the root).
    private var literalRoutes: [String: [Route]] = [:]
    /// The routes whose patterns capture, in the order added.
    private var capturingRoutes: [Route] = []
    /// How a path that no route serves is refused, by its first segment: as the routes under that segment are.
    private var refusalTraits: [String: RouteTraits] = [:]
    /// The methods of the routes the server must know something of before the handler runs (``RequestHandling``).
    private var handlingMethods: [String] = []

    /// An empty router.
    init() {}

    /// Serves `method` requests to paths matching `pattern` (such as `/api/v1/items/{id}`) with `handler`, as
    /// `traits` say.
    ///
    /// A route added twice, or a pattern whose routes differ in who may call them or how they answer (which a
    /// refusal of another method on the path could not tell apart), is a programmer's error.
    mutating func add(
        _ method: String, _ pattern: String, _ traits: RouteTraits, _ handler: @escaping RouteHandler
    ) {
        let route = Route(method: method, pattern: pattern, traits: traits, order: routes.count, handler: handler)
        for other in routes where other.segments == route.segments {
            precondition(other.method != method, "\(method) \(pattern) is routed twice")
            precondition(
                other.traits.access == traits.access && other.traits.face == traits.face,
                "the routes of \(pattern) differ in access or face")
        }
        routes.append(route)
        if route.segments.contains(where: { if case .capture = $0 { true } else { false } }) {
            capturingRoutes.append(route)
        } else {
            literalRoutes[Self.normalized(Self.split(pattern)), default: []].append(route)
        }
        if case .literal(let first) = route.segments.first ?? .literal("") {
            refusalTraits[first] = refusalTraits[first].map { $0.refusal(alongside: traits) } ?? traits.refusal
        }
        if traits.handling != .ordinary, !handlingMethods.contains(method) { handlingMethods.append(method) }
    }

    /// Serves an API route with its traits.
    mutating func add(_ route: APIRoute) {
        add(route.method, route.path, route.traits, route.handler)
    }

    /// What a request's method and path lead to.
    enum Match {
        /// The route that answers, and what its pattern captured.
        case found(Route, RouteParameters)
        /// No route answers: 404, or 405 naming the methods the path allows; refused as `traits` say (those of
        /// the path's routes, or of the routes under its first segment).
        case refused(HTTPError, RouteTraits)

        /// How the request is answered: who may be told, and in what form.
        var traits: RouteTraits {
            switch self {
            case .found(let route, _): route.traits
            case .refused(_, let traits): traits
            }
        }
    }

    /// The route for `method` and `path`.
    func match(_ method: String, _ path: String) -> Match {
        if let candidates = literalRoutes[path] {
            for route in candidates where route.method == method { return .found(route, RouteParameters()) }
        }
        return matchBySegments(method, path)
    }

    /// ``match(_:_:)`` for a path that is not a literal pattern as it came, or whose routes take other methods.
    private func matchBySegments(_ method: String, _ path: String) -> Match {
        let parts = Self.split(path)
        var candidates = literalRoutes[Self.normalized(parts)] ?? []
        if let route = candidates.first(where: { $0.method == method }) { return .found(route, RouteParameters()) }
        for route in capturingRoutes {
            guard let parameters = Self.match(route.segments, parts) else { continue }
            if route.method == method { return .found(route, parameters) }
            candidates.append(route)
        }
        candidates.sort { $0.order < $1.order }
        guard let first = candidates.first else {
            return .refused(HTTPError.noRoute(path), parts.first.flatMap { refusalTraits[String($0)] } ?? .page)
        }
        var allowed: [String] = []
        for route in candidates where !allowed.contains(route.method) { allowed.append(route.method) }
        return .refused(HTTPError.methodNotAllowed(method, allowed: allowed), first.traits.refusal)
    }

    /// What the server must know of a request before its handler runs, from the route it leads to.
    func handling(method: String, path: String) -> RequestHandling {
        // Most requests (every GET) have none to look up.
        guard handlingMethods.contains(method), case .found(let route, _) = match(method, path) else {
            return .ordinary
        }
        return route.traits.handling
    }

    /// The segments of `path`, doubled and trailing slashes ignored.
    fileprivate static func split(_ path: String) -> [Substring] {
        path.split(separator: "/", omittingEmptySubsequences: true)
    }

    /// The path of `parts` with one slash before each.
    private static func normalized(_ parts: [Substring]) -> String {
        parts.isEmpty ? "/" : parts.reduce(into: "") { $0 += "/" + $1 }
    }

    /// What `segments` capture of `parts`, or `nil` when they do not match.
    private static func match(_ segments: [Segment], _ parts: [Substring]) -> RouteParameters? {
        guard segments.count == parts.count else { return nil }
        var parameters = RouteParameters()
        for (segment, part) in zip(segments, parts) {
            switch segment {
            case .literal(let text): guard part == text else { return nil }
            case .capture(let name): parameters.values[name] = String(part)
            }
        }
        return parameters
    }
}
