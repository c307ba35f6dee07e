/// The UIKit release whose behaviour an app follows where UIKit changed over the years.
///
/// One setting on ``Application/uikitVersion`` sets these defaults together:
///
/// | behaviour | before | from |
/// |---|---|---|
/// | views unloaded by a memory warning (``UnloadPolicy``) | `legacy` before iOS 6 | `modern` from iOS 6 |
/// | default ``ViewController/modalPresentationStyle`` | `fullScreen` before iOS 13 | `automatic` (a page sheet) from iOS 13 |
/// | layout rounds at launch, before `viewDidAppear` (L31) | one before iOS 11 | two from iOS 11 |
/// | `viewIsAppearing` (``Application/callsViewIsAppearing``) | not called before iOS 17 | called from iOS 17 |
/// | list prefetching (``Application/prefetchesListContent``) | none before iOS 10 | from iOS 10, when the app turns it on (off by default) |
///
/// The individual settings (``Application/unloadPolicy``,
/// ``Application/callsViewIsAppearing``, a controller's `modalPresentationStyle`) still
/// override it. Lifeloop follows iOS 12 unless told otherwise: no view unloading, two
/// layout rounds at launch, full-screen presentation, no `viewIsAppearing`.
public struct UIKitVersion: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The major version, as in iOS 12.
    public let major: Int

    /// The versions Lifeloop knows the behaviour of: iOS 3 through iOS 26.
    public static let supported: ClosedRange<Int> = 3...26

    /// iOS 5: the last release that unloads views on a memory warning.
    public static let iOS5 = UIKitVersion(checked: 5)
    /// iOS 6: views are no longer unloaded.
    public static let iOS6 = UIKitVersion(checked: 6)
    /// iOS 10: the last release that lays a launching window out once (the seeds' traces).
    public static let iOS10 = UIKitVersion(checked: 10)
    /// iOS 11: safe-area insets; a launching window is laid out twice.
    public static let iOS11 = UIKitVersion(checked: 11)
    /// iOS 12: Lifeloop's default.
    public static let iOS12 = UIKitVersion(checked: 12)
    /// iOS 13: presentations default to a page sheet.
    public static let iOS13 = UIKitVersion(checked: 13)
    /// iOS 17: `viewIsAppearing` is called.
    public static let iOS17 = UIKitVersion(checked: 17)

    /// Lifeloop's default: iOS 12's behaviour.
    public static let `default` = iOS12

    private init(checked major: Int) {
        self.major = major
    }

    /// A version by its major number.
    /// - Returns: nil outside ``supported``.
    public init?(major: Int) {
        guard Self.supported.contains(major) else { return nil }
        self.major = major
    }

    /// A version written as `12`, `12.4`, `iOS 12` or `ios12`.
    /// - Returns: nil for anything else, or a major version outside ``supported``.
    public init?(_ text: String) {
        var rest = Substring(text)
        if rest.lowercased().hasPrefix("ios") { rest = rest.dropFirst(3).drop { $0 == " " } }
        let majorText = rest.prefix { $0 != "." }
        let minorText = rest.dropFirst(majorText.count)
        guard !majorText.isEmpty, majorText.allSatisfy(\.isASCII), let major = Int(majorText),
              minorText.isEmpty || (minorText.count > 1 && minorText.dropFirst().allSatisfy { $0.isASCII && $0.isNumber })
        else { return nil }
        self.init(major: major)
    }

    /// `iOS 12`.
    public var description: String { "iOS \(major)" }

    public static func < (lhs: UIKitVersion, rhs: UIKitVersion) -> Bool { lhs.major < rhs.major }

    /// What a memory warning unloads in this version (L14).
    public var unloadPolicy: UnloadPolicy { major < 6 ? .legacy : .modern }

    /// Whether a window's first appearance lays its root controller's views out twice
    /// before `viewDidAppear` (L31): from iOS 11, when the safe-area insets settle.
    public var laysOutTwiceAtLaunch: Bool { major >= 11 }

    /// Whether this version has list prefetching (`UITableViewDataSourcePrefetching`,
    /// `UICollectionViewDataSourcePrefetching`): from iOS 10. Lists prefetch only when
    /// ``Application/prefetchesListContent`` is on too.
    public var hasListPrefetching: Bool { major >= 10 }

    /// Whether this version calls `viewIsAppearing` (L05).
    public var callsViewIsAppearing: Bool { major >= 17 }

    /// A new controller's presentation style in this version (L29).
    public var defaultPresentationStyle: ModalPresentationStyle { major >= 13 ? .automatic : .fullScreen }
}
