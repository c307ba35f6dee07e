import Foundation

/// What an image holds beyond its name, size, scale and tint: what code drew into it,
/// how it is turned, its cap insets, its symbol configuration, its animation frames and
/// the bytes it was read from.
struct ImageContent: Hashable, Sendable {
    /// A recorded drawing: the display list, and the rectangle of the space it was
    /// recorded in that the (unturned) image shows.
    struct Drawing: Hashable, Sendable {
        var commands: [DrawCommand]
        var bounds: CGRect
    }

    /// What code drew, if the image was drawn (an image context or renderer).
    var drawing: Drawing?
    /// How the content is turned when drawn.
    var orientation: Image.Orientation = .up
    /// The insets of the parts that are not stretched.
    var capInsets: EdgeInsets = .zero
    /// How the middle is stretched.
    var resizingMode: Image.ResizingMode = .tile
    /// The configuration it was made with (symbol images), if any.
    var configuration: Image.Configuration?
    /// The frames of an animated image.
    var frames: [Image]?
    /// How long an animated image's frames take to play, in seconds.
    var duration: TimeInterval = 0
    /// The PNG or JPEG bytes the image was read from, if any.
    var data: Data?
    /// Whether the image covers all its pixels (an opaque image context).
    var isOpaque = false
    /// Whether it is `UIImage()`: no content at all.
    var isEmpty = false
}

extension Image {
    /// How an image's content is turned and flipped when drawn, as UIKit's
    /// `UIImage.Orientation` (the EXIF orientations, in UIKit's order).
    public enum Orientation: Int, Hashable, Sendable {
        /// As stored (the default).
        case up
        /// Turned half a turn.
        case down
        /// Turned a quarter turn counterclockwise.
        case left
        /// Turned a quarter turn clockwise.
        case right
        /// Flipped horizontally.
        case upMirrored
        /// Flipped vertically.
        case downMirrored
        /// Flipped across its main diagonal (a quarter turn counterclockwise of the
        /// horizontally flipped content).
        case leftMirrored
        /// Flipped across its other diagonal (a quarter turn clockwise of the
        /// horizontally flipped content).
        case rightMirrored

        /// Whether width and height swap (the quarter turns).
        var swapsSides: Bool {
            switch self {
            case .left, .right, .leftMirrored, .rightMirrored: true
            default: false
            }
        }

