/// UIKit's named colors. The system colors are dynamic: light and dark values, the tints
/// and grays from Apple's Human Interface Guidelines, "Color"
/// (developer.apple.com/design/human-interface-guidelines/color, iOS system colors, default
/// contrast), the element colors (labels, backgrounds, fills, separators, link) as UIKit
/// reports them (the table in Noah Gilmore's "Backwards compatibility for iOS 13 system
/// colors", noahgilmore.com/blog/dark-mode-uicolor-compatibility). The increased-contrast
/// variants are not modelled.
extension Color {
    /// A gray of `white` (0 black, 1 white).
    public init(white: Double, alpha: Double) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// Hue, saturation and brightness, each 0 to 1.
    public init(hue: Double, saturation: Double, brightness: Double, alpha: Double) {
        let h = (hue - hue.rounded(.down)) * 6
        let sector = Int(h) % 6
        let f = h - Double(Int(h))
        let p = brightness * (1 - saturation)
        let q = brightness * (1 - saturation * f)
        let t = brightness * (1 - saturation * (1 - f))
        let (r, g, b): (Double, Double, Double) = switch sector {
        case 0: (brightness, t, p)
        case 1: (q, brightness, p)
        case 2: (p, brightness, t)
        case 3: (p, q, brightness)
        case 4: (t, p, brightness)
        default: (brightness, p, q)
        }
        self.init(red: r, green: g, blue: b, alpha: alpha)
    }

    /// The same color at another opacity (a dynamic color stays dynamic, each appearance
    /// at that opacity).
    public func withAlphaComponent(_ alpha: CGFloat) -> Color {
        withAlpha(Double(alpha))
    }

    /// Reads the components into `CGFloat`s, as UIKit's `getRed(_:green:blue:alpha:)`.
    @discardableResult
    public func getRed(_ red: inout CGFloat, green: inout CGFloat, blue: inout CGFloat, alpha: inout CGFloat) -> Bool {
        (red, green, blue, alpha) = (CGFloat(self.red), CGFloat(self.green), CGFloat(self.blue), CGFloat(self.alpha))
        return true
    }

    private static func rgb(_ red: Double, _ green: Double, _ blue: Double, _ alpha: Double = 1) -> Color {
        Color(red: red / 255, green: green / 255, blue: blue / 255, alpha: alpha)
    }

    private static func dynamic(_ light: Color, _ dark: Color) -> Color { .dynamic(light: light, dark: dark) }

    /// UIKit's `red`: red 1, green 0, blue 0.
    public static let red = Color(red: 1, green: 0, blue: 0)
    /// UIKit's `green`: red 0, green 1, blue 0.
    public static let green = Color(red: 0, green: 1, blue: 0)
    /// UIKit's `blue`: red 0, green 0, blue 1.
    public static let blue = Color(red: 0, green: 0, blue: 1)
    /// UIKit's `cyan`: red 0, green 1, blue 1.
    public static let cyan = Color(red: 0, green: 1, blue: 1)
    /// UIKit's `yellow`: red 1, green 1, blue 0.
    public static let yellow = Color(red: 1, green: 1, blue: 0)
    /// UIKit's `magenta`: red 1, green 0, blue 1.
    public static let magenta = Color(red: 1, green: 0, blue: 1)
    /// UIKit's `orange`: red 1, green 0.5, blue 0.
    public static let orange = Color(red: 1, green: 0.5, blue: 0)
    /// UIKit's `purple`: red 0.5, green 0, blue 0.5.
    public static let purple = Color(red: 0.5, green: 0, blue: 0.5)
    /// UIKit's `brown`: red 0.6, green 0.4, blue 0.2.
    public static let brown = Color(red: 0.6, green: 0.4, blue: 0.2)
    /// UIKit's `gray`: white 0.5, alpha 1.
    public static let gray = Color(white: 0.5, alpha: 1)
    /// UIKit's `darkGray`: white 1.0 / 3, alpha 1.
    public static let darkGray = Color(white: 1.0 / 3, alpha: 1)
    /// UIKit's `lightGray`: white 2.0 / 3, alpha 1.
    public static let lightGray = Color(white: 2.0 / 3, alpha: 1)

