import Foundation
import Lifeloop
@testable import LifeloopHost
import Testing

/// `app.describe`'s nested `views` are the element tree's elements, nested as the tree
/// nests them: what the rows and the exports show, without a daemon.
@Suite struct NestedDescribeTests {
    final class Page: ViewController {
        let toggle = Switch()
        let field = TextField()
        let secret = Label()
        let scroll = ScrollView()
        let row = Label()

        override func viewDidLoad() {
            super.viewDidLoad()
            toggle.isOn = true
            toggle.frame = Rect(x: 20, y: 100, width: 51, height: 31)
            toggle.traceLabel = "Page.toggle"
            field.placeholder = "Email"
            field.accessibilityIdentifier = "email"
            field.frame = Rect(x: 20, y: 140, width: 300, height: 34)
            field.traceLabel = "Page.field"
            secret.text = "Secret"
            secret.isHidden = true
            secret.traceLabel = "Page.secret"
            scroll.frame = Rect(x: 0, y: 300, width: 390, height: 100)
            scroll.contentSize = Size(width: 390, height: 1000)
            scroll.traceLabel = "Page.scroll"
            row.text = "Row"
            row.frame = Rect(x: 10, y: 250, width: 200, height: 20)
            row.traceLabel = "Page.row"
            scroll.addSubview(row)
            for subview in [toggle, field, secret, scroll] { view.addSubview(subview) }
        }
    }

    /// A navigation controller with `Page` pushed over a first page, in a window.
    private func show(_ app: Application) throws -> (Window, Page) {
        let first = ViewController(label: "First")
        first.title = "Inbox"
        let navigation = NavigationController(rootViewController: first, label: "Nav")
        let window = Window(screen: .phone, label: "main")
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        let page = Page(label: "Page")
        page.title = "Message"
        navigation.pushViewController(page, animated: false)
        try app.settle()
        page.scroll.contentOffset = Point(x: 0, y: 200)
        try app.settle()
        return (window, page)
    }

    /// A frame or offset as numbers (the nested form writes doubles; a reply read back
    /// from text has integers where they are whole).
    private func numbers(_ json: JSON?) -> [Double]? {
        json?.array?.compactMap(\.double)
    }

    /// Every node of `nodes` and their `subviews`, depth first.
    private func flatten(_ nodes: [JSON]) -> [JSON] {
        nodes.flatMap { [$0] + flatten($0["subviews"]?.array ?? []) }
    }

    @Test func theNestingAndFieldsAreTheElementTrees() throws {
        let app = try Application(clock: .virtual)
        defer { try? app.close() }
        let (window, page) = try show(app)
        let nested = NestedDescribe.Tree(app)
        let views = nested.views(of: window, detail: true)
        let all = flatten(views)
        let tree = app.elementTree()
        // One node an element below the window, in tree order, with the element's id and type.
        let windowIndex = try #require(tree.elements.firstIndex { $0.type == .window })
        let below = tree.elements[tree.descendants(of: windowIndex)]
        #expect(all.map { $0["id"]?.string } == below.map { $0.id.description })
        #expect(all.map { $0["type"]?.string } == below.map { $0.type.rawValue })

        // The navigation bar and its back button are in it, nested as in the tree: the
        // bar under the navigation controller's view, the button under the bar.
        let container = try #require(views.first)
        let bar = try #require(container["subviews"]?.array?.first { $0["type"] == "navigationBar" }, "\(container.text.prefix(600))")
        #expect(bar["label"] == nil, "a part has no view, so no trace label: its id names it")
        #expect(bar["accessibilityIdentifier"] == "Message")
        let back = try #require(bar["subviews"]?.array?.first { $0["type"] == "backButton" })
        #expect(back["accessibilityLabel"] == "Inbox" && back["hittable"] == true)
        #expect(back["id"]?.string?.contains(".") == true, "a part's id: its object's serial and the part")
        // A hidden view is not.
        #expect(!all.contains { $0["label"] == "Page.secret" })
        #expect(!container.text.contains("Secret"))

        // Fields come from the element: UIKit's defaults where the app set none.
        let toggle = try #require(all.first { $0["label"] == "Page.toggle" })
        #expect(toggle["type"] == "switch" && toggle["value"] == "1" && toggle["on"] == true)
        #expect(numbers(toggle["frame"]) == [20, 100, 51, 31] && numbers(toggle["windowFrame"]) == [20, 100, 51, 31])
        let field = try #require(all.first { $0["label"] == "Page.field" })
        #expect(field["type"] == "textField" && field["placeholder"] == "Email" && field["accessibilityIdentifier"] == "email")
        #expect(field["value"] == "Email", "an empty field's value is its placeholder, as XCUITest reads it")
        #expect(field["text"] == nil || field["text"] == "", "what only the view says: the field's own text, empty")
        // A scroll view's child: its frame in the content, its window frame where it shows.
        let scroll = try #require(all.first { $0["label"] == "Page.scroll" })
        #expect(numbers(scroll["contentOffset"]) == [0, 200])
        let row = try #require(scroll["subviews"]?.array?.first)
        #expect(row["label"] == "Page.row" && numbers(row["frame"]) == [10, 250, 200, 20])
        #expect(numbers(row["windowFrame"]) == [10, 350, 200, 20], "300 down, 250 into the content, less the 200 scrolled")

        // A change to a label is in the next describe.
        page.row.text = "Changed"
        try app.settle()
        let again = flatten(NestedDescribe.Tree(app).views(of: window, detail: true))
        #expect(again.first { $0["label"] == "Page.row" }?["accessibilityLabel"] == "Changed")
        // Without detail: the element's place and name only.
        let plain = flatten(NestedDescribe.Tree(app).views(of: window, detail: false))
        #expect(plain.count == all.count && !plain.contains { $0["windowFrame"] != nil || $0["class"] != nil })
    }

    @Test func aHiddenWindowHasNoViews() throws {
        let app = try Application(clock: .virtual)
        defer { try? app.close() }
        let (window, _) = try show(app)
        let other = Window(screen: .phone, label: "other")
        other.rootViewController = ViewController(label: "Other")
        try app.settle()
        #expect(other.isHidden)
        let nested = NestedDescribe.Tree(app)
        #expect(nested.views(of: other, detail: false).isEmpty)
        #expect(!nested.views(of: window, detail: false).isEmpty)
    }
}
