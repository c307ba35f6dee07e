#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One shard of a sweep: the 0-based `index` of `count` shards.
public struct Shard: Sendable, Hashable, CustomStringConvertible {
    /// Which shard this is, from 0 to `count - 1`.
    public var index: Int
    /// How many shards the sweep is split into; at least 1.
    public var count: Int

    /// Shard `index` (0-based) of `count`; ``ShardResolver`` checks the values, this does not.
    public init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// `index/count`, 0-based, as `--shard` takes it: "3/64".
    public var description: String { "\(index)/\(count)" }
}

/// The shard this process runs, and where that came from.
public struct ShardResolution: Sendable, Equatable {
    /// The shard this process runs.
    public var shard: Shard
    /// How it was resolved, for stderr: e.g. "shard 3/64 from JOB_COMPLETION_INDEX=3 (--shards 64)",
    /// "shard 0/1 (no sharding)", "shard 2/8 from --shard 2/8",
    /// "shard 1/4 from CI_NODE_INDEX=2 (1-based) and CI_NODE_TOTAL=4".
    public var explanation: String
    /// Bazel's `TEST_SHARD_STATUS_FILE`, when the shard came from Bazel and the variable is set:
    /// the caller touches it (``ShardResolver/touch(_:)``) to tell Bazel that sharding is honoured.
    public var statusFile: String?

    /// A resolution of `shard`, explained for stderr.
    public init(shard: Shard, explanation: String, statusFile: String? = nil) {
        self.shard = shard
        self.explanation = explanation
        self.statusFile = statusFile
    }
}

/// Why the shard could not be worked out, naming the flag or variables and their values.
public struct ShardError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The whole message, ready for stderr.
    public var message: String

    /// An error with `message`.
    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}

/// Works out which shard of a sweep this process runs, from `--shard`, `--shards` and the
/// environment of the job runner, and which seeds that shard gets.
///
/// Sources, first match wins:
///
/// | source                 | variables                                             | index base |
/// |------------------------|-------------------------------------------------------|------------|
/// | `--shard i/n`          | —                                                     | 0          |
/// | Bazel                  | `TEST_SHARD_INDEX`, `TEST_TOTAL_SHARDS`               | 0          |
/// | Kubernetes Indexed Job | `JOB_COMPLETION_INDEX`, count from `--shards`         | 0          |
/// | Slurm job array        | `SLURM_ARRAY_TASK_ID`, `SLURM_ARRAY_TASK_COUNT` or `--shards` | as submitted: `--array=0-(n-1)` expected |
/// | Slurm resubmission     | `SLURM_ARRAY_TASK_ID`, `LIFELOOP_SHARDS` (any ids below it) | 0 |
/// | GitLab `parallel:`     | `CI_NODE_INDEX`, `CI_NODE_TOTAL`                      | 1          |
/// | none                   | —                                                     | shard 0/1  |
///
/// A Kubernetes Job hands each pod only its index, so the count must come from `--shards`,
/// set to the Job's `completions`. Slurm ids are whatever `--array` said; this expects
/// `--array=0-(n-1)` and rejects ids at or past the count, or a `SLURM_ARRAY_TASK_MIN` or
/// `SLURM_ARRAY_TASK_MAX` that does not match it, rather than silently skipping seeds.
///
/// `--shards`, when given, must agree with every count the chosen source supplies, and with
/// no source at all it must be 1: a `--shards 64` with no index would run every seed 64 times.
/// Empty variables count as unset, as some runners export them empty.
public enum ShardResolver {
    /// The shard to run, from `--shard i/n` (`flag`), `--shards n` (`shards`) and `environment`,
    /// in the order in the table above.
    /// - Throws: ``ShardError`` naming the flag or variables, their values and what is expected.
    public static func resolve(
        flag: String?, shards: Int?, environment: [String: String]
    ) throws(ShardError) -> ShardResolution {
        if let shards, shards < 1 {
            throw ShardError("--shards \(shards): expected a shard count of at least 1")
        }
        if let flag { return try fromFlag(flag, shards: shards) }

        let env = Environment(values: environment)
        if let resolution = try fromBazel(env, shards: shards) { return resolution }
        if let resolution = try fromKubernetes(env, shards: shards) { return resolution }
        if let resolution = try fromSlurm(env, shards: shards) { return resolution }
        if let resolution = try fromGitLab(env, shards: shards) { return resolution }

        if let shards, shards != 1 {
            throw ShardError(
                "--shards \(shards) is given but no shard index was found: pass --shard i/n, or run under "
                    + "Bazel (TEST_SHARD_INDEX), a Kubernetes Indexed Job (JOB_COMPLETION_INDEX), "
                    + "a Slurm array (SLURM_ARRAY_TASK_ID) or GitLab parallel (CI_NODE_INDEX)")
        }
        return ShardResolution(shard: Shard(index: 0, count: 1), explanation: "shard 0/1 (no sharding)")
    }

