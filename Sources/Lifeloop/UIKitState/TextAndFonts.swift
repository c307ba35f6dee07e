// Text, fonts and attributed strings as UIKit code uses them: string measurement with
// `boundingRect`, text attachments and containers, tab stops, font descriptors, the text
// input traits of text fields and text views, text positions and ranges, and the few
// Foundation types iOS has and Linux's Foundation lacks.
import Foundation

// MARK: Measuring strings

/// UIKit's `NSStringDrawingOptions`: how `boundingRect(with:options:attributes:context:)`
/// lays the text out.
public struct NSStringDrawingOptions: OptionSet, Hashable, Sendable {
    /// The raw bits.
    public let rawValue: Int
    /// Makes options from their raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Lay the text out in lines wrapped at the given width (without it, the text takes one
    /// line per paragraph, as in UIKit).
    public static let usesLineFragmentOrigin = NSStringDrawingOptions(rawValue: 1 << 0)
    /// Use the font's leading in line heights (Lifeloop's line heights already include it).
    public static let usesFontLeading = NSStringDrawingOptions(rawValue: 1 << 1)
    /// Use the glyphs' exact bounds (Lifeloop measures with its font metrics either way).
    public static let usesDeviceMetrics = NSStringDrawingOptions(rawValue: 1 << 3)
    /// Stop at the last line that fits the given height.
    public static let truncatesLastVisibleLine = NSStringDrawingOptions(rawValue: 1 << 5)
}

/// UIKit's `NSStringDrawingContext`: settings for measuring and drawing a string, and what
/// the measurement found. Lifeloop never scales text down, so the actual scale factor is 1.
open class NSStringDrawingContext: NSObject {
    /// The smallest scale the text may be shrunk to (data: Lifeloop does not shrink text).
    open var minimumScaleFactor: CGFloat = 0
    /// The scale the text was drawn at: always 1.
    open var actualScaleFactor: CGFloat { 1 }
    /// The bounds of the last measurement made with this context.
    open internal(set) var totalBounds: CGRect = .zero

    /// A context with no minimum scale.
    public override init() {
        super.init()
    }
}

enum TextMeasurement {
    /// The bounds of `text` measured as UIKit's `boundingRect(with:options:attributes:context:)`
    /// does: wrapped at `size.width` with `.usesLineFragmentOrigin`, else one line per
    /// paragraph; with `.truncatesLastVisibleLine`, no taller than `size.height`.
    static func boundingRect(_ text: String, size: CGSize, options: NSStringDrawingOptions,
                             attributes: [NSAttributedString.Key: Any]?, context: NSStringDrawingContext?) -> CGRect {
        let font = StringDrawing.font(attributes)
        let style = attributes?[.paragraphStyle] as? ParagraphStyle
        let lineHeight = style?.lineHeight(for: font) ?? font.lineHeight
        let lineSpacing = style?.lineSpacing ?? 0
        let paragraphSpacing = style?.paragraphSpacing ?? 0
        let width = options.contains(.usesLineFragmentOrigin) && size.width > 0 ? size.width : .greatestFiniteMagnitude
        var widest: CGFloat = 0
        var lineCount = 0
        var height: CGFloat = 0
        if !text.isEmpty {
            for (index, paragraph) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if index > 0 { height += paragraphSpacing }
                let lines = paragraph.isEmpty ? [Substring("")] : font.lines(of: String(paragraph), width: width, maximumLines: 0)
                for line in lines {
                    if lineCount > 0 { height += lineSpacing }
                    widest = max(widest, font.width(of: line))
                    height += lineHeight
                    lineCount += 1
                }
            }
        }
        if options.contains(.truncatesLastVisibleLine), size.height > 0, height > size.height {
            let fitting = max(1, ((size.height + lineSpacing) / (lineHeight + lineSpacing)).rounded(.down))
            height = fitting * lineHeight + (fitting - 1) * lineSpacing
        }
        let rect = CGRect(x: 0, y: 0, width: widest, height: height)
        context?.totalBounds = rect
        return rect
    }
}

extension String {
    /// The rectangle the string takes with `attributes`, as UIKit measures it: with
    /// `.usesLineFragmentOrigin` in `options`, wrapped at `size`'s width; otherwise one line
    /// per paragraph. The result is not rounded (round it up, as on iOS, to size a view).
    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [],
                             attributes: [NSAttributedString.Key: Any]?, context: NSStringDrawingContext?) -> CGRect {
        TextMeasurement.boundingRect(self, size: size, options: options, attributes: attributes, context: context)
    }
}

