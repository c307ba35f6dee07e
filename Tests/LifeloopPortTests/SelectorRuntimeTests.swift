import Foundation
import Testing
import UIKit

/// A controller with the members the port step writes for `@objc` methods (written out
/// here as the port step writes them).
final class CounterController: UIViewController {
    var calls: [String] = []
    let button = UIButton(type: .system)

    override func viewDidLoad() {
        super.viewDidLoad()
        button.frame = CGRect(x: 20, y: 100, width: 100, height: 44)
        view.addSubview(button)
    }

    func tapped(_ sender: UIButton) { calls.append("tapped \(sender === button)") }
    func reset() { calls.append("reset") }
    func touched(_ sender: Any, forEvent event: UIEvent) { calls.append("touched") }
    func tick(_ timer: Timer) { calls.append("tick \(timer.userInfo as? Int ?? -1)") }
    func changed(_ note: Notification) { calls.append("note \(note.name.rawValue)") }
    func later(_ value: Any?) { calls.append("later \(value as? String ?? "nil")") }

    override func lifeloopPerform(_ selector: Selector, with arguments: [Any?]) -> SelectorOutcome {
        switch selector.name {
        case "tapped:":
            guard let a0 = Selector.lifeloopArgument(arguments, 0, as: UIButton.self) else { return .notFound }
            tapped(a0)
            return .performed(nil)
        case "reset":
            reset()
            return .performed(nil)
        case "touched:forEvent:":
            let a0: Any = Selector.lifeloopArgument(arguments, 0, as: Any.self) as Any
            guard let a1 = Selector.lifeloopArgument(arguments, 1, as: UIEvent.self) else { return .notFound }
            touched(a0, forEvent: a1)
            return .performed(nil)
        case "tick:":
            guard let a0 = Selector.lifeloopArgument(arguments, 0, as: Timer.self) else { return .notFound }
            tick(a0)
            return .performed(nil)
        case "changed:":
            guard let a0 = Selector.lifeloopArgument(arguments, 0, as: Notification.self) else { return .notFound }
            changed(a0)
            return .performed(nil)
        case "later:":
            later(Selector.lifeloopArgument(arguments, 0, as: Any.self))
            return .performed(nil)
        default:
            return super.lifeloopPerform(selector, with: arguments)
        }
    }

    override func lifeloopResponds(to selector: Selector) -> Bool {
        ["tapped:", "reset", "touched:forEvent:", "tick:", "changed:", "later:"].contains(selector.name)
            || super.lifeloopResponds(to: selector)
    }
}

/// A plain Swift class made reachable by name (the port step adds the conformance).
final class Listener: NameWirable {
    var heard: [String] = []
    func lifeloopSetOutlet(named name: String, to value: Any?) -> Bool { false }
    func lifeloopPerform(_ selector: Selector, with arguments: [Any?]) -> SelectorOutcome {
        guard selector.name == "heard:", let note = Selector.lifeloopArgument(arguments, 0, as: Notification.self) else {
            return .notFound
        }
        heard.append(note.name.rawValue)
        return .performed(nil)
    }
    func lifeloopResponds(to selector: Selector) -> Bool { selector.name == "heard:" }
}

@Suite("Selectors at run time")
struct SelectorRuntimeTests {
    func launch() throws -> (Application, CounterController) {
        let app = try Application(clock: .virtual)
        let counter = CounterController(label: "Counter")
        let window = UIWindow(screen: .phone, label: "main")
        window.rootViewController = UINavigationController(rootViewController: counter, label: "Nav")
        window.makeKeyAndVisible()
        try app.settle()
        return (app, counter)
    }

    @Test func targetActionCallsTheMethodWithTheSenderUntilRemoved() throws {
        let (app, counter) = try launch()
        defer { try? app.close() }
        counter.button.addTarget(counter, action: Selector("tapped:"), for: .touchUpInside)
        counter.button.addTarget(counter, action: Selector("touched:forEvent:"), for: .touchUpInside)
        #expect(counter.button.actions(forTarget: counter, forControlEvent: .touchUpInside) == ["tapped:", "touched:forEvent:"])
        app.tap(counter.button)
        try app.settle()
        #expect(counter.calls == ["tapped true", "touched"])
        counter.button.removeTarget(counter, action: Selector("tapped:"), for: .touchUpInside)
        app.tap(counter.button)
        try app.settle()
        #expect(counter.calls == ["tapped true", "touched", "touched"])
        #expect(app.diagnostics.isEmpty)
    }

    /// UIKit does not retain a control's target: a controller that is the target of its
    /// own button goes with its app.
    @Test func theTargetIsNotRetained() throws {
        weak var weakCounter: CounterController?
        try {
            let (app, counter) = try launch()
            counter.button.addTarget(counter, action: Selector("tapped:"), for: .touchUpInside)
            app.tap(counter.button)
            try app.settle()
            #expect(counter.calls == ["tapped true"])
            weakCounter = counter
        }()
        #expect(weakCounter == nil, "the button's action kept its target alive")
    }

