import Foundation
import Testing
import UIKit

/// What UIKit code takes from NSObject, Foundation and UIKit's smaller corners, written as
/// apps write it: type questions, the keyboard's notification names, dynamic
/// colors, the animator protocols, a layer subclass with its own initializers.
@Suite("Foundation on iOS")
struct FoundationOnIOSTests {
    final class PlainDelegate: UIApplicationDelegate {}
    final class AppDelegate: UIResponder, UIApplicationDelegate {}

    /// A layer subclass as apps write one, as the port step gives it (its `override init()`
    /// and `override init(layer:)` made `required`).
    final class InnerShadowLayer: CALayer {
        var shadowInset: CGFloat = 4
        required init() { super.init() }
        required init(layer: Any) {
            super.init(layer: layer)
            if let other = layer as? InnerShadowLayer { shadowInset = other.shadowInset }
        }
        required init?(coder aDecoder: NSCoder) { super.init(coder: aDecoder) }
    }

    @Test func typeQuestionsFollowTheClassChain() {
        let tap: UIGestureRecognizer = UITapGestureRecognizer()
        #expect(tap.isKind(of: UIGestureRecognizer.self))
        #expect(tap.isKind(of: UITapGestureRecognizer.self))
        #expect(!tap.isMember(of: UIGestureRecognizer.self))
        #expect(tap.isMember(of: UITapGestureRecognizer.self))
        let label: UIView = UILabel()
        #expect(label.isKind(of: UIView.self))
        #expect(!label.isKind(of: UIButton.self))
    }

    @Test func anAppDelegateAnswersRespondsTo() {
        let plain: UIApplicationDelegate = PlainDelegate()
        #expect(!plain.responds(to: Selector("application:didFinishLaunchingWithOptions:")))
        let responder: UIApplicationDelegate = AppDelegate()
        #expect(!responder.responds(to: Selector("somethingItDoesNotHave")))
        #expect(!responder.responds(to: nil))
    }

    @Test func keyboardNotificationsCarryTheirFramesUnderUIKitsKeys() {
        let center = NotificationCenter()
        var frames: [CGRect] = []
        let observer = center.addObserver(forName: UIResponder.keyboardWillShowNotification, object: nil, queue: nil) { note in
            if let frame = note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? CGRect { frames.append(frame) }
        }
        center.post(name: .UIKeyboardWillShow, object: nil,
                    userInfo: [UIKeyboardFrameEndUserInfoKey: CGRect(x: 0, y: 500, width: 390, height: 344)])
        center.removeObserver(observer)
        #expect(frames == [CGRect(x: 0, y: 500, width: 390, height: 344)])
        #expect(NSNotification.Name.UIKeyboardWillHide == UIResponder.keyboardWillHideNotification)
        #expect(UIResponder.keyboardAnimationDurationUserInfoKey == UIKeyboardAnimationDurationUserInfoKey)
    }

    @Test func aDynamicColorResolvesForEachAppearance() {
        let background = UIColor { traits in traits.userInterfaceStyle == .dark ? .black : .white }
        #expect(background.resolvedColor(with: UITraitCollection(userInterfaceStyle: .light)) == .white)
        #expect(background.resolvedColor(with: UITraitCollection(userInterfaceStyle: .dark)) == .black)
        let accent = UIColor(dynamicProvider: { _ in .systemRed })
        #expect(accent.resolvedColor(with: UITraitCollection(userInterfaceStyle: .dark))
            == UIColor.systemRed.resolvedColor(with: UITraitCollection(userInterfaceStyle: .dark)))
    }

    @Test func aPropertyAnimatorIsUsedThroughUIKitsAnimatorProtocols() {
        let animator: UIViewImplicitlyAnimating = UIViewPropertyAnimator(duration: 0.3, curve: .easeInOut) {}
        var ended: [UIViewAnimatingPosition] = []
        animator.addCompletion { ended.append($0) }
        animator.addAnimations({}, delayFactor: 0.5)
        #expect(animator.state == .inactive)
        #expect(!animator.isRunning)
        let animating: UIViewAnimating = animator
        #expect(animating.fractionComplete == 0)
    }

    @Test func aLayerSubclassWithItsOwnInitializersWorks() {
        let layer = InnerShadowLayer()
        layer.shadowInset = 7
        let copy = InnerShadowLayer(layer: layer)
        #expect(copy.shadowInset == 7)
        let host = CALayer()
        host.addSublayer(layer)
        #expect(host.sublayers?.count == 1)
    }

    /// Key-value observing as apps write it: the `.initial` report comes at once; a later
    /// change is not reported on Linux (no Objective-C runtime).
    @Test func anInitialObservationReportsTheCurrentValueOnce() {
        final class Player: NSObject { var rate: Float = 1 }
        let player = Player()
        var seen: [Float?] = []
        var observation: NSKeyValueObservation? = player.observe(\.rate, options: [.initial, .new]) { _, change in
            seen.append(change.newValue)
        }
        player.rate = 2
        #expect(seen == [1])
        observation?.invalidate()
        observation = nil
        let view = UIView()
        var hidden: [Bool] = []
        let viewObservation = view.observe(\.isHidden, options: [.initial, .new]) { view, _ in hidden.append(view.isHidden) }
        #expect(hidden == [false])
        viewObservation.invalidate()
        #expect(observation == nil)
    }
}