extension NSString {
    /// The rectangle the string takes with `attributes`, as UIKit measures it: with
    /// `.usesLineFragmentOrigin` in `options`, wrapped at `size`'s width; otherwise one line
    /// per paragraph.
    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [],
                             attributes: [NSAttributedString.Key: Any]?, context: NSStringDrawingContext?) -> CGRect {
        TextMeasurement.boundingRect(String(describing: self), size: size, options: options, attributes: attributes,
                                     context: context)
    }
}

extension NSAttributedString {
    /// The rectangle the attributed string takes, as UIKit measures it: with
    /// `.usesLineFragmentOrigin` in `options`, wrapped at `size`'s width. The whole string
    /// is measured with the attributes of its first character (its font and paragraph style).
    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [],
                             context: NSStringDrawingContext?) -> CGRect {
        let attributes = length > 0 ? self.attributes(at: 0, effectiveRange: nil) : [:]
        return TextMeasurement.boundingRect(string, size: size, options: options, attributes: attributes, context: context)
    }

    /// The size the attributed string takes on one line per paragraph, measured with the
    /// attributes of its first character.
    public func size() -> CGSize {
        boundingRect(with: CGSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude),
                     options: [], context: nil).size
    }
}

// MARK: Attachments, containers and tab stops

/// UIKit's `NSTextAttachment`: an image inside attributed text. Lifeloop keeps the image
/// and bounds as data; labels and text views show the attachment's placeholder character
/// but do not draw the image.
open class NSTextAttachment: NSObject {
    /// The image shown in the text.
    open var image: Image?
    /// Where the image sits relative to the line's baseline; zero for the image's own size.
    open var bounds: CGRect = .zero

    /// An attachment with no image.
    public override init() {
        super.init()
    }

    /// An attachment showing `image`.
    public convenience init(image: Image) {
        self.init()
        self.image = image
    }

    /// UIKit's `NSTextAttachment.character`: the placeholder character an attachment takes
    /// in its string.
    public static let character: Int = 0xFFFC
}

extension NSAttributedString {
    /// An attributed string of one attachment character that carries `attachment` under
    /// the `.attachment` key, as UIKit makes one.
    public convenience init(attachment: NSTextAttachment) {
        self.init(string: "\u{FFFC}", attributes: [.attachment: attachment])
    }
}

/// UIKit's `NSTextContainer`: the region a text view lays its text out in. Lifeloop keeps
/// its settings as data; a text view lays its text out at its own width.
open class NSTextContainer: NSObject {
    /// The container's size; zero for no limit.
    open var size: CGSize
    /// The space left empty at each end of a line (5 points by default, as in UIKit).
    open var lineFragmentPadding: CGFloat = 5
    /// The most lines the text may take; 0 for no limit.
    open var maximumNumberOfLines = 0
    /// How the last line ends when the text does not fit.
    open var lineBreakMode: LineBreakMode = .byWordWrapping
    /// Whether the container's width follows its text view's (data).
    open var widthTracksTextView = false
    /// Whether the container's height follows its text view's (data).
    open var heightTracksTextView = false
    /// The regions text flows around (data: Lifeloop's text does not flow around them).
    open var exclusionPaths: [BezierPath] = []

    /// A container of `size`.
    public init(size: CGSize) {
        self.size = size
        super.init()
    }

    /// A container with no size limit.
    public override convenience init() {
        self.init(size: .zero)
    }
}

/// UIKit's `NSTextTab`: a tab stop of a paragraph style.
open class NSTextTab: NSObject {
    /// The keys of a tab stop's options.
    public struct OptionKey: RawRepresentable, Hashable, Sendable {
        /// The key's name.
        public let rawValue: String
        /// A key of this name.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The characters that end a column (a `CharacterSet`).
        public static let columnTerminators = OptionKey(rawValue: "NSTabColumnTerminatorsAttributeName")
    }

    /// How text aligns at the stop.
    public let alignment: TextAlignment
    /// The stop's distance from the start of the line, in points.
    public let location: CGFloat
    /// The stop's options.
    public let options: [OptionKey: Any]

    /// A tab stop at `loc` points aligning text as `alignment`.
    public init(textAlignment alignment: TextAlignment, location loc: CGFloat, options: [OptionKey: Any] = [:]) {
        self.alignment = alignment
        self.location = loc
        self.options = options
        super.init()
    }

    /// Whether `object` is a tab stop of the same alignment and location.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? NSTextTab else { return false }
        return other.alignment == alignment && other.location == location
    }

    /// A hash of the alignment and location.
    open override var hash: Int {
        var hasher = Hasher()
        hasher.combine(alignment)
        hasher.combine(location)
        return hasher.finalize()
    }
}

extension ParagraphStyle {
    /// The paragraph's tab stops, by default twelve left-aligned stops 28 points apart, as
    /// in UIKit. Lifeloop's text drawing does not lay text out at tab stops: they are data.
    public var tabStops: [NSTextTab]! {
        get { values.tabStops ?? (1...12).map { NSTextTab(textAlignment: .left, location: CGFloat($0) * 28) } }
        set { values.tabStops = newValue }
    }
}

