import Foundation

/// A nib found by name in a bundle, instantiated as many times as asked: UIKit's `UINib`.
///
/// Xcode's `.xib` files and Lifeloop's JSON nibs are both read; a xib's File's Owner stands
/// for the owner given to ``instantiate(withOwner:options:)``, whose outlets and actions
/// are connected before every view gets `awakeFromNib`.
public final class Nib {
    /// Options of ``instantiate(withOwner:options:)``: UIKit's `UINib.OptionsKey` (none is read).
    public struct OptionsKey: Hashable, Sendable, RawRepresentable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// Objects standing for external placeholders (not read).
        public static let externalObjects = OptionsKey(rawValue: "UINibExternalObjects")
    }

    /// The nib's name.
    public let name: String
    /// The nib, or nil if it was not found (a diagnostic was recorded).
    public let definition: NibDefinition?
    private let appLink: AppLink?

    /// The nib `nibName` of a bundle: registered with the app, else `<folder>/<name>.xib`,
    /// else `<folder>/<name>.json`, where the folder is `bundle`'s path, or the calling
    /// thread's app's ``Application/bundlePath`` for nil or `Bundle.main`.
    public init(nibName: String, bundle: Bundle?) {
        let app = Application.current
        name = nibName
        appLink = app?.link
        let folder: String? = bundle.flatMap { $0 === Bundle.main ? nil : $0.bundlePath }
        definition = app?.nib(named: nibName, directory: folder)
        if definition == nil {
            app?.diagnose(.nibNotFound, label: nibName,
                          message: "Could not load NIB in bundle: '\(folder ?? app?.bundlePath ?? "(no bundle)")' with name '\(nibName)'")
        }
    }

    /// Makes the nib's objects: its top-level views, in file order, with outlets and
    /// actions to and from `owner` (File's Owner) connected and `awakeFromNib` sent.
    /// - Returns: The top-level views; empty if the nib was not found or no app runs on
    ///   this thread.
    public func instantiate(withOwner owner: Any?, options: [OptionsKey: Any]? = nil) -> [Any] {
        guard let app = appLink?.app, let definition else { return [] }
        guard app.checkLoopThread(label: name, operation: "instantiate(withOwner:options:)") else { return [] }
        let objects: [View] = definition.interfaceBuilder != nil
            ? app.instantiateInterfaceBuilderNib(definition, owner: owner as AnyObject?) : [app.instantiate(definition.root)]
        // UIKit's nib loader hands its top-level objects to the autorelease pool: code that
        // ignores the result and keeps them only through weak outlets still finds them
        // until the turn ends (`loadNibNamed(…, owner: self)` then `addSubview(contentView)`).
        app.autoreleasePool.append(contentsOf: objects)
        return objects
    }
}

extension Bundle {
    /// Loads the nib `name` from this bundle (or, for `Bundle.main`, the calling thread's
    /// app's ``Application/bundlePath``) with `owner` as File's Owner: UIKit's
    /// `loadNibNamed(_:owner:options:)`.
    /// - Returns: The top-level views, or nil (with a diagnostic) if there is no such nib.
    public func loadNibNamed(_ name: String, owner: Any?, options: [Nib.OptionsKey: Any]? = nil) -> [Any]? {
        let nib = Nib(nibName: name, bundle: self)
        guard nib.definition != nil else { return nil }
        return nib.instantiate(withOwner: owner, options: options)
    }
}
