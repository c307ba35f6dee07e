/// An action of an alert: UIKit's `UIAlertAction`. Choosing it dismisses the alert, then
/// runs its handler.
public final class AlertAction {
    /// How an action is shown.
    public enum Style: Int, Hashable, Sendable {
        /// A plain choice.
        case `default`
        /// Cancels: shown bold, last.
        case cancel
        /// Changes or deletes data: shown red.
        case destructive
    }

    /// The button's title.
    public let title: String?
    /// How it is shown.
    public let style: Style
    /// Whether it can be chosen; a disabled action's button does nothing.
    public var isEnabled = true {
        didSet { button?.isEnabled = isEnabled }
    }
    let handler: ((AlertAction) -> Void)?
    /// The button that shows it, once the alert's view is made.
    weak var button: Button?

    /// An action with a title, a style and what to run once the alert is dismissed.
    public init(title: String?, style: Style, handler: ((AlertAction) -> Void)? = nil) {
        self.title = title
        self.style = style
        self.handler = handler
    }
}

/// An alert or an action sheet: UIKit's `UIAlertController`. A controller like any other:
/// presented with `present(_:animated:)`, over full screen (the presenter's view stays and
/// gets no appearance callbacks), its lifecycle traced. Its view is made of plain views: a
/// dimmed backdrop and a panel with the title, the message and one button per action, so
/// snapshots draw it and a tap on a button (``Application/tap(_:)``) chooses the action:
/// the alert is dismissed, then the action's handler runs.
open class AlertController: ViewController {
    /// Where the alert shows.
    public enum Style: Int, Hashable, Sendable {
        /// A sheet at the bottom of the screen.
        case actionSheet
        /// A panel in the middle of the screen.
        case alert
    }

    /// The text under the title.
    open var message: String? {
        didSet { messageLabel?.text = message }
    }
    /// Where it shows.
    public let preferredStyle: Style
    /// The actions, in the order they were added.
    public private(set) var actions: [AlertAction] = []
    /// The action shown in bold (data).
    open var preferredAction: AlertAction? {
        didSet { for action in actions { styleTitle(of: action) } }
    }
    /// The text fields, in the order they were added; nil for an alert without any.
    public private(set) var textFields: [TextField]?

    private var panel: View?
    /// An action sheet's cancel button sits in a panel of its own, below the others.
    private var cancelPanel: View?
    /// The view whose tint the alert dims while it shows (the presenting window's root
    /// view): weak, as the view outlives no window that holds it.
    private weak var dimmedView: View?
    private var titleLabel: Label?
    private var messageLabel: Label?

    /// An alert with a title, a message and a style; add its actions before presenting it.
    public init(title: String?, message: String?, preferredStyle: Style) {
        self.preferredStyle = preferredStyle
        self.message = message
        super.init(nibName: nil, bundle: nil)
        self.title = title
        modalPresentationStyle = .overFullScreen
    }

    /// An alert made by a storyboard: alerts are made in code, so this one has no title,
    /// message or action.
    public required init?(coder: NSCoder) {
        preferredStyle = .alert
        super.init(coder: coder)
        modalPresentationStyle = .overFullScreen
    }

    /// Adds an action; after the view is made, its button too.
    open func addAction(_ action: AlertAction) {
        guard onLoop("addAction(_:)") else { return }
        actions.append(action)
        if let panel { addButton(for: action, to: panel) }
    }

    /// Adds a text field, configured by `configurationHandler` (alerts only, as in UIKit).
    open func addTextField(configurationHandler: ((TextField) -> Void)? = nil) {
        guard onLoop("addTextField(configurationHandler:)") else { return }
        let field = TextField(frame: Rect(x: 0, y: 0, width: 238, height: 28))
        field.borderStyle = .roundedRect
        textFields = (textFields ?? []) + [field]
        configurationHandler?(field)
        panel?.addSubview(field)
    }

