/// A value that writes its own JSON straight into a byte buffer: the records and collections the API returns,
/// written member by member with the same bytes a sorted-keys `JSONEncoder` would give, without the encoder's
/// per-value containers (a page of 1000 records takes a fraction of a millisecond instead of tens).
public protocol JSONWritable {
    /// Appends the value's JSON to `output`.
    func writeJSON(to output: inout [UInt8])
}

extension JSONWritable {
    /// The value's JSON.
    public var jsonBytes: [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(256)
        writeJSON(to: &output)
        return output
    }
}

/// Writes the members of one JSON object, in the order given: callers give them sorted by key, so that the same
/// value always has the same bytes.
public struct JSONObjectWriter {
    private var isFirst = true

    /// Starts an object.
    public static func open(_ output: inout [UInt8]) -> JSONObjectWriter {
        output.append(UInt8(ascii: "{"))
        return JSONObjectWriter()
    }

    /// Ends the object.
    public func close(_ output: inout [UInt8]) {
        output.append(UInt8(ascii: "}"))
    }

    /// Writes a member's key and its colon; the caller writes the value next.
    public mutating func key(_ name: String, _ output: inout [UInt8]) {
        if !isFirst { output.append(UInt8(ascii: ",")) }
        isFirst = false
        JSONValue.writeString(name, to: &output)
        output.append(UInt8(ascii: ":"))
    }

    /// A member whose value is a string, or null.
    public mutating func string(_ name: String, _ value: String?, _ output: inout [UInt8]) {
        key(name, &output)
        if let value { JSONValue.writeString(value, to: &output) } else { output += Self.null }
    }

    /// A member whose value is JSON text already (a number), or null.
    public mutating func raw(_ name: String, _ text: String?, _ output: inout [UInt8]) {
        key(name, &output)
        if let text { output += Array(text.utf8) } else { output += Self.null }
    }

    /// A member whose value is true or false.
    public mutating func bool(_ name: String, _ value: Bool, _ output: inout [UInt8]) {
        key(name, &output)
        output += value ? Self.trueBytes : Self.falseBytes
    }

    /// A member whose value is any JSON value.
    public mutating func value(_ name: String, _ value: JSONValue, _ output: inout [UInt8]) {
        key(name, &output)
        value.write(to: &output)
    }

    /// `null`.
    public static let null = Array("null".utf8)
    static let trueBytes = Array("true".utf8)
    static let falseBytes = Array("false".utf8)
}
