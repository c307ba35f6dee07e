/// An image, as data: UIKit's `UIImage`, by name, with no pixels. Snapshots show its name.
public final class Image: Hashable, @unchecked Sendable {
    /// The asset or symbol name.
    public let name: String
    /// Whether it is an SF Symbol (`init(systemName:)`).
    public let isSymbol: Bool
    /// The SF Symbol's name when it is one (`init(systemName:)`), else nil.
    public var systemName: String? { isSymbol ? name : nil }
    /// Its size in points: as given, or 24×24 for a symbol; for a named asset, its size in
    /// the app's asset catalog or bundle (0×0 when neither has it).
    public let size: Size
    /// The scale: the asset file's (1, 2 or 3) for a named asset found in the app's
    /// bundle, else 1.
    public let scale: CGFloat
    /// How it is tinted.
    public let renderingMode: RenderingMode
    /// The tint it was made with, if any.
    public let tintColor: Color?
    /// What it holds beyond its name: its drawing, orientation, cap insets, symbol
    /// configuration, frames and source bytes (see `Image+Content.swift`).
    let content: ImageContent

    /// How an image takes the tint color.
    public enum RenderingMode: Int, Hashable, Sendable {
        /// UIKit's image rendering modes, kept as data.
        case automatic, alwaysOriginal, alwaysTemplate
    }

    /// An asset by name from the app's asset catalogs or bundle files
    /// (``AppResources/image(named:screenScale:)``), at the scale of the app's screen;
    /// never nil: a name the bundle lacks is recorded with a 0×0 size.
    public convenience init?(named name: String) {
        self.init(named: name, in: nil, compatibleWith: nil)
    }

    /// An asset by name from a bundle (the app's for nil or `Bundle.main`), at the trait
    /// collection's display scale or the app's screen's; never nil, as above.
    public convenience init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: TraitCollection?) {
        let screenScale = traitCollection.map { Double($0.displayScale) }.flatMap { $0 > 0 ? $0 : nil }
            ?? Application.current?.mainScreen.scale ?? 2
        if let found = AppResources.resources(for: bundle)?.image(named: name, screenScale: screenScale) {
            self.init(name: name, isSymbol: false, size: found.size, scale: CGFloat(found.scale))
        } else {
            self.init(name: name, isSymbol: false, size: .zero)
        }
    }

    /// The image Xcode's `#imageLiteral(resourceName:)` writes: the asset by name (the
    /// UIKit module makes `Image` the literal's type, as `UIImage` is on iOS).
    public convenience init(imageLiteralResourceName name: String) {
        self.init(name: name, isSymbol: false, size: .zero)
    }

    /// An SF Symbol by name.
    public convenience init?(systemName name: String) {
        self.init(name: name, isSymbol: true, size: Size(width: 24, height: 24))
    }

    /// An image of a size, named as given (for images code draws).
    public convenience init(name: String, isSymbol: Bool = false, size: Size, scale: CGFloat = 1,
                            renderingMode: RenderingMode = .automatic, tintColor: Color? = nil) {
        self.init(name: name, isSymbol: isSymbol, size: size, scale: scale, renderingMode: renderingMode,
                  tintColor: tintColor, content: ImageContent())
    }

    /// An image with its content.
    init(name: String, isSymbol: Bool, size: Size, scale: CGFloat, renderingMode: RenderingMode, tintColor: Color?,
         content: ImageContent) {
        self.name = name
        self.isSymbol = isSymbol
        self.size = size
        self.scale = scale
        self.renderingMode = renderingMode
        self.tintColor = tintColor
        self.content = content
    }

    /// The same image, tinted as asked: an `.alwaysTemplate` image in an image view is
    /// drawn in the view's tint color.
    public func withRenderingMode(_ mode: RenderingMode) -> Image {
        Image(name: name, isSymbol: isSymbol, size: size, scale: scale, renderingMode: mode, tintColor: tintColor,
              content: content)
    }

    /// The same image with a tint: wherever it is drawn, what it paints takes that color
    /// (keeping its transparency).
    public func withTintColor(_ color: Color) -> Image {
        Image(name: name, isSymbol: isSymbol, size: size, scale: scale, renderingMode: renderingMode, tintColor: color,
              content: content)
    }

    /// The same image, stretchable: the corners outside `capInsets` keep their size when
    /// it is drawn larger, the middle is stretched (UIKit tiles it by default; see
    /// ``resizableImage(withCapInsets:resizingMode:)``).
    public func resizableImage(withCapInsets capInsets: EdgeInsets) -> Image {
        resizableImage(withCapInsets: capInsets, resizingMode: .tile)
    }

    public static func == (lhs: Image, rhs: Image) -> Bool {
        lhs.name == rhs.name && lhs.isSymbol == rhs.isSymbol && lhs.size == rhs.size && lhs.scale == rhs.scale
            && lhs.renderingMode == rhs.renderingMode && lhs.tintColor == rhs.tintColor && lhs.content == rhs.content
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(isSymbol)
    }
}

extension Image: _ExpressibleByImageLiteral {}
