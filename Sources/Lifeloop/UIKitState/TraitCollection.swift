/// The traits a view or controller lays out for: UIKit's `UITraitCollection`, computed from
/// the window's screen and size.
public struct TraitCollection: Hashable, Sendable {
    /// A width or height class.
    public enum SizeClass: Int, Hashable, Sendable {
        /// No size class yet, a compact one, or a regular one.
        case unspecified, compact, regular
    }
    /// The kind of device.
    public enum Idiom: Int, Hashable, Sendable {
        /// No idiom, a phone or a pad, with UIKit's raw values.
        case unspecified = -1, phone, pad
        /// A TV, CarPlay or a Mac, with UIKit's raw values: Lifeloop's screens are phones
        /// or pads, so no trait collection of its own has these.
        case tv = 2, carPlay = 3, mac = 5
    }
    /// Light or dark appearance.
    public enum Style: Int, Hashable, Sendable {
        /// No style, light, or dark.
        case unspecified, light, dark
    }

    /// The width class: compact under 736 points.
    public var horizontalSizeClass: SizeClass
    /// The height class: compact under 500 points.
    public var verticalSizeClass: SizeClass
    /// Phone or pad.
    public var userInterfaceIdiom: Idiom
    /// Light or dark: the app's appearance (``Application/userInterfaceStyle``) unless a
    /// window, controller or view above overrides it.
    public var userInterfaceStyle: Style
    /// Points to pixels.
    public var displayScale: CGFloat
    /// The user's Dynamic Type text size (``Application/preferredContentSizeCategory``).
    public var preferredContentSizeCategory: ContentSizeCategory

    /// Traits given one by one (unspecified by default).
    public init(horizontalSizeClass: SizeClass = .unspecified, verticalSizeClass: SizeClass = .unspecified,
                userInterfaceIdiom: Idiom = .unspecified, userInterfaceStyle: Style = .unspecified,
                displayScale: CGFloat = 0, preferredContentSizeCategory: ContentSizeCategory = .unspecified) {
        self.horizontalSizeClass = horizontalSizeClass
        self.verticalSizeClass = verticalSizeClass
        self.userInterfaceIdiom = userInterfaceIdiom
        self.userInterfaceStyle = userInterfaceStyle
        self.displayScale = displayScale
        self.preferredContentSizeCategory = preferredContentSizeCategory
    }

    /// UIKit's `init(preferredContentSizeCategory:)`: only a text size.
    public init(preferredContentSizeCategory: ContentSizeCategory) {
        self.init(horizontalSizeClass: .unspecified, preferredContentSizeCategory: preferredContentSizeCategory)
    }

    /// The traits of a window of `size` on `screen`: a width under 736 points is compact
    /// (phones in portrait, and in landscape but for the largest), a height under 500
    /// points is compact (phones in landscape); a screen whose shorter side is at least
    /// 768 points is a pad. Appearance is `style` (light by default) and the text size
    /// `contentSize` (large, the default, by default).
    public init(screen: Screen, size: Size, style: Style = .light, contentSize: ContentSizeCategory = .large) {
        self.init(horizontalSizeClass: size.width < 736 ? .compact : .regular,
                  verticalSizeClass: size.height < 500 ? .compact : .regular,
                  userInterfaceIdiom: min(screen.size.width, screen.size.height) >= 768 ? .pad : .phone,
                  userInterfaceStyle: style, displayScale: screen.scale, preferredContentSizeCategory: contentSize)
    }

    /// Whether the size classes differ, which is what most layouts react to.
    public func hasDifferentSizeClass(comparedTo other: TraitCollection?) -> Bool {
        guard let other else { return true }
        return horizontalSizeClass != other.horizontalSizeClass || verticalSizeClass != other.verticalSizeClass
    }

    /// Whether the colors of `other` would resolve differently.
    public func hasDifferentColorAppearance(comparedTo other: TraitCollection?) -> Bool {
        userInterfaceStyle != other?.userInterfaceStyle
    }

    /// The traits of the first screen, light and at the default text size, for code that
    /// asks before a window exists (UIKit's `current` changes while a view draws; this one
    /// does not: a view resolves its colors against its own traits instead).
    public static let current = TraitCollection(screen: .phone, size: Screen.phone.size)
}

/// The status bar's look: UIKit's `UIStatusBarStyle`.
public enum StatusBarStyle: Int, Hashable, Sendable {
    /// UIKit's status bar styles: dark text by default, light text, dark text.
    case `default`, lightContent, darkContent

    var name: String {
        switch self {
        case .default: "default"
        case .lightContent: "lightContent"
        case .darkContent: "darkContent"
        }
    }
}

/// How a presented controller arrives: UIKit's `UIModalTransitionStyle` (data).
public enum ModalTransitionStyle: Int, Hashable, Sendable {
    /// UIKit's modal transition styles, kept as data.
    case coverVertical, flipHorizontal, crossDissolve, partialCurl
}

/// The orientations a controller supports: UIKit's `UIInterfaceOrientationMask` (data).
public struct InterfaceOrientationMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Portrait, home indicator at the bottom.
    public static let portrait = InterfaceOrientationMask(rawValue: 1 << 1)
    /// Portrait, upside down.
    public static let portraitUpsideDown = InterfaceOrientationMask(rawValue: 1 << 2)
    /// Landscape, home indicator on the left.
    public static let landscapeLeft = InterfaceOrientationMask(rawValue: 1 << 4)
    /// Landscape, home indicator on the right.
    public static let landscapeRight = InterfaceOrientationMask(rawValue: 1 << 3)
    /// Both landscape orientations.
    public static let landscape: InterfaceOrientationMask = [.landscapeLeft, .landscapeRight]
    /// Every orientation.
    public static let all: InterfaceOrientationMask = [.portrait, .portraitUpsideDown, .landscapeLeft, .landscapeRight]
    /// Every orientation but portrait upside down.
    public static let allButUpsideDown: InterfaceOrientationMask = [.portrait, .landscapeLeft, .landscapeRight]
}
