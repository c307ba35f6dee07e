import Foundation
import LifeloopPictures
import Testing
import UIKit

/// UIKit code written as for iOS, run on Lifeloop: controls keep their state, taps run
/// their actions, bars and drawing show in snapshots, traits follow the window.
@Suite("UIKit module")
struct UIKitModuleTests {
    final class FormController: UIViewController {
        let nameLabel = UILabel(frame: CGRect(x: 20, y: 120, width: 280, height: 30))
        let button = UIButton(type: .system)
        let toggle = UISwitch()
        let field = UITextField(frame: CGRect(x: 20, y: 260, width: 280, height: 34))
        var taps = 0
        var toggled: [Bool] = []
        var typed: [String] = []
        var traitChanges = 0
        var registeredChanges: [UIUserInterfaceSizeClass] = []

        init() {
            super.init(nibName: nil, bundle: nil)
            title = "Form"
        }

        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

        override func viewDidLoad() {
            super.viewDidLoad()
            view.backgroundColor = .systemBackground
            nameLabel.text = "Hello, Lifeloop"
            nameLabel.font = .boldSystemFont(ofSize: 20)
            view.addSubview(nameLabel)
            button.setTitle("Tap me", for: .normal)
            button.frame = CGRect(x: 20, y: 170, width: 120, height: 44)
            button.addAction(UIAction { [unowned self] _ in
                self.taps += 1
                self.nameLabel.text = "Tapped \(self.taps)"
            }, for: .touchUpInside)
            view.addSubview(button)
            toggle.frame.origin = CGPoint(x: 20, y: 220)
            toggle.addAction(UIAction { [unowned self] action in
                self.toggled.append((action.sender as? UISwitch)?.isOn ?? false)
            }, for: .valueChanged)
            view.addSubview(toggle)
            field.placeholder = "Name"
            field.borderStyle = .roundedRect
            field.addAction(UIAction { [unowned self] _ in self.typed.append(self.field.text ?? "") }, for: .editingChanged)
            view.addSubview(field)
            registerForTraitChanges([UITraitVerticalSizeClass.self]) { (self: FormController, previous: UITraitCollection) in
                self.registeredChanges.append(previous.verticalSizeClass)
            }
            navigationItem.rightBarButtonItem = UIBarButtonItem(title: "Save", style: .done, primaryAction: UIAction { [unowned self] _ in
                self.title = "Saved"
            })
        }

