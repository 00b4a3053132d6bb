import PhraseMatcher

extension Transcript {
    /// The utterance as one JSON object, the line `voicecmd transcribe
    /// --json` prints: the file, the utterance's number when the file has
    /// several (`utterance`, from 1), times, text, confidence, the words,
    /// alternatives when there are any, and the intent (null when none).
    public func json(file: String, utterance: Int? = nil) -> JSONOutput {
        var members: [(String, JSONOutput)] = [("file", .string(file))]
        if let utterance { members.append(("utterance", .integer(utterance))) }
        members += [
            ("start", .hundredths(start)), ("end", .hundredths(end)), ("duration", .hundredths(end - start)),
            ("text", .string(text)), ("confidence", .hundredths(confidence)),
            ("words", .array(words.map { word in
                .object([("word", .string(word.word)), ("start", .hundredths(word.start)), ("end", .hundredths(word.end))])
            })),
        ]
        if !alternatives.isEmpty { members.append(("alternatives", .array(alternatives.map(JSONOutput.string)))) }
        if let best = match?.best {
            members += [("intent", .string(best.intent)), ("application", .string(best.application)), ("arguments", best.argumentsJSON)]
        } else {
            members.append(("intent", .null))
        }
        return .object(members)
    }

    /// The line for a recording in which nothing was said.
    public static func silenceJSON(file: String) -> JSONOutput {
        .object([("file", .string(file)), ("text", .string("")), ("words", .array([])), ("intent", .null)])
    }

    /// The line for a recording that could not be transcribed, and why.
    public static func failureJSON(file: String, error: SpeechError) -> JSONOutput {
        .object([("file", .string(file)), ("error", .string(error.message))])
    }
}
