import Foundation

/// The physical orientation of the device: UIKit's `UIDeviceOrientation`.
///
/// Not the same as ``InterfaceOrientation``: turning the device left (`landscapeLeft`)
/// turns the interface right, and a device lying flat has no interface orientation.
public enum DeviceOrientation: Int, Hashable, Sendable, CustomStringConvertible {
    /// Not known.
    case unknown = 0
    /// Upright, the Home button (or indicator) at the bottom.
    case portrait = 1
    /// Upside down.
    case portraitUpsideDown = 2
    /// On its side, the Home button on the right.
    case landscapeLeft = 3
    /// On its side, the Home button on the left.
    case landscapeRight = 4
    /// Flat, face up.
    case faceUp = 5
    /// Flat, face down.
    case faceDown = 6

    /// Whether the device is upright or upside down.
    public var isPortrait: Bool { self == .portrait || self == .portraitUpsideDown }
    /// Whether the device is on its side.
    public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
    /// Whether the device lies flat, face up or down.
    public var isFlat: Bool { self == .faceUp || self == .faceDown }
    /// Whether the orientation is one an interface can take: portrait or landscape.
    public var isValidInterfaceOrientation: Bool { isPortrait || isLandscape }

    /// The case's name, as the trace writes it.
    public var description: String {
        switch self {
        case .unknown: "unknown"
        case .portrait: "portrait"
        case .portraitUpsideDown: "portraitUpsideDown"
        case .landscapeLeft: "landscapeLeft"
        case .landscapeRight: "landscapeRight"
        case .faceUp: "faceUp"
        case .faceDown: "faceDown"
        }
    }
}

/// The device the app runs on: UIKit's `UIDevice`.
///
/// Lifeloop simulates the device from the app's settings: a phone or a pad as the app's
/// ``Application/mainScreen`` says (a screen whose shorter side is at least 768 points is a
/// pad), running the iOS version of ``Application/uikitVersion``. Each app has its own
/// device (`UIDevice.current` is the calling thread's app's), so its battery, orientation
/// and monitoring settings are never shared with another app. The device's notifications
/// are posted on the app's ``Application/notificationCenter``.
///
/// There are no sensors: the orientation and the battery change only when a test or a
/// scenario says so (``Application/simulateDeviceOrientation(_:)``,
/// ``Application/simulateBattery(level:state:)``).
public final class Device {
    /// The state of the battery: UIKit's `UIDevice.BatteryState`.
    public enum BatteryState: Int, Hashable, Sendable, CustomStringConvertible {
        /// Not known: what the state reads while battery monitoring is off.
        case unknown = 0
        /// On battery power, discharging.
        case unplugged = 1
        /// Plugged in, charging.
        case charging = 2
        /// Plugged in, fully charged.
        case full = 3

        /// The case's name, as the trace writes it.
        public var description: String {
            switch self {
            case .unknown: "unknown"
            case .unplugged: "unplugged"
            case .charging: "charging"
            case .full: "full"
            }
        }
    }

    /// Posted on the app's notification center when the device's orientation changes, while
    /// the app generates orientation notifications
    /// (``beginGeneratingDeviceOrientationNotifications()``).
    public static let orientationDidChangeNotification = Notification.Name("UIDeviceOrientationDidChangeNotification")
    /// Posted on the app's notification center when the battery level changes, while
    /// battery monitoring is on.
    public static let batteryLevelDidChangeNotification = Notification.Name("UIDeviceBatteryLevelDidChangeNotification")
    /// Posted on the app's notification center when the battery state changes, while
    /// battery monitoring is on.
    public static let batteryStateDidChangeNotification = Notification.Name("UIDeviceBatteryStateDidChangeNotification")
    /// Posted when the proximity sensor's state changes: never, as nothing comes near the
    /// simulated device.
    public static let proximityStateDidChangeNotification = Notification.Name("UIDeviceProximityStateDidChangeNotification")

