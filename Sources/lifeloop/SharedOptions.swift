import ArgumentParser

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
