import Foundation
import ListsHTTP
import ListsModel

/// The fields of an HTML form post (`application/x-www-form-urlencoded`), as the pages read them.
///
/// The format is the one browsers send: `name=value` pairs joined by `&`, `+` standing for a space and `%XX`
/// for any byte; the decoded bytes must be UTF-8. Anything else is refused before a handler looks at a field,
/// so a handler only ever sees well-formed text.
struct FormBody: Sendable {
    /// The decoded fields in the order they came; a name may repeat.
    private(set) var fields: [(name: String, value: String)] = []

    /// The form posted in `request`.
    /// - Throws: ``HTTPError`` 415 when the body is not a urlencoded form, 400 when it is not well-formed
    ///   (a `%` not followed by two hex digits, or bytes that are not UTF-8).
    init(_ request: HTTPRequest) throws {
        guard request.mediaType == ListsWebApp.formMediaType else {
            throw HTTPError.unsupportedMediaType(request.mediaType, expected: ListsWebApp.formMediaType)
        }
        try self.init(bytes: request.body)
    }

    /// The form encoded in `bytes`.
    /// - Throws: ``HTTPError`` 400 when the bytes are not a well-formed urlencoded form.
    init(bytes: [UInt8]) throws {
        for pair in bytes.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            let name = try Self.decode(parts[0])
            let value = parts.count > 1 ? try Self.decode(parts[1]) : ""
            fields.append((name: name, value: value))
        }
    }

    /// The first value sent for `name`, or `nil` when the field was not sent.
    subscript(name: String) -> String? {
        fields.first { $0.name == name }?.value
    }

    /// The record version the form was rendered with (the hidden `version` field), to pass as `expectedVersion`;
    /// `nil` when the form did not send one.
    /// - Throws: ``HTTPError`` 400 when it is not a positive whole number.
    func version() throws -> Int? {
        guard let text = self["version"] else { return nil }
        guard let version = Int(text), version >= 1 else {
            throw HTTPError.badRequest("the form's version must be a positive whole number", field: "version")
        }
        return version
    }

    /// The removal an Undo bar's form puts back (its hidden `removal` field).
    /// - Throws: ``HTTPError`` 400 when it names none.
    func removal() throws -> RemovalID {
        guard let removal = self["removal"].flatMap(UUID.init(text:)) else {
            throw HTTPError.badRequest("the form names no removal", field: "removal")
        }
        return RemovalID(removal)
    }

    /// How many places a move's form moves its record (its hidden `offset` field: negative up, positive down).
    /// - Throws: ``HTTPError`` 400 when it is not a whole number.
    func offset() throws -> Int {
        guard let offset = self["offset"].flatMap({ Int($0) }) else {
            throw HTTPError.badRequest("the form's offset must be a whole number", field: "offset")
        }
        return offset
    }

    /// The id the form chose for the record it adds (the hidden `id` field, see ``Layout/chosenIDField(_:)``);
    /// `nil` when the form did not send one.
    /// - Throws: ``HTTPError`` 400 when it is not a UUID.
    func chosenID() throws -> UUID? {
        guard let text = self["id"] else { return nil }
        guard let id = UUID(text: text) else {
            throw HTTPError.badRequest("the form's id must be a UUID", field: "id")
        }
        return id
    }

    /// One name or value: `+` is a space, `%XX` a byte, the result UTF-8.
    private static func decode(_ encoded: ArraySlice<UInt8>) throws -> String {
        guard let bytes = PercentEncoding.decoded(encoded, plusIsSpace: true) else {
            throw HTTPError.badRequest("the form is not well-formed: a % must be followed by two hex digits")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw HTTPError.badRequest("the form is not well-formed: its text is not UTF-8")
        }
        return text
    }
}
