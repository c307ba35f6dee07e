import Lifeloop
import LifeloopNetwork

/// A scenario: an app, its windows and clock, main-thread and worker costs, and a timed
/// script, read from a YAML or JSON file with `lifeloop: 1` (see <doc:ScenarioFiles>).
///
/// How data flows through this module:
///
/// ```
///  file (YAML/JSON) ─► ScenarioFile.parse ─► Scenario ─► ScenarioRunner.run(seed:)
///        │                                               │  app on its own loop, probe
///        │                                               ▼
///        │                                           RunResult (per-seed metrics)
///        │                                               │
///        ▼                                               ▼
///  Experiment (seeds on threads, shards) ─► MetricAggregate (histograms) ─► Report
///                                             (text / JSON / CSV)   ▲
///  lifeloop merge (shard files) ──────────────────────────────────────┘
/// ```
///
/// The same scenario and seed always give the same trace digest under the virtual clock.
public struct Scenario: Sendable, Hashable {
    /// The file format version this reader understands.
    public static let formatVersion = 1

    /// A name for reports; by default the file name without its extension.
    public var name: String
    /// The file the scenario came from, for error messages and relative paths.
    public var file: String
    /// What app runs.
    public var app: AppSource
    /// Where the file names the app (its `storyboard`, `sample` or `swift` value), for
    /// errors about the app found after parsing; nil for a scenario built in code.
    public var appLocation: ScenarioLocation?
    /// The clock: virtual (deterministic, the default) or host.
    public var clock: ClockMode
    /// How many worker jobs run at once.
    public var workers: Int
    /// The UIKit release whose behaviour the app follows (`UIKitVersion`); iOS 12 by
    /// default. ``unloadPolicy`` and ``viewIsAppearing`` override what it implies.
    public var uikitVersion: UIKitVersion
    /// What a memory warning unloads, if the file says; otherwise the version's policy.
    public var unloadPolicy: UnloadPolicy?
    /// Whether controllers get `viewIsAppearing`, if the file says; otherwise as the
    /// version says.
    public var viewIsAppearing: Bool?
    /// Whether lists prefetch (`Application.prefetchesListContent`, iOS 10's prefetching
    /// by Lifeloop's fixed rule); off unless the file says `listPrefetching: true`.
    public var listPrefetching: Bool = false
    /// The app's appearance from launch (`appearance: dark`, or `{style, contentSize}`):
    /// light or dark; nil keeps the app's default (light).
    public var appearanceStyle: TraitCollection.Style?
    /// The app's Dynamic Type text size from launch; nil keeps the default (`large`).
    public var contentSize: ContentSizeCategory?
    /// Appearances each seed draws one of (`appearance: {style: [light, dark]}`); empty
    /// unless the file lists several, when it replaces ``appearanceStyle``.
    public var appearanceStyles: [TraitCollection.Style] = []
    /// Text sizes each seed draws one of (`appearance: {contentSize: [large, accessibilityLarge]}`);
    /// empty unless the file lists several, when it replaces ``contentSize``.
    public var contentSizes: [ContentSizeCategory] = []

    /// Whether seeds differ in appearance or text size (lists to draw from).
    public var sweepsAppearance: Bool { !appearanceStyles.isEmpty || !contentSizes.isEmpty }

