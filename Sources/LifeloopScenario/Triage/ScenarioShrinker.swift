/// Cuts a failing scenario down to what its failure needs (`lifeloop shrink`): delta
/// debugging (ddmin) over the script's steps, then its jobs, windows and costs, then each
/// cost toward a fixed value and then zero, and each step's timing and `advance` toward
/// zero, keeping only changes after which the run still fails with the same failure key.
///
/// The shrinker knows nothing of how a candidate runs: `test` runs one candidate text and
/// returns its failure key, or nil when it passes or is not a valid scenario. Candidates
/// already tried are not run again.
public struct ScenarioShrinker {
    /// What a shrink did.
    public struct Outcome: Sendable {
        /// The key every kept candidate failed with.
        public var key: String
        /// The shrunk scenario's text (block YAML).
        public var text: String
        /// Counts before and after, by what was cut: `steps`, `jobs`, `windows`, `costs`.
        public var before: [String: Int]
        /// The counts after the shrink, by what was cut.
        public var after: [String: Int]
        /// Candidates run (the first run of the original included; repeats are not run).
        public var runs: Int
    }

    /// Why a shrink cannot start.
    public struct Problem: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    private var tree: ScenarioTree
    private let key: String
    private let test: (String) -> String?
    private var tried: [String: Bool] = [:]
    /// Candidates run so far.
    public private(set) var runs = 0
    /// The most candidates to run; past it the shrink stops where it is.
    public var maxRuns = 5_000

    /// A shrinker for the scenario `text`, whose run fails with `key` (``start(text:name:test:)``
    /// finds it).
    private init(tree: ScenarioTree, key: String, runs: Int, test: @escaping (String) -> String?) {
        self.tree = tree
        self.key = key
        self.runs = runs
        self.test = test
    }

    /// Runs the original once for its failure key and makes the shrinker.
    /// - Parameters:
    ///   - text: The scenario's text.
    ///   - file: Its name, for errors.
    ///   - name: The scenario's name, written into the shrunk file so that its runs are named
    ///     as the original's (a name from the file name would change with the new file).
    ///   - test: Runs a candidate text: its failure key, or nil when it passes.
    /// - Throws: ``Problem`` when the text is not a scenario map, or its run does not fail.
    public static func start(text: String, file: String, name: String,
                             test: @escaping (String) -> String?) throws -> ScenarioShrinker {
        var tree: ScenarioTree
        do { tree = try ScenarioTree.parse(text, file: file) } catch { throw Problem(description: "\(error)") }
        guard case .map = tree else { throw Problem(description: "\(file): a scenario is a map of keys") }
        if tree["name"] == nil { tree["name"] = .scalar(name, plain: false) }
        guard let key = test(tree.yaml) else {
            throw Problem(description: "\(file): the run passes, so there is no failure to shrink")
        }
        var shrinker = ScenarioShrinker(tree: tree, key: key, runs: 1, test: test)
        shrinker.tried[tree.yaml] = true
        return shrinker
    }

    /// Cuts as far as it can and returns what it kept.
    public mutating func shrink() -> Outcome {
        let before = counts(tree)
        // Whole sections first (the script's steps above all), then values.
        for section in ["script", "jobs", "windows", "costs"] { cutItems(of: section) }
        simplifyCosts()
        simplifyTimings()
        // A value made simpler can make another item unneeded: one more pass over the steps.
        cutItems(of: "script")
        return Outcome(key: key, text: tree.yaml, before: before, after: counts(tree), runs: runs)
    }

    private func counts(_ tree: ScenarioTree) -> [String: Int] {
        var out: [String: Int] = [:]
        for section in ["script", "jobs", "windows", "costs"] { out[section == "script" ? "steps" : section] = tree[section]?.count ?? 0 }
        return out
    }

    /// Whether `candidate` still fails with the key; a candidate is run at most once.
    private mutating func fails(_ candidate: ScenarioTree) -> Bool {
        let text = candidate.yaml
        if let known = tried[text] { return known }
        guard runs < maxRuns else { return false }
        runs += 1
        let same = test(text) == key
        tried[text] = same
        return same
    }

