import Lifeloop
import LifeloopCore

/// The text the crawler types into a field: drawn from the run's seed (a stream per field,
/// so one field's draw does not move another's) and shaped by what the field asks for: an
/// email address for an email keyboard or content type, digits for a number or phone pad,
/// a password for secure entry, a URL, else a word.
enum SeedText {
    static let words = ["hello", "lifeloop", "Ada", "swift", "test", "Zürich", "a b", "1234", "ok", "😀"]

    /// The text for the field `view` (nil or another view: a word).
    static func text(for view: View?, seed: UInt64, key: String) -> String {
        var random = SeededGenerator(seed: seed, key: "explore.text." + key)
        let number = Int.random(in: 0..<1000, using: &random)
        let field = view as? TextField
        let keyboard = field?.keyboardType ?? (view as? TextView)?.keyboardType ?? .default
        let content = field?.textContentType?.rawValue ?? ""
        if field?.isSecureTextEntry == true || content.contains("password") { return "Pa55-word-\(number)" }
        if keyboard == .emailAddress || content.contains("email") { return "user\(number)@example.com" }
        if [.numberPad, .decimalPad, .asciiCapableNumberPad].contains(keyboard) { return String(number) }
        if keyboard == .phonePad || content.contains("tel") { return "+1 555 0\(100 + number % 900)" }
        if keyboard == .URL || content.contains("url") { return "https://example.com/\(number)" }
        return words[number % words.count]
    }
}
