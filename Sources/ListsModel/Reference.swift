import Foundation

/// How a person or a page points at one record.
///
/// Pages and the API use ids; people at a terminal type a short number (1-based, in the list's order), four or
/// more characters of the id, or the exact name (case ignored when no name matches exactly).
public enum Reference: Sendable, Hashable, CustomStringConvertible {
    /// The record with this id.
    case id(UUID)
    /// What someone typed.
    case typed(String)

    public var description: String {
        switch self {
        case .id(let id): id.uuidString
        case .typed(let text): text
        }
    }
}

extension Reference {
    /// The form in which names are compared when case is ignored: lower-cased in every script (`Crème` and
    /// `CRÈME` match; accents still count). Stores keep it beside the name so that the lookup uses an index.
    public static func nameKey(_ name: String) -> String {
        // Most names are ASCII without a capital: such a name is its own key, with no copy made.
        let isKey = name.utf8.withContiguousStorageIfAvailable { bytes in
            !bytes.contains { $0 >= 0x80 || (0x41...0x5A).contains($0) }
        }
        if isKey == true { return name }
        return name.lowercased()
    }
}

extension StoreSession {
    /// Finds the one record `reference` points at.
    ///
    /// A typed reference made only of digits is a short number. Otherwise the candidates are the records whose
    /// id starts with it (4 or more characters) and those named exactly so (ignoring case only when none
    /// matches with case); exactly one candidate must remain.
    /// - Throws: ``StoreError/notFound(_:)`` for an id no record has (pages and the API name records by id);
    ///   ``ValidationError`` naming the record kind when what was typed matches nothing or more than one record.
    public func resolve<R: Record>(_ reference: Reference, as type: R.Type) throws -> Numbered<R> {
        let noun = R.kind.noun
        switch reference {
        case .id(let id):
            guard let found = try records(type, idPrefix: id.uuidString, limit: 1).first else {
                throw StoreError.notFound(R.kind)
            }
            return found
        case .typed(let raw):
            let text = raw.trimmingWhitespace(includingNewlines: false)
            let howTo = "give its number from the list, 4 or more characters of its id, or its exact name"
            guard !text.isEmpty else { throw ValidationError(field: noun, message: "which \(noun)? \(howTo)") }
            if text.allSatisfy({ $0.isASCII && $0.isNumber }) {
                let total = try count(type, where: nil)
                guard let number = Int(text), number >= 1, let found = try record(type, number: number) else {
                    let have = total == 1 ? "there is 1 \(noun)" : "there are \(total) \(noun)s"
                    throw ValidationError(field: noun, message: "no \(noun) number \(text); \(have)")
                }
                return found
            }
            var candidates: [Numbered<R>] = []
            let limit = 6
            if text.count >= 4, text.allSatisfy({ $0.isHexDigit || $0 == "-" }) {
                candidates += try records(type, idPrefix: text.uppercased(), limit: limit)
            }
            var named = try records(type, named: text, ignoringCase: false, limit: limit)
            if named.isEmpty { named = try records(type, named: text, ignoringCase: true, limit: limit) }
            for match in named where !candidates.contains(where: { $0.record.id == match.record.id }) {
                candidates.append(match)
            }
            switch candidates.count {
            case 0:
                throw ValidationError(field: noun, message: "no \(noun) matches \(Quoted(text)); \(howTo)")
            case 1:
                return candidates[0]
            default:
                let names = candidates.prefix(5).map { "\($0.record.displayName) (\($0.number))" }
                let more = candidates.count > 5 ? ", ..." : ""
                throw ValidationError(
                    field: noun,
                    message: "\(Quoted(text)) matches several \(noun)s: \(names.joinedInline(separator: ", "))\(more); "
                        + "use the number or more of the id")
            }
        }
    }
}