// MARK: Font descriptors

/// UIKit's `UIFontDescriptor`: a description of a font by family, face, size and traits,
/// from which ``Font/init(descriptor:size:)`` makes the font.
open class FontDescriptor: NSObject, @unchecked Sendable {
    /// The keys of a descriptor's attributes.
    public struct AttributeName: RawRepresentable, Hashable, Sendable {
        /// The key's name.
        public let rawValue: String
        /// A key of this name.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The family name (a `String`).
        public static let family = AttributeName(rawValue: "NSFontFamilyAttribute")
        /// The font's full name (a `String`).
        public static let name = AttributeName(rawValue: "NSFontNameAttribute")
        /// The face name, as "Bold" (a `String`).
        public static let face = AttributeName(rawValue: "NSFontFaceAttribute")
        /// The size in points (a `CGFloat` or `NSNumber`).
        public static let size = AttributeName(rawValue: "NSFontSizeAttribute")
        /// The traits (a dictionary keyed by ``FontDescriptor/TraitKey``).
        public static let traits = AttributeName(rawValue: "NSCTFontTraitsAttribute")
        /// The text style (a ``Font/TextStyle`` raw value).
        public static let textStyle = AttributeName(rawValue: "NSCTFontUIUsageAttribute")
        /// The font features (data: Lifeloop's fonts have none to turn on).
        public static let featureSettings = AttributeName(rawValue: "NSCTFontFeatureSettingsAttribute")
    }

    /// The keys of the traits dictionary.
    public struct TraitKey: RawRepresentable, Hashable, Sendable {
        /// The key's name.
        public let rawValue: String
        /// A key of this name.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The weight (a ``Font/Weight`` or its `CGFloat` raw value).
        public static let weight = TraitKey(rawValue: "NSCTFontWeightTrait")
        /// The width, from -1 (condensed) to 1 (expanded) (data).
        public static let width = TraitKey(rawValue: "NSCTFontProportionTrait")
        /// The slant, from -1 to 1; non-zero is italic.
        public static let slant = TraitKey(rawValue: "NSCTFontSlantTrait")
        /// The symbolic traits (a ``FontDescriptor/SymbolicTraits`` raw value).
        public static let symbolic = TraitKey(rawValue: "NSCTFontSymbolicTrait")
    }

    /// The style traits of a face.
    public struct SymbolicTraits: OptionSet, Hashable, Sendable {
        /// The raw bits.
        public let rawValue: UInt32
        /// Makes traits from their raw bits.
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// An italic face.
        public static let traitItalic = SymbolicTraits(rawValue: 1 << 0)
        /// A bold face.
        public static let traitBold = SymbolicTraits(rawValue: 1 << 1)
        /// An expanded face (data).
        public static let traitExpanded = SymbolicTraits(rawValue: 1 << 5)
        /// A condensed face (data).
        public static let traitCondensed = SymbolicTraits(rawValue: 1 << 6)
        /// A face whose characters all take one width.
        public static let traitMonoSpace = SymbolicTraits(rawValue: 1 << 10)
        /// A vertical face (data).
        public static let traitVertical = SymbolicTraits(rawValue: 1 << 11)
        /// A face optimized for the interface (data).
        public static let traitUIOptimized = SymbolicTraits(rawValue: 1 << 12)
        /// Tighter line spacing (data).
        public static let traitTightLeading = SymbolicTraits(rawValue: 1 << 15)
        /// Looser line spacing (data).
        public static let traitLooseLeading = SymbolicTraits(rawValue: 1 << 16)
    }

    /// The designs of the system font.
    public struct SystemDesign: RawRepresentable, Hashable, Sendable {
        /// The design's name.
        public let rawValue: String
        /// A design of this name.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The standard system font.
        public static let `default` = SystemDesign(rawValue: "NSCTFontUIFontDesignDefault")
        /// The rounded system font.
        public static let rounded = SystemDesign(rawValue: "NSCTFontUIFontDesignRounded")
        /// The monospaced system font.
        public static let monospaced = SystemDesign(rawValue: "NSCTFontUIFontDesignMonospaced")
        /// The serif system font.
        public static let serif = SystemDesign(rawValue: "NSCTFontUIFontDesignSerif")
    }

    /// The font this descriptor describes.
    let font: Font
    let extraAttributes: [AttributeName: Any]

    init(font: Font, extraAttributes: [AttributeName: Any] = [:]) {
        self.font = font
        self.extraAttributes = extraAttributes
        super.init()
    }

