import ArgumentParser
import Lifeloop
import LifeloopScenario

// Options several commands declare the same way, declared once here and used through
// `@OptionGroup`, so that their flag, help and default cannot drift apart between commands.

/// The scenario file a command runs (`run`, `snapshot`, `experiment`, `check`).
struct ScenarioFileArgument: ParsableArguments {
    @Argument(help: "The scenario file (YAML or JSON).")
    var file: String
}

/// `--seed N`: the one seed a run draws from (`run`, `record`, `snapshot`).
struct SeedOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: "The seed costs and timings are drawn from.")
    var seed: UInt64 = 0
}

/// `--format lines|jsonl`: how a trace is printed (`demo`, `launch`).
struct TraceFormatOptions: ParsableArguments {
    @Option(help: "How to print the trace: lines (label event) or jsonl.")
    var format: Demo.Format = .lines
}

/// `--quiet`: no progress bar (`experiment`, `check`).
struct QuietOptions: ParsableArguments {
    @Flag(help: "No progress on stderr.")
    var quiet = false
}

/// `--appearance` and `--content-size`: the app's appearance and text size over the
/// scenario's, one fixed or several for each seed to draw from (`run`, `experiment`).
struct AppearanceOptions: ParsableArguments {
    @Option(help: "The app's appearance, over the scenario's: light, dark, or light,dark for each seed to draw one.")
    var appearance: String?

    @Option(help: "The Dynamic Type text size, over the scenario's: one of UIKit's (large, accessibilityLarge…), or several, comma-separated, for each seed to draw one.")
    var contentSize: String?

    /// The flags as given, for the commands that re-run a seed and for seed processes.
    var flags: [String] {
        (appearance.map { ["--appearance", $0] } ?? []) + (contentSize.map { ["--content-size", $0] } ?? [])
    }

    /// Sets the scenario's appearance lists (or fixed values) from the flags.
    /// - Throws: exit status 2 naming the flag and the value it does not know.
    func apply(to scenario: inout Scenario) throws {
        if let appearance {
            let words = try Self.words(appearance, flag: "--appearance", choices: ["light", "dark"])
            let styles = words.map { $0 == "dark" ? TraitCollection.Style.dark : .light }
            scenario.appearanceStyle = styles.count == 1 ? styles[0] : nil
            scenario.appearanceStyles = styles.count == 1 ? [] : styles
        }
        if let contentSize {
            let words = try Self.words(contentSize, flag: "--content-size", choices: ContentSizeCategory.names)
            let sizes = words.compactMap { ContentSizeCategory(named: $0) }
            scenario.contentSize = sizes.count == 1 ? sizes[0] : nil
            scenario.contentSizes = sizes.count == 1 ? [] : sizes
        }
    }

    private static func words(_ text: String, flag: String, choices: [String]) throws -> [String] {
        let words = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        var seen: [String] = []
        for word in words {
            guard choices.contains(word) else {
                throw inputError("\(flag) \(text): '\(word)' is not one of \(choices.joined(separator: ", "))")
            }
            guard !seen.contains(word) else { throw inputError("\(flag) \(text): '\(word)' is listed twice") }
            seen.append(word)
        }
        return words
    }
}
