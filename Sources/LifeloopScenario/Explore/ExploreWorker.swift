import Foundation
import Lifeloop
import LifeloopCore
import LifeloopPictures

/// The app side of `lifeloop explore`: runs in a worker process of its own (a trap kills
/// the worker, not the crawl), holds one app at a time, and answers ``ExploreRequest``s
/// with ``ExploreReply``s.
///
/// Each action runs as a scenario step through the verb catalogue, then the app settles as
/// a scenario's `settle: true` does. Around each action it watches for leaks (controllers
/// that left the windows' hierarchies and are still alive once the app has settled) and
/// new diagnostics.
///
/// - Warning: Confined to the thread that made it, like the app.
public final class ExploreWorker {
    private let runner: ScenarioRunner
    private let seed: UInt64
    private let settleBudget: Duration
    private var session: ScenarioSession?
    private var diagnosticsSeen = 0
    private var spent = false

    /// A worker for the scenario's app.
    /// - Parameters:
    ///   - runner: The scenario (its app, windows and script).
    ///   - seed: The seed the app and its typed texts draw from.
    ///   - settleBudget: The most virtual time a settle may take before it is a hang.
    public init(runner: ScenarioRunner, seed: UInt64, settleBudget: Duration) {
        self.runner = runner
        self.seed = seed
        self.settleBudget = settleBudget
    }

    /// Answers one request line; `send` writes reply lines (a `start` before an action runs).
    /// - Returns: false for `quit`.
    public func handle(_ line: String, send: (ExploreReply) -> Void) -> Bool {
        guard let request = try? JSONDecoder().decode(ExploreRequest.self, from: Data(line.utf8)) else {
            send(ExploreReply(kind: "error", error: "not a request: \(line.prefix(200))"))
            return true
        }
        switch request.op {
        case "quit":
            return false
        case "restart":
            send(restart())
        case "act":
            guard let action = request.action else {
                send(ExploreReply(kind: "error", error: "act without an action"))
                return true
            }
            send(ExploreReply(kind: "start"))
            send(act(action))
        case "thumbnail":
            send(thumbnail())
        default:
            send(ExploreReply(kind: "error", error: "unknown op '\(request.op)'"))
        }
        return true
    }

    /// A fresh app: launched, the scenario's script run, settled.
    private func restart() -> ExploreReply {
        session = nil
        spent = false
        diagnosticsSeen = 0
        do {
            let session = try ScenarioSession(runner: runner, seed: seed)
            self.session = session
            try session.launch()
            for index in session.scenario.steps.indices {
                if let problem = try session.runScriptStep(index) {
                    return ExploreReply(kind: "error", error: "the scenario's script failed before the crawl: \(problem)", spent: true)
                }
            }
        } catch {
            return ExploreReply(kind: "error", error: "the app could not start: \(error)", spent: true)
        }
        var observations: [ExploreObservation] = []
        settle(&observations)
        observations += newDiagnostics()
        return state(observations: observations)
    }

    /// One action, then settle, then what changed.
    private func act(_ action: ExploreAction) -> ExploreReply {
        guard let session, !spent else { return ExploreReply(kind: "error", error: "no app to act on: restart first", spent: true) }
        let app = session.app
        let before = ScreenReader.allControllers(app).map(WeakController.init)
        let stepAction: StepAction
        do { stepAction = try action.stepAction() } catch {
            return state(refused: "\(error)")
        }
        let problem: String?
        do { problem = try session.perform(stepAction) } catch {
            return state(refused: "\(error)")
        }
        var observations: [ExploreObservation] = []
        settle(&observations)
        if !spent { observations += leaks(before: before, app: app) }
        observations += newDiagnostics()
        return state(refused: problem, observations: observations)
    }

    /// Settles; a settle that runs out of budget is a hang, and the app is spent.
    private func settle(_ observations: inout [ExploreObservation]) {
        guard let session else { return }
        do {
            try session.settle(budget: settleBudget)
        } catch let error as LoopError {
            if case .budgetExceeded = error {
                observations.append(ExploreObservation(kind: "hang", message: "the app never settled: \(error)",
                                                       label: session.app.keyWindow?.traceLabel ?? "", detail: "settle"))
            } else {
                observations.append(ExploreObservation(kind: "hang", message: "the app could not settle: \(error)", detail: "settle"))
            }
            spent = true
        } catch {
            observations.append(ExploreObservation(kind: "hang", message: "the app could not settle: \(error)", detail: "settle"))
            spent = true
        }
    }

