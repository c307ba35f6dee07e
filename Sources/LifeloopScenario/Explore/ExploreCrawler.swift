import Foundation
import LifeloopCore

/// How the crawl picks the next action.
public enum ExploreStrategy: String, Sendable, CaseIterable {
    /// Every action of the screens nearest launch first.
    case breadth
    /// Deeper first: the newest screen's actions before older ones, going on from where
    /// the app is without a restart while it can.
    case depth
}

/// What a crawl is given.
public struct ExploreOptions: Sendable {
    /// The seed of the app, its typed texts and the order actions are tried in.
    public var seed: UInt64 = 0
    /// The most new actions to try (edges of the map); replays to reach a screen do not count.
    public var maxActions = 500
    /// The most wall time for the crawl, in seconds (shrinking findings comes after).
    public var maxSeconds = 300.0
    /// Breadth- or depth-first.
    public var strategy = ExploreStrategy.breadth
    /// A worker that answers nothing for this long (wall time, seconds) is hung: killed.
    public var hangSeconds = 5.0
    /// The most virtual time a settle may take; past it the app never settles: a hang.
    public var settleBudget = Duration.seconds(10)
    /// Shrink each finding's scenario with ``ScenarioShrinker``.
    public var shrink = true
    /// The most runs a finding's shrink may take.
    public var maxShrinkRuns = 60
    /// The program whose worker mode runs the app (the `lifeloop` command).
    public var executable: String
    /// Its arguments for a worker process.
    public var workerArguments: [String]
    /// Its arguments to run a scenario file once and print its failure key (shrinking and
    /// checking findings).
    public var checkArguments: @Sendable (_ file: String) -> [String]
    /// The target as a scenario text (relative paths made absolute): findings build on it.
    public var baseScenario: String
    /// The folder everything is written to.
    public var outputDirectory: String
    /// The labels of the storyboard's scenes, when the app is a storyboard, or of its
    /// storyboards' scenes, when it is an Xcode project (``ExploreTarget/storyboardScenes(of:)``):
    /// coverage counts those whose controllers were shown.
    public var storyboardScenes: [String] = []

    /// Options for a crawl of `baseScenario` through workers started as `executable workerArguments`.
    public init(executable: String, workerArguments: [String], checkArguments: @escaping @Sendable (_ file: String) -> [String],
                baseScenario: String, outputDirectory: String) {
        self.executable = executable
        self.workerArguments = workerArguments
        self.checkArguments = checkArguments
        self.baseScenario = baseScenario
        self.outputDirectory = outputDirectory
    }
}

/// The crawl's side of `lifeloop explore`: walks every screen of an app by the actions its
/// screens offer, in an order drawn from the seed, through a worker process that holds the
/// app (see ``ExploreWorker``). A screen is reached again by restarting the app and
/// replaying the shortest known path to it. What goes wrong on the way is a finding.
public final class ExploreCrawler {
    /// A screen of the map.
    public struct Node: Sendable {
        /// The screen as first seen.
        public var screen: ExploreScreen
        /// The shortest known path to it from the settled start.
        public var path: [ExploreAction]
        /// The thumbnail's PNG bytes, if one could be drawn.
        public var png: [UInt8]?
        /// The order the screen was found in, from 0.
        public var index: Int
    }

    /// An action tried and where it went.
    public struct Edge: Sendable {
        /// The screen it was taken on.
        public var from: String
        /// The action's key there.
        public var key: String
        /// The action.
        public var action: ExploreAction
        /// The screen it led to; nil when it crashed, hung or was refused.
        public var to: String?
        /// `screen`, `refused`, `crash` or `hang`.
        public var outcome: String
    }

    /// Counts and times of a crawl.
    public struct Stats: Sendable {
        /// Actions tried (map edges).
        public var explored = 0
        /// Actions the workers ran, replays included.
        public var performed = 0
        /// App restarts.
        public var restarts = 0
        /// Worker processes started.
        public var workers = 0
        /// Wall seconds of the crawl.
        public var seconds = 0.0
        /// Why it stopped: `done`, `max-actions` or `max-seconds`.
        public var stopped = "done"
    }

    let options: ExploreOptions
    /// The screens, in the order found.
    public private(set) var nodes: [Node] = []
    private var nodeIndex: [String: Int] = [:]
    /// The actions tried.
    public private(set) var edges: [Edge] = []
    /// The findings, one per key.
    public private(set) var findings: [ExploreFinding] = []
    private var findingKeys = Set<String>()
    /// The counts.
    public private(set) var stats = Stats()
    /// Progress lines, for stderr.
    public var onProgress: ((String) -> Void)?