        /// The transform from content coordinates (a `width`×`height` space, y down) to the
        /// turned image's coordinates.
        func transform(width w: CGFloat, height h: CGFloat) -> CGAffineTransform {
            switch self {
            case .up: .identity
            case .down: CGAffineTransform(a: -1, b: 0, c: 0, d: -1, tx: w, ty: h)
            case .left: CGAffineTransform(a: 0, b: -1, c: 1, d: 0, tx: 0, ty: w)
            case .right: CGAffineTransform(a: 0, b: 1, c: -1, d: 0, tx: h, ty: 0)
            case .upMirrored: CGAffineTransform(a: -1, b: 0, c: 0, d: 1, tx: w, ty: 0)
            case .downMirrored: CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: h)
            case .leftMirrored: CGAffineTransform(a: 0, b: 1, c: 1, d: 0, tx: 0, ty: 0)
            case .rightMirrored: CGAffineTransform(a: 0, b: -1, c: -1, d: 0, tx: h, ty: w)
            }
        }
    }

    /// How the middle of a resizable image fills the space between its caps, as UIKit's
    /// `UIImage.ResizingMode`. Lifeloop stretches in both modes (tiling is drawn as a
    /// stretch, an approximation).
    public enum ResizingMode: Int, Hashable, Sendable {
        /// Repeats the middle (drawn stretched here).
        case tile
        /// Stretches the middle.
        case stretch
    }

    /// The weight of a symbol image's strokes, as UIKit's `UIImage.SymbolWeight` (kept
    /// as data: symbols have no pixels here).
    public enum SymbolWeight: Int, Hashable, Sendable {
        /// No weight given.
        case unspecified
        /// Ultralight strokes.
        case ultraLight
        /// Thin strokes.
        case thin
        /// Light strokes.
        case light
        /// Regular strokes.
        case regular
        /// Medium strokes.
        case medium
        /// Semibold strokes.
        case semibold
        /// Bold strokes.
        case bold
        /// Heavy strokes.
        case heavy
        /// Black strokes.
        case black

        /// The font weight of the same name (regular when unspecified).
        public func fontWeight() -> Font.Weight {
            switch self {
            case .unspecified, .regular: .regular
            case .ultraLight: .ultraLight
            case .thin: .thin
            case .light: .light
            case .medium: .medium
            case .semibold: .semibold
            case .bold: .bold
            case .heavy: .heavy
            case .black: .black
            }
        }
    }

    /// A symbol image's size relative to its point size, as UIKit's `UIImage.SymbolScale`.
    public enum SymbolScale: Int, Hashable, Sendable {
        /// The system's default (medium).
        case `default` = -1
        /// No scale given.
        case unspecified = 0
        /// About 0.8 times the medium size.
        case small = 1
        /// The medium size.
        case medium = 2
        /// About 1.3 times the medium size.
        case large = 3

        /// The size factor Lifeloop applies (an approximation of SF Symbols' scales).
        var factor: CGFloat {
            switch self {
            case .small: 0.8
            case .large: 1.3
            default: 1
            }
        }
    }

    /// The settings an image is made with, as UIKit's `UIImage.Configuration`: a trait
    /// collection, and for symbols the ``SymbolConfiguration``'s point size, weight and scale.
    public class Configuration: Hashable, @unchecked Sendable {
        /// The traits the configuration is for, if any.
        public let traitCollection: TraitCollection?
        /// The symbol settings (empty for a plain configuration).
        let symbol: SymbolSettings

        /// A configuration with no settings.
        public convenience init() {
            self.init(traitCollection: nil, symbol: SymbolSettings())
        }

        required init(traitCollection: TraitCollection?, symbol: SymbolSettings) {
            self.traitCollection = traitCollection
            self.symbol = symbol
        }

        /// The same configuration for other traits.
        public func withTraitCollection(_ traitCollection: TraitCollection?) -> Self {
            Self(traitCollection: traitCollection, symbol: symbol)
        }

        /// This configuration with `otherConfiguration`'s settings laid over it: what the
        /// other one gives wins, what it leaves unspecified is kept.
        public func applying(_ otherConfiguration: Configuration?) -> Self {
            guard let other = otherConfiguration else { return self }
            return Self(traitCollection: other.traitCollection ?? traitCollection, symbol: symbol.applying(other.symbol))
        }

        public static func == (lhs: Configuration, rhs: Configuration) -> Bool {
            type(of: lhs) == type(of: rhs) && lhs.traitCollection == rhs.traitCollection && lhs.symbol == rhs.symbol
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(symbol)
        }
    }

    /// A symbol image's point size, weight, scale and colors, as UIKit's
    /// `UIImage.SymbolConfiguration`. Symbols have no pixels here: the point size and scale
    /// set the symbol image's size (about the point size, times the scale's factor), the
    /// rest is kept as data.
    public final class SymbolConfiguration: Configuration, @unchecked Sendable {
        /// A configuration that specifies nothing.
        public static var unspecified: SymbolConfiguration { SymbolConfiguration(traitCollection: nil, symbol: SymbolSettings()) }

        required init(traitCollection: TraitCollection?, symbol: SymbolSettings) {
            super.init(traitCollection: traitCollection, symbol: symbol)
        }

        /// Symbols drawn at `pointSize`.
        public convenience init(pointSize: CGFloat) {
            self.init(traitCollection: nil, symbol: SymbolSettings(pointSize: pointSize))
        }

        /// Symbols drawn at `pointSize` with strokes of `weight`.
        public convenience init(pointSize: CGFloat, weight: SymbolWeight) {
            self.init(traitCollection: nil, symbol: SymbolSettings(pointSize: pointSize, weight: weight))
        }

        /// Symbols drawn at `pointSize` with strokes of `weight`, at `scale`.
        public convenience init(pointSize: CGFloat, weight: SymbolWeight, scale: SymbolScale) {
            self.init(traitCollection: nil, symbol: SymbolSettings(pointSize: pointSize, weight: weight, scale: scale))
        }

        /// Symbols the size of `textStyle`'s font.
        public convenience init(textStyle: Font.TextStyle) {
            self.init(traitCollection: nil, symbol: SymbolSettings(textStyle: textStyle))
        }

        /// Symbols the size of `textStyle`'s font, at `scale`.
        public convenience init(textStyle: Font.TextStyle, scale: SymbolScale) {
            self.init(traitCollection: nil, symbol: SymbolSettings(scale: scale, textStyle: textStyle))
        }

        /// Symbols the size of `font`.
        public convenience init(font: Font) {
            self.init(traitCollection: nil, symbol: SymbolSettings(pointSize: font.pointSize))
        }

        /// Symbols the size of `font`, at `scale`.
        public convenience init(font: Font, scale: SymbolScale) {
            self.init(traitCollection: nil, symbol: SymbolSettings(pointSize: font.pointSize, scale: scale))
        }

        /// Symbols with strokes of `weight`.
        public convenience init(weight: SymbolWeight) {
            self.init(traitCollection: nil, symbol: SymbolSettings(weight: weight))
        }

        /// Symbols at `scale`.
        public convenience init(scale: SymbolScale) {
            self.init(traitCollection: nil, symbol: SymbolSettings(scale: scale))
        }

        /// Symbols in hierarchical shades of `hierarchicalColor` (kept as data).
        public convenience init(hierarchicalColor: Color) {
            self.init(traitCollection: nil, symbol: SymbolSettings(colors: [hierarchicalColor], colorStyle: .hierarchical))
        }

        /// Symbols whose layers take `paletteColors` in order (kept as data).
        public convenience init(paletteColors: [Color]) {
            self.init(traitCollection: nil, symbol: SymbolSettings(colors: paletteColors, colorStyle: .palette))
        }

        /// Symbols in their multicolor variant (kept as data).
        public static func preferringMulticolor() -> SymbolConfiguration {
            SymbolConfiguration(traitCollection: nil, symbol: SymbolSettings(colorStyle: .multicolor))
        }

        /// Symbols in one color, their own rendering's (kept as data).
        public static func preferringMonochrome() -> SymbolConfiguration {
            SymbolConfiguration(traitCollection: nil, symbol: SymbolSettings(colorStyle: .monochrome))
        }

        /// The same configuration without its point size, text style and weight.
        public func configurationWithoutPointSizeAndWeight() -> SymbolConfiguration {
            var settings = symbol
            settings.pointSize = nil
            settings.textStyle = nil
            settings.weight = .unspecified
            return SymbolConfiguration(traitCollection: traitCollection, symbol: settings)
        }

        /// The same configuration without its scale.
        public func configurationWithoutScale() -> SymbolConfiguration {
            var settings = symbol
            settings.scale = .unspecified
            return SymbolConfiguration(traitCollection: traitCollection, symbol: settings)
        }

        /// The same configuration without its text style.
        public func configurationWithoutTextStyle() -> SymbolConfiguration {
            var settings = symbol
            settings.textStyle = nil
            return SymbolConfiguration(traitCollection: traitCollection, symbol: settings)
        }

        /// The same configuration without its weight.
        public func configurationWithoutWeight() -> SymbolConfiguration {
            var settings = symbol
            settings.weight = .unspecified
            return SymbolConfiguration(traitCollection: traitCollection, symbol: settings)
        }

        /// Whether it gives the same settings as `otherConfiguration`.
        public func isEqual(to otherConfiguration: SymbolConfiguration?) -> Bool {
            otherConfiguration.map { $0 == self } ?? false
        }
    }

    /// The settings of a symbol configuration.
    struct SymbolSettings: Hashable, Sendable {
        /// How a symbol is colored.
        enum ColorStyle: Hashable, Sendable { case unspecified, hierarchical, palette, multicolor, monochrome }

        var pointSize: CGFloat?
        var weight: SymbolWeight = .unspecified
        var scale: SymbolScale = .unspecified
        var textStyle: Font.TextStyle?
        var colors: [Color] = []
        var colorStyle: ColorStyle = .unspecified

        /// These settings with what `other` specifies laid over them.
        func applying(_ other: SymbolSettings) -> SymbolSettings {
            var out = self
            if let size = other.pointSize {
                out.pointSize = size
                out.textStyle = nil
            }
            if let style = other.textStyle {
                out.textStyle = style
                out.pointSize = nil
            }
            if other.weight != .unspecified { out.weight = other.weight }
            if other.scale != .unspecified { out.scale = other.scale }
            if other.colorStyle != .unspecified {
                out.colorStyle = other.colorStyle
                out.colors = other.colors
            }
            return out
        }

        /// The side of a symbol image drawn with these settings: the point size (the text
        /// style's font size, else 24 points) times the scale's factor.
        var symbolSide: CGFloat {
            let base = pointSize ?? textStyle.map { Font.preferredFont(forTextStyle: $0).pointSize } ?? 24
            return base * scale.factor
        }
    }
}

