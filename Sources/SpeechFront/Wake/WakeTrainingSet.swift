/// The examples a `WakeNetwork` is trained on: each clip's embeddings kept
/// once, one after another, and each example window as where its first
/// value is. Windows of a clip overlap in all but one embedding, so keeping
/// them whole took `WakeNetwork.window` times the memory (a detector's
/// windows were 1 GB, held twice while joined; its embeddings are 0.1 GB).
package struct WakeTrainingSet: Sendable, Equatable {
    /// Every clip's embeddings, laid flat.
    package private(set) var embeddings: [Float] = []
    /// Offsets into `embeddings` of windows ending with the phrase, and of the others.
    package private(set) var positives: [Int] = []
    package private(set) var negatives: [Int] = []

    package init() {}

    /// Adds a clip's `clipEmbeddings` and its windows, each named by its
    /// last embedding's index; windows reaching outside the clip are left out.
    package mutating func add(_ clipEmbeddings: [[Float]], positiveEnds: [Int], negativeEnds: [Int]) {
        let base = embeddings.count / SpeechEmbedding.width
        let window = WakeNetwork.window
        guard clipEmbeddings.count >= window else { return }
        let inside = (window - 1)..<clipEmbeddings.count
        let kept = positiveEnds.filter(inside.contains), others = negativeEnds.filter(inside.contains)
        guard !kept.isEmpty || !others.isEmpty else { return }
        for embedding in clipEmbeddings {
            precondition(embedding.count == SpeechEmbedding.width, "an embedding has \(SpeechEmbedding.width) values")
            embeddings += embedding
        }
        func offset(_ last: Int) -> Int { (base + last - window + 1) * SpeechEmbedding.width }
        positives += kept.map(offset)
        negatives += others.map(offset)
    }

    /// Adds another set's clips after this one's.
    package mutating func append(_ other: WakeTrainingSet) {
        let shift = embeddings.count
        embeddings += other.embeddings
        positives += other.positives.map { $0 + shift }
        negatives += other.negatives.map { $0 + shift }
    }
}
