import Foundation

/// What an app's asset catalogs (`*.xcassets` folders) name: colors (`*.colorset`) and
/// images (`*.imageset`), read from their `Contents.json` files as Xcode writes them.
///
/// Names are the sets' folder names, prefixed by `Folder/` for a folder whose
/// `Contents.json` says `"provides-namespace": true`, as in the built app.
public struct AssetCatalog: Sendable {
    /// The colors, by name.
    public var colors: [String: NamedColor] = [:]
    /// The images, by name.
    public var images: [String: NamedImage] = [:]

    /// An empty catalog.
    public init() {}

    /// The catalogs in `folder` (each `*.xcassets` directly in it, links followed) merged,
    /// the first by file name winning a name.
    public init(bundleFolder folder: String) {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        for name in names where name.hasSuffix(".xcassets") {
            let catalog = AssetCatalog(catalog: folder + "/" + name)
            colors.merge(catalog.colors) { first, _ in first }
            images.merge(catalog.images) { first, _ in first }
        }
    }

    /// One `*.xcassets` folder.
    public init(catalog path: String) {
        read(folder: path, prefix: "")
    }

    private mutating func read(folder: String, prefix: String) {
        let entries = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        for entry in entries {
            let path = folder + "/" + entry
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else { continue }
            let base = (entry as NSString).deletingPathExtension
            let contents = Self.json(path + "/Contents.json")
            if entry.hasSuffix(".colorset") {
                if colors[prefix + base] == nil, let contents, let color = NamedColor(contents: contents) {
                    colors[prefix + base] = color
                }
            } else if entry.hasSuffix(".imageset") {
                if images[prefix + base] == nil, let contents, let image = NamedImage(contents: contents, folder: path) {
                    images[prefix + base] = image
                }
            } else if !entry.contains(".") || entry.hasSuffix(".folder") {
                let properties = contents?["properties"] as? [String: Any]
                let namespace = (properties?["provides-namespace"] as? Bool) == true
                read(folder: path, prefix: namespace ? prefix + entry + "/" : prefix)
            }
        }
    }

    static func json(_ path: String) -> [String: Any]? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }

    /// Whether an entry's idiom is one an iPhone app uses.
    static func isPhoneIdiom(_ entry: [String: Any]) -> Bool {
        let idiom = entry["idiom"] as? String ?? "universal"
        return idiom == "universal" || idiom == "iphone"
    }

    /// The luminosity an entry's `appearances` ask for: nil for any, `light` or `dark`;
    /// `skip` for one with another appearance (high contrast).
    static func luminosity(_ entry: [String: Any]) -> (style: String?, skip: Bool) {
        var style: String?
        for appearance in entry["appearances"] as? [[String: Any]] ?? [] {
            let kind = appearance["appearance"] as? String, value = appearance["value"] as? String
            if kind == "luminosity" { style = value } else { return (nil, true) }
        }
        return (style, false)
    }
}

/// A named color of an asset catalog: its any-appearance value and its light and dark
/// ones, where the catalog gives them.
public struct NamedColor: Hashable, Sendable {
    /// The color for any appearance (or the light one when only light and dark are given).
    public var any: Color
    /// The light appearance's, if given.
    public var light: Color?
    /// The dark appearance's, if given.
    public var dark: Color?

    /// A color with its appearances.
    public init(any: Color, light: Color? = nil, dark: Color? = nil) {
        self.any = any
        self.light = light
        self.dark = dark
    }

    /// The color for a user-interface style: dark's for `.dark`, light's for `.light`,
    /// else any's.
    public func resolved(for style: TraitCollection.Style) -> Color {
        switch style {
        case .dark: return dark ?? any
        case .light: return light ?? any
        case .unspecified: return any
        }
    }