extension Image {
    /// An empty image, as UIKit's `UIImage()`: no name, a 0×0 size, no content; its
    /// `cgImage` and `pngData()` are nil.
    public convenience init() {
        var content = ImageContent()
        content.isEmpty = true
        self.init(name: "", isSymbol: false, size: .zero, scale: 1, renderingMode: .automatic, tintColor: nil,
                  content: content)
    }

    /// An image of `cgImage`'s content at scale 1, upright: its size in points is the
    /// other image's size in pixels, as UIKit's `UIImage(cgImage:)`.
    public convenience init(cgImage: Image) {
        self.init(cgImage: cgImage, scale: 1, orientation: .up)
    }

    /// An image of `cgImage`'s content at `scale`, turned by `orientation`, as UIKit's
    /// `UIImage(cgImage:scale:orientation:)`: its size in points is `cgImage`'s size in
    /// pixels divided by `scale`, width and height swapped for the quarter turns.
    public convenience init(cgImage: Image, scale: CGFloat, orientation: Orientation) {
        let raw = cgImage.cgImageContent
        let pixels = CGSize(width: CGFloat(cgImage.width), height: CGFloat(cgImage.height))
        let scale = scale > 0 ? scale : 1
        let points = CGSize(width: pixels.width / scale, height: pixels.height / scale)
        var content = raw
        content.orientation = orientation
        self.init(name: cgImage.name, isSymbol: cgImage.isSymbol,
                  size: orientation.swapsSides ? CGSize(width: points.height, height: points.width) : points,
                  scale: scale, renderingMode: .automatic, tintColor: nil, content: content)
    }

