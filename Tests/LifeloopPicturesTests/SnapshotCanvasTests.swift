import Foundation
import Lifeloop
import LifeloopPictures
import Testing

/// A window with one view of each kind a snapshot draws: labels (plain, bold centred,
/// right-aligned), a rotated view, a hidden view with a subview, a bordered rounded view, a
/// switch, a text field, an image view, a text view, a shadowed view, a view with a
/// sublayer, a view that draws in `draw(_:)`, a constrained view, under a navigation bar
/// (title and a trailing item) in a tab bar controller, in the key window under the status
/// bar.
enum CanvasFixture {
    final class Drawn: View {
        override func draw(_ rect: Rect) {
            Color(red: 0.85, green: 0.1, blue: 0.1).setFill()
            UIRectFill(CGRect(x: 10, y: 10, width: 40, height: 30))
        }
    }

    final class Home: ViewController {
        override func viewDidLoad() {
            view.backgroundColor = .white
            title = "Home"
            navigationItem.rightBarButtonItem = BarButtonItem(title: "Add", style: .plain)
            func add<V: View>(_ view: V, _ label: String, _ frame: Rect, _ color: Color? = nil) -> V {
                view.frame = frame
                view.traceLabel = label
                view.backgroundColor = color
                self.view.addSubview(view)
                return view
            }
            let plain = add(Label(), "plain", Rect(x: 16, y: 110, width: 200, height: 30), Color(red: 1, green: 0.9, blue: 0.6))
            plain.text = "Hello"
            plain.textColor = Color(red: 0.1, green: 0.2, blue: 0.6)
            let bold = add(Label(), "bold", Rect(x: 16, y: 150, width: 358, height: 40), Color(red: 0.6, green: 0.8, blue: 1, alpha: 0.5))
            bold.text = "Bold centred"
            bold.font = .boldSystemFont(ofSize: 20)
            bold.textAlignment = .center
            let trailing = add(Label(), "trailing", Rect(x: 224, y: 110, width: 150, height: 30))
            trailing.text = "End"
            trailing.textAlignment = .right
            let turned = add(View(), "turned", Rect(x: 200, y: 210, width: 80, height: 80), Color(red: 1, green: 0.55, blue: 0))
            turned.transform = CGAffineTransform(rotationAngle: .pi / 6)
            let hidden = add(View(), "hidden", Rect(x: 16, y: 310, width: 100, height: 40), Color(red: 0, green: 0.7, blue: 0.2))
            hidden.isHidden = true
            let inner = View(frame: Rect(x: 5, y: 5, width: 20, height: 20))
            inner.traceLabel = "insideHidden"
            inner.backgroundColor = .black
            hidden.addSubview(inner)
            let bordered = add(View(), "bordered", Rect(x: 130, y: 310, width: 100, height: 60), .white)
            bordered.layer.borderWidth = 4
            bordered.layer.borderColor = Color(red: 0.1, green: 0.3, blue: 0.9)
            bordered.layer.cornerRadius = 10
            let toggle = add(Switch(), "toggle", Rect(x: 250, y: 310, width: 51, height: 31))
            toggle.isOn = true
            let field = add(TextField(), "field", Rect(x: 16, y: 390, width: 200, height: 34))
            field.placeholder = "Name"
            field.borderStyle = .roundedRect
            let image = add(ImageView(), "image", Rect(x: 230, y: 390, width: 80, height: 80))
            image.image = Image(named: "star")
            let text = add(TextView(), "text", Rect(x: 16, y: 440, width: 200, height: 60))
            text.text = "Two\nlines"
            let shadowed = add(View(), "shadowed", Rect(x: 16, y: 520, width: 100, height: 60), .white)
            shadowed.layer.shadowOpacity = 0.8
            shadowed.layer.shadowRadius = 4
            shadowed.layer.shadowOffset = CGSize(width: 0, height: 8)
            let layered = add(View(), "layered", Rect(x: 140, y: 520, width: 100, height: 60), Color(red: 0.9, green: 0.9, blue: 0.9))
            let sublayer = Layer()
            sublayer.frame = CGRect(x: 10, y: 10, width: 40, height: 40)
            sublayer.backgroundColor = Color(red: 0.5, green: 0.1, blue: 0.7)
            layered.layer.addSublayer(sublayer)
            _ = add(Drawn(), "drawn", Rect(x: 260, y: 520, width: 100, height: 60))
            let pinned = View(frame: .zero)
            pinned.traceLabel = "pinned"
            pinned.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(pinned)
            let width = pinned.widthAnchor.constraint(equalToConstant: 120)
            width.priority = .defaultHigh
            LayoutConstraint.activate([
                pinned.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 20),
                pinned.topAnchor.constraint(equalTo: view.topAnchor, constant: 600),
                width,
                pinned.heightAnchor.constraint(equalToConstant: 40),
            ])
        }
    }

    /// The fixture's snapshot, with its time and turn fixed (they are not what the
    /// pictures test).
    static func snapshot() throws -> WindowSnapshot {
        let app = try Application()
        let window = Window(screen: .phone, label: "main")
        let navigation = NavigationController(rootViewController: Home(label: "Home"))
        navigation.traceLabel = "Nav"
        window.rootViewController = TabBarController(viewControllers: [navigation, ViewController(label: "Other")], label: "Tabs")
        window.makeKeyAndVisible()
        try app.settle()
        var snapshot = WindowSnapshot(window, showingConstraints: true)
        try app.close()
        snapshot.time = 1_500_000_000
        snapshot.turn = 7
        return snapshot
    }

    /// The node labelled `label`.
    static func node(_ label: String, in snapshot: WindowSnapshot) throws -> WindowSnapshot.Node {
        try #require(snapshot.nodes.first { $0.label == label })
    }
}

@Suite("Snapshot canvas")
struct SnapshotCanvasTests {
    /// The SVG of a snapshot with every kind of content is pinned: drawing through a canvas
    /// writes the same bytes as the SVG writer did before it.
    @Test func theSVGOfEveryKindOfContentIsPinned() throws {
        let snapshot = try CanvasFixture.snapshot()
        for label in ["plain", "bold", "trailing", "turned", "hidden", "bordered", "toggle", "field", "image", "text",
                      "shadowed", "layered", "drawn", "navigationBar", "tabBar"] {
            _ = try CanvasFixture.node(label, in: snapshot)
        }
        #expect(!snapshot.nodes.contains { $0.label == "insideHidden" })
        #expect(snapshot.constraints.count == 4)
        try expectGolden(snapshot.svg(), "snapshot-every-content.svg")
    }
}
