import Foundation
import Testing
@testable import Lifeloop

/// A table controller whose cells show the row's number through `textLabel`.
final class BasicCellController: ViewController, TableViewDataSource {
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 3 }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "Basic", for: indexPath)
        cell.textLabel?.text = "Row \(indexPath.row)"
        return cell
    }

    override func lifeloopSetOutlet(named name: String, to value: Any?) -> Bool { super.lifeloopSetOutlet(named: name, to: value) }
}

/// What real apps stopped on, each fixed where UIKit's behaviour says.
@Suite("UIKit as apps use it")
struct AppCompatibilityTests {
    typealias IB = InterfaceBuilderTests

    /// A Basic prototype cell's label (`textLabel="ID"` on the cell) is the cell's
    /// `textLabel`: the app's text replaces the prototype's "Title", in one label.
    @Test func aPrototypeCellsOwnLabelIsItsTextLabel() throws {
        let scene = """
            <scene sceneID="s">
                <objects>
                    <viewController id="vc" customClass="BasicCellController" customModule="LifeloopTests" customModuleProvider="target" sceneMemberID="viewController">
                        <view key="view" contentMode="scaleToFill" id="root">
                            <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                            <subviews>
                                <tableView clipsSubviews="YES" contentMode="scaleToFill" style="plain" rowHeight="44" id="table" userLabel="list">
                                    <rect key="frame" x="0" y="0" width="393" height="852"/>
                                    <prototypes>
                                        <tableViewCell contentMode="scaleToFill" reuseIdentifier="Basic" textLabel="basic-text" style="IBUITableViewCellStyleDefault" id="basic-cell">
                                            <rect key="frame" x="0" y="0" width="393" height="44"/>
                                            <tableViewCellContentView key="contentView" opaque="NO" contentMode="center" id="basic-content">
                                                <rect key="frame" x="0" y="0" width="393" height="44"/>
                                                <subviews>
                                                    <label opaque="NO" contentMode="left" text="Title" textAlignment="natural" id="basic-text">
                                                        <rect key="frame" x="20" y="0.0" width="353" height="44"/>
                                                        <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                                    </label>
                                                </subviews>
                                            </tableViewCellContentView>
                                        </tableViewCell>
                                    </prototypes>
                                    <connections>
                                        <outlet property="dataSource" destination="vc" id="ds"/>
                                    </connections>
                                </tableView>
                            </subviews>
                        </view>
                    </viewController>
                </objects>
            </scene>
            """
        let (_, window, _) = try IB.launch(IB.storyboard(initial: "vc", scene), modules: ["LifeloopTests"])
        let controller = try #require(window.rootViewController as? BasicCellController)
        let table = try #require(controller.view.viewWithLabel("list") as? TableView)
        #expect(table.visibleCells.count == 3)
        for (row, cell) in table.visibleCells.enumerated() {
            let labels = cell.contentView.subviews.compactMap { $0 as? Label }
            #expect(labels.count == 1, "row \(row): \(labels.map { $0.text ?? "nil" })")
            #expect(labels.first === cell.textLabel && cell.textLabel?.text == "Row \(row)")
        }
    }

    /// A bare `self` in a stored property's initializer names NSObject's `self()` method
    /// on iOS; UIKit code that passes it as a target compiles here too.
    @Test func selfIsAMethodOfEveryResponder() throws {
        let app = try Application()
        let controller = ViewController(label: "C")
        #expect(controller.`self`() === controller)
        #expect(app.`self`() === app)
    }

    /// Motion events go up the responder chain as touches do.
    @Test func motionEventsGoToTheNextResponder() throws {
        final class Shaken: ViewController {
            var motions: [Event.EventSubtype] = []
            override func motionEnded(_ motion: Event.EventSubtype, with event: Event?) { motions.append(motion) }
        }
        let app = try Application()
        let controller = Shaken(label: "Shaken")
        _ = try showInWindow(controller, app: app)
        let child = View()
        controller.view.addSubview(child)
        child.motionEnded(.motionShake, with: nil)
        #expect(controller.motions == [.motionShake])
        #expect(Event().subtype == .none)
    }