    /// A symbol image by name with `configuration`, as UIKit's
    /// `UIImage(systemName:withConfiguration:)`: its size follows the configuration's
    /// point size and scale (see ``SymbolConfiguration``).
    public convenience init?(systemName name: String, withConfiguration configuration: Configuration?) {
        var content = ImageContent()
        content.configuration = configuration
        let side = configuration?.symbol.symbolSide ?? 24
        self.init(name: name, isSymbol: true, size: CGSize(width: side, height: side), scale: 1,
                  renderingMode: .automatic, tintColor: nil, content: content)
    }

    /// A symbol image by name for `traitCollection`, as UIKit's
    /// `UIImage(systemName:compatibleWith:)`.
    public convenience init?(systemName name: String, compatibleWith traitCollection: TraitCollection?) {
        self.init(systemName: name, withConfiguration: nil)
    }

    /// An asset by name with `configuration`, as UIKit's `UIImage(named:in:with:)`: the
    /// configuration's trait collection picks the scale, and the image keeps the configuration.
    public convenience init?(named name: String, in bundle: Bundle?, with configuration: Configuration?) {
        guard let found = Image(named: name, in: bundle, compatibleWith: configuration?.traitCollection) else { return nil }
        var content = found.content
        content.configuration = configuration
        self.init(name: found.name, isSymbol: false, size: found.size, scale: found.scale, renderingMode: .automatic,
                  tintColor: nil, content: content)
    }

