import Foundation
import JSONCodec
import ListsHTTP
import ListsModel

/// `POST /api/v1/changes`: changes a device made without the network (or without the latest lists), sent in
/// order, in batches, each merged into the records as they are now and answered one by one.
///
/// A change is `{"key", "kind", "op", "id", "fields", "base"}`: `key` is the device's name for it (answered back),
/// `kind` is a ``RecordKind``'s word (`item`, `task`, `sighting`, or `entry`: an entry of a store list), `op` is
/// `add`, `update` or `delete`, `id` the record's (an add chooses it), `fields` the values an add or an update sets,
/// and `base` the values the update saw. An entry's change also names its list (`list`, the list's id).
/// The rules (docs/api.md, "Changes made offline, and how they merge"):
///
/// - an add makes the record with its id; sent again, it finds it made and adds nothing (`already`);
/// - an update merges field by field (``RecordSchema/merge(_:wanted:base:now:)``): a field someone else changed
///   since the change's base keeps their value, and the answer lists it (`conflicts`, outcome `partial`, or
///   `not_applied` when nothing could be applied); a field already at the wanted value is `already`;
/// - a delete wins over an edit it did not see; a delete of a record gone already is `already`;
/// - an update of a record deleted meanwhile is not applied (`deleted`): the delete wins;
/// - a malformed change is refused (`refused`, with a reason naming the field) and the others go on;
/// - an entry's add puts its item on the list as ``ListsModel/ShoppingLists/put(_:on:quantity:note:id:)`` does
///   (an item on the list already gets the quantity added); a later change to that entry finds the entry the put
///   added to. A change to an entry of a list deleted meanwhile is not applied (`not_applied`, field `list`): the
///   delete wins, and the phone is told why. So is a task added to, or moved to, a to-do list deleted meanwhile
///   (`not_applied`, field `list`): it is put on no other list.
///
/// Each change is its own write, so a batch cut by a lost connection leaves the changes before the cut made, and
/// sending the batch again makes nothing twice: every change is one that can be sent twice.
struct ChangesAPI: Sendable {
    static let path = "/api/v1/changes"
    /// The most changes one request may carry: a device sends a long queue in batches.
    static let batchLimit = 500
    /// The largest batch, in bytes: 500 changes of the longest names and notes, and room to spare.
    static let bodyLimit = 4 * 1024 * 1024

    /// The route, whose body may be up to ``bodyLimit``.
    static var route: APIRoute {
        APIRoute(
            method: "POST", path: Self.path,
            operation: APIOperation(
                id: "applyChanges",
                summary: "Applies changes made offline, in order, merging each field by field into the records as "
                    + "they are now; answers each change's outcome.",
                body: APIOperation.jsonBody(schema: "ChangeBatch"),
                answer: APIOperation.json("Each change's outcome, in order", schema: "ChangeResults"),
                refusals: [400, 413, 415, 422]),
            traits: .api.body(.upTo(bodyLimit))
        ) { request, context in try apply(request, context.lists) }
    }

    /// The kinds a change may be of: the three apps' records, and the entries of store lists (merged through
    /// ``ListsModel/ShoppingLists``, which keeps an entry's list, its check-offs' log and the list's revision). The
    /// lists themselves are not among them: a list's store list and its unique name are kept by operations made
    /// online.
    static let kinds: [RecordKind] = [.item, .task, .sighting, .entry]

    /// ``kinds``' words as a message lists them: "item, task, sighting or entry".
    static let kindList =
        kinds.dropLast().map(\.rawValue).joined(separator: ", ") + " or " + kinds[kinds.count - 1].rawValue

    /// Every kind's word as a JSON string, for the schema's `enum`: `"item", "task", "sighting"`.
    private static let kindWords = kinds.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")

    /// The document's schemas of a batch and its answer.
    static let schemas: [(name: String, schema: String)] = [
        (
            "ChangeBatch",
            ##"{"type": "object", "additionalProperties": false, "required": ["changes"], "properties": {"changes": {"type": "array", "maxItems": 500, "items": {"type": "object", "required": ["key", "kind", "op", "id"], "properties": {"key": {"type": "string", "minLength": 1, "maxLength": 100}, "kind": {"type": "string", "enum": [\##(kindWords)]}, "op": {"type": "string", "enum": ["add", "update", "delete"]}, "id": {"type": "string", "format": "uuid"}, "list": {"type": "string", "format": "uuid", "description": "An entry's list."}, "fields": {"type": "object"}, "base": {"type": "object"}}}}}}"##
        ),
        (
            "ChangeResults",
            ##"{"type": "object", "required": ["results"], "properties": {"results": {"type": "array", "items": {"type": "object", "required": ["key", "outcome"], "properties": {"key": {"type": "string"}, "outcome": {"type": "string", "enum": ["applied", "already", "partial", "not_applied", "deleted", "refused"]}, "reason": {"type": "string"}, "field": {"type": "string"}, "conflicts": {"type": "array", "items": {"type": "string"}}, "record": {"type": "object"}}}}}}"##
        ),
    ]