        override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
            super.traitCollectionDidChange(previousTraitCollection)
            traitChanges += 1
        }
    }

    @Test
    func controlsKeepStateAndTapsRunTheirActions() throws {
        let app = try Application()
        let window = UIWindow(screen: .phone, label: "main")
        let form = FormController()
        form.traceLabel = "Form"
        let navigation = UINavigationController(rootViewController: form)
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        try app.settle()

        app.tap(form.button)
        app.tap(form.button.titleLabel!)  // a label of no app: the tap reaches nothing
        #expect(form.taps == 1)
        #expect(form.nameLabel.text == "Tapped 1")
        app.tap(form.toggle)
        app.tap(form.toggle)
        #expect(form.toggled == [true, false])
        app.tap(form.field)
        #expect(form.field.isFirstResponder)
        form.field.insertText("Ada")
        #expect(form.typed == ["Ada"])
        form.view.endEditing(true)
        #expect(!form.field.isFirstResponder)
        app.tap(barButtonItem: form.navigationItem.rightBarButtonItem!, in: form)
        #expect(form.title == "Saved")
        try app.settle()

        let lines = app.trace.lines
        #expect(lines.contains("\(form.button.traceLabel) touchUpInside"))
        #expect(lines.contains("\(form.toggle.traceLabel) setOn"))
        #expect(lines.contains("Form setTitle"))
        let svg = window.snapshot(style: .debug)
        #expect(svg.contains(">Tapped 1</text>"), "the label's text is drawn")
        #expect(svg.contains(">Tap me</text>"), "the button's title is drawn")
        #expect(svg.contains("data-role=\"switch\" data-on=\"0\""))
        #expect(svg.contains(">Ada</text>"))
        #expect(svg.contains("data-role=\"navigation-bar\"") && svg.contains(">Saved</text>"), "the bar shows the title")
        #expect(svg.contains(">Save</text>"), "and its button")
    }

    /// Interface Builder's markers that need no Objective-C runtime compile on Linux as on
    /// iOS (`@IBOutlet`, `@objc` members and `#selector` do not: the README says so); an
    /// `@IBAction` method is wired with a `UIAction`.
    @IBDesignable final class MarkedView: UIView {
        @IBInspectable var cornerRadius: CGFloat = 4
        @objc enum Style: Int { case plain, bold }
        var style = Style.plain
    }

    final class MarkedController: UIViewController {
        let button = UIButton(type: .system)
        var shown = 0
        @IBAction func show(_ sender: Any) { shown += 1 }
        override func viewDidLoad() {
            super.viewDidLoad()
            button.frame = CGRect(x: 20, y: 100, width: 100, height: 44)
            button.addAction(UIAction { [unowned self] action in show(action) }, for: .touchUpInside)
            view.addSubview(button)
        }
    }

    @Test
    func interfaceBuilderMarkersCompileAndActionsWireWithUIAction() throws {
        let app = try Application()
        let window = UIWindow(screen: .phone, label: "main")
        let controller = MarkedController()
        window.rootViewController = controller
        window.makeKeyAndVisible()
        try app.settle()
        app.tap(controller.button)
        try app.settle()
        #expect(controller.shown == 1)
        let view = MarkedView()
        view.style = .bold
        #expect(view.cornerRadius == 4 && view.style.rawValue == 1)
    }

    /// The corpus's KxLifeCycleViewController, unchanged: its `@IBAction` presents a
    /// `UIAlertController`. The alert covers the screen without taking the presenter's view
    /// away (no disappear callbacks), draws its title, message and action, and a tap on the
    /// action dismisses it, then runs the handler.
    @Test
    func anAlertIsPresentedDrawnAndDismissedByItsAction() throws {
        let app = try Application()
        let window = UIWindow(screen: .phone, label: "main")
        let controller = LifeCycleViewController()
        controller.traceLabel = "Kx"
        window.rootViewController = controller
        window.makeKeyAndVisible()
        try app.settle()
        controller.showAlert(controller)
        try app.settle()
        let alert = try #require(controller.presentedViewController as? UIAlertController)
        #expect(alert.title == "Alert" && alert.message == "Lorem Ipsum" && alert.preferredStyle == .alert)
        #expect(alert.actions.map(\.title) == ["Ok"] && alert.actions[0].style == .default)
        let svg = window.snapshot(style: .debug)
        #expect(svg.contains(">Alert</text>") && svg.contains(">Lorem Ipsum</text>") && svg.contains(">Ok</text>"))
        let button = try #require(alert.view.subviews.first?.subviews.compactMap { $0 as? UIButton }.first)
        // The panel sits in the middle of the 414×736 screen.
        let panel = try #require(alert.view.subviews.first)
        #expect(panel.frame.width == 270 && abs(panel.frame.midY - 368) <= 1)

        var log: [String] = []
        let confirm = UIAlertController(title: "Delete?", message: nil, preferredStyle: .actionSheet)
        confirm.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        confirm.addAction(UIAlertAction(title: "Delete", style: .destructive) { action in
            log.append("handler \(action.title ?? "") presented=\(controller.presentedViewController != nil)")
        })
        app.tap(button)
        try app.settle()
        #expect(controller.presentedViewController == nil, "the action dismissed the alert")
        controller.present(confirm, animated: true)
        try app.settle()
        // Cancel is laid out last, below Delete, in a panel of its own (as a sheet's is).
        let buttons = confirm.view.subviews.flatMap { $0.subviews.compactMap { $0 as? UIButton } }
        let delete = try #require(buttons.first { $0.title(for: .normal) == "Delete" })
        let cancel = try #require(buttons.first { $0.title(for: .normal) == "Cancel" })
        #expect(delete.superview !== cancel.superview)
        #expect(delete.convert(CGPoint.zero, to: window).y < cancel.convert(CGPoint.zero, to: window).y)
        app.tap(delete)
        try app.settle()
        #expect(log == ["handler Delete presented=false"], "the handler runs once the sheet is dismissed")

        let kx = app.trace.lines.filter { $0.hasPrefix("Kx ") }
        #expect(!kx.contains("Kx viewWillDisappear"), "an alert leaves its presenter's view in place: \(kx)")
        #expect(app.diagnostics.isEmpty, "\(app.diagnostics)")
    }

    /// Xcode's color and image literals, as storyboard-era code writes them, make UIColor
    /// and UIImage values.
    @Test
    func colorAndImageLiteralsMakeUIKitValues() throws {
        let orange = #colorLiteral(red: 1, green: 0.5, blue: 0, alpha: 0.75)
        #expect(orange == UIColor(red: 1, green: 0.5, blue: 0, alpha: 0.75))
        let view = UIView()
        view.backgroundColor = #colorLiteral(red: 0, green: 0, blue: 1, alpha: 1)
        #expect(view.backgroundColor == .init(red: 0, green: 0, blue: 1, alpha: 1))
        let star: UIImage = #imageLiteral(resourceName: "star")
        #expect(star.name == "star" && !star.isSymbol)
    }

    @Test
    func labelsMeasureWithTheDocumentedFontModel() throws {
        _ = try Application()
        let label = UILabel()
        label.font = UIFont.systemFont(ofSize: 10)
        label.text = "ab"
        // Inter Regular at 10 points (HarfBuzz's advances with kerning, 2816 units per em):
        // "ab" 3336 units, 11.85 pt, rounded up; a line is 3408 units, 12.10 pt, rounded up.
        #expect(label.intrinsicContentSize == CGSize(width: 12, height: 13))
        label.numberOfLines = 0
        label.text = "aaaa aaaa"
        // "aaaa" 6352 units (22.56 pt) fits 25 points, "aaaa aaaa" 13496 (47.93 pt) does not.
        #expect(label.sizeThatFits(CGSize(width: 25, height: 100)) == CGSize(width: 23, height: 25), "wrapped at the space")
        label.sizeToFit()
        #expect(label.frame.size == CGSize(width: 48, height: 13))
    }

    @Test
    func safeAreaTraitsAndTransformsFollowTheWindow() throws {
        let app = try Application()
        let window = UIWindow(screen: Screen(size: CGSize(width: 390, height: 844), scale: 3, statusBarInset: 47), label: "main")
        let form = FormController()
        let navigation = UINavigationController(rootViewController: form)
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        try app.settle()
        #expect(form.view.safeAreaInsets == UIEdgeInsets(top: 47 + 44, left: 0, bottom: 34, right: 0))
        form.additionalSafeAreaInsets = UIEdgeInsets(top: 10, left: 0, bottom: 0, right: 0)
        #expect(form.view.safeAreaInsets.top == 101)
        #expect(form.traitCollection.horizontalSizeClass == .compact && form.traitCollection.displayScale == 3)
        window.rotate()
        try app.settle()
        #expect(form.traitChanges == 1)
        #expect(form.registeredChanges == [.regular], "the registration heard the vertical size class change")
        #expect(form.traitCollection.verticalSizeClass == .compact)

        form.nameLabel.transform = CGAffineTransform(rotationAngle: .pi / 2)
        UIView.animate(withDuration: 0.3, delay: 0, usingSpringWithDamping: 0.5, initialSpringVelocity: 0, options: [],
                       animations: { form.nameLabel.alpha = 0.5 })
        #expect(form.nameLabel.alpha == 0.5)
        try app.settle()
        #expect(window.snapshot(style: .debug).contains("transform=\"matrix(0 1 -1 0"))
    }

    @Test
    func drawingIsRecordedAndRendered() throws {
        final class Ring: UIView {
            override func draw(_ rect: CGRect) {
                let path = UIBezierPath(arcCenter: CGPoint(x: rect.midX, y: rect.midY), radius: 40, startAngle: 0,
                                        endAngle: .pi, clockwise: true)
                path.lineWidth = 6
                UIColor.systemRed.setStroke()
                path.stroke()
                UIGraphicsGetCurrentContext()?.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
            }
        }
        let app = try Application()
        let window = UIWindow(screen: .phone, label: "main")
        let host = UIViewController()
        window.rootViewController = host
        window.makeKeyAndVisible()
        let ring = Ring(frame: CGRect(x: 50, y: 100, width: 100, height: 100))
        host.view.addSubview(ring)
        try app.settle()
        let commands = try #require(ring.displayList)
        #expect(commands.contains(.setLineWidth(6)))
        #expect(commands.contains(.strokePath))
        let svg = window.snapshot(style: .debug)
        #expect(svg.contains("data-role=\"drawing\""))
        #expect(svg.contains("stroke=\"rgb(255,59,48)\""))
    }
}