    /// A descriptor from `attributes`: its name or family, size, and traits (weight,
    /// slant and symbolic traits); the system font at 12 points for what is missing.
    public convenience init(fontAttributes attributes: [AttributeName: Any] = [:]) {
        let size = FontDescriptor.number(attributes[.size]) ?? 0
        var font: Font
        if let name = attributes[.name] as? String {
            font = Font(name: name, size: size) ?? .systemFont(ofSize: size)
        } else if let family = attributes[.family] as? String {
            let face = attributes[.face] as? String
            font = Font(name: face.map { "\(family)-\($0)" } ?? family, size: size) ?? .systemFont(ofSize: size)
        } else if let style = attributes[.textStyle] as? String {
            font = .preferredFont(forTextStyle: Font.TextStyle(rawValue: style))
        } else {
            font = .systemFont(ofSize: size)
        }
        if let traits = attributes[.traits] as? [TraitKey: Any] {
            if let weight = traits[.weight] as? Font.Weight {
                font.weight = weight
            } else if let weight = FontDescriptor.number(traits[.weight]) {
                font.weight = Font.Weight(weight)
            }
            if let slant = FontDescriptor.number(traits[.slant]), slant != 0 { font.isItalic = true }
            if let bits = traits[.symbolic] as? UInt32 {
                font = FontDescriptor.applying(SymbolicTraits(rawValue: bits), to: font)
            }
        }
        var extras = attributes
        for key in [AttributeName.name, .family, .face, .size, .traits] { extras[key] = nil }
        self.init(font: font, extraAttributes: extras)
    }

    /// A descriptor of the font named `fontName` at `size` points.
    public convenience init(name fontName: String, size: CGFloat) {
        self.init(font: Font(name: fontName, size: size) ?? .systemFont(ofSize: size))
    }

    /// The descriptor of a text style's font at the default content size.
    open class func preferredFontDescriptor(withTextStyle style: Font.TextStyle) -> FontDescriptor {
        FontDescriptor(font: .preferredFont(forTextStyle: style), extraAttributes: [.textStyle: style.rawValue])
    }

    /// The descriptor's attributes: name, family, size and traits, and any others it was
    /// made with.
    open var fontAttributes: [AttributeName: Any] {
        var attributes = extraAttributes
        attributes[.name] = font.fontName
        attributes[.family] = font.familyName
        attributes[.size] = font.pointSize
        attributes[.traits] = [TraitKey.weight: font.weight.rawValue, .symbolic: symbolicTraits.rawValue,
                               .slant: font.isItalic ? CGFloat(0.07) : CGFloat(0)] as [TraitKey: Any]
        return attributes
    }

    /// The size in points (0 when the descriptor leaves it to the font's maker).
    open var pointSize: CGFloat { font.pointSize }

    /// The face's style traits: bold, italic, monospaced.
    open var symbolicTraits: SymbolicTraits {
        var traits: SymbolicTraits = []
        if font.weight.rawValue >= Font.Weight.semibold.rawValue { traits.insert(.traitBold) }
        if font.isItalic { traits.insert(.traitItalic) }
        if font.fontName.lowercased().contains("mono") || font.fontName.hasPrefix("Courier")
            || font.fontName.hasPrefix("Menlo") { traits.insert(.traitMonoSpace) }
        return traits
    }

    /// The same font with exactly the style traits `symbolicTraits` (bold, italic and
    /// monospaced are honoured; the others are kept as data only).
    open func withSymbolicTraits(_ symbolicTraits: SymbolicTraits) -> FontDescriptor? {
        FontDescriptor(font: FontDescriptor.applying(symbolicTraits, to: font), extraAttributes: extraAttributes)
    }

    /// The same font in the system font's `design`.
    open func withDesign(_ design: SystemDesign) -> FontDescriptor? {
        var font = self.font
        let bold = font.weight.rawValue >= Font.Weight.bold.rawValue
        switch design {
        case .monospaced: font.fontName = bold ? ".SFMono-Bold" : ".SFMono-Regular"
        case .rounded: font.fontName = bold ? ".SFUIRounded-Bold" : ".SFUIRounded-Regular"
        case .serif: font.fontName = bold ? "NewYork-Bold" : "NewYork-Regular"
        default: font.fontName = bold ? ".SFUI-Bold" : font.isItalic ? ".SFUI-Italic" : ".SFUI-Regular"
        }
        return FontDescriptor(font: font, extraAttributes: extraAttributes)
    }

    /// The same font at `newPointSize` points.
    open func withSize(_ newPointSize: CGFloat) -> FontDescriptor {
        FontDescriptor(font: font.withSize(newPointSize), extraAttributes: extraAttributes)
    }

    /// The descriptor with `attributes` added (a new name, family, size or traits make a
    /// new font).
    open func addingAttributes(_ attributes: [AttributeName: Any]) -> FontDescriptor {
        FontDescriptor(fontAttributes: fontAttributes.merging(attributes) { $1 })
    }