    /// The vendor identifier every simulated device has: a fixed value, so that runs repeat.
    public static let vendorIdentifier = UUID(uuid: (0x4C, 0x49, 0x46, 0x45, 0x4C, 0x4F, 0x4F, 0x50,
                                                     0x40, 0x00, 0x80, 0x00, 0x00, 0x00, 0x00, 0x01))

    /// The app the device belongs to (nil for the stand-in a thread without an app gets).
    private let link: AppLink?
    private var app: Application? { link?.app }
    /// The orientation a test or scenario set, if any.
    private var simulatedOrientation: DeviceOrientation?
    private var orientationNotificationDepth = 0
    private var batteryMonitoring = false
    private var simulatedBatteryLevel: Float = 1
    private var simulatedBatteryState: BatteryState = .full
    private var proximityMonitoring = false

    init(app: Application?) {
        link = app?.link
    }

    /// The device of the calling thread's app: UIKit's `UIDevice.current`. On a thread where
    /// no app runs, a phone that belongs to no app (made anew on each call, so nothing set
    /// on it is kept).
    public static var current: Device { Application.current?.device ?? Device(app: nil) }

    // MARK: Identity

    /// The device's name: `iPhone` or `iPad`, the generic name iOS 16 and later give apps.
    public var name: String { model }
    /// The model: `iPhone` or `iPad`.
    public var model: String { userInterfaceIdiom == .pad ? "iPad" : "iPhone" }
    /// The model in the user's language: `iPhone` or `iPad`, as ``model``.
    public var localizedModel: String { model }
    /// The operating system's name: `iOS`.
    public var systemName: String { "iOS" }
    /// The operating system's version: the major version of the app's
    /// ``Application/uikitVersion`` (`12.0` by default), the one whose behaviour the app
    /// follows.
    public var systemVersion: String { "\((app?.uikitVersion ?? .default).major).0" }
    /// The kind of interface: ``TraitCollection/Idiom/pad`` when the app's main screen's
    /// shorter side is at least 768 points, else ``TraitCollection/Idiom/phone``.
    public var userInterfaceIdiom: TraitCollection.Idiom {
        let screen = app?.mainScreen ?? .phone
        return TraitCollection(screen: screen, size: screen.size).userInterfaceIdiom
    }
    /// An identifier of the device for the app's vendor: always ``vendorIdentifier``, so
    /// that runs repeat.
    public var identifierForVendor: UUID? { Self.vendorIdentifier }
    /// Whether the device can run apps in the background: true.
    public var isMultitaskingSupported: Bool { true }

    // MARK: Orientation

    /// The device's physical orientation: the one last simulated
    /// (``Application/simulateDeviceOrientation(_:)``), else the main screen's (portrait
    /// when it is taller than wide, else `landscapeRight`, the device orientation of a
    /// `landscapeLeft` interface).
    public var orientation: DeviceOrientation {
        if let simulatedOrientation { return simulatedOrientation }
        let size = (app?.mainScreen ?? .phone).size
        return size.width > size.height ? .landscapeRight : .portrait
    }

    /// Whether the app asked for orientation notifications
    /// (``beginGeneratingDeviceOrientationNotifications()``, not yet balanced by an end).
    public var isGeneratingDeviceOrientationNotifications: Bool { orientationNotificationDepth > 0 }

    /// Starts posting ``orientationDidChangeNotification`` when the simulated orientation
    /// changes. Calls nest: each needs its
    /// ``endGeneratingDeviceOrientationNotifications()``.
    public func beginGeneratingDeviceOrientationNotifications() {
        guard onLoop("beginGeneratingDeviceOrientationNotifications()") else { return }
        orientationNotificationDepth += 1
    }

    /// Balances one ``beginGeneratingDeviceOrientationNotifications()``; the last one stops
    /// the notifications. An end without a begin does nothing.
    public func endGeneratingDeviceOrientationNotifications() {
        guard onLoop("endGeneratingDeviceOrientationNotifications()") else { return }
        orientationNotificationDepth = max(0, orientationNotificationDepth - 1)
    }

    // MARK: Battery

