/// A JSON value that remembers where it was written, so every model error
/// can name its line and column. Objects keep their members in file order.
public struct JSONNode: Sendable {
    public enum Value: Sendable {
        case object([JSONMember])
        case array([JSONNode])
        case string(String)
        case number(Double)
        case bool(Bool)
        case null
    }

    public var value: Value
    /// UTF-8 offset of the value's first byte in the source.
    public var offset: Int
    /// UTF-8 length of the value's source text.
    public var length: Int

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
public struct JSONMember: Sendable {
    public var key: String
    public var keyOffset: Int
    public var keyLength: Int
    public var value: JSONNode
}