    static func number(_ value: Any?) -> CGFloat? {
        switch value {
        case let value as CGFloat: return value
        case let value as Double: return CGFloat(value)
        case let value as Int: return CGFloat(value)
        case let value as Float: return CGFloat(value)
        case let value as NSNumber: return CGFloat(value.doubleValue)
        default: return nil
        }
    }

    static func applying(_ traits: SymbolicTraits, to font: Font) -> Font {
        var font = font
        let wasBold = font.weight.rawValue >= Font.Weight.semibold.rawValue
        if traits.contains(.traitBold) {
            if !wasBold { font.weight = .bold }
        } else if wasBold {
            font.weight = .regular
        }
        font.isItalic = traits.contains(.traitItalic)
        let bold = font.weight.rawValue >= Font.Weight.bold.rawValue
        if traits.contains(.traitMonoSpace) {
            font.fontName = bold ? ".SFMono-Bold" : ".SFMono-Regular"
        } else if font.fontName.hasPrefix(".SF") {
            font.fontName = bold ? ".SFUI-Bold" : font.isItalic ? ".SFUI-Italic" : ".SFUI-Regular"
        } else {
            let base = font.fontName.split(separator: "-").first.map(String.init) ?? font.fontName
            let face = bold && font.isItalic ? "-BoldItalic" : bold ? "-Bold" : font.isItalic ? "-Italic" : ""
            font.fontName = base + face
        }
        return font
    }
}

extension Font {
    /// The font's descriptor: its name, family, size and traits.
    public var fontDescriptor: FontDescriptor { FontDescriptor(font: self) }

    /// The font `descriptor` describes, at `pointSize` points (0 for the descriptor's size).
    public init(descriptor: FontDescriptor, size pointSize: CGFloat) {
        self = descriptor.font
        if pointSize > 0 { self.pointSize = pointSize }
    }

    /// The size UIKit gives small system text.
    public static var smallSystemFontSize: CGFloat { 12 }

    /// The font families an iPhone has (there are no font files on Linux: Lifeloop measures
    /// every family with the same metrics).
    public static var familyNames: [String] { FontFamilies.faces.keys.sorted() }

    /// The names of the fonts of `familyName`, as an iPhone lists them; empty for a family
    /// it does not have.
    public static func fontNames(forFamilyName familyName: String) -> [String] {
        FontFamilies.faces[familyName] ?? []
    }
}

enum FontFamilies {
    static let faces: [String: [String]] = [
        "Arial": ["ArialMT", "Arial-BoldMT", "Arial-ItalicMT", "Arial-BoldItalicMT"],
        "Avenir": ["Avenir-Book", "Avenir-Roman", "Avenir-Light", "Avenir-Medium", "Avenir-Heavy", "Avenir-Black"],
        "Avenir Next": ["AvenirNext-Regular", "AvenirNext-Medium", "AvenirNext-DemiBold", "AvenirNext-Bold"],
        "Courier New": ["CourierNewPSMT", "CourierNewPS-BoldMT", "CourierNewPS-ItalicMT"],
        "Georgia": ["Georgia", "Georgia-Bold", "Georgia-Italic", "Georgia-BoldItalic"],
        "Helvetica": ["Helvetica", "Helvetica-Bold", "Helvetica-Oblique", "Helvetica-Light"],
        "Helvetica Neue": ["HelveticaNeue", "HelveticaNeue-Bold", "HelveticaNeue-Medium", "HelveticaNeue-Light",
                           "HelveticaNeue-Thin", "HelveticaNeue-Italic"],
        "Menlo": ["Menlo-Regular", "Menlo-Bold", "Menlo-Italic", "Menlo-BoldItalic"],
        "Times New Roman": ["TimesNewRomanPSMT", "TimesNewRomanPS-BoldMT", "TimesNewRomanPS-ItalicMT"],
        "Verdana": ["Verdana", "Verdana-Bold", "Verdana-Italic", "Verdana-BoldItalic"],
    ]
}

// MARK: Text input traits

/// UIKit's `UIKeyboardAppearance`: the keyboard's look (data: Lifeloop shows no keyboard).
public enum KeyboardAppearance: Int, Hashable, Sendable {
    /// The system's default look.
    case `default`
    /// The dark keyboard.
    case dark
    /// The light keyboard.
    case light
    /// The keyboard of alerts (the dark one).
    public static let alert = KeyboardAppearance.dark
}

