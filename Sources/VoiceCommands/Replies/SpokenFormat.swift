import Foundation
import PhraseMatcher

/// Values as a person would say them in a reply: words, never digits or
/// symbols, so a speech synthesiser reads them right and a screen shows
/// what was said.
public enum SpokenFormat {
    /// 25 → "twenty five", -3 → "minus three".
    public static func integer(_ value: Int) -> String {
        NumberWords.cardinal(value).joined(separator: " ")
    }

    /// 2.5 → "two and a half", 0.75 → "zero point seven five", 3 → "three".
    public static func number(_ value: Double) -> String {
        guard value.isFinite else { return "an unknown number" }
        if value == value.rounded(), abs(value) < 9e18 { return integer(Int(value)) }
        let whole = value < 0 ? (value).rounded(.up) : value.rounded(.down)
        if abs(value - whole) == 0.5 {
            return whole == 0 ? (value < 0 ? "minus a half" : "a half") : integer(Int(whole)) + " and a half"
        }
        // The shortest decimal that reads back as the value, digits after the point one by one.
        var text = String(value)
        if text.contains("e") {
            text = String(format: "%.12f", value)
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return NumberWords.decimal(Substring(text))?.joined(separator: " ") ?? "a very large number"
    }

    /// 3 → "third", 23 → "twenty third".
    public static func ordinal(_ value: Int) -> String {
        NumberWords.ordinal(value).joined(separator: " ")
    }

    /// How a duration is said on its own: 5400 → "an hour and a half",
    /// 1800 → "half an hour", 4200 → "an hour and ten minutes", 90 → "a minute
    /// and a half", 300 → "five minutes".
    ///
    /// `attributive` is the form before a noun ("a five minute timer"): one
    /// unit, singular — 5400 → "ninety minute".
    public static func duration(seconds: Double, attributive: Bool = false) -> String {
        let total = Int(seconds.rounded())
        guard total > 0 else { return attributive ? "zero second" : "zero seconds" }
        if attributive {
            if total % 3600 == 0 { return integer(total / 3600) + " hour" }
            if total % 60 == 0 { return integer(total / 60) + " minute" }
            return integer(total) + " second"
        }
        let hours = total / 3600, minutes = total % 3600 / 60, secs = total % 60
        if hours == 0 && minutes == 30 && secs == 0 { return "half an hour" }
        var parts: [String] = []
        if hours > 0 {
            if minutes == 30 && secs == 0 { return hours == 1 ? "an hour and a half" : integer(hours) + " and a half hours" }
            parts.append(count(hours, "hour", "hours"))
        }
        if minutes > 0 {
            if hours == 0 && secs == 30 { return (minutes == 1 ? "a minute" : integer(minutes) + " minutes") + " and a half" }
            parts.append(count(minutes, "minute", "minutes"))
        }
        if secs > 0 { parts.append(count(secs, "second", "seconds")) }
        return list(parts, conjunction: "and")
    }

    private static func count(_ n: Int, _ singular: String, _ plural: String) -> String {
        n == 1 ? (singular == "hour" ? "an hour" : "a " + singular) : integer(n) + " " + plural
    }

    /// 3.5 USD → "three dollars fifty", 1 USD → "one dollar", 0.5 USD →
    /// "fifty cents", 10 EUR → "ten euros", 2.05 GBP → "two pounds and five pence".
    /// Unknown codes are named by their letters ("five C H F").
    public static func money(amount: Double, code: String) -> String {
        let unit = CurrencyUnit.all.first { $0.code == code }
        let cents = Int((abs(amount) * 100).rounded())
        let whole = cents / 100, minor = cents % 100
        let sign = amount < 0 ? "minus " : ""
        guard let unit else {
            return sign + number(abs(amount)) + " " + code.map(String.init).joined(separator: " ")
        }
        guard let family = unit.minorFamily, minor != 0 else {
            let wholeAmount = unit.minorFamily == nil ? number(abs(amount)) : integer(whole)
            return sign + wholeAmount + " " + (whole == 1 && minor == 0 ? unit.singular : unit.plural)
        }
        if whole == 0 { return sign + integer(minor) + " " + (minor == 1 ? family.singular : family.plural) }
        let major = sign + integer(whole) + " " + (whole == 1 ? unit.singular : unit.plural)
        // "three dollars fifty", but "three dollars and five cents".
        if minor < 10 { return major + " and " + integer(minor) + " " + (minor == 1 ? family.singular : family.plural) }
        return major + " " + integer(minor)
    }

    /// "artist" → "an artist", "song" → "a song": the article by the
    /// first letter (a vowel letter takes "an"; "user", "hour" are rare in titles).
    public static func withIndefiniteArticle(_ noun: String) -> String {
        guard let first = noun.lowercased().first else { return noun }
        return ("aeiou".contains(first) ? "an " : "a ") + noun
    }

    /// Whether a title names several ("minutes", "guests"): its last word
    /// ends in "s" but not "ss", "us" or "is" ("class", "status", "axis").
    public static func isPlural(_ title: String) -> Bool {
        let last = title.lowercased().split(separator: " ").last.map(String.init) ?? ""
        return last.count > 2 && last.hasSuffix("s") && !["ss", "us", "is"].contains { last.hasSuffix($0) }
    }

    /// ["Alex Smith", "Alex Jones"] → "Alex Smith or Alex Jones";
    /// three or more → "A, B or C".
    public static func list(_ items: [String], conjunction: String = "or") -> String {
        switch items.count {
        case 0: return ""
        case 1: return items[0]
        default: return items.dropLast().joined(separator: ", ") + " \(conjunction) " + items[items.count - 1]
        }
    }

    /// Free text (handler output, spoken text) as it should be said: markup
    /// tags dropped, symbols a synthesiser would read out or stumble on
    /// replaced or removed, and written numbers, amounts ("$5") and ordinals
    /// ("2nd") spelled out.
    public static func plainText(_ text: String) -> String {
        var result = ""
        var insideTag = false
        var characters = text[...]
        while let character = characters.popFirst() {
            // "<b>", "</b>", "<br/>": a tag; "x < y" is not one.
            if character == "<", let next = characters.first, next.isLetter || next == "/", characters.contains(">") {
                insideTag = true
                result += " "
                continue
            }
            if insideTag { if character == ">" { insideTag = false }; continue }
            switch character {
            case "&": result += " and "
            case "%": result += " percent"
            case "@": result += " at "
            case "+": result += " plus "
            case "<": result += " less than "
            case "*", "_", "#", ">", "[", "]", "{", "}", "|", "\\", "`", "~", "^", "=", "\"":
                result += " "
            case "\n", "\r", "\t": result += " "
            default: result.append(character)
            }
        }
        return result.split(separator: " ", omittingEmptySubsequences: true).map(spellWritten).joined(separator: " ")
    }

    /// "10:30" → "ten thirty", "10:05" → "ten oh five", "9:00" → "nine o'clock",
    /// "5pm" → "five p m", "7:15am" → "seven fifteen a m".
    static func clockTime(_ text: Substring) -> String? {
        var core = text.lowercased()[...]
        var suffix = ""
        for marker in ["am", "pm"] where core.hasSuffix(marker) {
            suffix = marker == "am" ? " a m" : " p m"
            core = core.dropLast(2)
        }
        let parts = core.split(separator: ":", omittingEmptySubsequences: false)
        guard let hours = Int(parts[0]), (0...24).contains(hours), parts[0].count <= 2 else { return nil }
        if parts.count == 1 { return suffix.isEmpty ? nil : integer(hours) + suffix }
        guard parts.count == 2, parts[1].count == 2, let minutes = Int(parts[1]), (0..<60).contains(minutes) else { return nil }
        let minuteWords = minutes == 0 ? (suffix.isEmpty ? " o'clock" : "") : minutes < 10 ? " oh " + integer(minutes) : " " + integer(minutes)
        return integer(hours) + minuteWords + suffix
    }

    /// "42" → "forty two", "$5," → "five dollars,", "2nd" → "second"; other words unchanged.
    private static func spellWritten(_ token: Substring) -> String {
        guard token.contains(where: \.isNumber) else { return String(token) }
        var core = token
        var trailing = ""
        while let last = core.last, ".,;:!?".contains(last) {
            trailing = String(last) + trailing
            core = core.dropLast()
        }
        if let time = clockTime(core) { return time + trailing }
        if let words = NumberWords.money(core) ?? NumberWords.ordinal(core) {
            return words.joined(separator: " ") + trailing
        }
        if let value = Double(core.replacingOccurrences(of: ",", with: "")), NumberWords.decimal(core) != nil {
            return number(value) + trailing
        }
        return String(token)
    }
}
