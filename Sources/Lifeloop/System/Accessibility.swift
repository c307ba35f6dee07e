import Foundation

/// What the simulated user turned on in Settings > Accessibility: everything off but
/// shake-to-undo and video autoplay, as on a new iPhone. An app reads it through
/// `UIAccessibility` (``Accessibility``); a test or scenario sets it with
/// ``Application/accessibilitySettings``.
public struct AccessibilitySettings: Hashable, Sendable {
    /// Whether VoiceOver is running.
    public var isVoiceOverRunning = false
    /// Whether Reduce Motion is on.
    public var isReduceMotionEnabled = false
    /// Whether Reduce Transparency is on.
    public var isReduceTransparencyEnabled = false
    /// Whether Bold Text is on.
    public var isBoldTextEnabled = false
    /// Whether Switch Control is running.
    public var isSwitchControlRunning = false
    /// Whether the grayscale color filter is on.
    public var isGrayscaleEnabled = false
    /// Whether Classic Invert is on.
    public var isInvertColorsEnabled = false
    /// Whether Increase Contrast is on.
    public var isDarkerSystemColorsEnabled = false
    /// Whether closed captions are preferred.
    public var isClosedCaptioningEnabled = false
    /// Whether Mono Audio is on.
    public var isMonoAudioEnabled = false
    /// Whether Shake to Undo is on (on by default).
    public var isShakeToUndoEnabled = true
    /// Whether videos may play by themselves (on by default).
    public var isVideoAutoplayEnabled = true
    /// Whether AssistiveTouch is running.
    public var isAssistiveTouchRunning = false
    /// Whether Guided Access is on.
    public var isGuidedAccessEnabled = false

    /// The defaults: everything off but shake-to-undo and video autoplay.
    public init() {}

    /// Each setting with its name in the trace and the notification its change posts.
    static var all: [(WritableKeyPath<AccessibilitySettings, Bool>, String, Notification.Name)] { [
        (\.isVoiceOverRunning, "voiceOver", Accessibility.voiceOverStatusDidChangeNotification),
        (\.isReduceMotionEnabled, "reduceMotion", Accessibility.reduceMotionStatusDidChangeNotification),
        (\.isReduceTransparencyEnabled, "reduceTransparency", Accessibility.reduceTransparencyStatusDidChangeNotification),
        (\.isBoldTextEnabled, "boldText", Accessibility.boldTextStatusDidChangeNotification),
        (\.isSwitchControlRunning, "switchControl", Accessibility.switchControlStatusDidChangeNotification),
        (\.isGrayscaleEnabled, "grayscale", Accessibility.grayscaleStatusDidChangeNotification),
        (\.isInvertColorsEnabled, "invertColors", Accessibility.invertColorsStatusDidChangeNotification),
        (\.isDarkerSystemColorsEnabled, "darkerSystemColors", Accessibility.darkerSystemColorsStatusDidChangeNotification),
        (\.isClosedCaptioningEnabled, "closedCaptioning", Accessibility.closedCaptioningStatusDidChangeNotification),
        (\.isMonoAudioEnabled, "monoAudio", Accessibility.monoAudioStatusDidChangeNotification),
        (\.isShakeToUndoEnabled, "shakeToUndo", Accessibility.shakeToUndoDidChangeNotification),
        (\.isVideoAutoplayEnabled, "videoAutoplay", Accessibility.videoAutoplayStatusDidChangeNotification),
        (\.isAssistiveTouchRunning, "assistiveTouch", Accessibility.assistiveTouchStatusDidChangeNotification),
        (\.isGuidedAccessEnabled, "guidedAccess", Accessibility.guidedAccessStatusDidChangeNotification),
    ] }
}

extension Application {
    /// The simulated user's accessibility settings, which `UIAccessibility`'s properties
    /// read on this app's thread (all off but shake-to-undo and video autoplay by default).
    /// Setting them traces each change (`accessibility voiceOver true`) and posts its
    /// status notification (such as ``Accessibility/voiceOverStatusDidChangeNotification``)
    /// on the app's notification center, as iOS does when the user flips the switch.
    public var accessibilitySettings: AccessibilitySettings {
        get { systemServices.accessibility }
        set {
            guard checkLoopThread(label: "accessibility", operation: "accessibilitySettings") else { return }
            let old = systemServices.accessibility
            systemServices.accessibility = newValue
            for (path, name, notification) in AccessibilitySettings.all where old[keyPath: path] != newValue[keyPath: path] {
                loop.record(label: "accessibility", event: name, detail: "\(newValue[keyPath: path])")
                notificationCenter.post(name: notification, object: nil)
            }
        }
    }
}

