import LifeloopPort
import Testing

/// The port step and an app's delegates: UIKit makes the `@main` delegate and the scene
/// delegates Info.plist names by name, which Swift on Linux cannot; the port step makes
/// them `LifeloopInstantiable` and gives the `@main` one a maker the launch finds.
@Suite("Port step: app and scene delegates")
struct AppDelegatePortTests {
    @Test func theMainDelegateLosesAtMainAndGetsAMaker() {
        let text = ported("""
            import UIKit

            @main
            class AppDelegate: UIResponder, UIApplicationDelegate {
                var window: UIWindow?
            }
            """, path: "/app/AppDelegate.swift")
        #expect(!text.contains("@main"), "\(text)")
        #expect(text.contains("extension AppDelegate: LifeloopInstantiable {"), "\(text)")
        #expect(text.contains("static func lifeloopMake() -> AnyObject { AppDelegate() }"), "\(text)")
        #expect(text.contains("@_cdecl(\"lifeloop_main_delegate\")"), "\(text)")
        #expect(text.contains("Unmanaged.passRetained(AppDelegate() as AnyObject).toOpaque()"), "\(text)")
    }

    @Test func theOldAttributeCountsAsMainToo() {
        let text = ported("""
            import UIKit
            @UIApplicationMain class AppDelegate: UIResponder, UIApplicationDelegate {}
            """)
        #expect(!text.contains("@UIApplicationMain"), "\(text)")
        #expect(text.contains("@_cdecl(\"lifeloop_main_delegate\")"), "\(text)")
    }

    @Test func sceneDelegatesAreInstantiableWithoutAMaker() {
        let text = ported("""
            import UIKit
            class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                var window: UIWindow?
            }
            """, path: "/app/SceneDelegate.swift")
        #expect(text.contains("extension SceneDelegate: LifeloopInstantiable {"), "\(text)")
        #expect(!text.contains("@_cdecl"), "\(text)")
    }

    @Test func otherClassesNestedClassesAndStructsAreLeftAlone() {
        let text = ported("""
            import UIKit
            class Model {}
            enum Holder {
                class Inner: UIResponder, UISceneDelegate {}
            }
            class Generic<T>: UIResponder, UISceneDelegate {}
            class Controller: UIViewController {}
            """)
        #expect(!text.contains("LifeloopInstantiable"), "\(text)")
    }
}

/// UIColor and UIFont are classes on iOS and values in Lifeloop: a `convenience init` in
/// an extension of one loses the word (a value's initializer delegates without it).
@Suite("Port step: extensions of UIKit's value types")
struct ValueTypeExtensionPortTests {
    @Test func convenienceIsDroppedInExtensionsOfColorAndFontOnly() {
        let text = ported("""
            import UIKit
            extension UIColor {
                convenience init(hex: Int) {
                    self.init(red: CGFloat(hex >> 16) / 255, green: 0, blue: 0, alpha: 1)
                }
                struct Palette {
                    static let accent = UIColor(hex: 0xFF0000)
                }
            }
            extension UIImage {
                convenience init?(tinted name: String) { self.init(named: name) }
            }
            """)
        #expect(!text.contains("    convenience init(hex: Int)") && text.contains("init(hex: Int) {"), "\(text)")
        #expect(text.contains("convenience init?(tinted name: String)"), "\(text)")
    }
}

/// UIKit makes a registered cell class by name (`register(Cell.self, …)`); Swift on Linux
/// cannot, so the port step gives each app subclass of a cell or reusable view the class
/// method that makes one, on the line of its closing brace (no line moves).
@Suite("Port step: registered cell classes")
struct ReusableFactoryPortTests {
    @Test func cellSubclassesGetTheirMakerOnTheirLastLine() {
        let text = ported("""
            import UIKit
            final class Tile: UICollectionViewCell {
                override init(frame: CGRect) { super.init(frame: frame) }
                required init?(coder: NSCoder) { fatalError() }
            }
            class Row: UITableViewCell {}
            class FancyRow: Row { var x = 1 }
            class Header: UITableViewHeaderFooterView {}
            class Configured: UICollectionViewCell {
                init(model: Int) { super.init(frame: .zero) }
                required init?(coder: NSCoder) { fatalError() }
            }
            class Plain: UIView {}
            """)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.contains("override class func lifeloopMakeReusable() -> CollectionReusableView? { Tile(frame: .zero) } }"), "\(text)")
        #expect(text.contains("class Row: UITableViewCell {override class func lifeloopMakeReusable(reuseIdentifier: String) -> TableViewCell? { Row(style: .default, reuseIdentifier: reuseIdentifier) } }"), "\(text)")
        #expect(text.contains("var x = 1 ; override class func lifeloopMakeReusable(reuseIdentifier: String) -> TableViewCell? { FancyRow(style: .default, reuseIdentifier: reuseIdentifier) } }"), "\(text)")
        #expect(text.contains("{ Header(reuseIdentifier: reuseIdentifier) }"), "\(text)")
        #expect(!text.contains("Configured(frame:") && !text.contains("Plain("), "a class without init(frame:) or not a cell gets none: \(text)")
        // No line moved: the class after Tile starts on the same line number.
        #expect(lines.firstIndex { $0.hasPrefix("class Row") }.map { $0 - lines.firstIndex { $0.hasPrefix("#sourceLocation") }! } == 6)
    }
}