    /// The diagnostics reported since the last look.
    private func newDiagnostics() -> [ExploreObservation] {
        guard let app = session?.app else { return [] }
        let all = app.diagnostics
        defer { diagnosticsSeen = all.count }
        guard all.count > diagnosticsSeen else { return [] }
        return all[diagnosticsSeen...].map {
            ExploreObservation(kind: "diagnostic", message: "\($0.kind.rawValue) on \($0.label): \($0.message)",
                               label: $0.label, detail: $0.kind.rawValue)
        }
    }

    /// Controllers that were in the windows' hierarchies before the action, are not now,
    /// and are still alive once the app has settled.
    private func leaks(before: [WeakController], app: Application) -> [ExploreObservation] {
        let now = Set(ScreenReader.allControllers(app).map(ObjectIdentifier.init))
        let leaked = before.compactMap { $0.controller }.filter { !now.contains(ObjectIdentifier($0)) }
        guard !leaked.isEmpty else { return [] }
        let live = ScreenReader.allControllers(app) + leaked
        return leaked.map { controller in
            let name = String(describing: type(of: controller))
            let path = RetainPath.holders(of: controller, among: live)
            var message = "\(name) (\(controller.traceLabel)) is still alive after it left the screen"
            if !path.isEmpty { message += "; held by " + path.joined(separator: "; ") }
            return ExploreObservation(kind: "leak", message: message, label: controller.traceLabel, detail: name, retainPath: path)
        }
    }

    private func state(refused: String? = nil, observations: [ExploreObservation] = []) -> ExploreReply {
        guard let session else { return ExploreReply(kind: "error", error: "no app", spent: true) }
        return ExploreReply(kind: "state", screen: ScreenReader.read(session.app, seed: seed), refused: refused,
                            observations: observations, spent: spent)
    }

    /// The key window now, as a PNG at most 240 pixels on its longer side.
    private func thumbnail() -> ExploreReply {
        guard let app = session?.app, let window = app.keyWindow ?? app.windows.first else {
            return ExploreReply(kind: "thumbnail")
        }
        let png = try? WindowSnapshot(window).png(longestEdge: 240)
        return ExploreReply(kind: "thumbnail", png: png.map { Data($0).base64EncodedString() })
    }
}

/// A controller held weakly, so that holding it does not keep it alive.
struct WeakController {
    weak var controller: ViewController?
    init(_ controller: ViewController) { self.controller = controller }
}

/// What `Mirror` can tell of why an object is alive: the stored properties of other live
/// objects that hold it, and its own stored closures (a closure that captures its owner is
/// the usual retain cycle, and a closure's captures are not visible to `Mirror`).
enum RetainPath {
    static func holders(of target: AnyObject, among objects: [AnyObject]) -> [String] {
        var result: [String] = []
        for object in objects where object !== target {
            for (name, value) in storedProperties(of: object) where (value as AnyObject?) === target && isReference(value) {
                result.append("\(String(describing: type(of: object))).\(name)")
            }
        }
        for (name, value) in storedProperties(of: target) where isClosure(value) {
            result.append("\(String(describing: type(of: target))).\(name) (a stored closure: if it captures self strongly, a retain cycle)")
        }
        return result
    }

    /// The stored properties of an object and its superclasses, by name.
    private static func storedProperties(of object: AnyObject) -> [(String, Any)] {
        var result: [(String, Any)] = []
        var mirror: Mirror? = Mirror(reflecting: object)
        while let current = mirror {
            for child in current.children {
                if let label = child.label { result.append((label, unwrapped(child.value))) }
            }
            mirror = current.superclassMirror
        }
        return result
    }

    /// An optional's wrapped value, or the value.
    private static func unwrapped(_ value: Any) -> Any {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return value }
        return mirror.children.first?.value ?? value
    }

    private static func isReference(_ value: Any) -> Bool { type(of: value) is AnyClass }

    private static func isClosure(_ value: Any) -> Bool {
        String(describing: type(of: value)).contains("->")
    }
}