/// UIKit's `UIAccessibility`: the assistive technologies' settings and the notifications an
/// app posts to them.
///
/// The settings are the calling thread's app's ``Application/accessibilitySettings`` (the
/// defaults on a thread with no app). There is no VoiceOver to speak: what an app posts is
/// traced (`accessibility announcement Saved`).
public enum Accessibility {
    /// Something an app tells the assistive technologies: UIKit's
    /// `UIAccessibility.Notification`, with its raw values.
    public struct Notification: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The notification's number.
        public let rawValue: UInt32
        /// A notification from its number.
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// Much of the screen changed (a new screen appeared); the argument is the element
        /// to focus, or nil.
        public static let screenChanged = Notification(rawValue: 1000)
        /// Part of the screen changed; the argument is the element to focus, or nil.
        public static let layoutChanged = Notification(rawValue: 1001)
        /// Something to say; the argument is the string.
        public static let announcement = Notification(rawValue: 1008)
        /// A scroll finished; the argument is a string describing the new position.
        public static let pageScrolled = Notification(rawValue: 1009)
        /// Pause an assistive technology (such as Switch Control's scanning).
        public static let pauseAssistiveTechnology = Notification(rawValue: 1016)
        /// Resume the paused assistive technology.
        public static let resumeAssistiveTechnology = Notification(rawValue: 1017)

