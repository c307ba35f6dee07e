import Foundation
import LifeloopCore

/// The engine a shard ran under, as its result records it (`context.engine`), so that
/// `lifeloop merge --missing` can print the command that runs exactly the missing shards
/// on that same engine.
public struct SweepEngine: Sendable, Equatable {
    /// `slurm`, `kubernetes`, `parallel`, `bazel`, `gitlab`, `dask` (from `LIFELOOP_ENGINE`),
    /// or `shell` when nothing said.
    public var name: String
    /// The variables it was recognised by and those a resubmission needs, in a fixed order.
    public var variables: [(name: String, value: String)]
    /// The command line the shard ran (`lifeloop experiment …`).
    public var command: [String]

    /// An engine named `name`, with its `variables` and the shard's `command`.
    public init(name: String, variables: [(name: String, value: String)], command: [String]) {
        self.name = name
        self.variables = variables
        self.command = command
    }

    public static func == (lhs: SweepEngine, rhs: SweepEngine) -> Bool {
        lhs.name == rhs.name && lhs.command == rhs.command
            && lhs.variables.map(\.name) == rhs.variables.map(\.name) && lhs.variables.map(\.value) == rhs.variables.map(\.value)
    }

    /// The variables each engine is known by, the first of each list deciding.
    static let known: [(name: String, variables: [String])] = [
        ("slurm", ["SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_JOB_ID", "SLURM_JOB_NAME", "SLURM_SUBMIT_DIR", "SLURM_ARRAY_TASK_COUNT"]),
        ("kubernetes", ["JOB_COMPLETION_INDEX", "HOSTNAME"]),
        ("bazel", ["TEST_SHARD_INDEX", "TEST_TOTAL_SHARDS"]),
        ("gitlab", ["CI_NODE_INDEX", "CI_NODE_TOTAL", "CI_JOB_NAME"]),
        ("parallel", ["PARALLEL_SEQ", "PARALLEL_PID"]),
    ]

    /// The engine this process runs under, from its environment.
    public static func detect(environment: [String: String], command: [String]) -> SweepEngine {
        func set(_ name: String) -> String? {
            guard let value = environment[name], !value.isEmpty else { return nil }
            return value
        }
        if let named = set("LIFELOOP_ENGINE") {
            return SweepEngine(name: named, variables: [("LIFELOOP_ENGINE", named)], command: command)
        }
        for engine in known where set(engine.variables[0]) != nil {
            let variables = engine.variables.compactMap { name in set(name).map { (name, $0) } }
            return SweepEngine(name: engine.name, variables: variables, command: command)
        }
        return SweepEngine(name: "shell", variables: [], command: command)
    }

    /// The value of a recorded variable.
    public subscript(variable: String) -> String? {
        variables.first { $0.name == variable }?.value
    }

    /// The engine as a JSON object, for a report's context.
    public var json: String {
        let variables = self.variables.map { "\(jsonString($0.name)): \(jsonString($0.value))" }.joined(separator: ", ")
        let command = self.command.map(jsonString).joined(separator: ", ")
        return "{\"name\": \(jsonString(name)), \"variables\": {\(variables)}, \"command\": [\(command)]}"
    }

    static func read(_ value: JSONValue, reader: ReportReader) throws(ScenarioError) -> SweepEngine {
        let fields = try reader.object(value, "context.engine", allowed: ["name", "variables", "command"])
        let name = try reader.string(try fields.required("name"), "context.engine.name")
        var variables: [(name: String, value: String)] = []
        if let object = fields["variables"] {
            guard object.kind == .object else { throw reader.fail(object, "context.engine.variables", "expected an object") }
            for member in object.members {
                variables.append((member.name, try reader.string(member.value, "context.engine.variables.\(member.name)")))
            }
        }
        var command: [String] = []
        if let list = fields["command"] {
            for (index, element) in try reader.array(list, "context.engine.command").enumerated() {
                command.append(try reader.string(element, "context.engine.command[\(index)]"))
            }
        }
        return SweepEngine(name: name, variables: variables, command: command)
    }

    // MARK: Resubmission