    /// A colorset's `Contents.json`; nil when it has no usable color.
    init?(contents: [String: Any]) {
        var any: Color?, light: Color?, dark: Color?
        for entry in contents["colors"] as? [[String: Any]] ?? [] where AssetCatalog.isPhoneIdiom(entry) {
            let (style, skip) = AssetCatalog.luminosity(entry)
            guard !skip, let value = entry["color"] as? [String: Any], let color = Self.color(value) else { continue }
            switch style {
            case "dark": dark = dark ?? color
            case "light": light = light ?? color
            default: any = any ?? color
            }
        }
        guard let resolved = any ?? light ?? dark else { return nil }
        self.init(any: resolved, light: light, dark: dark)
    }

    /// A `color` object: components (sRGB, Display P3 taken as sRGB, gray) or a system
    /// color by `reference`.
    static func color(_ value: [String: Any]) -> Color? {
        if let reference = value["reference"] as? String {
            return InterfaceBuilderReader.systemColors[reference] ?? Self.references[reference]
        }
        guard let components = value["components"] as? [String: Any] else { return nil }
        let alpha = components["alpha"].flatMap { component($0, isAlpha: true) } ?? 1
        if let white = components["white"].flatMap({ component($0, isAlpha: false) }) {
            return Color(red: white, green: white, blue: white, alpha: alpha)
        }
        guard let red = components["red"].flatMap({ component($0, isAlpha: false) }),
              let green = components["green"].flatMap({ component($0, isAlpha: false) }),
              let blue = components["blue"].flatMap({ component($0, isAlpha: false) }) else { return nil }
        return Color(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// A component as Xcode writes it: `"0.500"` (0–1), `"128"` (0–255), `"0x80"` (hex,
    /// 0–255). An alpha with no point is 0–1 when it is 0 or 1.
    static func component(_ raw: Any, isAlpha: Bool) -> Double? {
        let text: String
        if let string = raw as? String {
            text = string.trimmingCharacters(in: .whitespaces)
        } else if let number = raw as? NSNumber {
            let value = number.doubleValue
            return value > 1 ? min(value / 255, 1) : max(value, 0)
        } else {
            return nil
        }
        let value: Double
        if text.lowercased().hasPrefix("0x") {
            guard let number = Int(text.dropFirst(2), radix: 16) else { return nil }
            value = Double(number) / 255
        } else if text.contains(".") || text.contains("e") {
            guard let number = Double(text) else { return nil }
            value = number
        } else {
            guard let number = Int(text) else { return nil }
            value = isAlpha && number <= 1 ? Double(number) : Double(number) / 255
        }
        return value.isFinite ? min(max(value, 0), 1) : nil
    }

    /// System colors a colorset may name, beyond the storyboard reader's.
    static let references: [String: Color] = [
        "systemOrangeColor": .systemOrange, "systemYellowColor": .systemYellow, "systemPinkColor": .systemPink,
        "systemPurpleColor": .systemPurple, "systemTealColor": .systemTeal, "systemIndigoColor": .systemIndigo,
        "systemBrownColor": .systemBrown, "systemMintColor": .systemMint, "systemCyanColor": .systemCyan,
        "systemGray2Color": .systemGray2, "systemGray3Color": .systemGray3, "systemGray4Color": .systemGray4,
        "systemGray5Color": .systemGray5, "systemGray6Color": .systemGray6, "separatorColor": .separator,
        "systemGroupedBackgroundColor": .systemGroupedBackground, "systemFillColor": .systemFill,
    ]
}

/// A named image of an asset catalog: its files by scale, with their sizes in pixels.
public struct NamedImage: Hashable, Sendable {
    /// One file.
    public struct Variant: Hashable, Sendable {
        /// The scale it is for (1, 2 or 3; 1 for a single-scale image).
        public var scale: Double
        /// The file.
        public var path: String
        /// Its size in pixels (zero when the file is not a PNG or JPEG that can be read);
        /// for a vector (PDF) file, its size in points.
        public var pixels: Size
        /// Whether it is a PDF, which Xcode renders at every scale.
        public var isVector = false

        /// Its size in points and its scale on a screen of `screenScale` (a vector file's
        /// at that scale).
        public func points(screenScale: Double) -> (size: Size, scale: Double) {
            if isVector { return (pixels, screenScale) }
            return (Size(width: pixels.width / scale, height: pixels.height / scale), scale)
        }
    }

    /// The files, by increasing scale.
    public var variants: [Variant]

    /// The file for a screen scale: that scale's, else the next larger, else the largest.
    public func variant(forScale scale: Double) -> Variant? {
        variants.first { $0.scale >= scale } ?? variants.last
    }

    /// An imageset's `Contents.json`; nil when it names no file.
    init?(contents: [String: Any], folder: String) {
        var found: [Double: Variant] = [:]
        for entry in contents["images"] as? [[String: Any]] ?? [] where AssetCatalog.isPhoneIdiom(entry) {
            let (style, skip) = AssetCatalog.luminosity(entry)
            guard !skip, style != "dark", let file = entry["filename"] as? String else { continue }
            let scaleText = (entry["scale"] as? String ?? "1x").replacingOccurrences(of: "x", with: "")
            let scale = Double(scaleText) ?? 1
            if found[scale] != nil, style == nil { continue }
            let path = folder + "/" + file
            if file.lowercased().hasSuffix(".pdf") {
                found[scale] = Variant(scale: scale, path: path, pixels: ImageFile.pageSize(path: path) ?? .zero, isVector: true)
            } else {
                found[scale] = Variant(scale: scale, path: path, pixels: ImageFile.pixelSize(path: path) ?? .zero)
            }
        }
        guard !found.isEmpty else { return nil }
        variants = found.values.sorted { $0.scale < $1.scale }
    }
}

/// Image files' sizes, read from their headers (pixels are not decoded).
enum ImageFile {
    /// A PNG's (IHDR) or a JPEG's (SOF) size in pixels.
    static func pixelSize(path: String) -> Size? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        return pixelSize(bytes: [UInt8]((try? handle.read(upToCount: 64 * 1024)) ?? Data()))
    }

    /// A PNG's or a JPEG's size in pixels, from its first bytes.
    static func pixelSize(bytes: [UInt8]) -> Size? {
        if bytes.count >= 24, bytes[0] == 0x89, bytes[1] == 0x50, bytes[2] == 0x4E, bytes[3] == 0x47 {
            return Size(width: Double(bigEndian(bytes, 16, 4)), height: Double(bigEndian(bytes, 20, 4)))
        }
        if bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 {
            var index = 2
            while index + 9 < bytes.count, bytes[index] == 0xFF {
                let marker = bytes[index + 1]
                let length = bigEndian(bytes, index + 2, 2)
                if (0xC0...0xCF).contains(marker), marker != 0xC4, marker != 0xC8, marker != 0xCC {
                    return Size(width: Double(bigEndian(bytes, index + 7, 2)), height: Double(bigEndian(bytes, index + 5, 2)))
                }
                index += 2 + length
            }
        }
        return nil
    }

    /// A PDF's first page size in points (its first `/MediaBox`, when not compressed away).
    static func pageSize(path: String) -> Size? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        let data = (try? handle.read(upToCount: 1 << 20)) ?? Data()
        let text = String(decoding: data.map { $0 < 0x80 ? $0 : 0x20 }, as: UTF8.self)
        guard let box = text.range(of: "/MediaBox"), let open = text[box.upperBound...].firstIndex(of: "["),
              let close = text[open...].firstIndex(of: "]") else { return nil }
        let numbers = text[text.index(after: open)..<close].split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\r" })
            .compactMap { Double($0) }
        guard numbers.count == 4 else { return nil }
        return Size(width: abs(numbers[2] - numbers[0]), height: abs(numbers[3] - numbers[1]))
    }

    private static func bigEndian(_ bytes: [UInt8], _ start: Int, _ count: Int) -> Int {
        bytes[start..<(start + count)].reduce(0) { $0 << 8 | Int($1) }
    }
}