    /// The contiguous block of seeds a shard runs: the seeds split into `count` blocks whose
    /// sizes differ by at most one, the earlier blocks the larger; nil when the shard gets none
    /// (more shards than seeds) or is not a valid shard.
    ///
    /// Works for any range, up to all 2^64 seeds of `0...UInt64.max`, without overflowing.
    public static func seeds(of range: ClosedRange<UInt64>, shard: Shard) -> ClosedRange<UInt64>? {
        guard shard.count >= 1, shard.index >= 0, shard.index < shard.count else { return nil }
        if shard.count == 1 { return range }
        // The range holds span + 1 seeds, which is 2^64 for the full range: too many for a
        // UInt64, so the split is worked out from span instead. With count ≥ 2 every
        // quotient below is at most 2^63 and every offset of a non-empty block is at most span.
        let span = range.upperBound - range.lowerBound
        let count = UInt64(shard.count)
        let index = UInt64(shard.index)
        let (spanQuotient, spanRemainder) = span.quotientAndRemainder(dividingBy: count)
        // seeds = base * count + larger, where the first `larger` blocks get one seed more.
        let base: UInt64
        let larger: UInt64
        if spanRemainder + 1 == count {
            (base, larger) = (spanQuotient + 1, 0)
        } else {
            (base, larger) = (spanQuotient, spanRemainder + 1)
        }
        let size = base + (index < larger ? 1 : 0)
        guard size > 0 else { return nil }
        let start = index * base + min(index, larger)
        return (range.lowerBound + start)...(range.lowerBound + start + (size - 1))
    }

