import Foundation
import Testing
@testable import Lifeloop

/// Thousands of constraints on one view, as a generated storyboard has them: each view
/// below the one before, with its own size. Sizes (one-item constraints) go into the
/// solver before the constraints that relate two items, so the chain's rows stay short
/// (4,000 such constraints took about a minute to launch in a debug build, now well
/// under a second); this checks the big input lays out right, and a chain listed in
/// reverse order too.
@Suite("Constraint chains")
struct ConstraintChainTests {
    typealias IB = InterfaceBuilderTests

    /// `count` views in a column, 1 point apart, each 10 points high and 20 + i % 7 wide;
    /// the constraints in file order, or reversed.
    static func storyboard(_ count: Int, reversed: Bool = false) -> String {
        var subviews = ""
        var constraints: [String] = []
        for index in 0..<count {
            subviews += #"<view translatesAutoresizingMaskIntoConstraints="NO" id="s\#(index)" userLabel="s\#(index)"><rect key="frame" x="0" y="0" width="1" height="1"/></view>"#
            let (above, edge) = index == 0 ? ("root", "top") : ("s\(index - 1)", "bottom")
            constraints += [
                #"<constraint firstItem="s\#(index)" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="5" id="l\#(index)"/>"#,
                #"<constraint firstItem="s\#(index)" firstAttribute="top" secondItem="\#(above)" secondAttribute="\#(edge)" constant="1" id="t\#(index)"/>"#,
                #"<constraint firstItem="s\#(index)" firstAttribute="width" constant="\#(20 + index % 7)" id="w\#(index)"/>"#,
                #"<constraint firstItem="s\#(index)" firstAttribute="height" constant="10" id="h\#(index)"/>"#,
            ]
        }
        if reversed { constraints.reverse() }
        return IB.storyboard(initial: "vc", """
            <scene sceneID="chain"><objects><viewController id="vc" sceneMemberID="viewController">
            <view key="view" id="root" userLabel="root"><rect key="frame" x="0" y="0" width="390" height="844"/>
            <subviews>\(subviews)</subviews>
            <constraints>\(constraints.joined(separator: "\n"))</constraints>
            </view></viewController></objects></scene>
            """)
    }

    static func expectColumn(_ count: Int, reversed: Bool) throws {
        let (app, window, _) = try IB.launch(storyboard(count, reversed: reversed))
        #expect(app.diagnostics.filter { $0.kind == .unsatisfiableConstraints }.isEmpty)
        let root = try #require(window.rootViewController?.view)
        #expect(root.subviews.count == count)
        for (index, view) in root.subviews.enumerated() {
            let expected = Rect(x: 5, y: Double(1 + 11 * index), width: Double(20 + index % 7), height: 10)
            guard view.frame == expected else {
                Issue.record("view \(index) is at \(view.frame), expected \(expected)")
                return
            }
        }
    }

    @Test("1,000 views chained one below the other (4,000 constraints) lay out, constraints in file order")
    func chain() throws {
        try Self.expectColumn(1_000, reversed: false)
    }

    @Test("a shorter chain with its constraints in reverse order")
    func reversedChain() throws {
        try Self.expectColumn(300, reversed: true)
    }
}
