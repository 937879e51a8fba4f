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
        guard let text = values[name], let id = UUID(uuidString: text) else {
            throw HTTPError.badRequest(
                "\(values[name].map { "\"\($0)\"" } ?? "nothing") is not an id; ids look like "
                    + "2B0C4D0E-8F1A-4C3B-9D2E-5F6A7B8C9D0E", field: name)
        }
        return id
    }
}

/// A handler: a plain function from a request (and what its path captured) to a response.
public typealias RouteHandler = @Sendable (HTTPRequest, RouteParameters) throws -> HTTPResponse

/// Finds the handler for a method and path. Patterns are literal segments and `{name}` captures;
/// a path that matches with another method answers 405 with `Allow`, one that matches nothing 404.
public struct Router: Sendable {
    private enum Segment: Sendable, Equatable {
        case literal(String)
        case capture(String)
    }

    private struct Route: Sendable {
        var method: String
        var segments: [Segment]
        var handler: RouteHandler
    }

    private var routes: [Route] = []

    /// An empty router.
    public init() {}

    /// Serves `method` requests to paths matching `pattern` (such as `/api/v1/items/{id}`) with `handler`.
    public mutating func add(_ method: String, _ pattern: String, _ handler: @escaping RouteHandler) {
        let segments = Self.split(pattern).map { part -> Segment in
            part.hasPrefix("{") && part.hasSuffix("}")
                ? .capture(String(part.dropFirst().dropLast())) : .literal(String(part))
        }
        routes.append(Route(method: method, segments: segments, handler: handler))
    }

    /// Runs the handler for `request`.
    /// - Throws: ``HTTPError`` 404 or 405 when no route takes it, or whatever the handler throws.
    public func handle(_ request: HTTPRequest) throws -> HTTPResponse {
        let parts = Self.split(request.path)
        var allowed: [String] = []
        for route in routes {
            guard let parameters = Self.match(route.segments, parts) else { continue }
            if route.method == request.method {
                return try route.handler(request, parameters)
            }
            if !allowed.contains(route.method) { allowed.append(route.method) }
        }
        if allowed.isEmpty { throw HTTPError.noRoute(request.path) }
        throw HTTPError.methodNotAllowed(request.method, allowed: allowed)
    }

    private static func split(_ path: String) -> [Substring] {
        path.split(separator: "/", omittingEmptySubsequences: true)
    }

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