/// UIKit's `UITextContentType`: what a text input holds, for autofill (data on Linux).
public struct TextContentType: RawRepresentable, Hashable, Sendable {
    /// The type's name.
    public let rawValue: String
    /// A content type of this name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A content type of this name.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// A person's full name.
    public static let name = TextContentType("name")
    /// A given name.
    public static let givenName = TextContentType("given-name")
    /// A family name.
    public static let familyName = TextContentType("family-name")
    /// A nickname.
    public static let nickname = TextContentType("nickname")
    /// An organization's name.
    public static let organizationName = TextContentType("organization")
    /// A job title.
    public static let jobTitle = TextContentType("job-title")
    /// A street address's first line.
    public static let streetAddressLine1 = TextContentType("street-address-line1")
    /// A street address's second line.
    public static let streetAddressLine2 = TextContentType("street-address-line2")
    /// A full street address.
    public static let fullStreetAddress = TextContentType("street-address")
    /// A city.
    public static let addressCity = TextContentType("address-level2")
    /// A state or province.
    public static let addressState = TextContentType("address-level1")
    /// A postal code.
    public static let postalCode = TextContentType("postal-code")
    /// A country's name.
    public static let countryName = TextContentType("country-name")
    /// A phone number.
    public static let telephoneNumber = TextContentType("tel")
    /// An email address.
    public static let emailAddress = TextContentType("email")
    /// A web address.
    public static let URL = TextContentType("url")
    /// A credit card number.
    public static let creditCardNumber = TextContentType("cc-number")
    /// A user name.
    public static let username = TextContentType("username")
    /// A password.
    public static let password = TextContentType("password")
    /// A new password.
    public static let newPassword = TextContentType("new-password")
    /// A one-time code.
    public static let oneTimeCode = TextContentType("one-time-code")
    /// A place's name.
    public static let location = TextContentType("location")
}

/// UIKit's `UIDataDetectorTypes`: the kinds of data a text view turns into links (data:
/// Lifeloop's text views do not make links).
public struct DataDetectorTypes: OptionSet, Hashable, Sendable {
    /// The raw bits.
    public let rawValue: UInt
    /// Makes types from their raw bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Phone numbers.
    public static let phoneNumber = DataDetectorTypes(rawValue: 1 << 0)
    /// Web and mail links.
    public static let link = DataDetectorTypes(rawValue: 1 << 1)
    /// Addresses.
    public static let address = DataDetectorTypes(rawValue: 1 << 2)
    /// Calendar events.
    public static let calendarEvent = DataDetectorTypes(rawValue: 1 << 3)
    /// Shipment tracking numbers.
    public static let shipmentTrackingNumber = DataDetectorTypes(rawValue: 1 << 4)
    /// Flight numbers.
    public static let flightNumber = DataDetectorTypes(rawValue: 1 << 5)
    /// Lookup suggestions.
    public static let lookupSuggestion = DataDetectorTypes(rawValue: 1 << 6)
    /// Money amounts.
    public static let money = DataDetectorTypes(rawValue: 1 << 7)
    /// Physical values.
    public static let physicalValue = DataDetectorTypes(rawValue: 1 << 8)
    /// Every kind.
    public static let all = DataDetectorTypes(rawValue: UInt.max)
}

/// UIKit's `UITextInputMode`: a keyboard language. Lifeloop has no keyboards, so there are
/// no active input modes.
open class TextInputMode: NSObject {
    /// The keyboard's language, as a BCP 47 tag.
    open var primaryLanguage: String? { nil }

    /// The keyboards the user has turned on: none on Linux.
    open class var activeInputModes: [TextInputMode] { [] }
}

/// UIKit's `UITextPosition`: a place in a text input's text. Lifeloop's positions are
/// character offsets into the text.
open class TextPosition: NSObject {
    /// The number of characters before the position.
    let offset: Int

    init(offset: Int) {
        self.offset = offset
        super.init()
    }

    /// Whether `object` is a position at the same offset.
    open override func isEqual(_ object: Any?) -> Bool {
        (object as? TextPosition)?.offset == offset
    }

    /// A hash of the offset.
    open override var hash: Int { offset.hashValue }
}

/// UIKit's `UITextRange`: a run of a text input's text, between two positions.
open class TextRange: NSObject {
    let startPosition: TextPosition
    let endPosition: TextPosition

    init(start: TextPosition, end: TextPosition) {
        self.startPosition = start
        self.endPosition = end
        super.init()
    }

    /// Where the range begins.
    open var start: TextPosition { startPosition }
    /// Where the range ends.
    open var end: TextPosition { endPosition }
    /// Whether the range holds no characters (a caret).
    open var isEmpty: Bool { startPosition.offset == endPosition.offset }
}

/// The text input traits and attributed text a label, text field or text view keeps as
/// data on Linux.
struct TextInputExtras {
    var attributedText: NSAttributedString?
    var attributedPlaceholder: NSAttributedString?
    var inputAccessoryView: View?
    var inputView: View?
    var keyboardAppearance: KeyboardAppearance = .default
    var enablesReturnKeyAutomatically = false
    var textContentType: TextContentType?
    var selectedRange: NSRange?
    var adjustsFontForContentSizeCategory = false
    var textContainer: NSTextContainer?
    var dataDetectorTypes: DataDetectorTypes = []
    var linkTextAttributes: [NSAttributedString.Key: Any] = [:]
}

