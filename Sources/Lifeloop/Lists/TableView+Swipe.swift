import Foundation

/// A row swiped aside to show its actions: the row, the side, the buttons (in the table,
/// beside the row) and how far the row has slid (negative: to the left).
final class RowSwipe {
    let path: IndexPath
    let leading: Bool
    let buttons: [Button]
    /// Each button's own width, fitted to its title.
    let widths: [CGFloat]
    let width: CGFloat
    var offset: CGFloat = 0

    init(path: IndexPath, leading: Bool, buttons: [Button], widths: [CGFloat]) {
        self.path = path
        self.leading = leading
        self.buttons = buttons
        self.widths = widths
        self.width = widths.reduce(0, +)
    }
}

/// Swipe actions as a finger shows them: a horizontal drag on a row slides it aside and
/// shows its actions' buttons behind it, as UIKit's table does. Past half the buttons'
/// width the row stays open when the finger lifts; short of it, it closes. A tap on a
/// button runs its action and closes the row; a new swipe, a scroll or editing closes it.
///
/// The actions are the delegate's swipe actions configuration for that edge (UIKit's
/// `trailingSwipeActionsConfigurationForRowAt`, `leading…`), or, on the trailing edge of
/// a row whose data source commits edits (it responds to
/// `tableView:commit:forRowAt:`, as a ported app's override does) and whose editing style
/// is delete, UIKit's single red Delete button, which commits the deletion.
extension TableView {
    /// The selector a data source that commits edits responds to.
    static let commitSelector = Selector("tableView:commit:forRowAt:")

    /// Makes the swipe recognizer the first time a touch reaches the table.
    func installRowSwipeRecognizerIfNeeded() {
        guard rowSwipeRecognizer == nil else { return }
        let swipe = PanGestureRecognizer()
        swipe.traceLabel = traceLabel + ".swipe"
        swipe.isSystemRecognizer = true
        swipe.addAction { [weak self] recognizer in
            guard let self, let pan = recognizer as? PanGestureRecognizer else { return }
            self.followRowSwipe(pan)
        }
        rowSwipeRecognizer = swipe
        addGestureRecognizer(swipe)
    }

    /// A swipe begins when the finger moved mostly sideways over a row with actions on the
    /// side it uncovers (or over the row already open, to close it).
    func rowSwipeShouldBegin(_ swipe: PanGestureRecognizer) -> Bool {
        guard !isEditing else { return false }
        let moved = swipe.translation(in: self)
        guard abs(moved.x) > abs(moved.y), let path = indexPathForRow(at: swipe.location(in: self)) else { return false }
        if let open = rowSwipe, open.path == path { return true }
        return !revealedActions(forRowAt: path, leading: moved.x > 0).isEmpty
    }

    /// The buttons a swipe shows for a row's edge: title, background and what a tap does.
    func revealedActions(forRowAt path: IndexPath, leading: Bool) -> [(title: String, color: Color, run: () -> Void)] {
        if let configuration = swipeActions(forRowAt: path, leading: leading), !configuration.actions.isEmpty {
            return configuration.actions.enumerated().map { index, action in
                let color = action.backgroundColor ?? (action.style == .destructive ? .systemRed : .systemGray)
                return (action.title ?? "", color, { [weak self] in
                    guard let self else { return }
                    _ = self.performSwipeAction(at: index, leading: leading, forRowAt: path)
                })
            }
        }
        guard !leading, let source = dataSource as? Responder, source.lifeloopResponds(to: Self.commitSelector),
              dataSource?.tableView(self, canEditRowAt: path) ?? false,
              (tableDelegate?.tableView(self, editingStyleForRowAt: path) ?? .delete) == .delete else { return [] }
        return [("Delete", .systemRed, { [weak self] in self?.commitEditing(forRowAt: path) })]
    }

