import Foundation

/// The software keyboard of a window: shown while the window's first responder takes
/// typing (a text field, an editable text view, a responder with an `inputView`), hidden
/// when none does. Its appearance and disappearance are UIKit's (rule L39): the
/// notifications `keyboardWillChangeFrame`, `keyboardWillShow` (or `WillHide`) are
/// posted inside a 0.25 s animation, so frames their observers change move with the
/// keyboard; `keyboardDidChangeFrame` and `keyboardDidShow` (or `DidHide`) follow when
/// it has moved, 0.25 s of the app's time later.
///
/// Each simulated window is a device of its own here, so each has its own keyboard; its
/// frames are in the coordinates of the window's screen, as UIKit's are.
struct SoftwareKeyboard {
    /// Whether the keyboard is on screen (or moving onto it).
    var isShown = false
    /// Where it is (or is going), in screen coordinates; off the bottom of the screen
    /// when hidden.
    var frame = Rect.zero
    /// How many moves are under way: the did-notifications of each come at its end.
    var moving = 0
    /// The last move: where it began, when (the app's time, ns) and for how long (s).
    var moveBegin = Rect.zero
    var moveStart: UInt64 = 0
    var moveDuration = 0.0
    /// Whether the keys show (not when the responder has its own `inputView`).
    var hasKeys = true
    /// Whether shift was tapped: the next letter key types a capital.
    var shifted = false
    /// The height of the first responder's accessory view above the keys, if any.
    var accessoryHeight: Double = 0

    /// The keyboard's height, without an accessory view, for a screen of this size:
    /// iPhone 216 points upright and 162 on its side, iPad 264 and 352 (the classic
    /// English keyboards without the suggestion bar), plus the bottom safe area the
    /// keyboard extends into on screens with a home indicator.
    static func height(screen size: Size, bottomInset: Double) -> Double {
        let upright = size.height >= size.width
        let tablet = min(size.width, size.height) >= 700
        let keys: Double = tablet ? (upright ? 264 : 352) : (upright ? 216 : 162)
        return keys + bottomInset
    }

    /// The duration of the keyboard's move, in seconds (UIKit's userInfo gives 0.25).
    static let duration = 0.25
    /// The curve UIKit's userInfo names: 7, a private curve; Lifeloop moves along ease
    /// in-out.
    static let curve = 7
}

/// What a responder gives the keyboard when it becomes first responder.
protocol KeyboardClient: AnyObject {
    /// Whether it takes typing now (a text view that is not editable does not).
    var wantsKeyboard: Bool { get }
}

extension Window {
    /// Shows, moves or hides the keyboard to follow the first responder (L39): shown when
    /// one that takes typing became first responder, posted again when its accessory view
    /// or its height differs from what shows, hidden when none takes typing. Nothing while
    /// first responder passes from one field to the next (``isHandingOffFirstResponder``).
    func keyboardFollowsFirstResponder(animated: Bool = true) {
        guard !isHandingOffFirstResponder else { return }
        let responder = firstResponder
        let wanted = responder.map { ($0 as? KeyboardClient)?.wantsKeyboard ?? ($0.inputView != nil) } ?? false
        if wanted, let responder {
            let target = keyboardFrame(for: responder)
            if !keyboard.isShown || target != keyboard.frame || responder.inputAccessoryView != nil {
                moveKeyboard(to: target, showing: true, animated: animated)
            }
        } else if keyboard.isShown {
            let size = screenSizeForKeyboard
            moveKeyboard(to: Rect(x: 0, y: size.height, width: size.width, height: keyboard.frame.height), showing: false,
                         animated: animated)
        }
    }

    /// The size of the screen the keyboard spans: the window's, which fills its screen
    /// (turned with it when it rotates).
    private var screenSizeForKeyboard: Size { bounds.size }