    /// UIKit's `systemRed`: RGB 255, 59, 48 light, 255, 69, 58 dark (HIG).
    public static let systemRed = dynamic(rgb(255, 59, 48), rgb(255, 69, 58))
    /// UIKit's `systemGreen`: RGB 52, 199, 89 light, 48, 209, 88 dark (HIG).
    public static let systemGreen = dynamic(rgb(52, 199, 89), rgb(48, 209, 88))
    /// UIKit's `systemBlue`: RGB 0, 122, 255 light, 10, 132, 255 dark (HIG).
    public static let systemBlue = dynamic(rgb(0, 122, 255), rgb(10, 132, 255))
    /// UIKit's `systemOrange`: RGB 255, 149, 0 light, 255, 159, 10 dark (HIG).
    public static let systemOrange = dynamic(rgb(255, 149, 0), rgb(255, 159, 10))
    /// UIKit's `systemYellow`: RGB 255, 204, 0 light, 255, 214, 10 dark (HIG).
    public static let systemYellow = dynamic(rgb(255, 204, 0), rgb(255, 214, 10))
    /// UIKit's `systemPink`: RGB 255, 45, 85 light, 255, 55, 95 dark (HIG).
    public static let systemPink = dynamic(rgb(255, 45, 85), rgb(255, 55, 95))
    /// UIKit's `systemPurple`: RGB 175, 82, 222 light, 191, 90, 242 dark (HIG).
    public static let systemPurple = dynamic(rgb(175, 82, 222), rgb(191, 90, 242))
    /// UIKit's `systemTeal`: RGB 48, 176, 199 light, 64, 200, 224 dark (HIG).
    public static let systemTeal = dynamic(rgb(48, 176, 199), rgb(64, 200, 224))
    /// UIKit's `systemIndigo`: RGB 88, 86, 214 light, 94, 92, 230 dark (HIG).
    public static let systemIndigo = dynamic(rgb(88, 86, 214), rgb(94, 92, 230))
    /// UIKit's `systemBrown`: RGB 162, 132, 94 light, 172, 142, 104 dark (HIG).
    public static let systemBrown = dynamic(rgb(162, 132, 94), rgb(172, 142, 104))
    /// UIKit's `systemMint`: RGB 0, 199, 190 light, 99, 230, 226 dark (HIG).
    public static let systemMint = dynamic(rgb(0, 199, 190), rgb(99, 230, 226))
    /// UIKit's `systemCyan`: RGB 50, 173, 230 light, 100, 210, 255 dark (HIG).
    public static let systemCyan = dynamic(rgb(50, 173, 230), rgb(100, 210, 255))
    /// UIKit's `systemGray`: RGB 142, 142, 147 light, 142, 142, 147 dark (HIG).
    public static let systemGray = dynamic(rgb(142, 142, 147), rgb(142, 142, 147))
    /// UIKit's `systemGray2`: RGB 174, 174, 178 light, 99, 99, 102 dark (HIG).
    public static let systemGray2 = dynamic(rgb(174, 174, 178), rgb(99, 99, 102))
    /// UIKit's `systemGray3`: RGB 199, 199, 204 light, 72, 72, 74 dark (HIG).
    public static let systemGray3 = dynamic(rgb(199, 199, 204), rgb(72, 72, 74))
    /// UIKit's `systemGray4`: RGB 209, 209, 214 light, 58, 58, 60 dark (HIG).
    public static let systemGray4 = dynamic(rgb(209, 209, 214), rgb(58, 58, 60))
    /// UIKit's `systemGray5`: RGB 229, 229, 234 light, 44, 44, 46 dark (HIG).
    public static let systemGray5 = dynamic(rgb(229, 229, 234), rgb(44, 44, 46))
    /// UIKit's `systemGray6`: RGB 242, 242, 247 light, 28, 28, 30 dark (HIG).
    public static let systemGray6 = dynamic(rgb(242, 242, 247), rgb(28, 28, 30))

