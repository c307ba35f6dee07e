import Foundation

extension Window {
    /// Where a window sits among the app's windows: UIKit's `UIWindow.Level`, a number
    /// (`normal` 0, `statusBar` 1000, `alert` 2000) that apps shift with `+` and `-`.
    public struct Level: RawRepresentable, Hashable, Comparable, Sendable {
        /// The level's number.
        public var rawValue: CGFloat

        /// A level of this number.
        public init(rawValue: CGFloat) { self.rawValue = rawValue }

        /// A level of this number.
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }

        /// The level of an app's ordinary windows: 0.
        public static let normal = Level(rawValue: 0)
        /// The status bar's level: 1000.
        public static let statusBar = Level(rawValue: 1000)
        /// The level of alerts: 2000.
        public static let alert = Level(rawValue: 2000)

        /// A level `rhs` above `lhs`.
        public static func + (lhs: Level, rhs: CGFloat) -> Level { Level(rawValue: lhs.rawValue + rhs) }
        /// A level `rhs` below `lhs`.
        public static func - (lhs: Level, rhs: CGFloat) -> Level { Level(rawValue: lhs.rawValue - rhs) }
        /// Whether `lhs` is below `rhs`.
        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The window's level (`normal` by default). Kept and traced as `setWindowLevel`;
    /// Lifeloop sends touches to the key window and snapshots each window on its own, so
    /// the level orders nothing else. See ``Application/windowsByLevel`` for the order UIKit would
    /// stack them in.
    public var windowLevel: Level {
        get { Level(rawValue: storedWindowLevel) }
        set {
            guard onLoop("windowLevel"), newValue.rawValue != storedWindowLevel else { return }
            storedWindowLevel = newValue.rawValue
            trace("setWindowLevel", detail: "\(newValue.rawValue)")
        }
    }
}

extension Application {
    /// The app's windows bottom to top, as UIKit stacks them: by ``Window/windowLevel``,
    /// windows of one level in the order they were made.
    public var windowsByLevel: [Window] {
        windows.enumerated().sorted { a, b in
            a.element.storedWindowLevel != b.element.storedWindowLevel
                ? a.element.storedWindowLevel < b.element.storedWindowLevel : a.offset < b.offset
        }.map(\.element)
    }
}