    open override func loadView() {
        let backdrop = View(frame: application?.mainScreen.bounds ?? .zero)
        backdrop.backgroundColor = Color(red: 0, green: 0, blue: 0, alpha: 0.2)
        let panel = View(frame: .zero)
        panel.backgroundColor = .secondarySystemBackground
        panel.layer.cornerRadius = 14
        panel.clipsToBounds = true
        let titleLabel = Label(frame: .zero)
        titleLabel.text = title
        titleLabel.font = .boldSystemFont(ofSize: 17)
        titleLabel.textAlignment = .center
        let messageLabel = Label(frame: .zero)
        messageLabel.text = message
        messageLabel.font = .systemFont(ofSize: 13)
        messageLabel.textAlignment = .center
        messageLabel.numberOfLines = 0
        if preferredStyle == .actionSheet {
            // A sheet's title and message are small and grey.
            titleLabel.font = .systemFont(ofSize: 13, weight: .semibold)
            titleLabel.textColor = .secondaryLabel
            messageLabel.textColor = .secondaryLabel
        }
        panel.addSubview(titleLabel)
        panel.addSubview(messageLabel)
        for field in textFields ?? [] { panel.addSubview(field) }
        backdrop.addSubview(panel)
        (self.panel, self.titleLabel, self.messageLabel) = (panel, titleLabel, messageLabel)
        view = backdrop
        for action in actions { addButton(for: action, to: panel) }
    }

    /// The view an action's button goes in: the panel, or a sheet's cancel panel.
    private func container(for action: AlertAction, panel: View) -> View {
        guard preferredStyle == .actionSheet, action.style == .cancel, let backdrop = panel.superview else { return panel }
        if let cancelPanel { return cancelPanel }
        let made = View(frame: .zero)
        made.backgroundColor = .systemBackground
        made.layer.cornerRadius = 14
        made.clipsToBounds = true
        backdrop.addSubview(made)
        cancelPanel = made
        return made
    }