    /// One change's outcome.
    struct Outcome {
        var key: String
        var outcome: String
        var reason: String?
        var field: String?
        var conflicts: [String] = []
        var record: [UInt8]?

        var bytes: [UInt8] {
            var object: [String: JSONValue] = ["key": .string(key), "outcome": .string(outcome)]
            if let reason { object["reason"] = .string(reason) }
            if let field { object["field"] = .string(field) }
            if !conflicts.isEmpty { object["conflicts"] = .array(conflicts.map { .string($0) }) }
            var bytes: [UInt8] = []
            JSONValue.object(object).write(to: &bytes)
            guard let record else { return bytes }
            // The record's own JSON, as the API answers it, put in as the last member.
            bytes.removeLast()
            bytes += Array(#","record":"#.utf8) + record + [UInt8(ascii: "}")]
            return bytes
        }
    }

    static func apply(_ request: HTTPRequest, _ lists: ListsServices) throws -> HTTPResponse {
        let members = try JSONInput.object(from: request, allowed: ["changes"])
        guard case .array(let changes)? = members["changes"] else {
            throw ValidationError(field: "changes", message: "must be an array of changes")
        }
        guard changes.count <= batchLimit else {
            throw ValidationError(
                field: "changes", message: "holds \(changes.count) changes; send at most \(batchLimit) at a time")
        }
        var output = Array(#"{"results":["#.utf8)
        for (index, change) in changes.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            output += outcome(of: change, index: index, lists).bytes
        }
        output += Array("]}".utf8)
        return .json(bytes: output)
    }

    /// What became of one change.
    static func outcome(of change: JSONValue, index: Int, _ lists: ListsServices) -> Outcome {
        guard case .object(let members) = change else {
            return Outcome(key: "#\(index)", outcome: "refused", reason: "a change must be an object", field: nil)
        }
        guard case .string(let key)? = members["key"], (1...100).contains(key.count) else {
            return Outcome(
                key: "#\(index)", outcome: "refused", reason: "must be a text of 1 to 100 characters", field: "key")
        }
        do {
            let unknown = Set(members.keys).subtracting(["key", "kind", "op", "id", "list", "fields", "base"])
            if let extra = unknown.sorted().first {
                throw ValidationError(field: extra, message: "is not part of a change")
            }
            guard case .string(let word)? = members["kind"] else {
                throw ValidationError(field: "kind", message: "must be \(kindList)")
            }
            guard case .string(let op)? = members["op"], ["add", "update", "delete"].contains(op) else {
                throw ValidationError(field: "op", message: "must be add, update or delete")
            }
            guard case .string(let idText)? = members["id"], let id = UUID(text: idText) else {
                throw ValidationError(field: "id", message: "must be a UUID")
            }
            let fields = try object(members["fields"], field: "fields")
            let base = try object(members["base"], field: "base")
            guard let kind = RecordKind(rawValue: word), kinds.contains(kind) else {
                throw ValidationError(field: "kind", message: "must be \(kindList)")
            }
            if kind == .entry {
                guard case .string(let listText)? = members["list"], let list = UUID(text: listText) else {
                    throw ValidationError(field: "list", message: "an entry's change names its list's id")
                }
                return try applyEntry(op, id, list: list, fields, base, key, lists)
            }
            let mark = ShoppingItem.Fields.isOnShoppingList.key
            if kind == .item, op != "delete", fields[mark] != nil {
                var list: UUID?
                if let value = members["list"] {
                    guard case .string(let text) = value, let named = UUID(text: text) else {
                        throw ValidationError(field: "list", message: "must be the id of a list")
                    }
                    list = named
                }
                return try applyItemMark(op, id, list: list, fields, base, key, lists)
            }
            if members["list"] != nil {
                throw ValidationError(
                    field: "list", message: "is part of an entry's change, or of an item's that sets inShoppingList")
            }
            do {
                return try apply(op, id, fields, base, key, kind.recordType, lists)
            } catch let error as ValidationError where kind == .task && error.field == "list" {
                // A task put on a to-do list deleted on another device meanwhile: not put anywhere else.
                guard case .string(let named)? = fields["list"], let listID = UUID(text: named),
                    try lists.todoLists.lists.recentlyRemoved(listID) != nil
                else { throw error }
                return Outcome(
                    key: key, outcome: "not_applied", reason: "its list was deleted on another device; the delete wins",
                    field: "list")
            }
        } catch let error as ValidationError {
            return Outcome(key: key, outcome: "refused", reason: error.message, field: error.field)
        } catch {
            let http = HTTPError(error)
            return Outcome(key: key, outcome: "refused", reason: http.message, field: http.field)
        }
    }