    /// The command that runs exactly the shards `missing` (0-based indexes of `count`) again
    /// on this engine: `sbatch --array=2,7 …`, a GNU parallel line, a Kubernetes index list
    /// with the command per index, or one command per shard.
    public func resubmission(missing: [Int], count: Int) -> String {
        let list = missing.map(String.init).joined(separator: ",")
        let words = missing.map(String.init).joined(separator: " ")
        switch name {
        case "slurm":
            // The shard's own command line, wrapped: the batch script's path and arguments
            // are not in a task's environment, its command line is. LIFELOOP_SHARDS: the new
            // array's ids are not 0..n-1, so the count is given.
            let folder = self["SLURM_SUBMIT_DIR"].map { "cd \(shellQuoted($0)) && " } ?? ""
            let name = self["SLURM_JOB_NAME"].map { " --job-name=\(shellQuoted($0))" } ?? ""
            return "\(folder)sbatch --array=\(list) --export=ALL,LIFELOOP_SHARDS=\(count)\(name) --wrap \(shellQuoted(withShard(nil, keepExecutable: true)))"
        case "parallel":
            let command = withShard("{}/\(count)")
            return "printf '%s\\n' \(words) | parallel \(command)"
        case "kubernetes":
            var out = "Kubernetes indexes to run again: \(list)\n"
            out += "  for i in \(words); do JOB_COMPLETION_INDEX=$i \(withShard(nil)); done"
            return out
        default:
            return missing.map { withShard("\($0)/\(count)") }.joined(separator: "\n")
        }
    }

    /// The recorded command with its shard set to `shard` (`--shard` replaced or added), or
    /// left to the environment when nil.
    private func withShard(_ shard: String?, keepExecutable: Bool = false) -> String {
        var words: [String] = []
        var index = 0
        var command = self.command
        if !keepExecutable, let first = command.first, first.hasSuffix("/lifeloop") { command[0] = "lifeloop" }
        while index < command.count {
            let word = command[index]
            if word == "--shard" { index += 2; continue }
            if word.hasPrefix("--shard=") { index += 1; continue }
            // A result file named for one shard would be overwritten by every shard run
            // again: they write to its folder instead, each to a name of its own.
            if word == "--out", index + 1 < command.count {
                words += [word, Self.folderForShards(command[index + 1])]
                index += 2
                continue
            }
            if word.hasPrefix("--out=") {
                words.append("--out=" + Self.folderForShards(String(word.dropFirst(6))))
                index += 1
                continue
            }
            words.append(word)
            index += 1
        }
        if let shard { words.append(contentsOf: ["--shard", shard]) }
        if words.isEmpty { words = ["lifeloop", "experiment", "FILE"] + (shard.map { ["--shard", $0] } ?? []) }
        return words.map { $0.hasPrefix("{}") ? $0 : shellQuoted($0) }.joined(separator: " ")
    }
}

extension SweepEngine {
    /// Where shards run again write their results: `--out` as it was when it names a folder
    /// (`DIR/`, or a folder that exists), else the folder of the file it named, where each
    /// shard writes `<hash>-shard-IIII-of-NNNN.<ext>` and no shard's file is overwritten.
    static func folderForShards(_ out: String) -> String {
        var isDirectory: ObjCBool = false
        if out.hasSuffix("/") || (FileManager.default.fileExists(atPath: out, isDirectory: &isDirectory) && isDirectory.boolValue) {
            return out
        }
        let folder = (out as NSString).deletingLastPathComponent
        return (folder.isEmpty ? "." : folder) + "/"
    }
}

/// A word for a POSIX shell: as it is when it is safe, else in single quotes.
func shellQuoted(_ word: String) -> String {
    let safe = word.unicodeScalars.allSatisfy {
        ($0.value >= 0x30 && $0.value <= 0x39) || ($0.value >= 0x41 && $0.value <= 0x5A) || ($0.value >= 0x61 && $0.value <= 0x7A)
            || "-_./=:,+@%".unicodeScalars.contains($0)
    }
    if safe && !word.isEmpty { return word }
    return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
}
