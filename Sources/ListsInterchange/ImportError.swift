import ListsModel

/// Why a file cannot be imported: where in it (a line, a record), which field, and what is allowed. An import
/// that throws this has written nothing.
public struct ImportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Where the problem is: `line 12`, `record 3`, or `the file`.
    public var location: String
    /// The field, as the format names it (`price`, `description`, `Date`), or `file`.
    public var field: String
    /// What is wrong and what is allowed.
    public var message: String

    /// A problem at `location` in `field`.
    public init(_ location: String, field: String, _ message: String) {
        self.location = location
        self.field = field
        self.message = message
    }

    /// The model's refusal of a value, placed at `location`.
    public init(_ location: String, _ error: ValidationError, field: String? = nil) {
        self.init(location, field: field ?? error.field, error.message)
    }

    public var description: String { "\(location): \(field): \(message)" }

    /// Runs `body`, placing a model refusal at `location` (with the format's own name for the field when given).
    static func at<T>(_ location: @autoclosure () -> String, field: String? = nil, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as ValidationError {
            throw ImportError(location(), error, field: field)
        }
    }
}