    private static func object(_ value: JSONValue?, field: String) throws -> [String: JSONValue] {
        switch value {
        case nil, .null?: return [:]
        case .object(let members)?: return members
        default: throw ValidationError(field: field, message: "must be an object of field values")
        }
    }

    /// Applies one change to a record of `type`, through the list of that kind over the household's store.
    private static func apply<R: Record>(
        _ op: String, _ id: UUID, _ fields: [String: JSONValue], _ base: [String: JSONValue], _ key: String,
        _ type: R.Type, _ lists: ListsServices
    ) throws -> Outcome {
        let list = RecordList<R>(store: lists.store, clock: lists.clock)
        for name in Set(fields.keys).union(base.keys) where !R.schema.inputKeys.contains(name) {
            throw ValidationError(
                field: name,
                message: "is not a field of \(R.kind.noun)s (\(R.schema.inputKeys.joined(separator: ", ")))")
        }
        switch op {
        case "add":
            let draft = try R.schema.create(from: fields, now: list.now())
            let added = try list.add(draft, numbered: false, id: id)
            return Outcome(key: key, outcome: added.isNew ? "applied" : "already", record: added.record.jsonBytes)
        case "delete":
            do {
                try list.remove([.id(id)])
                return Outcome(key: key, outcome: "applied")
            } catch StoreError.Code.notFound {
                return Outcome(key: key, outcome: "already", reason: "it was deleted already")
            }
        default:
            // Merged inside the write, against the record as it is there: no one else's change can come between.
            var merge: Merge<R>?
            let changed: R
            do {
                changed = try list.change([.id(id)]) { record in
                    let merged = try R.schema.merge(record, wanted: fields, base: base, now: list.now())
                    merge = merged
                    if merged.changesRecord { record = merged.record }
                }[0].record
            } catch StoreError.Code.notFound {
                return Outcome(
                    key: key, outcome: "deleted", reason: "it was deleted on another device; the delete wins")
            }
            return outcome(of: merge, key: key, record: changed.jsonBytes)
        }
    }

    /// An update's outcome after `merge`: applied, in part (the fields changed elsewhere meanwhile keep their
    /// values, and are named), or not at all; `record` is the record as it is now.
    private static func outcome<R: Record>(of merge: Merge<R>?, key: String, record: [UInt8]) -> Outcome {
        let conflicts = merge?.conflicts.map(\.field) ?? []
        guard merge?.changesRecord == true else {
            return Outcome(
                key: key, outcome: conflicts.isEmpty ? "already" : "not_applied",
                reason: conflicts.isEmpty ? nil : "changed on another device meanwhile; theirs was kept",
                conflicts: conflicts, record: record)
        }
        return Outcome(
            key: key, outcome: conflicts.isEmpty ? "applied" : "partial",
            reason: conflicts.isEmpty ? nil : "some fields were changed on another device meanwhile; theirs were kept",
            conflicts: conflicts, record: record)
    }

