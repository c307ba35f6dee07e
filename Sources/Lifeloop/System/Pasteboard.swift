import Foundation

/// The contents of one named pasteboard of one app: what every ``Pasteboard`` of that name
/// reads and writes.
final class PasteboardStore {
    var items: [[String: Any]] = []
    var changeCount = 0
}

/// A pasteboard: UIKit's `UIPasteboard`, the place copy and paste go through.
///
/// Each app has its own pasteboards (`UIPasteboard.general` is the calling thread's app's),
/// so two apps in one process never see each other's copies, and nothing reaches the host
/// machine's clipboard. An item is a dictionary from a type identifier to a value: the
/// typed properties (``string``, ``url``, ``image``, ``color``) write one item per value,
/// with the identifiers ``textType``, ``urlType``, ``imageType`` and ``colorType``.
///
/// Every change adds one to ``changeCount``, is traced (`pasteboard changed <name>`) and
/// posts ``changedNotification`` on the app's ``Application/notificationCenter``.
public final class Pasteboard {
    /// A pasteboard's name: UIKit's `UIPasteboard.Name`.
    public struct Name: RawRepresentable, Hashable, Sendable {
        /// The name's string.
        public let rawValue: String
        /// A name from its string.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// A name from its string.
        public init(_ rawValue: String) { self.rawValue = rawValue }
        /// The general pasteboard's name, UIKit's.
        public static let general = Name("com.apple.UIKit.pboard.general")
        /// The find pasteboard's name (the last search string), UIKit's.
        public static let find = Name("com.apple.UIKit.pboard.find")
    }

    /// A key of ``setItems(_:options:)``'s options: UIKit's `UIPasteboard.OptionsKey`.
    public struct OptionsKey: RawRepresentable, Hashable, Sendable {
        /// The key's string.
        public let rawValue: String
        /// A key from its string.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// When the items expire: accepted and ignored (nothing expires in Lifeloop).
        public static let expirationDate = OptionsKey(rawValue: "com.apple.UIKit.pasteboard.expirationDate")
        /// Keep the items on this device: accepted and ignored (there is only this one).
        public static let localOnly = OptionsKey(rawValue: "com.apple.UIKit.pasteboard.localOnly")
    }

    /// Posted on the app's notification center after each change of a pasteboard, the
    /// pasteboard as its object.
    public static let changedNotification = Notification.Name("UIPasteboardChangedNotification")
    /// Posted on the app's notification center when ``remove(withName:)`` removes a
    /// pasteboard.
    public static let removedNotification = Notification.Name("UIPasteboardRemovedNotification")

    /// The type identifier of the text ``string`` and ``strings`` write.
    public static let textType = "public.utf8-plain-text"
    /// The type identifier of the URLs ``url`` and ``urls`` write.
    public static let urlType = "public.url"
    /// The type identifier of the images ``image`` and ``images`` write.
    public static let imageType = "public.png"
    /// The type identifier of the colors ``color`` and ``colors`` write.
    public static let colorType = "com.apple.uikit.color"
    /// The type identifiers whose values ``string`` and ``strings`` read.
    static let textTypes: Set<String> = [textType, "public.text", "public.plain-text", "public.utf16-plain-text"]

    /// The pasteboard's name.
    public let name: Name
    private let store: PasteboardStore
    private let link: AppLink?
    private var app: Application? { link?.app }

    private init(name: Name, store: PasteboardStore, app: Application?) {
        self.name = name
        self.store = store
        self.link = app?.link
    }

    /// The app's store for `name`, made when `create` is true.
    private static func store(_ name: Name, in app: Application, create: Bool) -> PasteboardStore? {
        if let store = app.systemServices.pasteboards[name.rawValue] { return store }
        guard create else { return nil }
        let store = PasteboardStore()
        app.systemServices.pasteboards[name.rawValue] = store
        return store
    }

    /// The general pasteboard of the calling thread's app, for copy and paste: UIKit's
    /// `UIPasteboard.general`, the same object on every call. On a thread where no app runs,
    /// an empty pasteboard that belongs to no app and keeps nothing.
    public static var general: Pasteboard {
        guard let app = Application.current, let store = store(.general, in: app, create: true) else {
            return Pasteboard(name: .general, store: PasteboardStore(), app: nil)
        }
        if let general = app.systemServices.generalPasteboard, general.store === store { return general }
        let general = Pasteboard(name: .general, store: store, app: app)
        app.systemServices.generalPasteboard = general
        return general
    }

    /// The calling thread's app's pasteboard called `pasteboardName`, made empty when there
    /// is none yet and `create` is true; nil when there is none and `create` is false, or
    /// when no app runs on the thread. Every pasteboard of one name shares its contents.
    public convenience init?(name pasteboardName: Name, create: Bool) {
        guard let app = Application.current, let store = Self.store(pasteboardName, in: app, create: create) else {
            return nil
        }
        self.init(name: pasteboardName, store: store, app: app)
    }

    /// A new, empty pasteboard of the calling thread's app, under a name no other pasteboard
    /// has (`com.apple.UIKit.pboard.unique.1`, then 2, counted per app so runs repeat).
    public static func withUniqueName() -> Pasteboard {
        guard let app = Application.current else {
            return Pasteboard(name: Name("com.apple.UIKit.pboard.unique.1"), store: PasteboardStore(), app: nil)
        }
        app.systemServices.uniquePasteboards += 1
        let name = Name("com.apple.UIKit.pboard.unique.\(app.systemServices.uniquePasteboards)")
        let store = PasteboardStore()
        app.systemServices.pasteboards[name.rawValue] = store
        return Pasteboard(name: name, store: store, app: app)
    }

