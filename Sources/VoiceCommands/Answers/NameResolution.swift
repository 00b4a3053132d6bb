import PhraseMatcher

/// Finding a named thing from words that are not quite its name: part of
/// it ("Jones"), or a near miss ("Alix Smith"). Resolution, not language:
/// it runs after an answer fits none of the question's phrases.
enum NameResolution {
    /// Whether `name` holds every word said: "Jones" and "alex jones" are in "Alex Jones".
    static func holds(_ said: [String], _ name: String) -> Bool {
        let nameWords = TextNormalizer.words(of: name)
        return said.allSatisfy(nameWords.contains)
    }

    /// The option whose name is within a couple of letters of what was said
    /// ("Alix Smith" for "Alex Smith"): a likely mishearing or misspelling.
    static func closest(_ said: String, among options: [(id: String, names: [String])]) -> String? {
        var best: (id: String, distance: Int)?
        var tie = false
        for option in options {
            for name in option.names {
                let target = TextNormalizer.words(of: name).joined(separator: " ")
                let distance = EditDistance.between(Array(said), Array(target))
                guard distance <= max(1, target.count / 4) else { continue }
                if best == nil || distance < best!.distance {
                    best = (option.id, distance)
                    tie = false
                } else if distance == best!.distance, best!.id != option.id {
                    tie = true
                }
            }
        }
        return tie ? nil : best?.id
    }
}
