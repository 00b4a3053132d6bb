/// A hash table from 64-bit keys to non-negative 32-bit values, with open
/// addressing and a multiplicative hash: the automaton's transitions are
/// looked up several times per word, and this is several times cheaper than
/// `Dictionary`'s seeded SipHash.
struct IntegerTable: Sendable {
    private var keys: [UInt64]
    /// -1 marks an empty slot.
    private var values: [Int32]
    private var shift: UInt64
    private(set) var count = 0

    init(minimumCapacity: Int = 8) {
        var size = 16
        while size < minimumCapacity * 2 { size *= 2 }
        keys = Array(repeating: 0, count: size)
        values = Array(repeating: -1, count: size)
        shift = UInt64(64 - size.trailingZeroBitCount)
    }

    @inline(__always)
    private func slot(for key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    @inline(__always)
    subscript(key: UInt64) -> Int32? {
        let mask = values.count - 1
        var index = slot(for: key)
        while true {
            let value = values[index]
            if value < 0 { return nil }
            if keys[index] == key { return value }
            index = (index + 1) & mask
        }
    }

    mutating func insert(_ value: Int32, for key: UInt64) {
        precondition(value >= 0, "IntegerTable stores non-negative values")
        if (count + 1) * 2 > values.count { grow() }
        let mask = values.count - 1
        var index = slot(for: key)
        while values[index] >= 0 {
            if keys[index] == key { values[index] = value; return }
            index = (index + 1) & mask
        }
        keys[index] = key
        values[index] = value
        count += 1
    }

    private mutating func grow() {
        var bigger = IntegerTable(minimumCapacity: values.count)
        for index in values.indices where values[index] >= 0 { bigger.insert(values[index], for: keys[index]) }
        self = bigger
    }

    /// Two 32-bit numbers as one key.
    @inline(__always)
    static func key(_ high: Int32, _ low: Int32) -> UInt64 {
        UInt64(UInt32(bitPattern: high)) << 32 | UInt64(UInt32(bitPattern: low))
    }
}