    /// Creates `path` if it is missing and sets its modification time to now, as Bazel's
    /// sharding protocol asks of a test that honours `TEST_TOTAL_SHARDS`.
    public static func touch(_ path: String) throws(ShardError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw ShardError("cannot touch \(path): \(errorText(errno))") }
        defer { close(descriptor) }
        // An existing file keeps its old time after open, so set it explicitly.
        guard futimens(descriptor, nil) == 0 else { throw ShardError("cannot touch \(path): \(errorText(errno))") }
    }

    // MARK: - Sources

    private static func fromFlag(_ flag: String, shards: Int?) throws(ShardError) -> ShardResolution {
        let expected = "expected i/n, the 0-based shard index i and the shard count n, with 0 ≤ i < n (e.g. --shard 0/4)"
        let parts = flag.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = wholeNumber(parts[0]), let count = wholeNumber(parts[1]) else {
            throw ShardError("--shard \(quoted(flag)): \(expected)")
        }
        guard count >= 1 else { throw ShardError("--shard \(flag): the shard count must be at least 1; \(expected)") }
        guard index < count else {
            throw ShardError("--shard \(flag): the index must be below the count (0-based: 0/\(count) to \(count - 1)/\(count)); \(expected)")
        }
        if let shards, shards != count {
            throw ShardError("--shards \(shards) disagrees with --shard \(flag): pass one, or the same count to both")
        }
        return ShardResolution(shard: Shard(index: index, count: count), explanation: "shard \(index)/\(count) from --shard \(flag)")
    }

    private static func fromBazel(_ env: Environment, shards: Int?) throws(ShardError) -> ShardResolution? {
        guard let (index, count) = try env.pair(index: "TEST_SHARD_INDEX", count: "TEST_TOTAL_SHARDS") else { return nil }
        try checkCount(count, name: "TEST_TOTAL_SHARDS")
        try checkIndex(index, name: "TEST_SHARD_INDEX", below: count, countText: "TEST_TOTAL_SHARDS=\(count)")
        try checkAgrees(shards, with: count, source: "TEST_TOTAL_SHARDS=\(count)")
        return ShardResolution(
            shard: Shard(index: index, count: count),
            explanation: "shard \(index)/\(count) from TEST_SHARD_INDEX=\(index) and TEST_TOTAL_SHARDS=\(count)",
            statusFile: env["TEST_SHARD_STATUS_FILE"])
    }

    private static func fromKubernetes(_ env: Environment, shards: Int?) throws(ShardError) -> ShardResolution? {
        guard let index = try env.number("JOB_COMPLETION_INDEX") else { return nil }
        guard let count = shards else {
            throw ShardError(
                "JOB_COMPLETION_INDEX=\(index) is set (a Kubernetes Indexed Job) but the shard count is unknown: "
                    + "pass --shards with the Job's completions")
        }
        try checkIndex(index, name: "JOB_COMPLETION_INDEX", below: count, countText: "--shards \(count)",
                       hint: "--shards must equal the Job's completions")
        return ShardResolution(
            shard: Shard(index: index, count: count),
            explanation: "shard \(index)/\(count) from JOB_COMPLETION_INDEX=\(index) (--shards \(count))")
    }

    private static func fromSlurm(_ env: Environment, shards: Int?) throws(ShardError) -> ShardResolution? {
        let hint = "submit the array as --array=0-(n-1) for n shards"
        let id = try env.number("SLURM_ARRAY_TASK_ID")
        let taskCount = try env.number("SLURM_ARRAY_TASK_COUNT")
        guard let id else {
            if let taskCount {
                throw ShardError("SLURM_ARRAY_TASK_COUNT=\(taskCount) is set but SLURM_ARRAY_TASK_ID is not: set both or neither")
            }
            return nil
        }
        // A resubmission of some shards (`merge --missing`: `sbatch --array=2,7
        // --export=ALL,LIFELOOP_SHARDS=8`): the ids are shard indexes of that many shards, and
        // the new array's own count, minimum and maximum say nothing about the sweep.
        if let resubmitted = try env.number("LIFELOOP_SHARDS") {
            try checkCount(resubmitted, name: "LIFELOOP_SHARDS")
            try checkAgrees(shards, with: resubmitted, source: "LIFELOOP_SHARDS=\(resubmitted)")
            try checkIndex(id, name: "SLURM_ARRAY_TASK_ID", below: resubmitted, countText: "LIFELOOP_SHARDS=\(resubmitted)")
            return ShardResolution(
                shard: Shard(index: id, count: resubmitted),
                explanation: "shard \(id)/\(resubmitted) from SLURM_ARRAY_TASK_ID=\(id) and LIFELOOP_SHARDS=\(resubmitted)")
        }
        let count: Int
        let countText: String
        if let taskCount {
            try checkCount(taskCount, name: "SLURM_ARRAY_TASK_COUNT")
            try checkAgrees(shards, with: taskCount, source: "SLURM_ARRAY_TASK_COUNT=\(taskCount)")
            (count, countText) = (taskCount, "SLURM_ARRAY_TASK_COUNT=\(taskCount)")
        } else if let shards {
            (count, countText) = (shards, "--shards \(shards)")
        } else {
            throw ShardError(
                "SLURM_ARRAY_TASK_ID=\(id) is set but the shard count is unknown: "
                    + "SLURM_ARRAY_TASK_COUNT is unset, so pass --shards with the array size")
        }
        try checkIndex(id, name: "SLURM_ARRAY_TASK_ID", below: count, countText: countText, hint: hint)
        // Ids are as submitted, so an array that does not start at 0 or has gaps would skip
        // seeds without ever producing an out-of-range id on some tasks: catch it on all of them.
        if let low = try env.number("SLURM_ARRAY_TASK_MIN"), low != 0 {
            throw ShardError("SLURM_ARRAY_TASK_MIN=\(low) but shard ids start at 0: \(hint)")
        }
        if let high = try env.number("SLURM_ARRAY_TASK_MAX"), high != count - 1 {
            throw ShardError("SLURM_ARRAY_TASK_MAX=\(high) but \(countText) needs ids 0 to \(count - 1): \(hint)")
        }
        let source = taskCount != nil ? "and \(countText)" : "(\(countText))"
        return ShardResolution(
            shard: Shard(index: id, count: count),
            explanation: "shard \(id)/\(count) from SLURM_ARRAY_TASK_ID=\(id) \(source)")
    }

    private static func fromGitLab(_ env: Environment, shards: Int?) throws(ShardError) -> ShardResolution? {
        guard let (node, count) = try env.pair(index: "CI_NODE_INDEX", count: "CI_NODE_TOTAL") else { return nil }
        try checkCount(count, name: "CI_NODE_TOTAL")
        guard node >= 1, node <= count else {
            throw ShardError("CI_NODE_INDEX=\(node) is out of range for CI_NODE_TOTAL=\(count) (GitLab counts from 1: 1 to \(count))")
        }
        try checkAgrees(shards, with: count, source: "CI_NODE_TOTAL=\(count)")
        return ShardResolution(
            shard: Shard(index: node - 1, count: count),
            explanation: "shard \(node - 1)/\(count) from CI_NODE_INDEX=\(node) (1-based) and CI_NODE_TOTAL=\(count)")
    }

    // MARK: - Checks

    private static func checkCount(_ count: Int, name: String) throws(ShardError) {
        guard count >= 1 else { throw ShardError("\(name)=\(count): the shard count must be at least 1") }
    }

    private static func checkIndex(
        _ index: Int, name: String, below count: Int, countText: String, hint: String? = nil
    ) throws(ShardError) {
        guard index >= 0, index < count else {
            let tail = hint.map { "; \($0)" } ?? ""
            throw ShardError("\(name)=\(index) is out of range for \(countText) (0-based: 0 to \(count - 1))\(tail)")
        }
    }

    private static func checkAgrees(_ shards: Int?, with count: Int, source: String) throws(ShardError) {
        if let shards, shards != count {
            throw ShardError("--shards \(shards) disagrees with \(source)")
        }
    }

    private static func errorText(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }
}

