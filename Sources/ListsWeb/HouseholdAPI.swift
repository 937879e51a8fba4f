import Foundation
import JSONCodec
import ListsHTTP
import ListsModel

/// The JSON API of the household a request acts in: its number, its name and its time zone
/// (``ListsModel/HouseholdTimeZone``), in which its tasks are due and its days end.
///
/// `PATCH /api/v1/household` sets the zone (`null`: the server's again); like renaming the household, it is an
/// owner's (403 for a member).
enum HouseholdAPI {
    static let tag = "Household"

    static var routes: [APIRoute] {
        [
            APIRoute(
                method: "GET", path: "/api/v1/household",
                operation: APIOperation(
                    id: "getHousehold", tag: tag,
                    summary: "The household the request acts in: its number, name and time zone.",
                    answer: APIOperation.json("OK", schema: "Household"))
            ) { _, context in try answer(context) },
            APIRoute(
                method: "PATCH", path: "/api/v1/household",
                operation: APIOperation(
                    id: "setHouseholdTimeZone", tag: tag,
                    summary: "Sets the household's time zone, a place's IANA name or UTC; null goes back to the "
                        + "server's. An owner's.",
                    body: APIOperation.jsonBody(schema: "HouseholdPatch"),
                    answer: APIOperation.json("OK", schema: "Household"), refusals: APIOperation.writeRefusals)
            ) { request, context in
                let principal = try context.signedIn
                guard principal.role == .owner else {
                    throw HTTPError(status: 403, code: "owner_only", message: Households.ownerOnly)
                }
                let members = try JSONInput.object(from: request, allowed: ["timeZone"])
                switch members["timeZone"] {
                case nil: break
                case .null?: try context.lists.todo.tasks.store.setHouseholdTimeZone(nil)
                case .string(let zone)?: try context.lists.todo.tasks.store.setHouseholdTimeZone(zone)
                case _?:
                    throw ValidationError(
                        field: "timeZone", message: "must be a zone's name such as Europe/Berlin, or null")
                }
                return try answer(context)
            },
        ]
    }

    /// The household's body.
    static func answer(_ context: RequestContext) throws -> HTTPResponse {
        guard let household = context.household?.household else { throw ListsWebApp.noHousehold }
        let chosen = try context.lists.todo.tasks.store.chosenTimeZone()
        let zone = chosen ?? HouseholdTimeZone.serverDefault
        var bytes: [UInt8] = []
        var object = JSONObjectWriter.open(&bytes)
        object.string("name", household.name, &bytes)
        object.raw("number", "\(household.id.rawValue)", &bytes)
        object.string("timeZone", HouseholdTimeZone.name(of: zone), &bytes)
        object.bool("timeZoneIsServers", chosen == nil, &bytes)
        object.close(&bytes)
        return .json(bytes: bytes)
    }

    /// The zones a PATCH takes, as JSON strings.
    private static var zones: String { HouseholdTimeZone.places.map { "\"\($0)\"" }.joined(separator: ", ") }

    static var schemas: [(name: String, schema: String)] {
        [
            (
                "Household",
                #"{"type": "object", "additionalProperties": false, "required": ["number", "name", "timeZone", "timeZoneIsServers"], "properties": {"number": {"type": "integer", "minimum": 0}, "name": {"type": "string"}, "timeZone": {"type": "string", "description": "The zone its tasks are due in: the one it set, else the server's."}, "timeZoneIsServers": {"type": "boolean", "description": "Whether it keeps the server's zone (set none of its own)."}}}"#
            ),
            (
                "HouseholdPatch",
                #"{"type": "object", "additionalProperties": false, "properties": {"timeZone": {"enum": [\#(zones), null], "description": "A place's zone as the IANA database names it (Europe/Berlin; the letters' case does not matter) or UTC; null for the server's."}}}"#
            ),
        ]
    }
}