    /// Removes the calling thread's app's pasteboard called `pasteboardName` and its
    /// contents (a pasteboard still held reads on as it was), posting ``removedNotification``.
    public static func remove(withName pasteboardName: Name) {
        guard let app = Application.current,
              app.checkLoopThread(label: "pasteboard", operation: "remove(withName:)"),
              app.systemServices.pasteboards.removeValue(forKey: pasteboardName.rawValue) != nil else { return }
        app.loop.record(label: "pasteboard", event: "removed", detail: pasteboardName.rawValue)
        app.notificationCenter.post(name: removedNotification, object: nil)
    }

    // MARK: Items

    /// How many times the contents changed: one more after each change, so an app can tell
    /// whether anything was copied since it last looked.
    public var changeCount: Int { store.changeCount }

    /// The items, each a dictionary from a type identifier to its value. Setting replaces
    /// them all.
    public var items: [[String: Any]] {
        get { store.items }
        set { change("items") { $0 = newValue } }
    }

    /// How many items there are.
    public var numberOfItems: Int { store.items.count }

    /// The type identifiers of the first item.
    public var types: [String] { store.items.first.map { $0.keys.sorted() } ?? [] }

    /// Whether any item has a value of one of `pasteboardTypes`.
    public func contains(pasteboardTypes: [String]) -> Bool {
        store.items.contains { item in pasteboardTypes.contains { item[$0] != nil } }
    }

    /// The first item's value of `pasteboardType`, if it has one.
    public func value(forPasteboardType pasteboardType: String) -> Any? {
        store.items.first?[pasteboardType]
    }

    /// Replaces the contents with one item holding `value` as `pasteboardType`.
    public func setValue(_ value: Any, forPasteboardType pasteboardType: String) {
        change("setValue(_:forPasteboardType:)") { $0 = [[pasteboardType: value]] }
    }

    /// The first item's data of `pasteboardType`: its `Data`, or a string's UTF-8 bytes.
    public func data(forPasteboardType pasteboardType: String) -> Data? {
        switch value(forPasteboardType: pasteboardType) {
        case let data as Data: data
        case let text as String: Data(text.utf8)
        default: nil
        }
    }

    /// Replaces the contents with one item holding `data` as `pasteboardType`.
    public func setData(_ data: Data, forPasteboardType pasteboardType: String) {
        change("setData(_:forPasteboardType:)") { $0 = [[pasteboardType: data]] }
    }

    /// Adds `items` after the ones there are.
    public func addItems(_ items: [[String: Any]]) {
        change("addItems(_:)") { $0 += items }
    }

    /// Replaces the contents with `items`; the options are accepted and ignored.
    public func setItems(_ items: [[String: Any]], options: [OptionsKey: Any] = [:]) {
        change("setItems(_:options:)") { $0 = items }
    }

    // MARK: Typed values

    /// The first item's text; setting replaces the contents with one text item (nil empties
    /// the pasteboard).
    public var string: String? {
        get { strings?.first }
        set { set(newValue.map { [$0] }, as: Self.textType, "string") }
    }

    /// Every item's text, nil when no item has any; setting makes one item per string.
    public var strings: [String]? {
        get { values { item in Self.textTypes.lazy.compactMap { item[$0] as? String }.first } }
        set { set(newValue, as: Self.textType, "strings") }
    }

    /// The first item's URL; setting replaces the contents with one URL item.
    public var url: URL? {
        get { urls?.first }
        set { set(newValue.map { [$0] }, as: Self.urlType, "url") }
    }

    /// Every item's URL, nil when no item has one; setting makes one item per URL.
    public var urls: [URL]? {
        get { values { $0[Self.urlType] as? URL } }
        set { set(newValue, as: Self.urlType, "urls") }
    }

    /// The first item's image; setting replaces the contents with one image item.
    public var image: Image? {
        get { images?.first }
        set { set(newValue.map { [$0] }, as: Self.imageType, "image") }
    }

    /// Every item's image, nil when no item has one; setting makes one item per image.
    public var images: [Image]? {
        get { values { $0[Self.imageType] as? Image } }
        set { set(newValue, as: Self.imageType, "images") }
    }

    /// The first item's color; setting replaces the contents with one color item.
    public var color: Color? {
        get { colors?.first }
        set { set(newValue.map { [$0] }, as: Self.colorType, "color") }
    }

    /// Every item's color, nil when no item has one; setting makes one item per color.
    public var colors: [Color]? {
        get { values { $0[Self.colorType] as? Color } }
        set { set(newValue, as: Self.colorType, "colors") }
    }

    /// Whether any item has text.
    public var hasStrings: Bool { strings != nil }
    /// Whether any item has a URL.
    public var hasURLs: Bool { urls != nil }
    /// Whether any item has an image.
    public var hasImages: Bool { images != nil }
    /// Whether any item has a color.
    public var hasColors: Bool { colors != nil }

    private func values<Value>(_ read: ([String: Any]) -> Value?) -> [Value]? {
        let found = store.items.compactMap(read)
        return found.isEmpty ? nil : found
    }

    private func set<Value>(_ values: [Value]?, as type: String, _ operation: StaticString) {
        change(operation) { $0 = (values ?? []).map { [type: $0] } }
    }

    /// Applies a change to the items: counted, traced and announced.
    private func change(_ operation: StaticString, _ body: (inout [[String: Any]]) -> Void) {
        if let app, !app.checkLoopThread(label: "pasteboard", operation: operation) { return }
        body(&store.items)
        store.changeCount += 1
        guard let app else { return }
        app.loop.record(label: "pasteboard", event: "changed", detail: name.rawValue)
        app.notificationCenter.post(name: Self.changedNotification, object: self)
    }
}