    /// Where the keyboard (and the responder's accessory view above it) sits when shown.
    private func keyboardFrame(for responder: View) -> Rect {
        if responder.inputView != nil { keyboard.hasKeys = false } else { keyboard.hasKeys = true }
        let size = screenSizeForKeyboard
        let insets = screenSafeAreaInsets
        var height = SoftwareKeyboard.height(screen: size, bottomInset: insets.bottom)
        if let input = responder.inputView { height = max(1, input.frame.height) + insets.bottom }
        keyboard.accessoryHeight = 0
        if let accessory = responder.inputAccessoryView {
            let intrinsic = accessory.intrinsicContentSize.height
            keyboard.accessoryHeight = accessory.frame.height > 0 ? accessory.frame.height : (intrinsic > 0 ? intrinsic : 44)
            height += keyboard.accessoryHeight
        }
        return Rect(x: 0, y: size.height - height, width: size.width, height: height)
    }

    /// Posts the will-notifications inside the keyboard's animation and the did-
    /// notifications when it ends.
    private func moveKeyboard(to end: Rect, showing: Bool, animated: Bool) {
        guard let app else { return }
        let size = screenSizeForKeyboard
        let begin = keyboard.isShown ? keyboard.frame : Rect(x: 0, y: size.height, width: size.width, height: end.height)
        keyboard.moveBegin = keyboard.isShown || keyboard.moving > 0 ? (presentationKeyboardFrame ?? begin) : begin
        keyboard.moveStart = app.loop.now.nanoseconds
        keyboard.moveDuration = animated ? SoftwareKeyboard.duration : 0
        keyboard.isShown = showing
        keyboard.frame = end
        keyboard.moving += 1
        let info: [AnyHashable: Any] = [
            Responder.keyboardFrameBeginUserInfoKey: NSValue(cgRect: begin),
            Responder.keyboardFrameEndUserInfoKey: NSValue(cgRect: end),
            Responder.keyboardAnimationDurationUserInfoKey: animated ? SoftwareKeyboard.duration : 0,
            Responder.keyboardAnimationCurveUserInfoKey: SoftwareKeyboard.curve,
            Responder.keyboardIsLocalUserInfoKey: true,
        ]
        let (will, did) = showing
            ? (Responder.keyboardWillShowNotification, Responder.keyboardDidShowNotification)
            : (Responder.keyboardWillHideNotification, Responder.keyboardDidHideNotification)
        let detail = "\(Int(end.minY.rounded())) \(Int(end.height.rounded()))"
        let duration = animated ? SoftwareKeyboard.duration : 0
        app.animate(duration: duration, delay: 0, curve: .easeInOut, animations: {
            app.loop.record(label: "keyboard", event: "keyboardWillChangeFrame", detail: detail, window: traceLabel)
            app.notificationCenter.post(name: Responder.keyboardWillChangeFrameNotification, object: nil, userInfo: info)
            app.loop.record(label: "keyboard", event: showing ? "keyboardWillShow" : "keyboardWillHide", detail: detail, window: traceLabel)
            app.notificationCenter.post(name: will, object: nil, userInfo: info)
            keyboardLayoutGuidesMoved()
            tableControllersFollowKeyboard()
        }, completion: nil)
        _ = app.loop.schedule(after: .nanoseconds(Int64(duration * 1e9)), label: "keyboard") { [weak self, weak app] in
            guard let self, let app else { return }
            keyboard.moving -= 1
            app.loop.record(label: "keyboard", event: "keyboardDidChangeFrame", detail: detail, window: traceLabel)
            app.notificationCenter.post(name: Responder.keyboardDidChangeFrameNotification, object: nil, userInfo: info)
            app.loop.record(label: "keyboard", event: showing ? "keyboardDidShow" : "keyboardDidHide", detail: detail, window: traceLabel)
            app.notificationCenter.post(name: did, object: nil, userInfo: info)
        }
    }