    /// Whether the app monitors the battery: off by default, when the level reads -1 and the
    /// state `unknown`, as on iOS.
    public var isBatteryMonitoringEnabled: Bool {
        get { batteryMonitoring }
        set { if onLoop("isBatteryMonitoringEnabled") { batteryMonitoring = newValue } }
    }

    /// The charge, 0 to 1, while battery monitoring is on (full, 1, unless simulated);
    /// -1 while it is off.
    public var batteryLevel: Float { batteryMonitoring ? simulatedBatteryLevel : -1 }

    /// Whether the device is charging, while battery monitoring is on (`full` unless
    /// simulated); `unknown` while it is off.
    public var batteryState: BatteryState { batteryMonitoring ? simulatedBatteryState : .unknown }

    // MARK: Proximity

    /// Whether the app watches the proximity sensor. A phone has one, so the setting sticks;
    /// a pad has none, so it stays false, as on iOS. Nothing ever comes near.
    public var isProximityMonitoringEnabled: Bool {
        get { proximityMonitoring }
        set {
            guard onLoop("isProximityMonitoringEnabled") else { return }
            proximityMonitoring = newValue && userInterfaceIdiom == .phone
        }
    }

    /// Whether something is close to the proximity sensor: always false.
    public var proximityState: Bool { false }

    // MARK: Sound

    /// Plays the keyboard's click: there is no sound; the click is traced
    /// (`device playInputClick`).
    public func playInputClick() {
        guard onLoop("playInputClick()") else { return }
        app?.loop.record(label: "device", event: "playInputClick")
    }

    // MARK: Simulation

    func simulate(orientation: DeviceOrientation) {
        let old = self.orientation
        simulatedOrientation = orientation
        guard orientation != old, let app else { return }
        app.loop.record(label: "device", event: "orientation", detail: orientation.description)
        if isGeneratingDeviceOrientationNotifications {
            app.notificationCenter.post(name: Self.orientationDidChangeNotification, object: self)
        }
    }

    func simulateBattery(level: Float, state: BatteryState) {
        let level = level.isNaN ? simulatedBatteryLevel : min(max(level, 0), 1)
        let levelChanged = level != simulatedBatteryLevel
        let stateChanged = state != simulatedBatteryState
        simulatedBatteryLevel = level
        simulatedBatteryState = state
        guard levelChanged || stateChanged, let app else { return }
        app.loop.record(label: "device", event: "battery", detail: "\(level) \(state)")
        guard batteryMonitoring else { return }
        if stateChanged { app.notificationCenter.post(name: Self.batteryStateDidChangeNotification, object: self) }
        if levelChanged { app.notificationCenter.post(name: Self.batteryLevelDidChangeNotification, object: self) }
    }

    private func onLoop(_ operation: StaticString) -> Bool {
        app?.checkLoopThread(label: "device", operation: operation) ?? true
    }
}

extension Application {
    /// The app's device, made on first use.
    var device: Device {
        if let device = systemServices.device { return device }
        let device = Device(app: self)
        systemServices.device = device
        return device
    }

    /// Turns the simulated device to `orientation`, as a user turning it would: the device's
    /// ``Device/orientation`` reads it from now on, the change is traced
    /// (`device orientation landscapeLeft`), and ``Device/orientationDidChangeNotification``
    /// is posted on the app's notification center when the app generates orientation
    /// notifications. Windows do not rotate: ``Window/rotate()`` does that.
    public func simulateDeviceOrientation(_ orientation: DeviceOrientation) {
        guard checkLoopThread(label: "device", operation: "simulateDeviceOrientation(_:)") else { return }
        device.simulate(orientation: orientation)
    }

    /// Sets the simulated battery's charge (clamped to 0...1; NaN keeps the charge) and
    /// state: traced (`device battery 0.2 unplugged`), and, when the app monitors the
    /// battery, ``Device/batteryStateDidChangeNotification`` and
    /// ``Device/batteryLevelDidChangeNotification`` are posted for what changed.
    public func simulateBattery(level: Float, state: Device.BatteryState) {
        guard checkLoopThread(label: "device", operation: "simulateBattery(level:state:)") else { return }
        device.simulateBattery(level: level, state: state)
    }
}
