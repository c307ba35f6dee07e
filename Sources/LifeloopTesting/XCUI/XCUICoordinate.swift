import Foundation
import Lifeloop

/// A point on the screen relative to an element, as XCUITest's `XCUICoordinate`: for taps
/// and presses where no element is (an empty area, a point in a picture).
public final class XCUICoordinate {
    /// The element the point is relative to.
    public let referencedElement: XCUIElement
    private let normalizedOffset: CGVector
    private let offset: CGVector

    init(element: XCUIElement, normalizedOffset: CGVector, offset: CGVector) {
        referencedElement = element
        self.normalizedOffset = normalizedOffset
        self.offset = offset
    }

    /// A coordinate moved by `offsetVector` points.
    public func withOffset(_ offsetVector: CGVector) -> XCUICoordinate {
        XCUICoordinate(element: referencedElement, normalizedOffset: normalizedOffset,
                       offset: CGVector(dx: offset.dx + offsetVector.dx, dy: offset.dy + offsetVector.dy))
    }

    /// The point, in screen coordinates (the element's frame now).
    public var screenPoint: CGPoint {
        let frame = referencedElement.frame
        return CGPoint(x: frame.minX + frame.width * normalizedOffset.dx + offset.dx,
                       y: frame.minY + frame.height * normalizedOffset.dy + offset.dy)
    }

    /// Taps at the point: what is there takes the tap (through the element tree's verbs, so
    /// a bar's button does too), or a touch lands there when nothing takes taps.
    public func tap(fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        guard let (session, window, point) = place("Failed to tap", at: site) else { return }
        do {
            try session.app.tapElement(.point(point, window: window.traceLabel))
        } catch {
            session.app.tap(at: point, in: window)
        }
        settle(session, at: site)
    }

    /// Taps twice at the point in quick succession.
    public func doubleTap(fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        guard let (session, window, point) = place("Failed to double tap", at: site) else { return }
        do {
            session.run(for: try session.app.doubleTap(at: point, in: window))
        } catch {
            referencedElement.report("Failed to double tap at \(screenPoint): \(error.message)", at: site)
        }
        settle(session, at: site)
    }

    /// Presses at the point for `duration` seconds of the app's clock.
    public func press(forDuration duration: TimeInterval,
                      fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        guard let (session, window, point) = place("Failed to press", at: site) else { return }
        do {
            session.run(for: try session.app.longPress(at: point, duration: XCUIElement.duration(duration), in: window))
        } catch {
            referencedElement.report("Failed to press at \(screenPoint): \(error.message)", at: site)
        }
        settle(session, at: site)
    }

    /// Presses at the point for `duration` seconds, drags to `otherCoordinate` and lifts.
    public func press(forDuration duration: TimeInterval, thenDragTo otherCoordinate: XCUICoordinate,
                      fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        guard let (session, _, _) = place("Failed to press and drag", at: site) else { return }
        referencedElement.drag(in: session, from: screenPoint, to: otherCoordinate.screenPoint, hold: duration, at: site)
        settle(session, at: site)
    }

    /// The app, the key window and the point in its coordinates.
    private func place(_ what: String, at site: CallSite) -> (XCUIAppSession, Window, Point)? {
        guard let session = referencedElement.application.session, session.isRunning, session.isOnThread else {
            referencedElement.report("\(what) at a coordinate: the app is not running", at: site)
            return nil
        }
        let point = screenPoint
        guard let window = session.app.keyWindow ?? session.app.windows.last(where: { !$0.isHidden }) else {
            referencedElement.report("\(what) at \(point): the app shows no window", at: site)
            return nil
        }
        return (session, window, Point(x: point.x - window.frame.minX, y: point.y - window.frame.minY))
    }

    private func settle(_ session: XCUIAppSession, at site: CallSite) {
        if let problem = session.quiesce() { referencedElement.report("After a tap at \(screenPoint): \(problem)", at: site) }
    }
}

/// The keyboard's keys that are not characters, as XCUITest's `XCUIKeyboardKey`: their raw
/// values are what `typeText(_:)` types for them (`XCUIKeyboardKey.delete.rawValue`
/// deletes backward, `.return` is the return key).
public struct XCUIKeyboardKey: RawRepresentable, Hashable, Sendable {
    /// The text typed for the key.
    public let rawValue: String
    /// A key typing `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Delete (backspace).
    public static let delete = XCUIKeyboardKey(rawValue: "\u{8}")
    /// Return.
    public static let `return` = XCUIKeyboardKey(rawValue: "\r")
    /// Enter: return.
    public static let enter = XCUIKeyboardKey(rawValue: "\u{3}")
    /// Tab.
    public static let tab = XCUIKeyboardKey(rawValue: "\t")
    /// Space.
    public static let space = XCUIKeyboardKey(rawValue: " ")
    /// Escape.
    public static let escape = XCUIKeyboardKey(rawValue: "\u{1B}")
}

/// The device the app runs on, as XCUITest's `XCUIDevice`.
public final class XCUIDevice: @unchecked Sendable {
    // @unchecked: its one piece of state is behind a lock; the app it acts on is the
    // calling thread's.
    private let lock = NSLock()
    private var storedOrientation: DeviceOrientation = .portrait

    /// The device.
    public static let shared = XCUIDevice()

    private init() {}

    /// The device's hardware buttons.
    public enum Button: Int, Sendable {
        /// The home button (or the home gesture).
        case home = 1
        /// Volume up: pressed, with no effect.
        case volumeUp = 2
        /// Volume down: pressed, with no effect.
        case volumeDown = 3
    }

    /// Presses a button: home sends the app launched on this thread to the background (it
    /// resigns active and enters the background; `activate()` brings it back).
    public func press(_ button: Button) {
        guard button == .home, let session = XCUISessions.current, session.isRunning else { return }
        session.app.enterBackground()
        session.quiesce()
    }

    /// A device appearance, as XCUITest's `XCUIDevice.Appearance`.
    public enum Appearance: Int, Sendable {
        /// Not set: the app's own (light unless it changed it).
        case unspecified = 0
        /// Light.
        case light = 1
        /// Dark.
        case dark = 2
    }

    /// The appearance of the app launched on this thread, as Settings sets it on a device:
    /// setting light or dark changes the app's `userInterfaceStyle` (its views and
    /// controllers hear the trait change) and waits until the app settles.
    public var appearance: Appearance {
        get {
            guard let session = XCUISessions.current, session.isRunning else { return .unspecified }
            switch session.app.userInterfaceStyle {
            case .dark: return .dark
            case .light: return .light
            case .unspecified: return .unspecified
            }
        }
        set {
            guard newValue != .unspecified, let session = XCUISessions.current, session.isRunning else { return }
            session.app.userInterfaceStyle = newValue == .dark ? .dark : .light
            session.quiesce()
        }
    }

    /// The orientation a test set: kept, and reported back; the screen does not rotate
    /// (Lifeloop's screens keep the size they were made with).
    public var orientation: DeviceOrientation {
        get { lock.withLock { storedOrientation } }
        set { lock.withLock { storedOrientation = newValue } }
    }
}
