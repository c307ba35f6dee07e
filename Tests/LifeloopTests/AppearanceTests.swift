import Foundation
import Testing
@testable import Lifeloop

/// Light and dark appearance, dynamic colors, overrides and Dynamic Type.
@Suite("Appearance: dynamic colors, style overrides and Dynamic Type")
struct AppearanceTests {
    /// The notifications seen; posted on the app's thread, the only one that reads it.
    final class Posted: @unchecked Sendable {
        var values: [ContentSizeCategory] = []
    }

    static let dark = TraitCollection(userInterfaceStyle: .dark)
    static let light = TraitCollection(userInterfaceStyle: .light)

    static func rgb(_ red: Double, _ green: Double, _ blue: Double, _ alpha: Double = 1) -> Color {
        Color(red: red / 255, green: green / 255, blue: blue / 255, alpha: alpha)
    }

    @Test("system colors resolve to their light values in light and their HIG dark values in dark")
    func systemColorsResolvePerStyle() throws {
        _ = try Application(clock: .virtual)
        #expect(Color.label.resolvedColor(with: Self.light) == .black)
        #expect(Color.label.resolvedColor(with: Self.dark) == .white)
        #expect(Color.systemBlue.resolvedColor(with: Self.dark) == Self.rgb(10, 132, 255))
        #expect(Color.systemBlue.resolvedColor(with: Self.light) == Self.rgb(0, 122, 255))
        #expect(Color.systemRed.resolvedColor(with: Self.dark) == Self.rgb(255, 69, 58))
        #expect(Color.systemBackground.resolvedColor(with: Self.dark) == .black)
        #expect(Color.secondarySystemBackground.resolvedColor(with: Self.dark) == Self.rgb(28, 28, 30))
        #expect(Color.secondaryLabel.resolvedColor(with: Self.dark) == Self.rgb(235, 235, 245, 0.6))
        #expect(Color.systemGray6.resolvedColor(with: Self.dark) == Self.rgb(28, 28, 30))
        // Unspecified resolves as light; a plain color is itself in both.
        #expect(Color.label.resolvedColor(with: TraitCollection()) == .black)
        #expect(Color.red.resolvedColor(with: Self.dark) == .red)
        // The components of a dynamic color are its light appearance.
        #expect(Color.systemBackground.red == 1 && Color.label.red == 0)
    }

    @Test("a provider color resolves per style, keeps identity equality and survives withAlphaComponent")
    func dynamicProviderColors() throws {
        _ = try Application(clock: .virtual)
        let brand = Color(dynamicProvider: { $0.userInterfaceStyle == .dark ? .white : .red })
        #expect(brand.resolvedColor(with: Self.dark) == .white)
        #expect(brand.resolvedColor(with: Self.light) == .red)
        #expect(brand.isDynamic && brand == brand)
        let other = Color(dynamicProvider: { $0.userInterfaceStyle == .dark ? .white : .red })
        #expect(brand != other && brand != .red)
        #expect(Color.label == Color.label && Color.label != Color.black)
        #expect(Set([Color.label, Color.label, Color.black, brand, brand]).count == 3)
        let faded = Color.label.withAlphaComponent(0.5)
        #expect(faded.resolvedColor(with: Self.dark) == Color(white: 1, alpha: 0.5))
        #expect(faded.resolvedColor(with: Self.light) == Color(white: 0, alpha: 0.5))
        // A provider may hand back another dynamic color: it is resolved in turn.
        let nested = Color(dynamicProvider: { _ in .systemBackground })
        #expect(nested.resolvedColor(with: Self.dark) == .black)
        var changed = Color.label
        changed.alpha = 0.5
        #expect(!changed.isDynamic)
    }

    @Test("the app's style reaches windows, controllers and views; overrides pass down as UIKit's")
    func overridesInherit() throws {
        let app = try Application(clock: .virtual)
        let root = ViewController(label: "Root")
        let child = ViewController(label: "Child")
        let window = try showInWindow(root, app: app)
        root.addChild(child)
        root.view.addSubview(child.view)
        child.didMove(toParent: root)
        let plain = View()
        let inner = View()
        let leaf = View()
        root.view.addSubview(plain)
        child.view.addSubview(inner)
        inner.addSubview(leaf)
        #expect(window.traitCollection.userInterfaceStyle == .light)
        #expect(leaf.traitCollection.userInterfaceStyle == .light)

        app.userInterfaceStyle = .dark
        #expect(window.traitCollection.userInterfaceStyle == .dark)
        #expect(root.traitCollection.userInterfaceStyle == .dark && leaf.traitCollection.userInterfaceStyle == .dark)

        // A controller's override: its view and the controllers inside it, not its siblings' views.
        child.overrideUserInterfaceStyle = .light
        #expect(child.traitCollection.userInterfaceStyle == .light)
        #expect(child.view.traitCollection.userInterfaceStyle == .light && leaf.traitCollection.userInterfaceStyle == .light)
        #expect(root.traitCollection.userInterfaceStyle == .dark && plain.traitCollection.userInterfaceStyle == .dark)

        // A view's override: its subviews.
        inner.overrideUserInterfaceStyle = .dark
        #expect(leaf.traitCollection.userInterfaceStyle == .dark && child.view.traitCollection.userInterfaceStyle == .light)

        // A window's override beats the app's.
        app.userInterfaceStyle = .light
        window.overrideUserInterfaceStyle = .dark
        #expect(plain.traitCollection.userInterfaceStyle == .dark && root.traitCollection.userInterfaceStyle == .dark)
        window.overrideUserInterfaceStyle = .unspecified
        #expect(plain.traitCollection.userInterfaceStyle == .light)
    }