    /// The appearance and text size the app of `seed` launches with: the fixed ones, or one
    /// of each list drawn from the seed's own stream (the same seed draws the same, whatever
    /// else the scenario draws).
    public func appearance(forSeed seed: UInt64) -> (style: TraitCollection.Style?, contentSize: ContentSizeCategory?) {
        var stream = DrawStream(seed: seed, key: "appearance")
        var style = appearanceStyle
        var size = contentSize
        if !appearanceStyles.isEmpty {
            style = appearanceStyles[Int(stream.uniformNanoseconds(.zero, .nanoseconds(appearanceStyles.count - 1)))]
        }
        if !contentSizes.isEmpty {
            size = contentSizes[Int(stream.uniformNanoseconds(.zero, .nanoseconds(contentSizes.count - 1)))]
        }
        return (style, size)
    }
    /// Whether diagnostics fail the run.
    public var strict: Bool
    /// The windows, in creation order; never empty after parsing (a default `main`).
    public var windows: [WindowSpec]
    /// Main-thread costs, in file order; the first rule that matches applies.
    public var costs: [CostRule]
    /// Worker jobs, by label.
    public var jobs: [JobSpec]
    /// The timed script.
    public var steps: [Step]
    /// If set, the run lasts exactly this long (virtual time from launch); otherwise it
    /// ends when the script is done and the app has settled.
    public var duration: Duration?
    /// The most virtual time a `settle` (and the final settle) may take.
    public var settleBudget: Duration
    /// Seeds `lifeloop experiment` runs when no `--seeds` is given.
    public var seeds: ClosedRange<UInt64>?
    /// The scripted network the app's `URLSession` requests are served from, if the file
    /// has a `network:` section.
    public var network: ScenarioNetwork?
    /// Whether, under the host clock, requests no rule matches go to the real network
    /// (`allowNetwork: true`, or `--allow-network`).
    public var allowsRealNetwork = false
    /// The app's bundle folder (`app: {bundle: FOLDER}`, resolved against the scenario's
    /// folder): where `UIStoryboard(name:bundle:)`, `UINib(nibName:bundle:)` and
    /// `Bundle.main` find the app's storyboards and nibs. Nil: an Xcode storyboard's own
    /// folder, or none.
    public var bundle: String?
    /// The folder of the app's own Swift files (`app: {storyboard: FILE, sources: DIR}`,
    /// resolved against the scenario's folder), built through the port step and loaded
    /// before launch so that the classes the storyboard names exist (``ProjectSources``).
    public var sources: String?
    /// The module those sources are built as (`app: {module: NAME}`); nil: the one
    /// `customModule` the storyboard names, else the folder's name.
    public var sourcesModule: String?
    /// A digest of the file's bytes and the app file's, so shard results of different
    /// scenarios are never merged: 16 hex digits.
    public var hash: String

    /// A scenario as its file would give it; every field after `app` has the file format's
    /// default.
    public init(name: String, file: String, app: AppSource, clock: ClockMode = .virtual, workers: Int = 2,
                uikitVersion: UIKitVersion = .default, unloadPolicy: UnloadPolicy? = nil, viewIsAppearing: Bool? = nil,
                strict: Bool = false,
                windows: [WindowSpec] = [WindowSpec()], costs: [CostRule] = [], jobs: [JobSpec] = [],
                steps: [Step] = [], duration: Duration? = nil, settleBudget: Duration = .seconds(60),
                seeds: ClosedRange<UInt64>? = nil, hash: String = "0000000000000000") {
        self.name = name
        self.file = file
        self.app = app
        self.clock = clock
        self.workers = workers
        self.uikitVersion = uikitVersion
        self.unloadPolicy = unloadPolicy
        self.viewIsAppearing = viewIsAppearing
        self.strict = strict
        self.windows = windows
        self.costs = costs
        self.jobs = jobs
        self.steps = steps
        self.duration = duration
        self.settleBudget = settleBudget
        self.seeds = seeds
        self.hash = hash
    }
}

/// Where in a scenario file something was written: for errors found after parsing.
public struct ScenarioLocation: Sendable, Hashable, CustomStringConvertible {
    /// Line, from 1.
    public var line: Int
    /// Column, from 1.
    public var column: Int
    /// The field's path, such as `script[3].push`.
    public var field: String

    /// The place of `field`, at `line` and `column`.
    public init(line: Int, column: Int, field: String) {
        self.line = line
        self.column = column
        self.field = field
    }

    /// `line:column: field`.
    public var description: String { "\(line):\(column): \(field)" }
}

/// The app a scenario runs.
public enum AppSource: Sendable, Hashable {
    /// A storyboard file; the path as resolved against the scenario's folder.
    case storyboard(path: String)
    /// An app registered in the ``AppCatalog`` under this name (the built-in samples are).
    case registered(name: String)
    /// An Xcode project (`app: {project: PATH, target: NAME}`): its app target built and
    /// launched as iOS launches it (``AppProject``); the path as resolved against the
    /// scenario's folder.
    case project(path: String, target: String?)
}