    /// As UIKit's alert: the views behind dim their tint, and the first text field, if
    /// any, becomes first responder, so the keyboard comes up with the alert.
    open override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        if dimmedView == nil, let root = presentingViewController?.viewIfLoaded?.window?.rootViewController?.viewIfLoaded,
           (root.extras?.tintAdjustmentMode ?? .automatic) == .automatic {
            dimmedView = root
            root.tintAdjustmentMode = .dimmed
        }
        focusFirstTextField()
    }

    /// Where the presentation adds the alert's view to its window after `viewWillAppear`,
    /// its first text field takes the keyboard now.
    open override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        focusFirstTextField()
    }

    /// The first text field becomes first responder once it is in a window (a field out of
    /// any window takes no keyboard).
    private func focusFirstTextField() {
        guard let field = textFields?.first, field.window != nil, !field.isFirstResponder,
              !(textFields ?? []).contains(where: \.isFirstResponder) else { return }
        if field.becomeFirstResponder() { viewIfLoaded?.setNeedsLayout() }
    }

    /// The views behind take their tint back, and a text field gives up the keyboard.
    open override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        if let view = dimmedView {
            view.tintAdjustmentMode = .automatic
            dimmedView = nil
        }
        for field in textFields ?? [] where field.isFirstResponder { _ = field.resignFirstResponder() }
    }

    /// Lays the panel out: the title, the message, the text fields, then the actions, in a
    /// 270-point panel in the middle, or a sheet at the bottom. An alert's two actions share
    /// one row when their titles fit, cancel on the left; otherwise each has a row, cancel last.
    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        guard let panel, let titleLabel, let messageLabel, let bounds = viewIfLoaded?.bounds else { return }
        let width: CGFloat = preferredStyle == .alert ? 270 : min(bounds.width - 16, 414)
        let inner = width - 32
        var y: CGFloat = 20
        for label in [titleLabel, messageLabel] where !(label.text ?? "").isEmpty {
            let size = label.sizeThatFits(Size(width: inner, height: .greatestFiniteMagnitude))
            label.frame = Rect(x: 16, y: y, width: inner, height: size.height)
            y += size.height + 4
        }
        for field in textFields ?? [] {
            field.frame = Rect(x: 16, y: y + 8, width: inner, height: 28)
            y += 36
        }
        y += 16
        if let pair = sideBySideButtons(width: width) {
            // Two actions that fit side by side share one row, the cancel action's on the left.
            pair.0.frame = Rect(x: 0, y: y, width: width / 2, height: 44)
            pair.1.frame = Rect(x: width / 2, y: y, width: width / 2, height: 44)
            y += 44
        } else {
            // An alert's rows are 44 points, a sheet's 57.
            let row: CGFloat = preferredStyle == .alert ? 44 : 57
            for button in orderedButtons where button.superview === panel {
                button.frame = Rect(x: 0, y: y, width: width, height: row)
                y += row
            }
        }
        let x = (bounds.width - width) / 2
        var bottom = bounds.height - 8 - (viewIfLoaded?.safeAreaInsets.bottom ?? 0)
        if let cancelPanel, let button = cancelPanel.subviews.first {
            button.frame = Rect(x: 0, y: 0, width: width, height: 57)
            cancelPanel.frame = Rect(x: x, y: bottom - 57, width: width, height: 57)
            bottom -= 57 + 8
        }
        // An alert is centred in the space the keyboard leaves.
        let room = viewIfLoaded?.window?.keyboardFrameInWindow.map { min(bounds.height, $0.minY) } ?? bounds.height
        panel.frame = preferredStyle == .alert
            ? Rect(x: x, y: max(0, ((room - y) / 2).rounded()), width: width, height: y)
            : Rect(x: x, y: bottom - y, width: width, height: y)
    }

    /// An alert's two buttons when they share a row, left first: the cancel action's on the
    /// left (else the order they were added), when each title fits in half the panel less
    /// its margins; nil for a sheet, any other number of actions, or a title too wide.
    private func sideBySideButtons(width: CGFloat) -> (Button, Button)? {
        guard preferredStyle == .alert, actions.count == 2 else { return nil }
        let ordered = actions.filter { $0.style == .cancel } + actions.filter { $0.style != .cancel }
        guard let left = ordered[0].button, let right = ordered[1].button else { return nil }
        for button in [left, right] where button.intrinsicContentSize.width > width / 2 - 16 { return nil }
        return (left, right)
    }

    /// The actions' buttons, the cancel action's last.
    private var orderedButtons: [Button] {
        let ordered = actions.filter { $0.style != .cancel } + actions.filter { $0.style == .cancel }
        return ordered.compactMap(\.button)
    }

    private func addButton(for action: AlertAction, to panel: View) {
        let button = Button(type: .system)
        button.setTitle(action.title, for: .normal)
        if action.style == .destructive { button.setTitleColor(.systemRed, for: .normal) }
        action.button = button
        styleTitle(of: action)
        button.isEnabled = action.isEnabled
        button.addAction(Action { [unowned self, unowned action] _ in choose(action) }, for: .touchUpInside)
        container(for: action, panel: panel).addSubview(button)
        viewIfLoaded?.setNeedsLayout()
    }

    /// UIKit's action titles are 17 points in an alert and 20 in a sheet, the preferred
    /// action's semibold (the cancel action's when none is preferred).
    private func styleTitle(of action: AlertAction) {
        let bold = preferredAction.map { $0 === action } ?? (action.style == .cancel)
        let size: CGFloat = preferredStyle == .alert ? 17 : 20
        action.button?.titleLabel?.font = bold ? .systemFont(ofSize: size, weight: .semibold) : .systemFont(ofSize: size)
    }

    /// Dismisses the alert, then runs the action's handler, as UIKit does.
    private func choose(_ action: AlertAction) {
        guard action.isEnabled else { return }
        let dismisser = presentingViewController ?? self
        dismisser.dismiss(animated: true) { action.handler?(action) }
    }
}