    /// A navigation controller's bar keeps what the app styles, and its items are the
    /// stack's.
    @Test func theNavigationBarKeepsItsAppearanceAndShowsTheStacksItems() throws {
        let app = try Application()
        let root = ViewController(label: "Root")
        let navigation = NavigationController(rootViewController: root)
        _ = try showInWindow(navigation, app: app)
        let bar = navigation.navigationBar
        #expect(navigation.navigationBar === bar)
        bar.prefersLargeTitles = true
        bar.barTintColor = .black
        let appearance = NavigationBarAppearance()
        appearance.configureWithOpaqueBackground()
        appearance.backgroundColor = Color(red: 1, green: 0, blue: 0)
        bar.standardAppearance = appearance
        bar.scrollEdgeAppearance = NavigationBarAppearance(barAppearance: appearance)
        #expect(bar.scrollEdgeAppearance?.backgroundColor == Color(red: 1, green: 0, blue: 0))
        root.navigationItem.title = "Home"
        let second = ViewController(label: "Second")
        navigation.pushViewController(second, animated: false)
        try app.settle()
        #expect(bar.topItem === second.navigationItem && bar.backItem?.title == "Home" && bar.items?.count == 2)
        navigation.hidesBarsOnTap = true
        #expect(navigation.hidesBarsOnTap && !navigation.hidesBarsOnSwipe)
        #expect(bar.superview == nil, "the bar is data: not in the view tree")
    }

    /// `cgColor.components` of an RGB color: red, green, blue, alpha.
    @Test func aColorsComponentsAreRGBA() {
        let color = Color(red: 0.25, green: 0.5, blue: 0.75, alpha: 1)
        #expect(color.components == [0.25, 0.5, 0.75, 1] && color.numberOfComponents == 4)
    }

    /// UIKit checks for a root controller at the end of launch: a window made visible and
    /// given its root in the same turn is fine; one left without is reported.
    @Test func aRootSetRightAfterMakeKeyAndVisibleIsNoDiagnostic() throws {
        let app = try Application()
        let window = Window(frame: app.mainScreen.bounds)
        window.makeKeyAndVisible()
        window.rootViewController = ViewController(label: "Late")
        try app.settle()
        #expect(app.diagnostics.isEmpty, "\(app.diagnostics)")
        #expect(window.rootViewController?.isAppearingOrAppeared == true)
        let bare = Window(frame: app.mainScreen.bounds)
        bare.makeKeyAndVisible()
        try app.settle()
        #expect(app.diagnostics.map(\.kind) == [.noRootViewAtLaunch])
    }