/// One simulated window.
public struct WindowSpec: Sendable, Hashable {
    /// The window's label in traces and reports.
    public var label: String
    /// Its screen: size, scale, status bar and refresh rate.
    public var screen: Screen
    /// The scene shown at its root; nil for the storyboard's initial scene (or the app's
    /// own choice for a registered app).
    public var root: String?
    /// A container around the root: none, a navigation controller, or tabs.
    public var container: Container
    /// Where the file names ``root``, for errors about the scene; nil when it does not.
    public var rootLocation: ScenarioLocation?
    /// Where the file names each of the tabs' scenes, in order; empty when it does not.
    public var tabLocations: [ScenarioLocation] = []

    /// What wraps a window's root scene.
    public enum Container: Sendable, Hashable {
        /// The root scene's controller itself.
        case none
        /// A `NavigationController` with the root scene at its root, so `push` works.
        case navigation
        /// A `TabBarController` with these scenes as tabs (the root is ignored).
        case tabs([String])
    }

    /// A window labelled `label` on `screen`, with `root` (the initial scene when nil) in
    /// `container`.
    public init(label: String = "main", screen: Screen = .phone, root: String? = nil, container: Container = .none) {
        self.label = label
        self.screen = screen
        self.root = root
        self.container = container
    }
}

/// A duration drawn from the run's seed, or fixed.
public enum Distribution: Sendable, Hashable, CustomStringConvertible {
    /// Always this duration (`40ms`).
    case fixed(Duration)
    /// Uniform between two bounds, inclusive (`{uniform: [10ms, 30ms]}`).
    case uniform(Duration, Duration)
    /// Log-normal with this median and 99th percentile (`{lognormal: {median: 8ms, p99: 40ms}}`).
    case lognormal(median: Duration, p99: Duration)

    public var description: String {
        switch self {
        case .fixed(let value): return formatDuration(value)
        case .uniform(let low, let high): return "uniform(\(formatDuration(low)), \(formatDuration(high)))"
        case .lognormal(let median, let p99): return "lognormal(median \(formatDuration(median)), p99 \(formatDuration(p99)))"
        }
    }
}

/// What a cost rule applies to.
public enum CostTarget: Sendable, Hashable, CustomStringConvertible {
    /// A controller callback: `B.viewDidLoad`; `*` as the controller matches any.
    case callback(controller: String, event: String)
    /// Every layout pass over a window (one per window per commit that lays out), or only
    /// that window's.
    case layoutPass(window: String?)
    /// Every display pass over a window, or only that window's.
    case displayPass(window: String?)
    /// Each Dispatch block on a queue with this label (`*`: any queue), the virtual time
    /// it takes before what it does lands (the main thread's app, virtual clock).
    case queue(label: String)

    public var description: String {
        switch self {
        case .callback(let controller, let event): return "\(controller).\(event)"
        case .layoutPass(let window): return window.map { "layout@\($0)" } ?? "layout"
        case .displayPass(let window): return window.map { "display@\($0)" } ?? "display"
        case .queue(let label): return "queue:\(label)"
        }
    }
}

/// Main-thread time spent by a callback or pass, drawn per occurrence.
public struct CostRule: Sendable, Hashable {
    /// The callback, pass or queue the cost applies to.
    public var target: CostTarget
    /// The time each occurrence takes, drawn from the run's seed.
    public var cost: Distribution
    /// Where the rule was written.
    public var location: ScenarioLocation

    /// A cost of `cost` for each occurrence of `target`, written at `location`.
    public init(target: CostTarget, cost: Distribution, location: ScenarioLocation) {
        self.target = target
        self.cost = cost
        self.location = location
    }
}

/// A worker job: what starts it, what it costs, what its completion does on the loop.
public struct JobSpec: Sendable, Hashable {
    /// The job's label in the trace; script steps start it by this name.
    public var label: String
    /// A callback that starts it each time it runs (`Feed.viewDidAppear`), or nil when only
    /// script steps start it.
    public var trigger: (controller: String, event: String)?
    /// The job's duration on a worker.
    public var cost: Distribution
    /// What the completion does.
    public var completion: JobCompletion
    /// Where the job was written.
    public var location: ScenarioLocation

    /// A job labelled `label`, started by `trigger` (or only by script steps), taking `cost`,
    /// whose completion does `completion`.
    public init(label: String, trigger: (controller: String, event: String)? = nil, cost: Distribution,
                completion: JobCompletion = .nothing, location: ScenarioLocation) {
        self.label = label
        self.trigger = trigger
        self.cost = cost
        self.completion = completion
        self.location = location
    }

