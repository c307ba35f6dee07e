/// UIKit's named colors, with their light-appearance values (Lifeloop renders light).
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

    /// The same color at another opacity.
    public func withAlphaComponent(_ alpha: CGFloat) -> Color {
        Color(red: red, green: green, blue: blue, alpha: Double(alpha))
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

    /// UIKit's `systemRed` in its light appearance: RGB 255, 59, 48.
    public static let systemRed = rgb(255, 59, 48)
    /// UIKit's `systemGreen` in its light appearance: RGB 52, 199, 89.
    public static let systemGreen = rgb(52, 199, 89)
    /// UIKit's `systemBlue` in its light appearance: RGB 0, 122, 255.
    public static let systemBlue = rgb(0, 122, 255)
    /// UIKit's `systemOrange` in its light appearance: RGB 255, 149, 0.
    public static let systemOrange = rgb(255, 149, 0)
    /// UIKit's `systemYellow` in its light appearance: RGB 255, 204, 0.
    public static let systemYellow = rgb(255, 204, 0)
    /// UIKit's `systemPink` in its light appearance: RGB 255, 45, 85.
    public static let systemPink = rgb(255, 45, 85)
    /// UIKit's `systemPurple` in its light appearance: RGB 175, 82, 222.
    public static let systemPurple = rgb(175, 82, 222)
    /// UIKit's `systemTeal` in its light appearance: RGB 48, 176, 199.
    public static let systemTeal = rgb(48, 176, 199)
    /// UIKit's `systemIndigo` in its light appearance: RGB 88, 86, 214.
    public static let systemIndigo = rgb(88, 86, 214)
    /// UIKit's `systemBrown` in its light appearance: RGB 162, 132, 94.
    public static let systemBrown = rgb(162, 132, 94)
    /// UIKit's `systemMint` in its light appearance: RGB 0, 199, 190.
    public static let systemMint = rgb(0, 199, 190)
    /// UIKit's `systemCyan` in its light appearance: RGB 50, 173, 230.
    public static let systemCyan = rgb(50, 173, 230)
    /// UIKit's `systemGray` in its light appearance: RGB 142, 142, 147.
    public static let systemGray = rgb(142, 142, 147)
    /// UIKit's `systemGray2` in its light appearance: RGB 174, 174, 178.
    public static let systemGray2 = rgb(174, 174, 178)
    /// UIKit's `systemGray3` in its light appearance: RGB 199, 199, 204.
    public static let systemGray3 = rgb(199, 199, 204)
    /// UIKit's `systemGray4` in its light appearance: RGB 209, 209, 214.
    public static let systemGray4 = rgb(209, 209, 214)
    /// UIKit's `systemGray5` in its light appearance: RGB 229, 229, 234.
    public static let systemGray5 = rgb(229, 229, 234)
    /// UIKit's `systemGray6` in its light appearance: RGB 242, 242, 247.
    public static let systemGray6 = rgb(242, 242, 247)

    /// UIKit's `label`: red 0, green 0, blue 0.
    public static let label = Color(red: 0, green: 0, blue: 0)
    /// UIKit's `secondaryLabel` in its light appearance: RGB 60, 60, 67, alpha 0.6.
    public static let secondaryLabel = rgb(60, 60, 67, 0.6)
    /// UIKit's `tertiaryLabel` in its light appearance: RGB 60, 60, 67, alpha 0.3.
    public static let tertiaryLabel = rgb(60, 60, 67, 0.3)
    /// UIKit's `quaternaryLabel` in its light appearance: RGB 60, 60, 67, alpha 0.18.
    public static let quaternaryLabel = rgb(60, 60, 67, 0.18)
    /// UIKit's `placeholderText` in its light appearance: RGB 60, 60, 67, alpha 0.3.
    public static let placeholderText = rgb(60, 60, 67, 0.3)
    /// UIKit's `link` in its light appearance: RGB 0, 122, 255.
    public static let link = rgb(0, 122, 255)
    /// UIKit's `separator` in its light appearance: RGB 60, 60, 67, alpha 0.29.
    public static let separator = rgb(60, 60, 67, 0.29)
    /// UIKit's `opaqueSeparator` in its light appearance: RGB 198, 198, 200.
    public static let opaqueSeparator = rgb(198, 198, 200)
    /// UIKit's `systemBackground` in its light appearance: white.
    public static let systemBackground = Color.white
    /// UIKit's `secondarySystemBackground` in its light appearance: RGB 242, 242, 247.
    public static let secondarySystemBackground = rgb(242, 242, 247)
    /// UIKit's `tertiarySystemBackground` in its light appearance: white.
    public static let tertiarySystemBackground = Color.white
    /// UIKit's `systemGroupedBackground` in its light appearance: RGB 242, 242, 247.
    public static let systemGroupedBackground = rgb(242, 242, 247)
    /// UIKit's `secondarySystemGroupedBackground` in its light appearance: white.
    public static let secondarySystemGroupedBackground = Color.white
    /// UIKit's `tertiarySystemGroupedBackground` in its light appearance: RGB 242, 242, 247.
    public static let tertiarySystemGroupedBackground = rgb(242, 242, 247)
    /// UIKit's `systemFill` in its light appearance: RGB 120, 120, 128, alpha 0.2.
    public static let systemFill = rgb(120, 120, 128, 0.2)
    /// UIKit's `secondarySystemFill` in its light appearance: RGB 120, 120, 128, alpha 0.16.
    public static let secondarySystemFill = rgb(120, 120, 128, 0.16)
    /// UIKit's `tertiarySystemFill` in its light appearance: RGB 118, 118, 128, alpha 0.12.
    public static let tertiarySystemFill = rgb(118, 118, 128, 0.12)
    /// UIKit's `quaternarySystemFill` in its light appearance: RGB 116, 116, 128, alpha 0.08.
    public static let quaternarySystemFill = rgb(116, 116, 128, 0.08)
    /// UIKit's `lightText`: white 1, alpha 0.6.
    public static let lightText = Color(white: 1, alpha: 0.6)
    /// UIKit's `darkText` in its light appearance: black.
    public static let darkText = Color.black
    /// UIKit's `groupTableViewBackground` in its light appearance: RGB 242, 242, 247.
    public static let groupTableViewBackground = rgb(242, 242, 247)
}