    // MARK: ddmin

    /// Cuts the items of a list (or entries of a map) under `section` with ddmin; a section
    /// cut to nothing is removed whole when that still fails.
    private mutating func cutItems(of section: String) {
        guard let items = tree[section], items.count > 0 else { return }
        let base = tree
        func candidate(_ kept: [Int]) -> ScenarioTree {
            var next = base
            next[section] = kept.isEmpty ? nil : items.keeping(kept)
            return next
        }
        if fails(candidate([])) {
            tree = candidate([])
            return
        }
        let kept = ddmin(Array(0..<items.count)) { shrinker, kept in shrinker.fails(candidate(kept)) }
        tree = candidate(kept)
    }

    /// Zeller and Hildebrandt's ddmin: a 1-minimal subset of `items` for which `test` holds,
    /// given that it holds for all of them.
    private mutating func ddmin(_ items: [Int], _ test: (inout ScenarioShrinker, [Int]) -> Bool) -> [Int] {
        var current = items
        var granularity = 2
        while current.count >= 2 {
            let chunks = split(current, into: granularity)
            var reduced = false
            for chunk in chunks where test(&self, chunk) {
                current = chunk
                granularity = 2
                reduced = true
                break
            }
            if !reduced {
                for index in chunks.indices {
                    let complement = chunks.enumerated().filter { $0.offset != index }.flatMap(\.element)
                    if test(&self, complement) {
                        current = complement
                        granularity = max(granularity - 1, 2)
                        reduced = true
                        break
                    }
                }
            }
            if !reduced {
                if granularity >= current.count { break }
                granularity = min(current.count, granularity * 2)
            }
        }
        return current
    }

    private func split(_ items: [Int], into parts: Int) -> [[Int]] {
        var chunks: [[Int]] = []
        var start = 0
        for part in 0..<parts {
            let end = start + (items.count - start) / (parts - part)
            if end > start { chunks.append(Array(items[start..<end])) }
            start = end
        }
        return chunks
    }

    // MARK: Values

    /// Each cost (and each job's cost) toward a fixed value (the low bound or median of
    /// its distribution), then zero.
    private mutating func simplifyCosts() {
        if case .map(let entries)? = tree["costs"] {
            for entry in entries { simplify([.key("costs"), .key(entry.key)]) }
        }
        for index in 0..<(tree["jobs"]?.count ?? 0) { simplify([.key("jobs"), .index(index), .key("cost")]) }
    }

    /// Each step's `at`/`after` and each `advance` toward zero, and the run's `duration`.
    private mutating func simplifyTimings() {
        for index in 0..<(tree["script"]?.count ?? 0) {
            for key in ["at", "after", "advance"] { simplify([.key("script"), .index(index), .key(key)]) }
        }
        if tree["duration"] != nil {
            var without = tree
            without["duration"] = nil
            if fails(without) { tree = without }
        }
    }

    /// Tries the simpler forms of the duration or distribution at `path`, keeping the first
    /// that still fails.
    private mutating func simplify(_ path: [ScenarioTree.PathComponent]) {
        guard let value = tree[path] else { return }
        for simpler in simplerForms(of: value) {
            var candidate = tree
            candidate[path] = simpler
            if fails(candidate) {
                tree = candidate
                return
            }
        }
    }

    /// Zero, then a fixed value, for a distribution; zero for a duration that is not zero.
    private func simplerForms(of value: ScenarioTree) -> [ScenarioTree] {
        let zero = ScenarioTree.scalar("0ms", plain: true)
        switch value {
        case .scalar(let text, _):
            return text == "0ms" || text == "0s" || text == "true" || text == "false" ? [] : [zero]
        case .map(let entries):
            guard let entry = entries.first else { return [] }
            var fixed: ScenarioTree?
            if entry.key == "uniform", case .list(let bounds) = entry.value, let low = bounds.first { fixed = low }
            if entry.key == "lognormal", let median = entry.value["median"] { fixed = median }
            return [fixed].compactMap { $0 } + [zero]
        case .list:
            return []
        }
    }
}