        /// The notification's name, as the trace writes it (`announcement`), or its number.
        public var description: String {
            switch rawValue {
            case 1000: "screenChanged"
            case 1001: "layoutChanged"
            case 1008: "announcement"
            case 1009: "pageScrolled"
            case 1016: "pauseAssistiveTechnology"
            case 1017: "resumeAssistiveTechnology"
            default: "notification\(rawValue)"
            }
        }
    }

    private static var settings: AccessibilitySettings { Application.current?.accessibilitySettings ?? AccessibilitySettings() }

    /// Whether VoiceOver is running: the app's ``AccessibilitySettings/isVoiceOverRunning``.
    public static var isVoiceOverRunning: Bool { settings.isVoiceOverRunning }
    /// Whether Reduce Motion is on: the app's ``AccessibilitySettings/isReduceMotionEnabled``.
    public static var isReduceMotionEnabled: Bool { settings.isReduceMotionEnabled }
    /// Whether Reduce Transparency is on: the app's
    /// ``AccessibilitySettings/isReduceTransparencyEnabled``.
    public static var isReduceTransparencyEnabled: Bool { settings.isReduceTransparencyEnabled }
    /// Whether Bold Text is on: the app's ``AccessibilitySettings/isBoldTextEnabled``.
    public static var isBoldTextEnabled: Bool { settings.isBoldTextEnabled }
    /// Whether Switch Control is running: the app's
    /// ``AccessibilitySettings/isSwitchControlRunning``.
    public static var isSwitchControlRunning: Bool { settings.isSwitchControlRunning }
    /// Whether the grayscale filter is on: the app's ``AccessibilitySettings/isGrayscaleEnabled``.
    public static var isGrayscaleEnabled: Bool { settings.isGrayscaleEnabled }
    /// Whether Classic Invert is on: the app's ``AccessibilitySettings/isInvertColorsEnabled``.
    public static var isInvertColorsEnabled: Bool { settings.isInvertColorsEnabled }
    /// Whether Increase Contrast is on: the app's
    /// ``AccessibilitySettings/isDarkerSystemColorsEnabled``.
    public static var isDarkerSystemColorsEnabled: Bool { settings.isDarkerSystemColorsEnabled }
    /// Whether closed captions are preferred: the app's
    /// ``AccessibilitySettings/isClosedCaptioningEnabled``.
    public static var isClosedCaptioningEnabled: Bool { settings.isClosedCaptioningEnabled }
    /// Whether Mono Audio is on: the app's ``AccessibilitySettings/isMonoAudioEnabled``.
    public static var isMonoAudioEnabled: Bool { settings.isMonoAudioEnabled }
    /// Whether Shake to Undo is on: the app's ``AccessibilitySettings/isShakeToUndoEnabled``.
    public static var isShakeToUndoEnabled: Bool { settings.isShakeToUndoEnabled }
    /// Whether videos may play by themselves: the app's
    /// ``AccessibilitySettings/isVideoAutoplayEnabled``.
    public static var isVideoAutoplayEnabled: Bool { settings.isVideoAutoplayEnabled }
    /// Whether AssistiveTouch is running: the app's
    /// ``AccessibilitySettings/isAssistiveTouchRunning``.
    public static var isAssistiveTouchRunning: Bool { settings.isAssistiveTouchRunning }
    /// Whether Guided Access is on: the app's ``AccessibilitySettings/isGuidedAccessEnabled``.
    public static var isGuidedAccessEnabled: Bool { settings.isGuidedAccessEnabled }

    /// Tells the assistive technologies that something happened: nothing hears it, and the
    /// post is traced on the calling thread's app as `accessibility <notification>
    /// <argument>` (the argument a string as it is, a view by its trace label). An
    /// announcement made while VoiceOver runs (``AccessibilitySettings/isVoiceOverRunning``)
    /// is followed, in a later turn, by ``announcementDidFinishNotification`` on the app's
    /// notification center, as having been spoken.
    public static func post(notification: Notification, argument: Any?) {
        guard let app = Application.current,
              app.checkLoopThread(label: "accessibility", operation: "post(notification:argument:)") else { return }
        let detail: String
        switch argument {
        case nil: detail = ""
        case let text as String: detail = text
        case let text as NSAttributedString: detail = text.string
        case let view as View: detail = view.traceLabel
        case let element as AccessibilityElement: detail = element.accessibilityLabel ?? "AccessibilityElement"
        case let other?: detail = String(describing: type(of: other))
        }
        app.loop.record(label: "accessibility", event: notification.description, detail: detail)
        guard notification == .announcement, app.accessibilitySettings.isVoiceOverRunning else { return }
        let link = app.link
        app.loop.execute {
            link.app?.notificationCenter.post(name: announcementDidFinishNotification, object: nil, userInfo: [
                announcementStringValueUserInfoKey: detail,
                announcementWasSuccessfulUserInfoKey: true,
            ])
        }
    }

    /// A rectangle of `view` in screen coordinates: its window's (Lifeloop's windows fill
    /// the screen from its origin).
    public static func convertToScreenCoordinates(_ rect: CGRect, in view: View) -> CGRect {
        view.convert(rect, to: nil)
    }

    // MARK: Notification names

    /// Posted when VoiceOver starts or stops (``Application/accessibilitySettings``).
    public static let voiceOverStatusDidChangeNotification = Foundation.Notification.Name("UIAccessibilityVoiceOverStatusDidChangeNotification")
    /// Posted when Reduce Motion changes.
    public static let reduceMotionStatusDidChangeNotification = Foundation.Notification.Name("UIAccessibilityReduceMotionStatusDidChangeNotification")
    /// Posted when Reduce Transparency changes.
    public static let reduceTransparencyStatusDidChangeNotification = Foundation.Notification.Name("UIAccessibilityReduceTransparencyStatusDidChangeNotification")
    /// Posted when Bold Text changes.
    public static let boldTextStatusDidChangeNotification = Foundation.Notification.Name("UIAccessibilityBoldTextStatusDidChangeNotification")
    /// Posted when Switch Control starts or stops.
    public static let switchControlStatusDidChangeNotification = Foundation.Notification.Name("UIAccessibilitySwitchControlStatusDidChangeNotification")
    /// Posted when the grayscale filter changes.
    public static let grayscaleStatusDidChangeNotification = Foundation.Notification.Name("UIAccessibilityGrayscaleStatusDidChangeNotification")
    /// Posted when Classic Invert changes.
    public static let invertColorsStatusDidChangeNotification = Foundation.Notification.Name("UIAccessibilityInvertColorsStatusDidChangeNotification")
    /// Posted when Increase Contrast changes.
    public static let darkerSystemColorsStatusDidChangeNotification = Foundation.Notification.Name("UIAccessibilityDarkerSystemColorsStatusDidChangeNotification")
    /// Posted when the closed-captions preference changes.
    public static let closedCaptioningStatusDidChangeNotification = Foundation.Notification.Name("UIAccessibilityClosedCaptioningStatusDidChangeNotification")
    /// Posted when Mono Audio changes.
    public static let monoAudioStatusDidChangeNotification = Foundation.Notification.Name("UIAccessibilityMonoAudioStatusDidChangeNotification")
    /// Posted when Shake to Undo changes.
    public static let shakeToUndoDidChangeNotification = Foundation.Notification.Name("UIAccessibilityShakeToUndoDidChangeNotification")
    /// Posted when video autoplay changes.
    public static let videoAutoplayStatusDidChangeNotification = Foundation.Notification.Name("UIAccessibilityVideoAutoplayStatusDidChangeNotification")
    /// Posted when AssistiveTouch starts or stops.
    public static let assistiveTouchStatusDidChangeNotification = Foundation.Notification.Name("UIAccessibilityAssistiveTouchStatusDidChangeNotification")
    /// Posted when Guided Access changes.
    public static let guidedAccessStatusDidChangeNotification = Foundation.Notification.Name("UIAccessibilityGuidedAccessStatusDidChangeNotification")
    /// Posted after an announcement was spoken (only while VoiceOver runs), with the
    /// ``announcementStringValueUserInfoKey`` and ``announcementWasSuccessfulUserInfoKey``.
    public static let announcementDidFinishNotification = Foundation.Notification.Name("UIAccessibilityAnnouncementDidFinishNotification")
    /// The user-info key of the announcement's text.
    public static let announcementStringValueUserInfoKey = "UIAccessibilityAnnouncementKeyStringValue"
    /// The user-info key of whether the announcement was spoken to the end (always true).
    public static let announcementWasSuccessfulUserInfoKey = "UIAccessibilityAnnouncementKeyWasSuccessful"
}