    /// The swipe recognizer's action: the row follows the finger sideways.
    private func followRowSwipe(_ swipe: PanGestureRecognizer) {
        switch swipe.state {
        case .began:
            let moved = swipe.translation(in: self)
            guard let path = indexPathForRow(at: swipe.location(in: self)) else { return }
            if let open = rowSwipe, open.path == path {
                open.offset = clampedSwipeOffset(open.offset + moved.x, open)
            } else {
                closeRowSwipe()
                openRowSwipe(at: path, leading: moved.x > 0)
                if let made = rowSwipe { made.offset = clampedSwipeOffset(moved.x, made) }
            }
            swipe.setTranslation(.zero, in: self)
            placeRowSwipe()
        case .changed:
            guard let open = rowSwipe else { return }
            open.offset = clampedSwipeOffset(open.offset + swipe.translation(in: self).x, open)
            swipe.setTranslation(.zero, in: self)
            placeRowSwipe()
        case .ended:
            guard let open = rowSwipe else { return }
            open.offset = clampedSwipeOffset(open.offset + swipe.translation(in: self).x, open)
            if abs(open.offset) >= open.width / 2 {
                open.offset = open.leading ? open.width : -open.width
                trace("swipeActionsShown", detail: open.path.listDescription)
                placeRowSwipe()
            } else {
                closeRowSwipe()
            }
        case .cancelled:
            closeRowSwipe()
        case .possible, .failed:
            break
        }
    }

    /// How far the row may slide: between closed and a little past its buttons' width.
    private func clampedSwipeOffset(_ offset: CGFloat, _ swipe: RowSwipe) -> CGFloat {
        swipe.leading ? min(max(0, offset), swipe.width * 1.2) : max(min(0, offset), -swipe.width * 1.2)
    }

    /// Makes the buttons of a row's actions for one edge.
    private func openRowSwipe(at path: IndexPath, leading: Bool) {
        let actions = revealedActions(forRowAt: path, leading: leading)
        guard !actions.isEmpty else { return }
        var buttons: [Button] = []
        var widths: [CGFloat] = []
        for action in actions {
            let button = Button(type: .custom)
            button.setTitle(action.title, for: .normal)
            button.setTitleColor(.white, for: .normal)
            button.titleLabel?.font = .systemFont(ofSize: 17)
            button.backgroundColor = action.color
            let run = action.run
            button.addAction(Action { [weak self] _ in
                self?.closeRowSwipe()
                run()
            }, for: .touchUpInside)
            // UIKit's buttons fit their titles, 74 points at least.
            let titleWidth = button.titleLabel?.font.size(of: action.title).width ?? 0
            widths.append(max(74, (titleWidth + 20).rounded(.up)))
            buttons.append(button)
            addSubview(button)
        }
        rowSwipe = RowSwipe(path: path, leading: leading, buttons: buttons, widths: widths)
    }

    /// Puts the open row and its buttons where the offset says.
    private func placeRowSwipe() {
        guard let open = rowSwipe else { return }
        let row = rectForRow(at: open.path)
        let inset = rowSideInset
        var x = open.leading ? inset : bounds.width - inset + open.offset
        let shown = abs(open.offset)
        for (button, own) in zip(open.buttons, open.widths) {
            // The buttons share the uncovered width in proportion to their own.
            let width = open.width > 0 ? own * shown / open.width : 0
            button.frame = Rect(x: x, y: row.minY, width: max(0, width), height: row.height)
            x += width
        }
        cellForRow(at: open.path)?.frame = cellFrame(geometry.rowSpan(open.path.section, open.path.row), width: bounds.width,
                                                      path: open.path)
    }

    /// Slides the open row back and takes its buttons away.
    func closeRowSwipe() {
        guard let open = rowSwipe else { return }
        rowSwipe = nil
        for button in open.buttons { button.removeFromSuperview() }
        cellForRow(at: open.path)?.frame = cellFrame(geometry.rowSpan(open.path.section, open.path.row), width: bounds.width)
    }
}