/// The environment, with empty values counted as unset and numbers parsed strictly.
private struct Environment {
    let values: [String: String]

    subscript(name: String) -> String? {
        guard let value = values[name], !value.isEmpty else { return nil }
        return value
    }

    /// The variable as a whole number, nil when unset; an error when set to anything else.
    func number(_ name: String) throws(ShardError) -> Int? {
        guard let text = self[name] else { return nil }
        guard let value = wholeNumber(Substring(text)) else {
            throw ShardError("\(name)=\(quoted(text)) is not a whole number")
        }
        return value
    }

    /// Both variables of an index/count pair, nil when neither is set; an error when only one is.
    func pair(index indexName: String, count countName: String) throws(ShardError) -> (Int, Int)? {
        let index = try number(indexName)
        let count = try number(countName)
        switch (index, count) {
        case (nil, nil): return nil
        case let (index?, count?): return (index, count)
        case let (index?, nil):
            throw ShardError("\(indexName)=\(index) is set but \(countName) is not: set both or neither")
        case let (nil, count?):
            throw ShardError("\(countName)=\(count) is set but \(indexName) is not: set both or neither")
        }
    }
}

/// Plain ASCII digits only: `Int.init` would also take "+3", and a sign or space in a shard
/// index is more likely a mistake than intent.
private func wholeNumber(_ text: Substring) -> Int? {
    guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
    return Int(text)
}

private func quoted(_ text: String) -> String {
    "\"\(text)\""
}