    private var worker: WorkerProcess?
    /// The screen the worker's app is at by that screen's recorded path; nil when it is
    /// elsewhere, or got there another way.
    private var current: String?
    private var frontier: [(screen: String, candidate: ExploreScreen.Candidate)] = []
    private var tried = Set<String>()

    /// A crawl with these options.
    public init(options: ExploreOptions) {
        self.options = options
    }

    /// Walks the app until every action was tried or a budget ran out.
    /// - Throws: ``ExploreError`` when the app cannot start at all.
    public func crawl() throws {
        // A write to a worker that has just died must not end the crawl.
        signal(SIGPIPE, SIG_IGN)
        let start = Date()
        defer {
            stats.seconds = Date().timeIntervalSince(start)
            worker?.quit()
            worker = nil
        }
        guard let first = try restart(), let screen = first.screen else {
            throw ExploreError("the app did not start")
        }
        // What launch (and the target's script) already showed: a finding with no actions.
        for observation in first.observations {
            record(ExploreFinding(kind: observation.kind, message: observation.message, screen: screen.id, signature: screen.signature,
                                  path: [], label: observation.label, detail: observation.detail, evidence: observation.retainPath))
        }
        addNode(screen, path: [])
        guard !first.spent else { return }
        while !frontier.isEmpty {
            if stats.explored >= options.maxActions { stats.stopped = "max-actions"; break }
            if Date().timeIntervalSince(start) >= options.maxSeconds { stats.stopped = "max-seconds"; break }
            let item = next()
            let edgeKey = item.screen + "\u{1}" + item.candidate.key
            guard tried.insert(edgeKey).inserted, let node = nodeIndex[item.screen].map({ nodes[$0] }) else { continue }
            if current != item.screen {
                guard try reach(node) else { continue }
            }
            stats.explored += 1
            explore(item.candidate, from: node)
        }
    }

    /// The next frontier item: the first (breadth) or the last (depth), preferring, in depth,
    /// the newest item of the screen the app shows.
    private func next() -> (screen: String, candidate: ExploreScreen.Candidate) {
        switch options.strategy {
        case .breadth:
            return frontier.removeFirst()
        case .depth:
            if let current, let at = frontier.lastIndex(where: { $0.screen == current }) { return frontier.remove(at: at) }
            return frontier.removeLast()
        }
    }

    /// Restarts the app and replays the node's path; false when it did not get there (a
    /// finding on the way, or the app went elsewhere).
    private func reach(_ node: Node) throws -> Bool {
        guard try restart() != nil else { return false }
        for (index, action) in node.path.enumerated() {
            let from = current ?? ""
            guard let reply = perform(action, path: Array(node.path[...index]), from: from, replay: true),
                  let screen = reply.screen else { return false }
            current = reply.spent ? nil : screen.id
            if current == nil { return false }
        }
        return current == node.screen.id
    }

    /// A fresh app in the worker (a new worker when there is none).
    private func restart() throws -> ExploreReply? {
        if worker == nil {
            let log = options.outputDirectory + "/.worker-\(getpid())-\(stats.workers).log"
            do {
                worker = try WorkerProcess(executable: options.executable, arguments: options.workerArguments, stderrPath: log)
            } catch {
                throw ExploreError("cannot start a worker (\(options.executable)): \(error)")
            }
            stats.workers += 1
        }
        stats.restarts += 1
        current = nil
        worker!.send(ExploreRequest(op: "restart").line())
        switch worker!.next(within: max(options.hangSeconds, 30)) {
        case .line(let line):
            guard let reply = decode(line) else { throw ExploreError("the worker answered '\(line.prefix(200))'") }
            if reply.kind == "error" { throw ExploreError(reply.error ?? "the worker failed") }
            guard let screen = reply.screen else { return nil }
            current = reply.spent ? nil : screen.id
            return reply
        case .died(let status, let stderr):
            worker = nil
            throw ExploreError("the worker died at launch (\(status)): \(stderr.suffix(3).joined(separator: " | "))")
        case .timedOut:
            worker?.kill()
            worker = nil
            throw ExploreError("the app did not launch and settle within \(Int(max(options.hangSeconds, 30))) s of wall time")
        }
    }