/// What an accessibility element is and does, for the assistive technologies: UIKit's
/// `UIAccessibilityTraits`. Lifeloop keeps them as data.
public struct AccessibilityTraits: OptionSet, Hashable, Sendable {
    /// The traits' bits.
    public let rawValue: UInt64
    /// Traits from their bits.
    public init(rawValue: UInt64) { self.rawValue = rawValue }

    /// No trait.
    public static let none = AccessibilityTraits([])
    /// Acts as a button.
    public static let button = AccessibilityTraits(rawValue: 1 << 0)
    /// Acts as a link.
    public static let link = AccessibilityTraits(rawValue: 1 << 1)
    /// Is an image.
    public static let image = AccessibilityTraits(rawValue: 1 << 2)
    /// Is selected.
    public static let selected = AccessibilityTraits(rawValue: 1 << 3)
    /// Plays a sound when activated.
    public static let playsSound = AccessibilityTraits(rawValue: 1 << 4)
    /// Acts as a keyboard key.
    public static let keyboardKey = AccessibilityTraits(rawValue: 1 << 5)
    /// Is text that does not change.
    public static let staticText = AccessibilityTraits(rawValue: 1 << 6)
    /// Summarises the app's state when it starts.
    public static let summaryElement = AccessibilityTraits(rawValue: 1 << 7)
    /// Is disabled.
    public static let notEnabled = AccessibilityTraits(rawValue: 1 << 8)
    /// Updates its label or value often.
    public static let updatesFrequently = AccessibilityTraits(rawValue: 1 << 9)
    /// Is a search field.
    public static let searchField = AccessibilityTraits(rawValue: 1 << 10)
    /// Starts a media session when activated.
    public static let startsMediaSession = AccessibilityTraits(rawValue: 1 << 11)
    /// Can be adjusted up and down (a slider).
    public static let adjustable = AccessibilityTraits(rawValue: 1 << 12)
    /// Takes touches directly.
    public static let allowsDirectInteraction = AccessibilityTraits(rawValue: 1 << 13)
    /// Turns the page when reading reaches its end.
    public static let causesPageTurn = AccessibilityTraits(rawValue: 1 << 14)
    /// Is a tab bar.
    public static let tabBar = AccessibilityTraits(rawValue: 1 << 15)
    /// Is a section header.
    public static let header = AccessibilityTraits(rawValue: 1 << 16)
    /// Toggles between on and off.
    public static let toggleButton = AccessibilityTraits(rawValue: 1 << 17)
}

/// An element the assistive technologies see that is not a view (a part of a drawn chart,
/// say): UIKit's `UIAccessibilityElement`. Lifeloop keeps its properties as data; the
/// frame in container space follows the container view.
open class AccessibilityElement {
    private weak var containerObject: AnyObject?
    private var storedFrame: CGRect = .zero
    private var storedFrameInContainerSpace: CGRect?
    /// The element's serial in the element tree (Elements/ElementID.swift).
    final var elementSerial: UInt64 = ThreadContext.application?.nextElementSerial() ?? 0

    /// An element of `container` (usually a view), held weakly.
    public init(accessibilityContainer container: Any) {
        containerObject = container as AnyObject
    }

