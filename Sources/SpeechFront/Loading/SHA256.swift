/// SHA-256 (FIPS 180-4), to check a vendored file against the digest the
/// binary pins (`PinnedFiles`). Written over raw buffers with wrapping arithmetic:
/// a library is tens of megabytes, and checked by every process that
/// loads it until its verification is remembered.
struct SHA256 {
    private var state: [UInt32] = [
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
    ]
    /// Bytes waiting for a whole 64-byte block.
    private var pending: [UInt8] = []
    private var length: UInt64 = 0

    private static let roundConstants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    init() {}

    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        length &+= UInt64(bytes.count)
        var start = 0
        if !pending.isEmpty {
            let taken = min(64 - pending.count, bytes.count)
            pending += bytes[0..<taken]
            start = taken
            guard pending.count == 64 else { return }
            pending.withUnsafeBytes { compress(blocks: $0) }
            pending.removeAll(keepingCapacity: true)
        }
        let whole = (bytes.count - start) / 64 * 64
        if whole > 0 { compress(blocks: UnsafeRawBufferPointer(rebasing: bytes[start..<start + whole])) }
        pending += bytes[(start + whole)...]
    }

    mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// The digest as 64 lowercase hexadecimal digits.
    consuming func hexDigest() -> String {
        let bits = length &* 8
        var padding: [UInt8] = [0x80]
        padding += [UInt8](repeating: 0, count: (119 - pending.count) % 64)
        padding += (0..<8).map { UInt8(truncatingIfNeeded: bits >> (56 - 8 * UInt64($0))) }
        update(padding)
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        for word in state {
            for shift in stride(from: 28, through: 0, by: -4) { text.append(digits[Int(word >> UInt32(shift) & 0xF)]) }
        }
        return String(decoding: text, as: UTF8.self)
    }

    private mutating func compress(blocks: UnsafeRawBufferPointer) {
        Self.roundConstants.withUnsafeBufferPointer { constants in
            state.withUnsafeMutableBufferPointer { hash in
                withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { schedule in
                    var offset = 0
                    while offset < blocks.count {
                        Self.compress(blocks.baseAddress! + offset, hash: hash, schedule: schedule, constants: constants)
                        offset += 64
                    }
                }
            }
        }
    }

    // Written for debug builds too, where tests and development verify
    // every vendored file (tens of megabytes): masking shifts (`&>>`, a
    // single instruction where `>>` is a generic call), while loops rather
    // than ranges' iterators, and the rotations written out.
    @_optimize(speed)
    private static func compress(_ block: UnsafeRawPointer, hash: UnsafeMutableBufferPointer<UInt32>,
                                 schedule: UnsafeMutableBufferPointer<UInt32>, constants: UnsafeBufferPointer<UInt32>) {
        let w = schedule.baseAddress!, k = constants.baseAddress!, state = hash.baseAddress!
        var index = 0
        while index < 16 {
            w[index] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: index &* 4, as: UInt32.self))
            index &+= 1
        }
        while index < 64 {
            let early = w[index &- 15], late = w[index &- 2]
            let sigma0 = (early &>> 7 | early &<< 25) ^ (early &>> 18 | early &<< 14) ^ early &>> 3
            let sigma1 = (late &>> 17 | late &<< 15) ^ (late &>> 19 | late &<< 13) ^ late &>> 10
            w[index] = w[index &- 16] &+ sigma0 &+ w[index &- 7] &+ sigma1
            index &+= 1
        }
        var a = state[0], b = state[1], c = state[2], d = state[3], e = state[4], f = state[5], g = state[6], h = state[7]
        index = 0
        while index < 64 {
            let sum1 = (e &>> 6 | e &<< 26) ^ (e &>> 11 | e &<< 21) ^ (e &>> 25 | e &<< 7)
            let choice = e & f ^ ~e & g
            let first = h &+ sum1 &+ choice &+ k[index] &+ w[index]
            let sum0 = (a &>> 2 | a &<< 30) ^ (a &>> 13 | a &<< 19) ^ (a &>> 22 | a &<< 10)
            let majority = a & b ^ a & c ^ b & c
            h = g; g = f; f = e; e = d &+ first
            d = c; c = b; b = a; a = first &+ sum0 &+ majority
            index &+= 1
        }
        state[0] &+= a; state[1] &+= b; state[2] &+= c; state[3] &+= d
        state[4] &+= e; state[5] &+= f; state[6] &+= g; state[7] &+= h
    }
}