    /// The same image with other content settings.
    func with(_ change: (inout ImageContent) -> Void, size newSize: CGSize? = nil, renderingMode mode: RenderingMode? = nil,
              tintColor tint: Color?? = nil) -> Image {
        var changed = content
        change(&changed)
        return Image(name: name, isSymbol: isSymbol, size: newSize ?? size, scale: scale, renderingMode: mode ?? renderingMode,
                     tintColor: tint ?? tintColor, content: changed)
    }

    // MARK: Properties

    /// How the image's content is turned when drawn, as UIKit's `imageOrientation`.
    public var imageOrientation: Orientation { content.orientation }

    /// The image's width in pixels (its width in points times its scale, before it is
    /// turned), as CoreGraphics' `CGImage.width` (UIKit's `CGImage` is this type here).
    public var width: Int {
        let side = content.orientation.swapsSides ? size.height : size.width
        return Int((side * scale).rounded(.up))
    }

    /// The image's height in pixels (before it is turned), as CoreGraphics' `CGImage.height`.
    public var height: Int {
        let side = content.orientation.swapsSides ? size.width : size.height
        return Int((side * scale).rounded(.up))
    }

    /// The image's content as CoreGraphics holds it, as UIKit's `cgImage`: the same
    /// content, upright (UIKit's `CGImage` is this type here), with the width and
    /// height in pixels; nil for an empty image (`UIImage()`).
    public var cgImage: Image? {
        guard !content.isEmpty else { return nil }
        guard content.orientation != .up else { return self }
        let raw = content.orientation.swapsSides ? CGSize(width: size.height, height: size.width) : size
        return with({ $0.orientation = .up }, size: raw)
    }

    /// The content of ``cgImage``.
    var cgImageContent: ImageContent {
        var raw = content
        raw.orientation = .up
        return raw
    }

    /// The insets of the parts that keep their size when the image is drawn larger, as
    /// UIKit's `capInsets` (zero unless made by `resizableImage(withCapInsets:)`).
    public var capInsets: EdgeInsets { content.capInsets }

    /// How the middle of a resizable image is filled, as UIKit's `resizingMode`.
    public var resizingMode: ResizingMode { content.resizingMode }

    /// Whether it is a symbol image (`UIImage(systemName:)`), as UIKit's `isSymbolImage`.
    public var isSymbolImage: Bool { isSymbol }

    /// The configuration the image was made with, as UIKit's `configuration`.
    public var configuration: Configuration? { content.configuration }

    /// A symbol image's configuration, as UIKit's `symbolConfiguration`; nil for other images.
    public var symbolConfiguration: SymbolConfiguration? {
        guard isSymbol else { return nil }
        return content.configuration as? SymbolConfiguration ?? .unspecified
    }

    /// The frames of an animated image (``animatedImage(with:duration:)``), as UIKit's
    /// `images`; nil for other images.
    public var images: [Image]? { content.frames }

    /// How long an animated image takes to play its frames once, in seconds, as UIKit's
    /// `duration`; 0 for other images.
    public var duration: TimeInterval { content.duration }

    /// The asset the image belongs to, as UIKit's `imageAsset`: for an image by name, a
    /// new asset holding it for any traits (an image registered on it is not seen by
    /// this image: Lifeloop's images do not change with traits); nil for other images.
    public var imageAsset: ImageAsset? {
        guard !name.isEmpty, !isSymbol, content.drawing == nil else { return nil }
        let asset = ImageAsset()
        asset.register(self, with: TraitCollection())
        return asset
    }

    // MARK: Variants

    /// The same image with a tint and a rendering mode, as UIKit's
    /// `withTintColor(_:renderingMode:)`.
    public func withTintColor(_ color: Color, renderingMode: RenderingMode) -> Image {
        with({ _ in }, renderingMode: renderingMode, tintColor: .some(color))
    }