    /// Where the keyboard is drawn now, in screen coordinates: on its way between its
    /// last move's start and end frames (ease in-out over 0.25 s of the app's time), at its
    /// frame once there; nil when hidden and not moving.
    private var presentationKeyboardFrame: Rect? {
        guard let app else { return keyboard.isShown ? keyboard.frame : nil }
        let elapsed = (Double(app.loop.now.nanoseconds) - Double(keyboard.moveStart)) / 1e9
        guard keyboard.moveDuration > 0, elapsed < keyboard.moveDuration, elapsed >= 0 else {
            return keyboard.isShown ? keyboard.frame : nil
        }
        let t = AnimationCurve.easeInOut.value(at: elapsed / keyboard.moveDuration)
        let from = keyboard.moveBegin, to = keyboard.frame
        return Rect(x: from.minX + (to.minX - from.minX) * t, y: from.minY + (to.minY - from.minY) * t,
                    width: from.width + (to.width - from.width) * t, height: from.height + (to.height - from.height) * t)
    }

    /// Where the keyboard is drawn now in this window's coordinates: moving in or out
    /// during its 0.25 s animation, then at ``keyboardFrameInWindow``; nil when it is
    /// hidden and not moving. Pictures draw it here.
    public var keyboardPresentationFrameInWindow: Rect? {
        presentationKeyboardFrame.map { Rect(x: $0.minX - frame.minX, y: $0.minY - frame.minY, width: $0.width, height: $0.height) }
    }

    /// The keyboard's frame in this window's coordinates while it shows; nil when hidden.
    public var keyboardFrameInWindow: Rect? {
        guard keyboard.isShown else { return nil }
        return Rect(x: keyboard.frame.minX - frame.minX, y: keyboard.frame.minY - frame.minY,
                    width: keyboard.frame.width, height: keyboard.frame.height)
    }
}

extension NSValue {
    /// UIKit's `NSValue(cgRect:)`: a rectangle as a value (the keyboard's frames in a
    /// notification's user info).
    public convenience init(cgRect rect: CGRect) { self.init(rect: rect) }
    /// UIKit's `cgRectValue`: the rectangle the value holds.
    public var cgRectValue: CGRect { rectValue }
}

extension CGRect {
    /// `value as? CGRect` as iOS answers it: a rectangle, or an `NSValue` holding one (the
    /// port step writes the cast this way, since Linux does not bridge `NSValue`).
    public init?(lifeloopBridging value: Any?) {
        switch value {
        case let rect as CGRect: self = rect
        // Only a value holding a rectangle: a number is an `NSValue` too on Linux, and
        // reading `objCType` leaks its string there, so the value's own field is read.
        case let boxed as NSValue where !(boxed is NSNumber):
            guard let rect = Mirror(reflecting: boxed).children.lazy.compactMap({ $0.value as? CGRect }).first else { return nil }
            self = rect
        default: return nil
        }
    }
}

extension Window {
    /// Keyboard layout guides follow the keyboard: called inside its animation, so the
    /// frames their constraints give move with it.
    func keyboardLayoutGuidesMoved() {
        guard let engine = layoutEngine else { return }
        engine.constraintsChanged()
        layoutIfNeeded()
    }
}

extension Window {
    /// A table view controller keeps the edited row in sight, as UIKit's does: while the
    /// keyboard shows, its table's bottom inset grows by the part the keyboard covers and
    /// the first responder's row scrolls into view; the inset goes back when it hides.
    func tableControllersFollowKeyboard() {
        var pending: [ViewController] = rootViewController.map { [$0] } ?? []
        var seen = 0
        while let controller = pending.popLast(), seen < 10_000 {
            seen += 1
            pending.append(contentsOf: controller.children)
            if let presented = controller.presentedViewController { pending.append(presented) }
            guard let tableController = controller as? TableViewController, let table = tableController.viewIfLoaded as? TableView,
                  table.storedWindow === self else { continue }
            var inset = table.contentInset
            inset.bottom -= tableController.keyboardInset
            tableController.keyboardInset = 0
            if let keyboard = keyboardFrameInWindow {
                let bottom = table.convert(table.bounds, to: self).maxY
                tableController.keyboardInset = max(0, bottom - keyboard.minY)
            }
            inset.bottom += tableController.keyboardInset
            if inset != table.contentInset { table.contentInset = inset }
            if tableController.keyboardInset > 0, let responder = firstResponder, responder.isDescendant(of: table) {
                table.scrollRectToVisible(responder.convert(responder.bounds, to: table), animated: true)
            }
        }
    }
}
