/// Words' phones as a prefix tree, so that the words of a long list that
/// fit a stretch of what was heard are found without an edit table a
/// word: words that start alike share the rows of theirs, and a branch is
/// left as soon as no word in it can fit. Nodes are kept in flat arrays
/// (a first child and a next sibling each), 15 bytes a node.
struct PhoneTrie {
    private var code: [UInt16] = [PhoneCodes.unknown]
    private var firstChild: [Int32] = [-1]
    private var nextSibling: [Int32] = [-1]
    /// The most phones of a word below (or at) each node.
    private var longestBelow: [UInt8] = [0]
    /// The first word ending at each node, and each word's next at its node.
    private var firstWord: [Int32] = [-1]
    private var nextWord: [Int32] = []

    /// Words of more phones than this are not searched (no name has them).
    static let longestWord = 255

    /// Adds word number `word` (numbered from 0 in the order added) with
    /// its phones as codes.
    mutating func insert(_ phones: [UInt16]) {
        let word = Int32(nextWord.count)
        let length = UInt8(min(phones.count, Self.longestWord))
        nextWord.append(-1)
        guard !phones.isEmpty, phones.count <= Self.longestWord else { return }
        var node: Int32 = 0
        longestBelow[0] = max(longestBelow[0], length)
        for phone in phones {
            var child = firstChild[Int(node)]
            while child >= 0 && code[Int(child)] != phone { child = nextSibling[Int(child)] }
            if child < 0 {
                child = Int32(code.count)
                code.append(phone)
                firstChild.append(-1)
                nextSibling.append(firstChild[Int(node)])
                longestBelow.append(0)
                firstWord.append(-1)
                firstChild[Int(node)] = child
            }
            node = child
            longestBelow[Int(node)] = max(longestBelow[Int(node)], length)
        }
        nextWord[Int(word)] = firstWord[Int(node)]
        firstWord[Int(node)] = word
    }

    /// Each word whose phones fit a stretch of `heard` (as
    /// `SecondOpinion.fit(codes:)` fits them) within `farthest` edits a
    /// phone, with those edits a phone.
    func words(fitting heard: [UInt16], fromStart: Bool, toEnd: Bool, farthest: Double) -> [(word: Int, edits: Double)] {
        let width = heard.count + 1
        var rows = [Double](repeating: 0, count: width * (Int(longestBelow[0]) + 1))
        for j in 0..<width { rows[j] = fromStart ? Double(j) : 0 }
        var found: [(word: Int, edits: Double)] = []
        var stack: [(node: Int32, depth: Int)] = []
        var child = firstChild[0]
        while child >= 0 { stack.append((child, 1)); child = nextSibling[Int(child)] }
        while let (node, depth) = stack.popLast() {
            // Row `depth` from its parent's, row `depth - 1`: still there,
            // as the search goes depth first.
            let phone = code[Int(node)]
            let above = (depth - 1) * width, row = depth * width
            rows[row] = Double(depth)
            var least = rows[row]
            for j in 1..<width {
                let value = min(rows[above + j] + 1, rows[row + j - 1] + 1, rows[above + j - 1] + PhoneCodes.substitution(phone, heard[j - 1]))
                rows[row + j] = value
                least = min(least, value)
            }
            // A row's least never falls in the rows below it.
            guard least <= farthest * Double(longestBelow[Int(node)]) else { continue }
            var word = firstWord[Int(node)]
            while word >= 0 {
                let edits = (toEnd ? rows[row + width - 1] : least) / Double(depth)
                if edits <= farthest { found.append((Int(word), edits)) }
                word = nextWord[Int(word)]
            }
            var next = firstChild[Int(node)]
            while next >= 0 { stack.append((next, depth + 1)); next = nextSibling[Int(next)] }
        }
        return found
    }
}
