/// A simulated display: a size in points, a scale, a status-bar inset and a refresh rate.
public struct Screen: Hashable, Sendable {
    /// The screen's size in points.
    public var size: Size
    /// Pixels per point.
    public var scale: Double
    /// The height the status bar takes from the application frame.
    public var statusBarInset: Double
    /// Display-link ticks per second. The display link uses it clamped to
    /// `1...1_000_000_000` (a period of at least a nanosecond): zero or a negative rate
    /// counts as 1 Hz.
    public var refreshRate: Int

    /// A screen of `size` points at `scale` pixels a point, with a status bar `statusBarInset`
    /// points tall, refreshing `refreshRate` times a second.
    public init(size: Size, scale: Double = 2, statusBarInset: Double = 0, refreshRate: Int = 60) {
        self.size = size
        self.scale = scale
        self.statusBarInset = statusBarInset
        self.refreshRate = refreshRate
    }

    /// The screen's bounds.
    public var bounds: Rect { Rect(origin: .zero, size: size) }

    /// The rate the display link ticks at: ``refreshRate`` clamped to 1 Hz...1 GHz, so
    /// that vsync arithmetic never divides by zero and a period is at least 1 ns.
    var effectiveRefreshRate: UInt64 {
        UInt64(min(max(1, refreshRate), 1_000_000_000))
    }

    /// The bounds less the status bar: where a default `loadView` puts a blank view.
    public var applicationFrame: Rect {
        Rect(x: 0, y: statusBarInset, width: size.width, height: size.height - statusBarInset)
    }

    /// The original 320×480 iPhone, with a 20-point status bar: its application frame is
    /// `{0,20,320,460}`.
    public static let legacy = Screen(size: Size(width: 320, height: 480), scale: 1, statusBarInset: 20)
    /// A 414×736 phone (iPhone 8 Plus), the window of the seeds' layout example.
    public static let phone = Screen(size: Size(width: 414, height: 736), scale: 3, statusBarInset: 20)
    /// A 1024×768 tablet at 120 Hz.
    public static let tablet = Screen(size: Size(width: 1024, height: 768), scale: 2, statusBarInset: 20, refreshRate: 120)

    /// The top safe-area inset of an iPhone with a notch or a Dynamic Island whose portrait
    /// screen is `size` points, or nil for any other size (a home-button phone's 20 points
    /// then stands). Sizes are Apple's (Human Interface Guidelines, "Layout": device screen
    /// sizes); insets are the portrait `safeAreaInsets.top` UIKit reports on each, as
    /// published from the simulators (useyourloaf.com, "iPhone 15 screen sizes" and earlier
    /// posts): 44 on the X-shaped 375×812, 48 on 414×896 (XR, 11), 47 on 390×844 and
    /// 428×926, 59 on the Dynamic Island's 393×852 and 430×932, 62 on 402×874 and 440×956.
    public static func notchedPhoneTopInset(size: Size) -> Double? {
        switch (size.width, size.height) {
        case (375, 812): 44
        case (414, 896): 48
        case (390, 844), (428, 926): 47
        case (393, 852), (430, 932): 59
        case (402, 874), (440, 956): 62
        default: nil
        }
    }
}