extension Label {
    /// Whether the label's font follows the user's text size (data: Lifeloop's content
    /// size never changes).
    public var adjustsFontForContentSizeCategory: Bool {
        get { textExtras.adjustsFontForContentSizeCategory }
        set { textExtras.adjustsFontForContentSizeCategory = newValue }
    }
}

extension TextField {
    /// The placeholder as attributed text; its string is the field's placeholder.
    public var attributedPlaceholder: NSAttributedString? {
        get {
            if let stored = textExtras.attributedPlaceholder, stored.string == placeholder { return stored }
            return placeholder.map { NSAttributedString(string: $0) }
        }
        set {
            textExtras.attributedPlaceholder = newValue
            placeholder = newValue?.string
        }
    }

    /// The text as attributed text; its string is the field's text (Lifeloop draws the
    /// string in the field's font and color).
    public var attributedText: NSAttributedString? {
        get {
            if let stored = textExtras.attributedText, stored.string == (text ?? "") { return stored }
            return NSAttributedString(string: text ?? "")
        }
        set {
            textExtras.attributedText = newValue
            text = newValue?.string ?? ""
        }
    }

    /// The keyboard's look (data).
    public var keyboardAppearance: KeyboardAppearance {
        get { textExtras.keyboardAppearance }
        set { textExtras.keyboardAppearance = newValue }
    }

    /// Whether the return key is off while the text is empty (data).
    public var enablesReturnKeyAutomatically: Bool {
        get { textExtras.enablesReturnKeyAutomatically }
        set { textExtras.enablesReturnKeyAutomatically = newValue }
    }

    /// What the field holds, for autofill (data).
    public var textContentType: TextContentType! {
        get { textExtras.textContentType }
        set { textExtras.textContentType = newValue }
    }

    private var characterCount: Int { (text ?? "").count }

    /// The position before the first character.
    public var beginningOfDocument: TextPosition { TextPosition(offset: 0) }
    /// The position after the last character.
    public var endOfDocument: TextPosition { TextPosition(offset: characterCount) }

    /// The position `offset` characters from `position`; nil outside the text.
    public func position(from position: TextPosition, offset: Int) -> TextPosition? {
        let target = position.offset + offset
        return (0...characterCount).contains(target) ? TextPosition(offset: target) : nil
    }

    /// The range from `fromPosition` to `toPosition`, in text order; nil outside the text.
    public func textRange(from fromPosition: TextPosition, to toPosition: TextPosition) -> TextRange? {
        let bounds = 0...characterCount
        guard bounds.contains(fromPosition.offset), bounds.contains(toPosition.offset) else { return nil }
        return fromPosition.offset <= toPosition.offset ? TextRange(start: fromPosition, end: toPosition)
            : TextRange(start: toPosition, end: fromPosition)
    }

    /// The number of characters from `from` to `toPosition` (negative when it is earlier).
    public func offset(from: TextPosition, to toPosition: TextPosition) -> Int {
        toPosition.offset - from.offset
    }

    /// The selection, as character positions; the caret after the last character unless
    /// set. Keys type over it and delete before it; setting the text puts it at the end.
    public var selectedTextRange: TextRange? {
        get {
            let count = characterCount
            guard let range = textExtras.selectedRange else {
                return TextRange(start: TextPosition(offset: count), end: TextPosition(offset: count))
            }
            let start = min(range.location, count)
            let end = min(range.location + range.length, count)
            return TextRange(start: TextPosition(offset: start), end: TextPosition(offset: end))
        }
        set {
            textExtras.selectedRange = newValue.map {
                NSRange(location: $0.start.offset, length: $0.end.offset - $0.start.offset)
            }
        }
    }
}

extension TextView {
    /// A text view that lays its text out in `textContainer` (a new container for nil).
    public convenience init(frame: CGRect, textContainer: NSTextContainer?) {
        self.init(frame: frame)
        textExtras.textContainer = textContainer
    }

    /// The container the text is laid out in (its settings are data: Lifeloop lays the
    /// text out at the view's width).
    public var textContainer: NSTextContainer {
        if let container = textExtras.textContainer { return container }
        let container = NSTextContainer(size: CGSize(width: bounds.width, height: .greatestFiniteMagnitude))
        textExtras.textContainer = container
        return container
    }

    /// The kinds of data shown as links (data: Lifeloop's text views make no links).
    public var dataDetectorTypes: DataDetectorTypes {
        get { textExtras.dataDetectorTypes }
        set { textExtras.dataDetectorTypes = newValue }
    }

