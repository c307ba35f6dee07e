import Foundation

/// One app's resources as iOS finds them in its bundle: Info.plist and files through
/// ``bundle``, asset catalog colors and images (``catalog``), and localized strings
/// (``localizedString(forKey:value:table:)``).
///
/// Each app has its own, made the first time its thread asks (``current``) and kept for
/// the app's life on that thread (remade when its ``Application/bundlePath`` changes).
/// Not `Sendable`: use it on the app's thread.
public final class AppResources {
    /// The bundle folder, or nil for an app without one.
    public let bundlePath: String?
    /// The app's bundle: Foundation's `Bundle(path:)` on the folder (Info.plist at its
    /// top, resources beside it), or `Bundle.main` for an app without a folder.
    public let bundle: Bundle
    /// The localizations looked in, in order: English (as on a device set to English),
    /// the development region, `Base`, then the folder's top.
    public let languages: [String]
    private var storedCatalog: AssetCatalog?
    private var tables: [String: [String: String]] = [:]

    /// Resources read from a bundle folder (nil: none, `Bundle.main` as the bundle).
    public init(bundlePath: String?) {
        self.bundlePath = bundlePath
        let bundle = bundlePath.flatMap { Bundle(path: $0) } ?? .main
        self.bundle = bundle
        var languages = ["en"]
        if let region = bundle.infoDictionary?["CFBundleDevelopmentRegion"] as? String, !region.isEmpty,
           !languages.contains(region) {
            languages.append(region)
        }
        languages.append("Base")
        self.languages = languages
    }

    /// The app's asset catalogs (every `*.xcassets` at the folder's top), read once.
    public var catalog: AssetCatalog {
        if let storedCatalog { return storedCatalog }
        let catalog = bundlePath.map { AssetCatalog(bundleFolder: $0) } ?? AssetCatalog()
        storedCatalog = catalog
        return catalog
    }

    /// The resources of the calling thread's app, nil on a thread without one.
    public static var current: AppResources? {
        guard let app = Application.current else { return nil }
        return of(app)
    }

    /// The per-thread slot keeping the thread's app's resources.
    private final class Slot {
        weak var app: Application?
        var resources: AppResources?
    }

    private static let slotKey = "org.lifeloop.AppResources"

    /// `app`'s resources (on its thread): kept in the thread's dictionary, so that apps
    /// on other threads never see them.
    static func of(_ app: Application) -> AppResources {
        let dictionary = Thread.current.threadDictionary
        let slot: Slot
        if let existing = dictionary[slotKey] as? Slot {
            slot = existing
        } else {
            slot = Slot()
            dictionary[slotKey] = slot
        }
        if slot.app === app, let resources = slot.resources, resources.bundlePath == app.bundlePath {
            return resources
        }
        let resources = AppResources(bundlePath: app.bundlePath)
        slot.app = app
        slot.resources = resources
        return resources
    }

    /// The string for `key` in `table` (`Localizable` for nil): the first of
    /// ``languages`` whose `<language>.lproj/<table>.strings` has it, else the folder's
    /// own `<table>.strings`; else `value` when not empty; else the key, as Foundation.
    public func localizedString(forKey key: String, value: String?, table: String?) -> String {
        let name = (table?.isEmpty ?? true) ? "Localizable" : table!
        for folder in languages.map({ $0 + ".lproj/" }) + [""] {
            if let found = strings(folder + name + ".strings")[key] { return found }
        }
        if let value, !value.isEmpty { return value }
        return key
    }

    private func strings(_ relative: String) -> [String: String] {
        if let table = tables[relative] { return table }
        let table = bundlePath.flatMap { StringsFile.entries(path: $0 + "/" + relative) } ?? [:]
        tables[relative] = table
        return table
    }

    /// A catalog color by name, for a user-interface style.
    public func color(named name: String, style: TraitCollection.Style = .unspecified) -> Color? {
        catalog.colors[name]?.resolved(for: style)
    }

    /// An image by name, its size in points and its scale, for a screen scale: a catalog
    /// imageset (a PDF one at the screen's scale), else `name.png` / `name@2x.png` / `name@3x.png` (or `name` with its
    /// extension) at the folder's top.
    public func image(named name: String, screenScale: Double) -> (size: Size, scale: Double)? {
        if let variant = catalog.images[name]?.variant(forScale: screenScale) {
            return variant.points(screenScale: screenScale)
        }
        guard let bundlePath else { return nil }
        let base = name.hasSuffix(".png") || name.hasSuffix(".jpg") ? String(name.dropLast(4)) : name
        let ext = name.hasSuffix(".jpg") ? "jpg" : "png"
        var files: [(scale: Double, path: String)] = []
        for scale in [1.0, 2, 3] {
            let path = bundlePath + "/" + base + (scale == 1 ? "" : "@\(Int(scale))x") + "." + ext
            if FileManager.default.fileExists(atPath: path) { files.append((scale, path)) }
        }
        guard let file = files.first(where: { $0.scale >= screenScale }) ?? files.last,
              let pixels = ImageFile.pixelSize(path: file.path) else { return nil }
        return (Size(width: pixels.width / file.scale, height: pixels.height / file.scale), file.scale)
    }

    /// The resources a lookup with `bundle` reads: the current app's for nil, `Bundle.main`
    /// or the app's own bundle; the bundle's folder's otherwise (read each time).
    public static func resources(for bundle: Bundle?) -> AppResources? {
        let current = AppResources.current
        guard let bundle, bundle !== Bundle.main else { return current }
        if let current, bundle === current.bundle || bundle.bundlePath == current.bundlePath { return current }
        return AppResources(bundlePath: bundle.bundlePath)
    }
}

extension Bundle {
    /// The calling thread's app's bundle (its ``Application/bundlePath`` folder): what
    /// `Bundle.main` is to an app's own code on iOS. The port step writes this for
    /// `Bundle.main` in an app's sources. Made once per app; `Bundle.main` (the
    /// process's) on a thread without an app or for an app without a folder.
    public static var lifeloopMain: Bundle {
        AppResources.current?.bundle ?? .main
    }
}

/// Foundation's `NSLocalizedString`, looking in the calling thread's app's bundle by
/// default (``AppResources/localizedString(forKey:value:table:)``) rather than the
/// process's `Bundle.main`; another bundle is asked itself. The port step writes this
/// for `NSLocalizedString` in an app's sources (a function of the same name here would
/// be ambiguous with Foundation's).
public func lifeloopLocalizedString(_ key: String, tableName: String? = nil, bundle: Bundle = Bundle.lifeloopMain,
                              value: String = "", comment: String) -> String {
    if let resources = AppResources.current, bundle === resources.bundle || bundle === Bundle.main {
        return resources.localizedString(forKey: key, value: value, table: tableName)
    }
    return bundle.localizedString(forKey: key, value: value, table: tableName)
}

extension String {
    /// The localized string for `key` (iOS 15's `String(localized:)`, with a plain string
    /// key: an interpolated key is looked up as its interpolated text), from the app's
    /// bundle by default.
    public init(localized key: String, defaultValue: String? = nil, table: String? = nil, bundle: Bundle? = nil,
                locale: Locale = .current, comment: StaticString? = nil) {
        self = lifeloopLocalizedString(key, tableName: table, bundle: bundle ?? Bundle.lifeloopMain,
                                 value: defaultValue ?? "", comment: "")
    }
}