    /// UIKit's `label`: RGB 0, 0, 0 light, 255, 255, 255 dark.
    public static let label = dynamic(rgb(0, 0, 0), rgb(255, 255, 255))
    /// UIKit's `secondaryLabel`: RGB 60, 60, 67, alpha 0.6 light, 235, 235, 245, alpha 0.6 dark.
    public static let secondaryLabel = dynamic(rgb(60, 60, 67, 0.6), rgb(235, 235, 245, 0.6))
    /// UIKit's `tertiaryLabel`: RGB 60, 60, 67, alpha 0.3 light, 235, 235, 245, alpha 0.3 dark.
    public static let tertiaryLabel = dynamic(rgb(60, 60, 67, 0.3), rgb(235, 235, 245, 0.3))
    /// UIKit's `quaternaryLabel`: RGB 60, 60, 67, alpha 0.18 light, 235, 235, 245, alpha 0.18 dark.
    public static let quaternaryLabel = dynamic(rgb(60, 60, 67, 0.18), rgb(235, 235, 245, 0.18))
    /// UIKit's `placeholderText`: RGB 60, 60, 67, alpha 0.3 light, 235, 235, 245, alpha 0.3 dark.
    public static let placeholderText = dynamic(rgb(60, 60, 67, 0.3), rgb(235, 235, 245, 0.3))
    /// UIKit's `link`: RGB 0, 122, 255 light, 9, 132, 255 dark.
    public static let link = dynamic(rgb(0, 122, 255), rgb(9, 132, 255))
    /// UIKit's `separator`: RGB 60, 60, 67, alpha 0.29 light, 84, 84, 88, alpha 0.6 dark.
    public static let separator = dynamic(rgb(60, 60, 67, 0.29), rgb(84, 84, 88, 0.6))
    /// UIKit's `opaqueSeparator`: RGB 198, 198, 200 light, 56, 56, 58 dark.
    public static let opaqueSeparator = dynamic(rgb(198, 198, 200), rgb(56, 56, 58))
    /// UIKit's `systemBackground`: RGB 255, 255, 255 light, 0, 0, 0 dark.
    public static let systemBackground = dynamic(rgb(255, 255, 255), rgb(0, 0, 0))
    /// UIKit's `secondarySystemBackground`: RGB 242, 242, 247 light, 28, 28, 30 dark.
    public static let secondarySystemBackground = dynamic(rgb(242, 242, 247), rgb(28, 28, 30))
    /// UIKit's `tertiarySystemBackground`: RGB 255, 255, 255 light, 44, 44, 46 dark.
    public static let tertiarySystemBackground = dynamic(rgb(255, 255, 255), rgb(44, 44, 46))
    /// UIKit's `systemGroupedBackground`: RGB 242, 242, 247 light, 0, 0, 0 dark.
    public static let systemGroupedBackground = dynamic(rgb(242, 242, 247), rgb(0, 0, 0))
    /// UIKit's `secondarySystemGroupedBackground`: RGB 255, 255, 255 light, 28, 28, 30 dark.
    public static let secondarySystemGroupedBackground = dynamic(rgb(255, 255, 255), rgb(28, 28, 30))
    /// UIKit's `tertiarySystemGroupedBackground`: RGB 242, 242, 247 light, 44, 44, 46 dark.
    public static let tertiarySystemGroupedBackground = dynamic(rgb(242, 242, 247), rgb(44, 44, 46))
    /// UIKit's `systemFill`: RGB 120, 120, 128, alpha 0.2 light, 120, 120, 128, alpha 0.36 dark.
    public static let systemFill = dynamic(rgb(120, 120, 128, 0.2), rgb(120, 120, 128, 0.36))
    /// UIKit's `secondarySystemFill`: RGB 120, 120, 128, alpha 0.16 light, 120, 120, 128, alpha 0.32 dark.
    public static let secondarySystemFill = dynamic(rgb(120, 120, 128, 0.16), rgb(120, 120, 128, 0.32))
    /// UIKit's `tertiarySystemFill`: RGB 118, 118, 128, alpha 0.12 light, 118, 118, 128, alpha 0.24 dark.
    public static let tertiarySystemFill = dynamic(rgb(118, 118, 128, 0.12), rgb(118, 118, 128, 0.24))
    /// UIKit's `quaternarySystemFill`: RGB 116, 116, 128, alpha 0.08 light, 118, 118, 128, alpha 0.18 dark.
    public static let quaternarySystemFill = dynamic(rgb(116, 116, 128, 0.08), rgb(118, 118, 128, 0.18))
    /// UIKit's `lightText`: white 1, alpha 0.6, in every appearance.
    public static let lightText = Color(white: 1, alpha: 0.6)
    /// UIKit's `darkText`: black in every appearance.
    public static let darkText = Color.black
    /// UIKit's `groupTableViewBackground`: ``systemGroupedBackground``.
    public static let groupTableViewBackground = systemGroupedBackground
}
