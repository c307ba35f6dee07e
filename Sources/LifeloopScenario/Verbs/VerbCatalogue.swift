import Lifeloop

/// Every verb declared once (see ``Verb``): what the scenario reader, the daemon, the MCP
/// server and the session exporter read their verbs from.
public enum VerbCatalogue {
    /// The verbs, in the order the docs list them: one list a subject, each in a file of
    /// its own (`VerbCatalogue+Navigation.swift`, ...).
    public static let verbs: [Verb] = [tapVerb] + navigationVerbs + windowVerbs + appVerbs + touchVerbs + listVerbs + textVerbs + gestureVerbs + appearanceVerbs

    /// Double tap, long press, a key and the back button.
    static let gestureVerbs: [Verb] = [
        Verb(name: "doubleTap", summary: "Two quick taps on an element (its centre) or at a point, as a finger does: through hit testing, touches and gesture recognizers (a two-tap recognizer fires; a one-tap recognizer that requires its failure does not), taking about 0.3 s of the app's time.",
             parameters: [.init("target", .target, "The element: @e12, #identifier or a view's label"),
                          .init("at", .point, "Or a point in window points, [x, y]")],
             primary: "target", tool: .own("double_tap")) { arguments throws(VerbError) in .gesture(.doubleTap(try arguments.target())) },
        Verb(name: "longPress", summary: "A finger held on an element (its centre) or at a point for durationMs (default 1000), then lifted: a long-press recognizer fires after its minimum duration of the app's time.",
             parameters: [.init("target", .target, "The element: @e12, #identifier or a view's label"),
                          .init("at", .point, "Or a point in window points, [x, y]"),
                          .init("durationMs", .milliseconds(1...60_000), "How long the finger stays down, ms (default 1000)")],
             primary: "target", tool: .own("long_press")) { arguments throws(VerbError) in
            .gesture(.longPress(try arguments.target(), milliseconds: arguments.values["durationMs"]?.double ?? 1000))
        },
        Verb(name: "keyPress", summary: "A key of a hardware keyboard, to the first responder: return (a text field's textFieldShouldReturn, a newline in a text view), delete, tab (the next field), escape (a key command), or an arrow (moves the caret).",
             parameters: [.init("key", .choice(KeyPress.names), required: true, "The key: \(KeyPress.names.joined(separator: ", "))")],
             primary: "key", tool: .own("key_press")) { arguments throws(VerbError) in
            guard case .string(let name)? = arguments.values["key"], let key = KeyPress.named(name) else {
                throw VerbError("keyPress: 'key' is one of \(KeyPress.names.joined(separator: ", "))")
            }
            return .gesture(.keyPress(key))
        },
        Verb(name: "back", summary: "Taps the back button of the key window's navigation bar, as a user going back does (the navigation controller pops); refused when no back button shows (no navigation controller, or its root is on top).",
             parameters: [], tool: .own("back")) { _ throws(VerbError) in .gesture(.back) },
    ]

    /// The verb with this scenario-file key.
    public static func verb(scenarioKey key: String) -> Verb? { byScenarioKey[key] }
    /// The verb with this daemon method.
    public static func verb(daemonMethod method: String) -> Verb? { byDaemonMethod[method] }

    // Every request and every step looks its verb up: by a table, not a search.
    private static let byScenarioKey = Dictionary(verbs.map { ($0.scenarioKey, $0) }) { first, _ in first }
    private static let byDaemonMethod = Dictionary(verbs.map { ($0.daemonMethod, $0) }) { first, _ in first }
    /// The verb with this MCP tool name, of the tools made from one verb.
    public static func verb(mcpTool name: String) -> Verb? { verbs.first { $0.tool == .own(name) } }
}

/// Input a ``Verb`` of the catalogue gives the app.
public enum GestureStep: Sendable, Hashable {
    /// Two quick taps.
    case doubleTap(GestureTarget)
    /// A finger held down for a number of milliseconds.
    case longPress(GestureTarget, milliseconds: Double)
    /// A hardware key.
    case keyPress(KeyPress)
    /// The back button.
    case back
    /// Keyboard focus to a text input.
    case focus(String)
    /// A range of a text input's text selected, in characters.
    case selectText(String, location: Int, length: Int)
    /// The keyboard hidden: the first responder resigns.
    case dismissKeyboard
}