    /// The same image, stretchable: the parts outside `capInsets` keep their size when it
    /// is drawn larger, the middle fills the rest (stretched in both modes here).
    public func resizableImage(withCapInsets capInsets: EdgeInsets, resizingMode: ResizingMode) -> Image {
        with {
            $0.capInsets = capInsets
            $0.resizingMode = resizingMode
        }
    }

    /// The same image with `configuration` laid over its own, as UIKit's
    /// `withConfiguration(_:)`: a symbol image takes the size it gives.
    public func withConfiguration(_ configuration: Configuration) -> Image {
        let merged = content.configuration?.applying(configuration) ?? configuration
        var newSize = size
        if isSymbol {
            let side = merged.symbol.symbolSide
            newSize = CGSize(width: side, height: side)
        }
        return with({ $0.configuration = merged }, size: newSize)
    }

    /// A symbol image with `configuration` laid over its own, as UIKit's
    /// `applyingSymbolConfiguration(_:)`; nil for an image that is not a symbol.
    public func applyingSymbolConfiguration(_ configuration: SymbolConfiguration) -> Image? {
        guard isSymbol else { return nil }
        return withConfiguration(configuration)
    }

    /// The same image, as UIKit's `imageFlippedForRightToLeftLayoutDirection()`:
    /// Lifeloop lays out left to right, so it is this image.
    public func imageFlippedForRightToLeftLayoutDirection() -> Image { self }

    /// The same image flipped horizontally (its orientation mirrored), as UIKit's
    /// `withHorizontallyFlippedOrientation()`.
    public func withHorizontallyFlippedOrientation() -> Image {
        let flipped: Orientation = switch content.orientation {
        case .up: .upMirrored
        case .upMirrored: .up
        case .down: .downMirrored
        case .downMirrored: .down
        case .left: .rightMirrored
        case .rightMirrored: .left
        case .right: .leftMirrored
        case .leftMirrored: .right
        }
        return with { $0.orientation = flipped }
    }

    /// An animated image of `images` played over `duration` seconds, as UIKit's
    /// `animatedImage(with:duration:)`: the first frame's size and scale; it draws its
    /// first frame (an image view shows that frame). Nil for no frames.
    public static func animatedImage(with images: [Image], duration: TimeInterval) -> Image? {
        guard let first = images.first else { return nil }
        var content = first.content
        content.frames = images
        content.duration = duration
        return Image(name: first.name, isSymbol: first.isSymbol, size: first.size, scale: first.scale,
                     renderingMode: first.renderingMode, tintColor: first.tintColor, content: content)
    }
}

/// A set of images of one asset for different traits, as UIKit's `UIImageAsset`.
public final class ImageAsset {
    /// The images registered, in order, with their traits.
    private var registered: [(traits: TraitCollection, image: Image)] = []

    /// An empty asset.
    public init() {}

    /// Registers `image` for `traitCollection`, replacing one registered for the same traits.
    public func register(_ image: Image, with traitCollection: TraitCollection) {
        registered.removeAll { $0.traits == traitCollection }
        registered.append((traitCollection, image))
    }

    /// Removes the image registered for `traitCollection`, if any.
    public func unregisterImage(with traitCollection: TraitCollection) {
        registered.removeAll { $0.traits == traitCollection }
    }

    /// The image registered for traits that best match `traitCollection`: the same
    /// interface style (dark or light) and display scale first, then the same style, then
    /// the first registered; an empty image when none is.
    public func image(with traitCollection: TraitCollection) -> Image {
        func score(_ traits: TraitCollection) -> Int {
            var score = 0
            if traits.userInterfaceStyle == traitCollection.userInterfaceStyle { score += 2 }
            if traits.displayScale == traitCollection.displayScale { score += 1 }
            return score
        }
        var best: (score: Int, image: Image)?
        for entry in registered {
            let s = score(entry.traits)
            if best == nil || s > best!.score { best = (s, entry.image) }
        }
        return best?.image ?? Image()
    }
}