    /// A registered cell class is made through its class method (which the port step
    /// writes for an app's subclasses): the dequeued cell is of the registered class.
    @Test func aRegisteredCellClassIsMadeThroughItsClassMethod() throws {
        final class Tile: CollectionViewCell {
            override class func lifeloopMakeReusable() -> CollectionReusableView? { Tile(frame: .zero) }
        }
        final class Row: TableViewCell {
            override class func lifeloopMakeReusable(reuseIdentifier: String) -> TableViewCell? { Row(style: .default, reuseIdentifier: reuseIdentifier) }
        }
        _ = try Application()
        let collection = CollectionView(frame: Rect(x: 0, y: 0, width: 300, height: 300), collectionViewLayout: CollectionViewFlowLayout())
        collection.register(Tile.self, forCellWithReuseIdentifier: "tile")
        #expect(collection.dequeueReusableCell(withReuseIdentifier: "tile", for: IndexPath(item: 0, section: 0)) is Tile)
        let table = TableView(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        table.register(Row.self, forCellReuseIdentifier: "row")
        #expect(table.dequeueReusableCell(withIdentifier: "row") is Row)
    }

    /// A view that loads its content from a nib and keeps it only through a weak outlet,
    /// as a common iOS pattern does: the nib's top-level view lives until the turn ends
    /// (UIKit's autorelease pool), long enough for the view to add it.
    @Test func aNibsTopLevelViewsLiveUntilTheTurnEnds() throws {
        final class Card: View {
            weak var contentView: View?
            override func lifeloopSetOutlet(named name: String, to value: Any?) -> Bool {
                guard name == "contentView" else { return super.lifeloopSetOutlet(named: name, to: value) }
                contentView = value as? View
                return true
            }
        }
        let folder = NSTemporaryDirectory() + "nib-pool-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0">
                <objects>
                    <placeholder placeholderIdentifier="IBFilesOwner" id="-1" customClass="Card">
                        <connections><outlet property="contentView" destination="content" id="o1"/></connections>
                    </placeholder>
                    <view contentMode="scaleToFill" id="content" userLabel="content"><rect key="frame" x="0" y="0" width="100" height="50"/></view>
                </objects>
            </document>
            """.write(toFile: folder + "/Card.xib", atomically: true, encoding: .utf8)
        let app = try Application()
        app.bundlePath = folder
        let kept = Card(frame: Rect(x: 0, y: 0, width: 100, height: 50))
        let dropped = Card(frame: Rect(x: 0, y: 0, width: 100, height: 50))
        var aliveInTheTurn = false
        app.loop.execute {
            _ = Bundle.main.loadNibNamed("Card", owner: kept, options: nil)
            _ = Bundle.main.loadNibNamed("Card", owner: dropped, options: nil)
            if let content = kept.contentView { kept.addSubview(content) }
            aliveInTheTurn = dropped.contentView != nil
        }
        try app.settle()
        #expect(aliveInTheTurn, "alive until the turn ends")
        #expect(kept.contentView?.superview === kept)
        #expect(dropped.contentView == nil, "released with the turn's pool")
    }

    /// `UIImage(data:)`: a PNG's size from its header, at a scale; other data is nil.
    @Test func anImageFromPNGDataHasItsPixelSize() {
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
        png += [0, 0, 0, 120, 0, 0, 0, 60, 8, 6, 0, 0, 0]
        #expect(Image(data: Data(png))?.size == Size(width: 120, height: 60))
        #expect(Image(data: Data(png), scale: 2)?.size == Size(width: 60, height: 30))
        #expect(Image(data: Data("not an image".utf8)) == nil)
    }

    /// An outlet to a constraint (`@IBOutlet weak var widthConstraint`) is connected to
    /// the constraint the file makes.
    @Test func anOutletToAConstraintIsConnected() throws {
        final class Bar: View {
            var contentView: View?
            weak var fillWidth: LayoutConstraint?
            override func lifeloopSetOutlet(named name: String, to value: Any?) -> Bool {
                switch name {
                case "contentView": contentView = value as? View
                case "fillWidth": fillWidth = value as? LayoutConstraint
                default: return super.lifeloopSetOutlet(named: name, to: value)
                }
                return true
            }
        }
        let folder = NSTemporaryDirectory() + "nib-constraint-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" useAutolayout="YES">
                <objects>
                    <placeholder placeholderIdentifier="IBFilesOwner" id="-1" customClass="Bar">
                        <connections>
                            <outlet property="contentView" destination="root" id="o1"/>
                            <outlet property="fillWidth" destination="width-c" id="o2"/>
                        </connections>
                    </placeholder>
                    <view contentMode="scaleToFill" id="root">
                        <rect key="frame" x="0" y="0" width="200" height="20"/>
                        <subviews>
                            <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="fill">
                                <rect key="frame" x="0" y="0" width="100" height="20"/>
                            </view>
                        </subviews>
                        <constraints>
                            <constraint firstItem="fill" firstAttribute="width" secondItem="root" secondAttribute="width" multiplier="0.5" id="width-c"/>
                        </constraints>
                    </view>
                </objects>
            </document>
            """.write(toFile: folder + "/Bar.xib", atomically: true, encoding: .utf8)
        let app = try Application()
        app.bundlePath = folder
        let bar = Bar(frame: Rect(x: 0, y: 0, width: 200, height: 20))
        _ = Bundle.main.loadNibNamed("Bar", owner: bar, options: nil)
        let constraint = try #require(bar.fillWidth)
        #expect(constraint.multiplier == 0.5 && constraint.identifier == "width-c" && constraint.isActive)
        #expect(app.diagnostics.isEmpty, "\(app.diagnostics)")
    }
}
