import Foundation

/// The confidence of a grammar result: the estimated probability that it is
/// the command the person said, from its `RecognitionEvidence`.
///
/// A small ensemble of decision trees (gradient boosting), fitted by
/// `scripts/fit-confidence.py` on the development corpora and synthetic
/// voices and written to `ConfidenceTable.swift`. The fit is constrained to
/// be monotonic where the evidence has a direction (a wider acoustic
/// margin, or more phones the words disagree with, never raises the
/// confidence), so that it cannot learn a quirk of the development
/// recordings against what the evidence means.
struct ConfidenceModel: Sendable {
    struct Node: Sendable {
        var feature: Int
        var threshold: Double
        var left: Int
        var right: Int
        /// A leaf's contribution to the log-odds (0 for inner nodes).
        var value: Double
        var isLeaf: Bool
    }

    /// Log-odds before any tree.
    var baseline: Double
    var trees: [[Node]]

    /// The fitted models, read once from their tables: on PocketSphinx's
    /// evidence alone, and with the neural second opinion as well.
    static let fitted = parsed(ConfidenceTable.trees, features: ConfidenceTable.features.count, name: "trees")
    static let fittedWithSecondOpinion = parsed(ConfidenceTable.secondOpinionTrees, features: ConfidenceTable.secondOpinionFeatures.count,
                                                name: "secondOpinionTrees")

    private static func parsed(_ table: String, features: Int, name: String) -> ConfidenceModel {
        guard let model = ConfidenceModel(table: table, features: features) else {
            // The tables are generated and checked by a test; a broken one is a build mistake.
            fatalError("ConfidenceTable.\(name) does not parse")
        }
        return model
    }

    /// The probability for `evidence`, by the model fitted on what it holds
    /// (without the second opinion when `judgingBySecondOpinion` is false).
    static func confidence(_ evidence: RecognitionEvidence, judgingBySecondOpinion: Bool = true) -> Double {
        guard judgingBySecondOpinion, let opinion = evidence.secondOpinion else { return fitted.probability(features(evidence)) }
        return fittedWithSecondOpinion.probability(features(evidence) + [opinion.distance, opinion.extra])
    }

    /// The features of PocketSphinx's evidence, in `ConfidenceTable.features`'
    /// order, as the fitting script computes them from the benchmark's JSON
    /// (`voicecmd-bench evidence`); the second opinion's follow them.
    static func features(_ evidence: RecognitionEvidence) -> [Double] {
        [
            evidence.wordMargin,
            evidence.pathMargin,
            evidence.worstWordMargin,
            evidence.phoneDistance,
            evidence.worstWordPhoneDistance,
            evidence.unexplainedSpeech,
            max(leastLoopFit, -evidence.loopFit),
            evidence.phonesPerSecond,
        ]
    }

    /// The loop's fit is taken as at least this (nats per frame).
    static let leastLoopFit = 0.5

    func probability(_ features: [Double]) -> Double {
        var logOdds = baseline
        for tree in trees {
            var index = 0
            while !tree[index].isLeaf {
                let node = tree[index]
                index = features[node.feature] <= node.threshold ? node.left : node.right
            }
            logOdds += tree[index].value
        }
        return 1 / (1 + exp(-logOdds))
    }

    /// Reads the table: a `baseline` line, then one line per node,
    /// `tree feature threshold left right value leaf`, trees in order and
    /// each tree's nodes numbered from 0. Nil when it does not parse or a
    /// child points outside its tree or back up it.
    init?(table: String, features: Int) {
        var baseline: Double?
        var trees: [[Node]] = []
        for line in table.split(separator: "\n") {
            let fields = line.split(separator: " ")
            if fields.first == "baseline", fields.count == 2, let value = Double(fields[1]) {
                baseline = value
                continue
            }
            guard fields.count == 7, let tree = Int(fields[0]), let feature = Int(fields[1]), let threshold = Double(fields[2]),
                  let left = Int(fields[3]), let right = Int(fields[4]), let value = Double(fields[5]), let leaf = Int(fields[6]),
                  tree == trees.count - 1 || tree == trees.count, (0..<features).contains(feature) else { return nil }
            if tree == trees.count { trees.append([]) }
            trees[tree].append(Node(feature: feature, threshold: threshold, left: left, right: right, value: value, isLeaf: leaf == 1))
        }
        guard let baseline, !trees.isEmpty else { return nil }
        // Children come after their parent, so every walk ends at a leaf.
        for tree in trees {
            for (index, node) in tree.enumerated() where !node.isLeaf {
                guard tree.indices.contains(node.left), tree.indices.contains(node.right),
                      node.left > index, node.right > index else { return nil }
            }
        }
        self.baseline = baseline
        self.trees = trees
    }
}
