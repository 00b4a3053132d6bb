/// A JSON value that remembers where it was written, so every model error
/// can name its line and column. Objects keep their members in file order.
package struct JSONNode: Sendable {
    package enum Value: Sendable {
        case object([JSONMember])
        case array([JSONNode])
        case string(String)
        case number(Double)
        case bool(Bool)
        case null
    }

    package var value: Value
    /// UTF-8 offset of the value's first byte in the source.
    package var offset: Int
    /// UTF-8 length of the value's source text.
    package var length: Int

    var kindName: String {
        switch value {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }
}

/// One `"key": value` member of a JSON object.
package struct JSONMember: Sendable {
    package var key: String
    package var keyOffset: Int
    package var keyLength: Int
    package var value: JSONNode
}