/// `Bundle(for: AppClass.self)` is the app's bundle on iOS; on Linux Foundation gives the
/// loaded library's, so the port step makes it the app's.
@Suite("Port step: Bundle(for:)")
struct BundleForPortTests {
    @Test func bundleForAClassIsTheAppsBundle() {
        let text = ported("""
            import UIKit
            class Card: UIView {
                func load() { Bundle(for: Card.self).loadNibNamed("Card", owner: self, options: nil) }
                func other() -> Bundle? { Bundle(path: "/x") }
            }
            """)
        #expect(text.contains("func load() { Bundle.lifeloopMain.loadNibNamed(\"Card\", owner: self, options: nil) }"), "\(text)")
        #expect(text.contains("Bundle(path: \"/x\")"), "\(text)")
    }

    /// `NSError()` has no initializer on Linux: it becomes Apple's empty-domain error.
    @Test func aBareNSErrorGetsItsDomainAndCode() {
        let text = ported("import Foundation\nlet failure = NSError()\nlet other = NSError(domain: \"x\", code: 1)\n")
        #expect(text.contains("let failure = NSError(domain: \"\", code: 0)") && text.contains("NSError(domain: \"x\", code: 1)"), "\(text)")
    }

    /// A layer subclass's `override init()` and `override init(layer:)` become `required`
    /// (Lifeloop makes layers of the app's class through them); other classes' stay.
    @Test func aLayerSubclassesInitializersBecomeRequired() {
        let text = ported("""
            import UIKit
            class InnerShadowLayer: CALayer {
                override init() { super.init() }
                override init(layer: Any) { super.init(layer: layer) }
                required init?(coder: NSCoder) { super.init(coder: coder) }
            }
            class Card: UIView {
                override init(frame: CGRect) { super.init(frame: frame) }
                required init?(coder: NSCoder) { fatalError() }
            }
            """)
        #expect(text.contains("required init() { super.init() }"), "\(text)")
        #expect(text.contains("required init(layer: Any) { super.init(layer: layer) }"), "\(text)")
        #expect(text.contains("override init(frame: CGRect)"), "\(text)")
    }

    /// `Timer()` has no initializer on Linux: it becomes an unscheduled timer that never fires.
    @Test func aPlaceholderTimerBecomesAnUnscheduledOne() {
        let text = ported("import Foundation\nvar timer = Timer()\nlet other = Timer(timeInterval: 1, repeats: true) { _ in }\n")
        #expect(text.contains("var timer = Timer(timeInterval: 0, repeats: false, block: { _ in })"), "\(text)")
        #expect(text.contains("Timer(timeInterval: 1, repeats: true) { _ in }"), "\(text)")
    }
}

/// An override in an extension (legal on iOS, where UIKit's members are @objc) is an error
/// at its line that says why and what to do.
@Suite("Port step: overrides in extensions")
struct OverrideInExtensionPortTests {
    @Test func anOverrideInAnExtensionIsAnErrorAtItsLine() {
        let result = portedResult([("/app/Cell.swift", """
            import UIKit
            class Cell: UITableViewCell {}
            extension Cell {
                override func prepareForReuse() { super.prepareForReuse() }
                override var isHighlighted: Bool { didSet {} }
                func helper() {}
            }
            class Kept: UIView {
                override func layoutSubviews() { super.layoutSubviews() }
            }
            """)])
        let messages = result.diagnostics.map { "\($0.line): \($0.message)" }
        #expect(messages.count == 2, "\(messages)")
        #expect(messages.first?.hasPrefix("4: 'override func prepareForReuse' is in an extension") == true, "\(messages)")
        #expect(messages.last?.hasPrefix("5: 'override var isHighlighted' is in an extension") == true, "\(messages)")
        #expect(messages.allSatisfy { $0.contains("move it into the class's own body") })
    }
}