    public static func == (lhs: JobSpec, rhs: JobSpec) -> Bool {
        lhs.label == rhs.label && lhs.trigger?.controller == rhs.trigger?.controller
            && lhs.trigger?.event == rhs.trigger?.event && lhs.cost == rhs.cost
            && lhs.completion == rhs.completion && lhs.location == rhs.location
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(label)
        hasher.combine(trigger?.controller)
        hasher.combine(trigger?.event)
        hasher.combine(cost)
        hasher.combine(completion)
    }
}

/// What a job's completion does on the loop.
public enum JobCompletion: Sendable, Hashable {
    /// Nothing.
    case nothing
    /// `setNeedsLayout()` on the view with this label.
    case layout(view: String)
    /// `setNeedsDisplay()` on the view with this label.
    case display(view: String)
    /// Pushes a scene onto the window's navigation controller (animated).
    case push(scene: String, window: String?)
    /// Presents a scene over the window's top controller (animated).
    case present(scene: String, style: ModalPresentationStyle?, window: String?)
}

/// When a step runs.
public enum StepTiming: Sendable, Hashable {
    /// At this time after launch.
    case at(Distribution)
    /// This long after the previous step finished (0 when neither is written).
    case after(Distribution)
}

/// One step of the script.
public struct Step: Sendable, Hashable {
    /// When the step runs.
    public var timing: StepTiming
    /// What the step does.
    public var action: StepAction
    /// The window the step acts on; nil for the key window (or the first).
    public var window: String?
    /// Whether a navigation or presentation step animates (default true).
    public var animated: Bool
    /// Where the step was written.
    public var location: ScenarioLocation

    /// A step that does `action` at `timing`, on `window` (the key window when nil).
    public init(timing: StepTiming = .after(.fixed(.zero)), action: StepAction, window: String? = nil,
                animated: Bool = true, location: ScenarioLocation) {
        self.timing = timing
        self.action = action
        self.window = window
        self.animated = animated
        self.location = location
    }
}

/// What a step does.
public enum StepAction: Sendable, Hashable {
    /// Taps the view with this label.
    case tap(label: String)
    /// Scrolls, drags or taps a row of a scroll view or table (see ``ListStep``).
    case list(ListStep)
    /// Types text into the text field or text view with this label, key by key as the
    /// keyboard does (`type: {view:, text:, clear:, submit:}`; see
    /// `Application.typeText(_:into:clear:submit:)`).
    case typeText(view: String, text: String, clear: Bool, submit: Bool)
    /// Pushes a scene onto the window's navigation controller.
    case push(scene: String)
    /// Pops the top controller of the window's navigation controller.
    case pop
    /// Pops to the root of the window's navigation controller.
    case popToRoot
    /// Presents a scene over the window's top controller.
    case present(scene: String, style: ModalPresentationStyle?)
    /// Dismisses the window's top presented controller.
    case dismiss
    /// Selects a tab of the window's tab bar controller.
    case selectTab(index: Int)
    /// An interactive pop: the progress values are applied `interval` apart, then the
    /// pop finishes or cancels.
    case interactivePop(progress: [Double], interval: Duration, finish: Bool)
    /// Rotates the window.
    case rotate
    /// Resizes the window.
    case resize(Size)
    /// Hides the window.
    case hide
    /// Shows the window again.
    case show
    /// Makes the window key.
    case makeKey
    /// Sends a memory warning to the app.
    case memoryWarning
    /// Changes the app's state (L37): background, foreground, an interruption, termination.
    case appState(AppStateChange)
    /// Changes the app's appearance, its Dynamic Type text size, or both (L40): what the
    /// user's Light/Dark and Text Size settings do.
    case appearance(style: TraitCollection.Style?, contentSize: ContentSizeCategory?)
    /// Lets time pass.
    case advance(Duration)
    /// Runs until nothing is pending, within the scenario's settle budget.
    case settle
    /// Starts a named interval.
    case markStart(String)
    /// Ends a named interval.
    case markEnd(String)
    /// Starts the job with this label.
    case startJob(label: String)
    /// The trace so far contains these `label event` lines in this order (others may
    /// come between them).
    case expectSequence([String])
    /// A frame metric of a window (or the whole app) is at most a bound.
    case expectMetric(metric: FrameMetricName, window: String?, atMost: Double)
    /// Finger input (`touch`, `tap: {at:}`, `drag: {path:}`, `pinch`): each input at its
    /// offset after the step's instant, in the step's window.
    case touches([TouchStep])
    /// A property judged across seeds: `always`, `sometimes` or `reachable`.
    case expectProperty(ScenarioProperty)
    /// A gesture of the ``VerbCatalogue`` (``GestureStep``): a double tap, a long press, a
    /// key, the back button. (Every step above that a user's input makes is a verb of the
    /// catalogue too.)
    case gesture(GestureStep)
}