    /// The view (or element) that holds this element, if it is still alive.
    open var accessibilityContainer: Any? {
        get { containerObject }
        set { containerObject = newValue.map { $0 as AnyObject } }
    }

    /// Whether the assistive technologies see this element: true by default.
    open var isAccessibilityElement = true
    /// What the element is, spoken first.
    open var accessibilityLabel: String?
    /// What activating the element does.
    open var accessibilityHint: String?
    /// The element's current value, such as a slider's percentage.
    open var accessibilityValue: String?
    /// What the element is and does.
    open var accessibilityTraits: AccessibilityTraits = .none
    /// The identifier tests find the element by.
    open var accessibilityIdentifier: String?

    /// The element's frame in screen coordinates: from ``accessibilityFrameInContainerSpace``
    /// through the container view when that was set, else as set here.
    open var accessibilityFrame: CGRect {
        get {
            if let frame = storedFrameInContainerSpace, let view = containerObject as? View {
                return view.convert(frame, to: nil)
            }
            return storedFrame
        }
        set {
            storedFrame = newValue
            storedFrameInContainerSpace = nil
        }
    }

    /// The element's frame in its container view's coordinates; ``accessibilityFrame``
    /// follows the container as it moves.
    open var accessibilityFrameInContainerSpace: CGRect {
        get { storedFrameInContainerSpace ?? .zero }
        set { storedFrameInContainerSpace = newValue }
    }

    /// Where activating the element touches, in screen coordinates: the middle of its frame.
    open var accessibilityActivationPoint: CGPoint {
        let frame = accessibilityFrame
        return CGPoint(x: frame.midX, y: frame.midY)
    }
}

/// The accessibility properties a view has set (most views have none).
final class ViewAccessibility {
    var hint: String?
    var value: String?
    var traits: AccessibilityTraits?
    var isElement: Bool?
    var elementsHidden = false
    var elements: [Any]?
    var viewIsModal = false
}

extension View {
    private var accessibility: ViewAccessibility? { extras?.accessibility }

    private func makeAccessibility() -> ViewAccessibility {
        let extras = makeExtras()
        if let accessibility = extras.accessibility { return accessibility }
        let made = ViewAccessibility()
        extras.accessibility = made
        return made
    }

    /// What activating the view does, for VoiceOver (data).
    public var accessibilityHint: String? {
        get { accessibility?.hint }
        set { if onLoop("accessibilityHint") { makeAccessibility().hint = newValue } }
    }

    /// The view's current value, for VoiceOver (data).
    public var accessibilityValue: String? {
        get { accessibility?.value }
        set { if onLoop("accessibilityValue") { makeAccessibility().value = newValue } }
    }

    /// What the view is and does, for VoiceOver (data): by default `.button` for a button,
    /// `.staticText` for a label, `.image` for an image view, none for other views.
    public var accessibilityTraits: AccessibilityTraits {
        get {
            if let traits = accessibility?.traits { return traits }
            switch self {
            case is Button: return .button
            case is Label: return .staticText
            case is ImageView: return .image
            default: return .none
            }
        }
        set { if onLoop("accessibilityTraits") { makeAccessibility().traits = newValue } }
    }

    /// Whether the assistive technologies see the view as one element (data): by default
    /// true for labels and controls, false for other views, as in UIKit.
    public var isAccessibilityElement: Bool {
        get { accessibility?.isElement ?? (self is Label || self is Control) }
        set { if onLoop("isAccessibilityElement") { makeAccessibility().isElement = newValue } }
    }

    /// Whether the assistive technologies skip the view's subviews (data; false by default).
    public var accessibilityElementsHidden: Bool {
        get { accessibility?.elementsHidden ?? false }
        set { if onLoop("accessibilityElementsHidden") { makeAccessibility().elementsHidden = newValue } }
    }

    /// The elements the view holds for the assistive technologies, in reading order
    /// (data; nil by default, when they read the subviews).
    public var accessibilityElements: [Any]? {
        get { accessibility?.elements }
        set { if onLoop("accessibilityElements") { makeAccessibility().elements = newValue } }
    }

    /// Whether the assistive technologies ignore the view's siblings, as for an alert
    /// (data; false by default).
    public var accessibilityViewIsModal: Bool {
        get { accessibility?.viewIsModal ?? false }
        set { if onLoop("accessibilityViewIsModal") { makeAccessibility().viewIsModal = newValue } }
    }
}
