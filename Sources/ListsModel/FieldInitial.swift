import Foundation

/// What a new record's field holds when it is given no value: a value, or (for a date) the moment of the add.
///
/// Declared as data rather than as a closure alone so that it can be told to app.js, which makes new records with
/// no network (``RecordSchema/formRules(_:writesDecimalComma:)``).
public struct FieldInitial<Value>: Sendable {
    /// The value for a record added at `now`.
    let value: @Sendable (_ now: Date) -> Value
    /// Whether it is the moment of the add itself.
    let isNow: Bool

    /// `value`, whenever the record is added.
    public static func value(_ value: Value) -> FieldInitial where Value: Sendable {
        FieldInitial(value: { _ in value }, isNow: false)
    }
}

extension FieldInitial where Value == Date {
    /// The moment the record is added.
    public static var now: FieldInitial<Date> { FieldInitial(value: { $0 }, isNow: true) }
}