    @Test("a view keeps its dynamic background color and resolves it against its own traits")
    func viewsResolveTheirColors() throws {
        let app = try Application(clock: .virtual)
        let root = ViewController(label: "Root")
        _ = try showInWindow(root, app: app)
        let card = View()
        card.backgroundColor = .secondarySystemBackground
        root.view.addSubview(card)
        #expect(card.resolvedColor(card.backgroundColor!) == Self.rgb(242, 242, 247))
        app.userInterfaceStyle = .dark
        #expect(card.backgroundColor == .secondarySystemBackground)
        #expect(card.backgroundColor!.resolved(for: card) == Self.rgb(28, 28, 30))
        card.overrideUserInterfaceStyle = .light
        #expect(card.resolvedColor(.secondarySystemBackground) == Self.rgb(242, 242, 247))
    }

    @Test("preferredFont follows the HIG Dynamic Type table for styles and categories")
    func dynamicTypeSizes() throws {
        _ = try Application(clock: .virtual)
        func size(_ style: Font.TextStyle, _ category: ContentSizeCategory) -> CGFloat {
            Font.preferredFont(forTextStyle: style,
                               compatibleWith: TraitCollection(preferredContentSizeCategory: category)).pointSize
        }
        #expect(size(.body, .extraSmall) == 14 && size(.body, .large) == 17 && size(.body, .extraExtraExtraLarge) == 23)
        #expect(size(.body, .accessibilityMedium) == 28 && size(.body, .accessibilityExtraExtraExtraLarge) == 53)
        #expect(size(.largeTitle, .small) == 32 && size(.largeTitle, .accessibilityExtraExtraExtraLarge) == 60)
        #expect(size(.caption2, .medium) == 11 && size(.caption2, .extraLarge) == 13 && size(.caption2, .accessibilityLarge) == 24)
        #expect(size(.footnote, .extraSmall) == 12 && size(.footnote, .extraExtraLarge) == 17)
        #expect(size(.callout, .accessibilityExtraExtraExtraLarge) == 51 && size(.title2, .accessibilityMedium) == 34)
        #expect(Font.preferredFont(forTextStyle: .headline).weight == .semibold)
        #expect(Font.preferredFont(forTextStyle: .body).pointSize == 17)
    }

    @Test("the app's content size category scales preferred fonts and FontMetrics")
    func contentSizeScalesFonts() throws {
        let app = try Application(clock: .virtual)
        #expect(TraitCollection.current.preferredContentSizeCategory == .large)
        app.preferredContentSizeCategory = .extraLarge
        #expect(Font.preferredFont(forTextStyle: .body).pointSize == 19)
        #expect(FontMetrics.default.scaledValue(for: 17) == 19)
        #expect(FontMetrics(forTextStyle: .title1).scaledFont(for: .systemFont(ofSize: 28)).pointSize == 30)
        #expect(FontMetrics.default.scaledFont(for: .systemFont(ofSize: 34), maximumPointSize: 36).pointSize == 36)
        let small = TraitCollection(preferredContentSizeCategory: .extraSmall)
        #expect(FontMetrics.default.scaledValue(for: 17, compatibleWith: small) == 14)
    }

    @Test("a label that adjusts its font takes the new size and grows; one that does not keeps its size")
    func labelsFollowTheCategory() throws {
        let app = try Application(clock: .virtual)
        let root = ViewController(label: "Root")
        _ = try showInWindow(root, app: app)
        let adjusting = Label()
        adjusting.text = "Hello"
        adjusting.font = .preferredFont(forTextStyle: .body)
        adjusting.adjustsFontForContentSizeCategory = true
        let fixed = Label()
        fixed.text = "Hello"
        fixed.font = .preferredFont(forTextStyle: .body)
        let field = TextField()
        field.font = FontMetrics(forTextStyle: .body).scaledFont(for: .systemFont(ofSize: 34))
        field.adjustsFontForContentSizeCategory = true
        root.view.addSubview(adjusting)
        root.view.addSubview(fixed)
        root.view.addSubview(field)
        let before = adjusting.intrinsicContentSize
        let posted = Posted()
        let token = app.notificationCenter.addObserver(forName: ContentSizeCategory.didChangeNotification,
                                                       object: nil, queue: nil) { note in
            if let value = note.userInfo?[ContentSizeCategory.newValueUserInfoKey] as? ContentSizeCategory {
                posted.values.append(value)
            }
        }
        defer { app.notificationCenter.removeObserver(token) }
        app.preferredContentSizeCategory = .accessibilityMedium
        #expect(adjusting.font.pointSize == 28 && fixed.font.pointSize == 17)
        #expect(field.font?.pointSize == 56)
        #expect(adjusting.intrinsicContentSize.height > before.height)
        #expect(adjusting.traitCollection.preferredContentSizeCategory == .accessibilityMedium)
        #expect(posted.values == [.accessibilityMedium])
        app.preferredContentSizeCategory = .accessibilityMedium
        #expect(posted.values.count == 1)
    }
}
