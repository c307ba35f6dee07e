import Lifeloop
import LifeloopPictures
import Testing

/// Snapshots that draw a window's constraints.
@Suite("Constraint snapshots")
struct ConstraintSnapshotTests {
    final class Pinned: ViewController {
        let box = View(frame: .zero)
        override func viewDidLoad() {
            box.traceLabel = "box"
            box.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(box)
            let width = box.widthAnchor.constraint(equalToConstant: 120)
            width.priority = .defaultHigh
            LayoutConstraint.activate([
                box.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 20),
                box.topAnchor.constraint(equalTo: view.topAnchor, constant: 100),
                width,
                box.heightAnchor.constraint(equalToConstant: 40),
            ])
        }
    }

    @Test
    func eachActiveConstraintIsALineBetweenItsAnchors() throws {
        let app = try Application()
        let window = Window(label: "main")
        window.rootViewController = Pinned(label: "VC")
        window.makeKeyAndVisible()
        try app.settle()
        #expect(WindowSnapshot(window).constraints.isEmpty)
        #expect(!WindowSnapshot(window).svg().contains("data-role=\"constraint\""))
        let snapshot = WindowSnapshot(window, showingConstraints: true)
        #expect(snapshot.constraints.count == 4)
        let leading = try #require(snapshot.constraints.first)
        #expect(leading.from == Point(x: 20, y: 120))
        #expect(leading.to.x == 0)
        #expect(leading.description.contains("UIView:box.leading == "))
        let width = snapshot.constraints[2]
        #expect(width.from == Point(x: 20, y: 120) && width.to == Point(x: 140, y: 120))
        #expect(!width.isRequired)
        let svg = snapshot.svg()
        #expect(svg.components(separatedBy: "data-role=\"constraint\"").count - 1 == 4)
        #expect(svg.contains("stroke-dasharray=\"3 2\""))
        try app.close()
    }
}