    /// Applies an item's change that sets its `inShoppingList` (an Items tab checkmark tapped offline): its other
    /// fields as any item's, then the mark on the list `listID` (the Shopping List tab's when the tap was made),
    /// else the household's first: `true` puts the item there unless it is to buy there already, `false` takes it
    /// off. The mark is set, not flipped, so a change sent twice marks once.
    private static func applyItemMark(
        _ op: String, _ id: UUID, list listID: UUID?, _ fields: [String: JSONValue], _ base: [String: JSONValue],
        _ key: String, _ lists: ListsServices
    ) throws -> Outcome {
        let markKey = ShoppingItem.Fields.isOnShoppingList.key
        var (fields, base) = (fields, base)
        guard case .bool(let isOn)? = fields.removeValue(forKey: markKey) else {
            throw ValidationError(field: markKey, message: "must be true or false")
        }
        base.removeValue(forKey: markKey)
        let shopping = lists.shoppingLists
        let list: NamedList?
        do {
            list = try listID.map { try shopping.list(.id($0)) } ?? shopping.tabList(preferring: nil)
        } catch StoreError.Code.notFound {
            return Outcome(
                key: key, outcome: "not_applied", reason: "its list was deleted on another device; the delete wins",
                field: "list")
        }
        var result = Outcome(key: key, outcome: "already")
        if op == "add" || !fields.isEmpty {
            result = try apply(op, id, fields, base, key, ShoppingItem.self, lists)
            guard ["applied", "already", "partial", "not_applied"].contains(result.outcome) else { return result }
        }
        let target = try isOn ? list ?? shopping.tabListMaking(preferring: nil) : list
        do {
            let item = try shopping.catalog.find(.id(id)).record
            var marked = item
            marked.isOnShoppingList = false
            if let target {
                let was = try shopping.marking([item], on: target)[0].isOnShoppingList
                marked.isOnShoppingList = try shopping.mark(.id(id), isOn, on: target)
                if was != isOn, result.outcome == "already" || result.outcome == "not_applied" {
                    result.outcome = result.conflicts.isEmpty ? "applied" : "partial"
                    result.reason = result.conflicts.isEmpty ? nil : result.reason
                }
            }
            // As the mark's own answer says it is now (no list: on none).
            result.record = marked.jsonBytes
        } catch StoreError.Code.notFound {
            return Outcome(
                key: key, outcome: "deleted", reason: "it was deleted on another device; the delete wins")
        } catch let error as ValidationError where error.field == "list" {
            return Outcome(
                key: key, outcome: "not_applied", reason: "its list was deleted on another device; the delete wins",
                field: "list")
        }
        return result
    }

    /// Applies one change to an entry of the store list `listID`, through ``ListsModel/ShoppingLists``.
    private static func applyEntry(
        _ op: String, _ id: UUID, list listID: UUID, _ fields: [String: JSONValue], _ base: [String: JSONValue],
        _ key: String, _ lists: ListsServices
    ) throws -> Outcome {
        let shopping = lists.shoppingLists
        let allowed = op == "add" ? ["item", "quantity", "note"] : ["quantity", "note", "checkedAt"]
        for name in Set(fields.keys).union(base.keys).sorted() where !allowed.contains(name) {
            throw ValidationError(
                field: name,
                message: "is not a field an entry's \(op) sets (\(allowed.joined(separator: ", ")))")
        }
        let listGone = Outcome(
            key: key, outcome: "not_applied", reason: "its list was deleted on another device; the delete wins",
            field: "list")
        let list: NamedList
        do {
            list = try shopping.list(.id(listID))
        } catch StoreError.Code.notFound {
            return op == "delete" ? Outcome(key: key, outcome: "already", reason: "its list was deleted") : listGone
        }
        do {
            switch op {
            case "add":
                guard case .string(let itemText)? = fields["item"], let item = UUID(text: itemText) else {
                    throw ValidationError(field: "item", message: "the id of an item of the catalog is required")
                }
                let now = shopping.lists.now()
                let quantity = try ListsAPI.value(ListEntry.Fields.quantity, in: fields, now: now) ?? nil
                let note = try ListsAPI.value(ListEntry.Fields.note, in: fields, now: now) ?? nil
                let put: ShoppingLists.Put
                do {
                    put = try shopping.put(.id(item), on: list, quantity: quantity, note: note, id: id)
                } catch StoreError.Code.notFound {
                    return Outcome(
                        key: key, outcome: "not_applied",
                        reason: "its item was deleted from the catalog on another device", field: "item")
                }
                return Outcome(
                    key: key, outcome: put.isRepeat ? "already" : "applied", record: put.entry.jsonBytes)
            case "delete":
                guard let entry = try shopping.entry(putAs: id, on: list) else {
                    return Outcome(key: key, outcome: "already", reason: "it was taken off the list already")
                }
                try shopping.remove([.id(entry.id)], from: list)
                return Outcome(key: key, outcome: "applied")
            default:
                guard let entry = try shopping.entry(putAs: id, on: list) else {
                    return Outcome(
                        key: key, outcome: "deleted",
                        reason: "it was taken off the list on another device; the delete wins")
                }
                var merge: Merge<ListEntry>?
                let changed = try shopping.change([.id(entry.id)], on: list) { record in
                    let merged = try ListEntry.schema.merge(
                        record, wanted: fields, base: base, now: shopping.lists.now())
                    merge = merged
                    if merged.changesRecord { record = merged.record }
                }[0].record
                return outcome(of: merge, key: key, record: changed.jsonBytes)
            }
        } catch let error as ValidationError where error.field == "list" {
            // Deleted between the read above and the write.
            return listGone
        }
    }
}