/// Where a gesture lands: on an element (its centre) or at a point of the step's window.
public enum GestureTarget: Sendable, Hashable {
    /// `@e12`, `#identifier` or a view's label.
    case element(String)
    /// A point in window points.
    case point(x: Double, y: Double)
}

extension GestureStep {
    /// Why the step cannot run in the app now (nothing runs then), or nil.
    public func refusal(in app: Application, window label: String?) -> String? {
        switch self {
        case .doubleTap(let target), .longPress(let target, _):
            do {
                _ = try place(target, in: app, window: label)
                return nil
            } catch {
                return error.message
            }
        case .keyPress:
            return nil
        case .focus(let target):
            return app.textVerbRefusal("focus", target: target)
        case .selectText(let target, let location, let length):
            return app.textVerbRefusal("selectText", target: target, range: (location, length))
        case .dismissKeyboard:
            return app.textVerbRefusal("dismissKeyboard", target: nil, window: label.flatMap { label in app.windows.first { $0.traceLabel == label } })
        case .back:
            let tree = app.elementTree()
            let window = label ?? app.keyWindow?.traceLabel
            if let back = tree.elements.last(where: { $0.type == .backButton && (window == nil || $0.window == window) }) {
                return back.isEnabled ? nil : "back: the back button takes no tap while the navigation controller's transition runs"
            }
            return "back: " + (tree.elements.contains { $0.type == .navigationBar && (window == nil || $0.window == window) }
                ? "the navigation bar shows no back button (its top controller is the root of its stack)"
                : "the window shows no navigation bar")
        }
    }

    /// Runs the step: schedules its touches on the app's loop (they play out as its time
    /// passes), presses the key, or taps the back button.
    /// - Returns: why it could not run (nil when it ran), and how long its touches take.
    public func perform(in app: Application, window label: String?) -> (problem: String?, lasts: Duration) {
        do {
            switch self {
            case .doubleTap(let target):
                let (point, window) = try place(target, in: app, window: label)
                return (nil, try app.doubleTap(at: point, in: window))
            case .longPress(let target, let milliseconds):
                let (point, window) = try place(target, in: app, window: label)
                return (nil, try app.longPress(at: point, duration: .nanoseconds(Int64(milliseconds * 1e6)), in: window))
            case .keyPress(let key):
                _ = app.keyPress(key, in: label.flatMap { label in app.windows.first { $0.traceLabel == label } })
            case .back:
                try app.goBack()
            case .focus(let target):
                try app.focus(target)
            case .selectText(let target, let location, let length):
                try app.selectText(target, location: location, length: length)
            case .dismissKeyboard:
                try app.dismissKeyboard(in: label.flatMap { label in app.windows.first { $0.traceLabel == label } })
            }
            return (nil, .zero)
        } catch let error as VerbError {
            return (error.message, .zero)
        } catch let error as InputRefusal {
            return (error.message, .zero)
        } catch {
            return ("\(error)", .zero)
        }
    }

    /// The point and window a target names.
    private func place(_ target: GestureTarget, in app: Application, window label: String?) throws(VerbError) -> (Point, Window?) {
        switch target {
        case .point(let x, let y):
            let window = label.flatMap { label in app.windows.first { $0.traceLabel == label } }
            if let label, window == nil { throw VerbError("the app has no window '\(label)'") }
            return (Point(x: x, y: y), window)
        case .element(let reference):
            let element: Element
            do {
                element = try app.element(ElementReference(parsing: reference))
            } catch {
                throw VerbError(error.description)
            }
            guard element.isVisible else { throw VerbError("\(element.ref) \(element.type.rawValue) is off screen; nothing ran") }
            return (element.center, app.windows.first { $0.traceLabel == element.window })
        }
    }
}
