import Foundation
import Testing
@testable import Lifeloop

/// A relayout after a change visits only what the solution moved; these pin down that it
/// still gives every frame the constraints ask for, and that taking a screen apart drops
/// exactly the constraints UIKit drops.
@Suite("Auto Layout: incremental relayout and teardown")
struct AutoLayoutIncrementalTests {
    /// A card holding a child; a second card beside it. Moving the first card (one
    /// constant) moves its child only through its superview's position: the child's frame
    /// in its superview stays, its window position follows. The second card, which does not
    /// move, keeps its frame; one set by hand is put back by the next layout of its
    /// superview, as UIKit's engine does.
    @Test
    func aRelayoutMovesWhatTheChangeMovesAndPutsBackAFrameSetByHand() throws {
        let app = try Application(clock: .virtual, traceEnabled: false)
        defer { try? app.close() }
        let card = View(frame: .zero), child = View(frame: .zero), other = View(frame: .zero)
        var gap: LayoutConstraint?
        let controller = AutoLayoutTests.Host { view in
            view.addSubview(card)
            card.addSubview(child)
            view.addSubview(other)
            for item in [card, child, other] { item.translatesAutoresizingMaskIntoConstraints = false }
            let left = card.leftAnchor.constraint(equalTo: view.leftAnchor, constant: 10)
            gap = left
            NSLayoutConstraintActivate([
                left, card.topAnchor.constraint(equalTo: view.topAnchor, constant: 20),
                card.widthAnchor.constraint(equalToConstant: 100), card.heightAnchor.constraint(equalToConstant: 50),
                child.leftAnchor.constraint(equalTo: card.leftAnchor, constant: 5),
                child.topAnchor.constraint(equalTo: card.topAnchor, constant: 6),
                child.widthAnchor.constraint(equalTo: card.widthAnchor, multiplier: 0.5),
                child.heightAnchor.constraint(equalToConstant: 10),
                other.leftAnchor.constraint(equalTo: view.leftAnchor, constant: 200),
                other.topAnchor.constraint(equalTo: view.topAnchor, constant: 20),
                other.widthAnchor.constraint(equalToConstant: 40), other.heightAnchor.constraint(equalToConstant: 40),
            ])
        }
        let window = Window(label: "main")
        window.rootViewController = controller
        window.makeKeyAndVisible()
        try app.settle()
        #expect(card.frame == Rect(x: 10, y: 20, width: 100, height: 50))
        #expect(child.frame == Rect(x: 5, y: 6, width: 50, height: 10))
        #expect(other.frame == Rect(x: 200, y: 20, width: 40, height: 40))

        try #require(gap).constant = 30
        try app.settle()
        #expect(card.frame == Rect(x: 30, y: 20, width: 100, height: 50))
        #expect(child.frame == Rect(x: 5, y: 6, width: 50, height: 10))
        #expect(child.convert(Point(x: 0, y: 0), to: window) == Point(x: 30 + 5, y: window.convert(Point(x: 0, y: 20), from: controller.view).y + 6))
        #expect(other.frame == Rect(x: 200, y: 20, width: 40, height: 40))

        // A frame set by hand on a view laid out by constraints: the next layout of its
        // superview gives it its solved frame again.
        other.frame = Rect(x: 0, y: 0, width: 5, height: 5)
        controller.view.setNeedsLayout()
        try app.settle()
        #expect(other.frame == Rect(x: 200, y: 20, width: 40, height: 40))

        // A change to the card's width reaches the child's width through the multiplier.
        let width = try #require(card.constraints.first { $0.firstAttribute == .width && $0.constant == 100 })
        width.constant = 140
        try app.settle()
        #expect(card.frame.width == 140 && child.frame.width == 70)
    }

    /// When a controller's views are taken apart, the constraints its root view held
    /// between its subviews are dropped, and a view's own size constraint stays on it, as
    /// each removal from a superview would leave them.
    @Test
    func takingAScreenApartDropsTheConstraintsBetweenItsViews() throws {
        let app = try Application(clock: .virtual, traceEnabled: false)
        var held: [LayoutConstraint] = [], own: LayoutConstraint?
        do {
            let controller = AutoLayoutTests.Host { view in
                var previous: View?
                for _ in 0..<50 {
                    let box = View(frame: .zero)
                    box.translatesAutoresizingMaskIntoConstraints = false
                    view.addSubview(box)
                    let top = previous.map { box.topAnchor.constraint(equalTo: $0.bottomAnchor, constant: 2) }
                        ?? box.topAnchor.constraint(equalTo: view.topAnchor)
                    let made = [top, box.leftAnchor.constraint(equalTo: view.leftAnchor),
                                box.widthAnchor.constraint(equalTo: view.widthAnchor)]
                    NSLayoutConstraintActivate(made)
                    held += made
                    let height = box.heightAnchor.constraint(equalToConstant: 8)
                    height.isActive = true
                    own = height
                    previous = box
                }
            }
            let window = Window(label: "main")
            window.rootViewController = controller
            window.makeKeyAndVisible()
            try app.settle()
            #expect(held.allSatisfy { $0.isActive })
            let root = controller.view!
            root.dismantleSubtree()
            #expect(held.allSatisfy { !$0.isActive })
            #expect(root.constraints.isEmpty)
            #expect(own?.isActive == true)
            #expect(root.subviews.isEmpty)
        }
        try app.close()
    }
}