/// One finger input of a touch step: what the finger does, where (window coordinates)
/// and when (after the step's instant).
public struct TouchStep: Sendable, Hashable {
    /// When the input happens, after the step's instant.
    public var offset: Duration
    /// What the finger does.
    public var input: TouchInput
    /// The x coordinate, in window coordinates.
    public var x: Double
    /// The y coordinate, in window coordinates.
    public var y: Double
    /// Which finger (0 is the first).
    public var finger: Int

    /// An input of `finger` at (`x`, `y`), `offset` after the step's instant.
    public init(offset: Duration, input: TouchInput, x: Double, y: Double, finger: Int = 0) {
        self.offset = offset
        self.input = input
        self.x = x
        self.y = y
        self.finger = finger
    }
}

/// Frame metrics an `expect` step can bound.
public enum FrameMetricName: String, Sendable, Hashable, CaseIterable {
    /// Dropped frames, counted.
    case droppedFrames
    /// Dropped frames as a percentage of vsyncs.
    case droppedFramesPercent
    /// Hitch time ratio, ms per s.
    case hitchTimeRatio
    /// Frame CPU duration at P50/P90/P95/P99, ms.
    case frameDurationCpuP50Ms, frameDurationCpuP90Ms, frameDurationCpuP95Ms, frameDurationCpuP99Ms
    /// Frame overrun at P50/P90/P95/P99, ms.
    case frameOverrunP50Ms, frameOverrunP90Ms, frameOverrunP95Ms, frameOverrunP99Ms
    /// Frames presented.
    case frameCount
}

/// An error in a scenario file: the file, line and column, the field and the problem.
public struct ScenarioError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file's path.
    public var file: String
    /// The line, from 1, when the problem has a place.
    public var line: Int?
    /// The column, from 1, when the problem has a place.
    public var column: Int?
    /// The field's path, such as `script[2].after`.
    public var field: String
    /// The problem, as one sentence.
    public var message: String

    /// An error in `file` at `line` and `column`, about `field`.
    public init(file: String, line: Int? = nil, column: Int? = nil, field: String, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.field = field
        self.message = message
    }

    /// An error in `file` at `location`.
    public init(file: String, at location: ScenarioLocation, message: String) {
        self.init(file: file, line: location.line, column: location.column, field: location.field, message: message)
    }

    /// `file:line:column: field: message`, as compilers print errors.
    public var description: String {
        var out = file
        if let line { out += ":\(line)" }
        if let column { out += ":\(column)" }
        out += ": "
        if !field.isEmpty { out += field + ": " }
        return out + message
    }
}

/// Formats a duration the way scenario files write them: `40ms`, `1.5s`, `250us`, `12ns`.
public func formatDuration(_ duration: Duration) -> String {
    let ns = duration.nanoseconds
    if ns == 0 { return "0ms" }
    if ns % 1_000_000_000 == 0 { return "\(ns / 1_000_000_000)s" }
    if ns % 1_000_000 == 0 { return "\(ns / 1_000_000)ms" }
    if ns % 1_000 == 0 { return "\(ns / 1_000)us" }
    return "\(ns)ns"
}

extension Duration {
    /// The duration in whole nanoseconds, clamped to `Int64`.
    public var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return seconds < 0 ? .min : .max }
        let (sum, overflow2) = scaled.addingReportingOverflow(attoseconds / 1_000_000_000)
        return overflow2 ? (scaled < 0 ? .min : .max) : sum
    }

    /// The duration in milliseconds, as a double.
    public var milliseconds: Double { Double(nanoseconds) / 1e6 }
}