    /// The attributes links are shown with (data).
    public var linkTextAttributes: [NSAttributedString.Key: Any]! {
        get { textExtras.linkTextAttributes }
        set { textExtras.linkTextAttributes = newValue ?? [:] }
    }

    /// The keyboard's look (data).
    public var keyboardAppearance: KeyboardAppearance {
        get { textExtras.keyboardAppearance }
        set { textExtras.keyboardAppearance = newValue }
    }

    /// What the view holds, for autofill (data).
    public var textContentType: TextContentType! {
        get { textExtras.textContentType }
        set { textExtras.textContentType = newValue }
    }

    /// Whether the return key is off while the text is empty (data).
    public var enablesReturnKeyAutomatically: Bool {
        get { textExtras.enablesReturnKeyAutomatically }
        set { textExtras.enablesReturnKeyAutomatically = newValue }
    }
}

// MARK: Foundation on iOS

/// Foundation's `NSInteger` on Darwin: `Int`.
public typealias NSInteger = Int
/// Foundation's `NSUInteger` on Darwin: `UInt`.
public typealias NSUInteger = UInt
/// Foundation's `NSErrorPointer`: where a method that fails writes its error.
public typealias NSErrorPointer = UnsafeMutablePointer<NSError?>?

/// Foundation's `NSKeyValueChangeKey` on Darwin: the keys of a key-value observing change
/// dictionary.
public struct NSKeyValueChangeKey: RawRepresentable, Hashable, Sendable {
    /// The key's name.
    public let rawValue: String
    /// A key of this name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The kind of change (an `NSKeyValueChange` raw value).
    public static let kindKey = NSKeyValueChangeKey(rawValue: "kind")
    /// The new value.
    public static let newKey = NSKeyValueChangeKey(rawValue: "new")
    /// The old value.
    public static let oldKey = NSKeyValueChangeKey(rawValue: "old")
    /// The changed indexes of a collection.
    public static let indexesKey = NSKeyValueChangeKey(rawValue: "indexes")
    /// Whether the report comes before the change.
    public static let notificationIsPriorKey = NSKeyValueChangeKey(rawValue: "notificationIsPrior")
}

/// Foundation's `NSHashTable` on Darwin: a set of objects, held weakly or strongly. A weak
/// table forgets an object once nothing else holds it.
open class NSHashTable<ObjectType: AnyObject> {
    private struct Entry {
        weak var weakObject: ObjectType?
        var strongObject: ObjectType?
        var object: ObjectType? { strongObject ?? weakObject }
    }

    private let holdsWeakly: Bool
    private var entries: [Entry] = []

    init(weak: Bool) {
        holdsWeakly = weak
    }

    /// A table that holds its objects strongly.
    public convenience init() {
        self.init(weak: false)
    }

    /// A table that holds its objects weakly.
    open class func weakObjects() -> NSHashTable<ObjectType> {
        NSHashTable(weak: true)
    }

    /// A table that holds its objects strongly.
    open class func strongObjects() -> NSHashTable<ObjectType> {
        NSHashTable(weak: false)
    }

    /// Adds `object`, once (nil is ignored).
    open func add(_ object: ObjectType?) {
        guard let object, !contains(object) else { return }
        entries.append(holdsWeakly ? Entry(weakObject: object, strongObject: nil) : Entry(weakObject: nil, strongObject: object))
    }

    /// Removes `object` (nil is ignored).
    open func remove(_ object: ObjectType?) {
        guard let object else { return }
        entries.removeAll { $0.object == nil || $0.object === object }
    }

    /// Removes every object.
    open func removeAllObjects() {
        entries.removeAll()
    }

    /// Whether the table holds `anObject`.
    open func contains(_ anObject: ObjectType?) -> Bool {
        guard let anObject else { return false }
        return entries.contains { $0.object === anObject }
    }

    /// The objects still held, in the order they were added.
    open var allObjects: [ObjectType] { entries.compactMap(\.object) }

    /// One of the objects, or nil for an empty table.
    open var anyObject: ObjectType? { allObjects.first }

    /// The number of objects still held.
    open var count: Int { allObjects.count }
}

extension Label {
    var storedAttributedText: NSAttributedString? {
        guard let text else { return nil }
        if let stored = textExtras.attributedText, stored.string == text { return stored }
        return NSAttributedString(string: text, attributes: [.font: font as Any, .foregroundColor: textColor as Any])
    }

    func setAttributedText(_ attributedText: NSAttributedString?) {
        textExtras.attributedText = attributedText
        if let attributedText, attributedText.length > 0 {
            let attributes = attributedText.attributes(at: 0, effectiveRange: nil)
            if let font = attributes[.font] as? Font { self.font = font }
            if let color = attributes[.foregroundColor] as? Color { textColor = color }
        }
        text = attributedText?.string
    }
}