    @Test func aNilTargetGoesUpTheResponderChainToTheController() throws {
        let (app, counter) = try launch()
        defer { try? app.close() }
        counter.button.addTarget(nil, action: Selector("reset"), for: .touchUpInside)
        app.tap(counter.button)
        try app.settle()
        #expect(counter.calls == ["reset"])
    }

    @Test func aTargetWithoutTheMethodIsADiagnosticNotACrash() throws {
        let (app, counter) = try launch()
        defer { try? app.close() }
        counter.button.addTarget(counter, action: Selector("missing:"), for: .touchUpInside)
        app.tap(counter.button)
        try app.settle()
        let diagnostic = try #require(app.diagnostics.first { $0.kind == .unrecognizedSelector })
        #expect(diagnostic.label == "Counter")
        #expect(diagnostic.message == "-[CounterController missing:]: unrecognized selector sent to instance")
        #expect(counter.perform(Selector("alsoMissing")) == nil)
        #expect(app.diagnostics.filter { $0.kind == .unrecognizedSelector }.count == 2)
    }

    @Test func barButtonItemsSendTheirActionWhenTapped() throws {
        let (app, counter) = try launch()
        defer { try? app.close() }
        let item = UIBarButtonItem(title: "Reset", style: .plain, target: counter, action: Selector("reset"))
        counter.navigationItem.rightBarButtonItem = item
        #expect(item.action == Selector("reset"))
        #expect(item.target === counter)
        app.tap(barButtonItem: item, in: counter)
        let system = UIBarButtonItem(barButtonSystemItem: .done, target: nil, action: Selector("reset"))
        app.tap(barButtonItem: system, in: counter)
        try app.settle()
        #expect(counter.calls == ["reset", "reset"])
    }

    @Test func notificationsCallTheSelectorUntilTheObserverIsRemoved() throws {
        let (app, counter) = try launch()
        defer { try? app.close() }
        let center = NotificationCenter()
        let name = Notification.Name("CounterChanged")
        let other = Notification.Name("Other")
        center.addObserver(counter, selector: Selector("changed:"), name: name, object: nil)
        let listener = Listener()
        center.addObserver(listener, selector: Selector("heard:"), name: nil, object: nil)
        center.post(name: name, object: nil)
        center.post(name: other, object: nil)
        #expect(counter.calls == ["note CounterChanged"])
        center.removeObserver(counter)
        center.post(name: name, object: nil)
        #expect(counter.calls == ["note CounterChanged"])
        #expect(listener.heard == ["CounterChanged", "Other", "CounterChanged"])
        // Removing by name removes the observations of that name only (not the one of
        // every name), as on iOS.
        center.addObserver(listener, selector: Selector("heard:"), name: other, object: nil)
        center.removeObserver(listener, name: other, object: nil)
        center.post(name: other, object: nil)
        #expect(listener.heard == ["CounterChanged", "Other", "CounterChanged", "Other"])
        // Another center keeps its own observers.
        let second = NotificationCenter()
        second.addObserver(listener, selector: Selector("heard:"), name: name, object: nil)
        center.removeObserver(listener)
        center.post(name: name, object: nil)
        second.post(name: name, object: nil)
        #expect(listener.heard.count == 5)
    }

    @Test func performAfterDelayRunsOnTheLoopsClock() throws {
        let (app, counter) = try launch()
        defer { try? app.close() }
        counter.perform(Selector("later:"), with: "soon", afterDelay: 2)
        #expect(counter.responds(to: Selector("later:")))
        #expect(!counter.responds(to: Selector("never")))
        try app.advance(by: .seconds(1))
        #expect(counter.calls.isEmpty)
        try app.advance(by: .seconds(1.5))
        #expect(counter.calls == ["later soon"])
        counter.perform(Selector("reset"))
        counter.perform(Selector("later:"), with: nil)
        #expect(counter.calls == ["later soon", "reset", "later nil"])
    }

    @Test func aTimerCallsItsSelectorWithItselfAndItsUserInfo() throws {
        let (app, counter) = try launch()
        defer { try? app.close() }
        let timer = Timer.lifeloopTimer(timeInterval: 1, target: counter, selector: Selector("tick:"), userInfo: 7, repeats: false)
        #expect(timer.userInfo as? Int == 7)
        timer.fire()
        let plain = Timer(timeInterval: 1, target: counter, selector: Selector("tick:"), userInfo: 8, repeats: false)
        plain.fire()
        #expect(counter.calls == ["tick 7", "tick -1"])
    }
}
