import Foundation
import Lifeloop
import LifeloopScenario

/// A small app to drive from an agent (`lifeloop mcp`): a navigation stack whose `Home`
/// page has a title, a counter, and buttons that change the counter's text, push
/// `Detail`, push `Spinner` (a page whose repeating timer `Spinner.tick` and endless
/// fade never let the app settle) and push `Grid` (500 views in rows of ten). `Form`
/// (pushed by name) has text fields and a text view in a scroll view, for typing and
/// scrolling.
public enum AgentTour {
    /// The pages scripts can push or present.
    public static let scenes = ["Home", "Detail", "Spinner", "Grid", "Form"]

    /// The form's delegate: the digits field takes digits only, and return submits.
    final class FormDelegate: TextFieldDelegate {
        weak var echo: Label?

        func textField(_ textField: TextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
            textField.traceLabel != "Form.digits" || string.allSatisfy(\.isNumber)
        }

        func textFieldShouldReturn(_ textField: TextField) -> Bool {
            echo?.text = "Submitted \(textField.text ?? "")"
            textField.resignFirstResponder()
            return true
        }
    }

    final class Page: ViewController {
        private var count = 0
        private var tick: TimerHandle?
        private let formDelegate = FormDelegate()

        override func viewDidLoad() {
            super.viewDidLoad()
            view.traceLabel = traceLabel + ".view"
            switch traceLabel {
            case "Home": buildHome()
            case "Spinner": buildSpinner()
            case "Grid": buildGrid()
            case "Form": buildForm()
            default: buildDetail()
            }
        }

        private func label(_ name: String, _ text: String, y: Double) -> Label {
            let label = Label()
            label.traceLabel = name
            label.text = text
            label.frame = Rect(x: 20, y: y, width: 300, height: 30)
            view.addSubview(label)
            return label
        }

        private func button(_ name: String, _ title: String, id: String, y: Double, _ action: @escaping () -> Void) {
            let button = Button(type: .system, primaryAction: Action(title: title) { _ in action() })
            button.traceLabel = name
            button.accessibilityIdentifier = id
            button.frame = Rect(x: 20, y: y, width: 200, height: 44)
            view.addSubview(button)
        }

        private func buildHome() {
            title = "Home"
            _ = label("Home.title", "Agent tour", y: 80)
            let counter = label("Home.counter", "Tapped 0 times", y: 120)
            counter.accessibilityIdentifier = "counter"
            button("Home.count", "Count", id: "count", y: 160) { [unowned self] in
                count += 1
                counter.text = "Tapped \(count) times"
            }
            button("Home.open", "Open details", id: "open", y: 210) { [unowned self] in push("Detail") }
            button("Home.spin", "Spin forever", id: "spin", y: 260) { [unowned self] in push("Spinner") }
            button("Home.grid", "Show grid", id: "grid", y: 310) { [unowned self] in push("Grid") }
        }

        private func buildDetail() {
            title = traceLabel
            _ = label(traceLabel + ".title", "Details", y: 80)
        }

        private func buildSpinner() {
            title = "Spinner"
            let spinner = View(frame: Rect(x: 180, y: 300, width: 40, height: 40))
            spinner.traceLabel = "Spinner.wheel"
            spinner.backgroundColor = .gray
            view.addSubview(spinner)
        }

        private func buildGrid() {
            title = "Grid"
            for row in 0..<50 {
                let strip = View(frame: Rect(x: 0, y: 64 + Double(row) * 14, width: 414, height: 14))
                strip.traceLabel = "Grid.row\(row)"
                view.addSubview(strip)
                for column in 0..<9 {
                    let cell = Label()
                    cell.traceLabel = "Grid.r\(row)c\(column)"
                    cell.text = "\(row * 9 + column)"
                    cell.frame = Rect(x: 4 + Double(column) * 45, y: 0, width: 44, height: 14)
                    strip.addSubview(cell)
                }
            }
        }

        private func buildForm() {
            title = "Form"
            let scroll = ScrollView(frame: Rect(x: 0, y: 64, width: 414, height: 672))
            scroll.traceLabel = "Form.scroll"
            scroll.accessibilityIdentifier = "formScroll"
            scroll.contentSize = Size(width: 414, height: 1600)
            view.addSubview(scroll)
            let echo = Label(frame: Rect(x: 20, y: 10, width: 374, height: 30))
            echo.traceLabel = "Form.echo"
            echo.accessibilityIdentifier = "echo"
            echo.text = "Hello"
            scroll.addSubview(echo)
            formDelegate.echo = echo
            func field(_ name: String, id: String, y: Double) -> TextField {
                let field = TextField(frame: Rect(x: 20, y: y, width: 374, height: 34))
                field.traceLabel = name
                field.accessibilityIdentifier = id
                field.placeholder = id
                field.delegate = formDelegate
                scroll.addSubview(field)
                return field
            }
            let name = field("Form.name", id: "name", y: 50)
            // Weak: the field keeps its actions, so a strong capture of it would keep it alive.
            name.addAction(Action { [weak name, weak echo] _ in echo?.text = "Hello, \(name?.text ?? "")" }, for: .editingChanged)
            _ = field("Form.digits", id: "digits", y: 100)
            field("Form.disabled", id: "disabled", y: 150).isEnabled = false
            field("Form.hidden", id: "hiddenField", y: 200).isHidden = true
            let notes = TextView(frame: Rect(x: 20, y: 250, width: 374, height: 100))
            notes.traceLabel = "Form.notes"
            notes.accessibilityIdentifier = "notes"
            scroll.addSubview(notes)
            for row in 0..<10 {
                let label = Label(frame: Rect(x: 20, y: 400 + Double(row) * 120, width: 374, height: 30))
                label.traceLabel = "Form.row\(row)"
                label.text = "Row \(row)"
                scroll.addSubview(label)
            }
        }

        override func viewDidAppear(_ animated: Bool) {
            super.viewDidAppear(animated)
            guard traceLabel == "Spinner", tick == nil, let app = application else { return }
            // Never settles: a timer every 100 ms, and a fade that repeats for as long as
            // the page is shown.
            tick = try? app.loop.scheduleRepeating(every: .milliseconds(100), label: "Spinner.tick") {}
            fade(in: true)
        }

        override func viewWillDisappear(_ animated: Bool) {
            super.viewWillDisappear(animated)
            if let tick, let app = application { _ = app.loop.cancel(tick) }
            tick = nil
        }

        private func fade(in visible: Bool) {
            guard tick != nil, let wheel = view.subviews.first(where: { $0.traceLabel == "Spinner.wheel" }) else { return }
            View.animate(withDuration: 0.5, animations: { wheel.alpha = visible ? 0.2 : 1 }) { [weak self] _ in
                self?.fade(in: !visible)
            }
        }

        private func push(_ scene: String) {
            navigationController?.pushViewController(Page(label: scene), animated: true)
        }
    }

    static let definition = AppDefinition(
        name: "AgentTour",
        summary: "an app to drive from an agent: Home counts taps, opens Detail, Spinner (never settles) and Grid (500 views)",
        scenes: scenes
    ) { context in
        let spec = context.windows[0]
        let window = Window(screen: spec.screen, label: spec.label)
        window.rootViewController = NavigationController(rootViewController: Page(label: "Home"), label: spec.label + ".nav")
        window.makeKeyAndVisible()
        context.makeController = { name in scenes.contains(name) ? Page(label: name) : nil }
    }
}
