import LifeloopCore

/// A misuse the runtime caught: recorded in the trace and listed on the app, never a hang
/// or a trap. In strict mode the next ``Application/settle(maxTurns:)`` or
/// ``Application/advance(by:)`` fails with them.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// An overridden `loadView` left `view` nil (L03).
        case loadViewDidNotAssignView
        /// `view` was read from inside `loadView` or `viewDidLoad` while still nil (L03).
        case viewAccessRecursion
        /// A window's root controller had no view at the end of launch (L03).
        case noRootViewAtLaunch
        /// An appearance callback out of order (L20).
        case unbalancedAppearance
        /// A presentation from a controller whose view is not in a window (L22).
        case presentingViewNotInWindow
        /// A presentation while another presentation or dismissal is in flight (L22).
        case presentWhilePresenting
        /// A presentation from a controller that already presents one.
        case alreadyPresenting
        /// A UI call from a thread other than the app's loop thread.
        case offLoopAccess
        /// A nib or storyboard file that cannot be used; the message names file and field.
        case invalidFile
        /// A nib named at init that the app does not have.
        case nibNotFound
        /// A storyboard names a class the app has not registered.
        case unknownClass
        /// `performSegue` with an identifier the scene does not have.
        case unknownSegue
        /// A view hierarchy change that would make a cycle.
        case invalidHierarchy
        /// `dismiss` on a controller that neither presents nor is presented, or a swipe down
        /// on one that is not presented as a sheet (L29).
        case nothingToDismiss
        /// A presentation style the window cannot show (a sheet in a window with no room
        /// below the status bar): presented full screen instead (L29).
        case unsupportedPresentationStyle
        /// A number out of range (NaN, an infinity, too large): the runtime clamped it; the
        /// message names the parameter, the value given and the value used.
        case invalidArgument
        /// The unbounded in-memory trace passed ``Application/traceWarningEvents`` events:
        /// a long run should bound it or stream it. Reported once per app.
        case traceGrowth
        /// A main-actor hop (`Task { @MainActor in }`, `MainActor.run`, a `@MainActor`
        /// call) from an app that runs on another thread than the process's main thread:
        /// only the main thread's app owns the main actor. Reported once per app.
        case mainActorNotOwned
        /// A `sync` that libdispatch would deadlock on (onto the serial queue the code
        /// already runs on, or `DispatchQueue.main.sync` from main-queue code): the block
        /// did not run.
        case dispatchDeadlock
        /// A semaphore or group wait on the app's loop thread that nothing left under the
        /// virtual clock could end: it returned as timed out instead of hanging.
        case blockingWait
        /// Work that stays on real time under the virtual clock (a `DispatchSource`, a
        /// wall-clock `asyncAfter`, a group entered only by threads of the app's own).
        /// Reported once per label.
        case realTime
        /// A request to the app's scripted network that no rule matches: it failed with
        /// `URLError.resourceUnavailable` (the message names the URL and the rules' place).
        case networkRequestUnmatched
        /// Something of an Xcode storyboard or xib that Lifeloop does not model: an element
        /// skipped, or made as a simpler class. Reported once per kind per file.
        case interfaceBuilderSkipped
        /// An outlet or runtime attribute names a property its object does not have: UIKit's
        /// `setValue:forUndefinedKey:` exception, with the file and line of the connection.
        case undefinedKey
        /// A selector sent (target-action, a timer, a notification, `perform(_:)`) to an
        /// object that has no method with that name: UIKit's "unrecognized selector sent
        /// to instance", recorded instead of a crash.
        case unrecognizedSelector
        /// Required constraints that cannot all hold: the message is UIKit's log, listing
        /// them and naming the one broken to recover.
        case unsatisfiableConstraints
        /// A view whose constraints leave its frame undetermined (`hasAmbiguousLayout`),
        /// checked in strict mode after each solve, once per view. UIKit logs nothing: the
        /// frame it picks may differ from one layout to the next.
        case ambiguousLayout
        /// A list's dequeue with a reuse identifier nothing was registered for: the message
        /// names the identifier and the list (UIKit raises an exception).
        case unregisteredReuseIdentifier
        /// A list's insert, delete, move or reload whose counts do not add up: the message
        /// is UIKit's "Invalid update"; the list reloads instead.
        case invalidListUpdate
    }

    /// What kind of misuse it is; its raw value is the event name in the trace.
    public let kind: Kind
    /// The label of the object involved.
    public let label: String
    /// What happened, in UIKit's words where UIKit has some.
    public let message: String

    /// A diagnostic of `kind` about the object labelled `label`.
    public init(kind: Kind, label: String, message: String) {
        self.kind = kind
        self.label = label
        self.message = message
    }

    public var description: String { "\(kind.rawValue) [\(label)]: \(message)" }
}

/// Thrown in strict mode when diagnostics were recorded.
public struct DiagnosticsError: Error, Sendable, CustomStringConvertible {
    /// The diagnostics recorded since the last check.
    public let diagnostics: [Diagnostic]

    public var description: String {
        "strict mode: \(diagnostics.count) diagnostic(s): " + diagnostics.map(\.description).joined(separator: "; ")
    }
}

/// The app's diagnostics: locked, since an off-loop call records from another thread.
final class DiagnosticStore: Sendable {
    private let items = Locked<[Diagnostic]>([])

    func append(_ diagnostic: Diagnostic) {
        items.withLock { $0.append(diagnostic) }
    }

    var all: [Diagnostic] { items.withLock { $0 } }
}
