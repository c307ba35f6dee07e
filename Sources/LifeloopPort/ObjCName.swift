/// Objective-C method names, computed as the Swift compiler computes them for `@objc`
/// declarations.
public enum ObjCName {
    /// The words after which the compiler does not insert "With" between a method's base
    /// name and its first argument label (`save(to:)` is `saveTo:`, `handle(gesture:)` is
    /// `handleWithGesture:`).
    static let prepositions: Set<String> = [
        "above", "after", "along", "alongside", "as", "at", "before", "below", "by", "following", "for",
        "from", "given", "in", "including", "inside", "into", "matching", "of", "on", "passing", "preceding",
        "since", "to", "until", "using", "via", "when", "with", "within",
    ]

    /// The selector of a method `baseName` whose parameters have the argument labels
    /// `labels` (nil or `"_"` for none): `tapped()` is `tapped`, `tapped(_:)` is `tapped:`,
    /// `handle(gesture:)` is `handleWithGesture:`, `a(_:b:)` is `a:b:`. A throwing method
    /// takes a trailing error argument: `save()` is `saveAndReturnError:`.
    /// Backticks that escape an identifier are not part of its name: the method `default()`,
    /// written with its name in backticks, is the selector `default`.
    public static func selector(baseName: String, labels: [String?], throwing: Bool = false) -> String {
        let baseName = unescaped(baseName)
        let labels = labels.map { $0 == "_" ? nil : $0.map(unescaped) }
        guard let first = labels.first else {
            return throwing ? baseName + "AndReturnError:" : baseName
        }
        var name = baseName
        if let first, !first.isEmpty {
            let word = firstWord(first)
            if !prepositions.contains(word) { name += "With" }
            name += capitalized(first)
        }
        name += ":"
        for label in labels.dropFirst() {
            name += (label ?? "") + ":"
        }
        if throwing { name += "error:" }
        return name
    }

    /// The selector of a property's getter: its name.
    public static func getter(_ property: String) -> String { unescaped(property) }

    /// The selector of a property's setter: `setName:`.
    public static func setter(_ property: String) -> String { "set" + capitalized(unescaped(property)) + ":" }

    /// An identifier without the backticks that escape it (`default` in backticks is
    /// `default`).
    public static func unescaped(_ identifier: String) -> String {
        guard identifier.count >= 2, identifier.hasPrefix("`"), identifier.hasSuffix("`") else { return identifier }
        return String(identifier.dropFirst().dropLast())
    }

    static func capitalized(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.uppercased() + word.dropFirst()
    }

    /// The first camel-case word, lowercased: `withGesture` gives `with`.
    static func firstWord(_ label: String) -> String {
        var word = ""
        for character in label {
            if !word.isEmpty, character.isUppercase { break }
            word.append(character)
        }
        return word.lowercased()
    }
}
