import Foundation
import JSONCodec

/// How a change made without the latest record (on a phone offline, or a page drawn before someone else's edit)
/// is merged into the record as it is now: field by field, never record by record.
///
/// The change says, for each field it sets, the value it saw (its base) and the value it wants. Then, per field:
/// - the record already has the wanted value: nothing to do (two people checking off the same item leave it off
///   the list, once);
/// - the record still has the value the change saw: the field takes the wanted value;
/// - someone else changed that field meanwhile: theirs stays, and the change's value for that field is not
///   applied, and said so (``Merge/conflicts``).
///
/// A field the change does not set is never touched: an item checked off on one phone is not put back on the list
/// by another phone's stale edit of its price. A field set without a base takes the wanted value whatever it is.
public struct Merge<R: Record>: Sendable {
    /// The record with what could be applied.
    public var record: R
    /// The fields that took the change's value.
    public var applied: [String]
    /// The fields that already had it.
    public var unchanged: [String]
    /// The fields someone else changed meanwhile, which kept their value: (field, the value wanted).
    public var conflicts: [(field: String, wanted: JSONValue)]

    /// Whether the merge changes the record.
    public var changesRecord: Bool { !applied.isEmpty }
}

extension RecordSchema where R: Record {
    /// Merges `wanted` (values by field key) into `current`, given the values `base` that the change saw.
    /// - Throws: ``ValidationError`` naming the field when a wanted value is refused (the whole change is then
    ///   refused), or a base value is malformed.
    public func merge(_ current: R, wanted: [String: JSONValue], base: [String: JSONValue], now: Date) throws
        -> Merge<R>
    {
        /// Whether `field` is no longer the value `seen` the change saw: someone else changed it meanwhile.
        func changedSince(_ field: AnyField<R>, _ seen: JSONValue) throws -> Bool {
            var withBase = current
            try field.readJSON(&withBase, seen, now)
            return field.value(withBase) != field.value(current)
        }
        var applied: [String: JSONValue] = [:]
        var merge = Merge(record: current, applied: [], unchanged: [], conflicts: [])
        for field in fields where field.isInput {
            guard let value = wanted[field.key] else { continue }
            var withWanted = current
            try field.readJSON(&withWanted, value, now)
            let stored = field.value(current)
            if field.value(withWanted) == stored {
                merge.unchanged.append(field.key)
                continue
            }
            if let seen = base[field.key], try changedSince(field, seen) {
                merge.conflicts.append((field.key, value))
                continue
            }
            applied[field.key] = value
            merge.applied.append(field.key)
        }
        // A field whose change counts on another's value (a check-off on the due date it saw): applied only while
        // that one is as the change saw it, whether the change sets it or only names it in its base.
        for link in mergeLinks where applied[link.field] != nil {
            guard let seen = base[link.on], let on = fields.first(where: { $0.key == link.on }),
                try changedSince(on, seen)
            else { continue }
            merge.conflicts.append((link.field, applied.removeValue(forKey: link.field) ?? .null))
            merge.applied.removeAll { $0 == link.field }
        }
        merge.record = try change(current, with: applied, now: now)
        return merge
    }
}