    /// Tries one action from the node, where the app is now.
    private func explore(_ candidate: ExploreScreen.Candidate, from node: Node) {
        let path = node.path + [candidate.action]
        guard let reply = perform(candidate.action, path: path, from: node.screen.id, replay: false) else {
            edges.append(Edge(from: node.screen.id, key: candidate.key, action: candidate.action, to: nil,
                              outcome: lastOutcome))
            return
        }
        if let refused = reply.refused {
            edges.append(Edge(from: node.screen.id, key: candidate.key, action: candidate.action, to: nil, outcome: "refused"))
            onProgress?("refused: \(candidate.action.summary): \(refused.prefix(120))")
            current = reply.spent ? nil : reply.screen?.id
            return
        }
        guard let screen = reply.screen else { return }
        let spent = reply.spent
        edges.append(Edge(from: node.screen.id, key: candidate.key, action: candidate.action, to: spent ? nil : screen.id,
                          outcome: spent ? "hang" : "screen"))
        // The app is at a screen by its recorded path only when the screen is new: a known
        // screen reached another way may hold other state (a field's text, a row scrolled
        // to), so the next action from it starts with a restart, and every path the crawl
        // writes is the one that was run.
        current = nil
        if !spent, nodeIndex[screen.id] == nil {
            addNode(screen, path: path)
            current = screen.id
        }
    }

    private var lastOutcome = "crash"

    /// Runs one action in the worker and records what it saw; nil when the worker died or
    /// hung (then a new one is started on the next restart).
    private func perform(_ action: ExploreAction, path: [ExploreAction], from screen: String, replay: Bool) -> ExploreReply? {
        guard let worker else { return nil }
        stats.performed += 1
        worker.send(ExploreRequest(op: "act", action: action).line())
        let signature = nodeIndex[screen].map { nodes[$0].screen.signature } ?? ""
        while true {
            switch worker.next(within: options.hangSeconds) {
            case .line(let line):
                guard let reply = decode(line) else { continue }
                if reply.kind == "start" { continue }
                if !replay {
                    for observation in reply.observations {
                        record(ExploreFinding(kind: observation.kind, message: observation.message, screen: screen, signature: signature,
                                              path: path, label: observation.label, detail: observation.detail,
                                              evidence: observation.retainPath))
                    }
                }
                return reply
            case .died(let status, let stderr):
                self.worker = nil
                current = nil
                lastOutcome = "crash"
                record(ExploreFinding(kind: "crash", message: ExploreFinding.crashMessage(stderr: stderr, status: status),
                                      screen: screen, signature: signature, path: path, detail: status, evidence: stderr))
                return nil
            case .timedOut:
                worker.kill()
                self.worker = nil
                current = nil
                lastOutcome = "hang"
                record(ExploreFinding(kind: "hang", message: "the app answered nothing for \(formatSeconds(options.hangSeconds)) of wall time after \(action.summary)",
                                      screen: screen, signature: signature, path: path, detail: "wall"))
                return nil
            }
        }
    }

    func setFindings(_ written: [ExploreFinding]) { findings = written }

    private func record(_ finding: ExploreFinding) {
        guard findingKeys.insert(finding.key).inserted else { return }
        onProgress?("found \(finding.kind): \(finding.message.split(separator: "\n").first ?? "")")
        findings.append(finding)
    }

    private func addNode(_ screen: ExploreScreen, path: [ExploreAction]) {
        var png: [UInt8]?
        if let worker {
            worker.send(ExploreRequest(op: "thumbnail").line())
            if case .line(let line) = worker.next(within: max(options.hangSeconds, 10)), let reply = decode(line),
               let text = reply.png, let data = Data(base64Encoded: text) {
                png = [UInt8](data)
            }
        }
        nodeIndex[screen.id] = nodes.count
        nodes.append(Node(screen: screen, path: path, png: png, index: nodes.count))
        onProgress?("screen \(nodes.count): \(screen.title) [\(screen.controllers.joined(separator: ", "))], \(screen.actions.count) actions")
        var random = SeededGenerator(seed: options.seed, key: "explore.order." + screen.id)
        let order = screen.actions.shuffled(using: &random)
        switch options.strategy {
        case .breadth: frontier += order.map { (screen.id, $0) }
        case .depth: frontier += order.reversed().map { (screen.id, $0) }
        }
    }

    private func decode(_ line: String) -> ExploreReply? {
        try? JSONDecoder().decode(ExploreReply.self, from: Data(line.utf8))
    }

    private func formatSeconds(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? "\(Int(seconds)) s" : String(format: "%.1f s", seconds)
    }
}
