import Foundation
import Testing
@testable import Lifeloop

/// A table controller whose rows come from the storyboard's prototype cell "Cell".
final class IBRowsController: TableViewController {
    override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 3 }

    override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)
        (cell.contentView.viewWithTag(100) as? Label)?.text = "Row \(indexPath.row)"
        return cell
    }
}

/// A collection controller whose items come from the prototype cell "Tile".
final class IBTilesController: CollectionViewController {
    override func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 4 }

    override func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: "Tile", for: indexPath)
    }
}

/// A plain controller that is a table's data source through outlets, and a gesture
/// recognizer's target and delegate.
final class IBGestureController: ViewController, TableViewDataSource, GestureRecognizerDelegate {
    var recognizer: GestureRecognizer?
    var log: [String] = []

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 2 }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        tableView.dequeueReusableCell(withIdentifier: "Plain", for: indexPath)
    }

    func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        log.append("shouldBegin")
        return true
    }

    override func lifeloopSetOutlet(named name: String, to value: Any?) -> Bool {
        guard name == "recognizer", let recognizer = value as? GestureRecognizer else {
            return super.lifeloopSetOutlet(named: name, to: value)
        }
        self.recognizer = recognizer
        return true
    }

    override func lifeloopPerform(_ selector: Selector, with arguments: [Any?]) -> SelectorOutcome {
        guard selector.name == "tapped:" else { return super.lifeloopPerform(selector, with: arguments) }
        log.append("tapped: \(arguments.first.flatMap { $0 }.map { String(describing: type(of: $0)) } ?? "nil")")
        return .performed(nil)
    }

    override func lifeloopResponds(to selector: Selector) -> Bool {
        selector.name == "tapped:" || super.lifeloopResponds(to: selector)
    }
}

/// A static table's controller, as storyboard apps write one: outlets into its cells,
/// read in `viewDidLoad`, and no data source methods of its own.
final class IBStaticController: TableViewController {
    var nameField: TextField?
    var fieldSeenInViewDidLoad: TextField?

    override func viewDidLoad() {
        super.viewDidLoad()
        fieldSeenInViewDidLoad = nameField
        nameField?.text = "Milk"
    }

    override func lifeloopSetOutlet(named name: String, to value: Any?) -> Bool {
        guard name == "nameField" else { return super.lifeloopSetOutlet(named: name, to: value) }
        nameField = value as? TextField
        return true
    }
}

@Suite("Interface Builder lists, stacks and gestures")
struct InterfaceBuilderListsTests {
    typealias IB = InterfaceBuilderTests

    static let tableScene = """
            <scene sceneID="scene-rows">
                <objects>
                    <tableViewController id="rows-vc" customClass="IBRowsController" customModule="LifeloopTests" customModuleProvider="target" sceneMemberID="viewController">
                        <tableView key="view" clipsSubviews="YES" contentMode="scaleToFill" alwaysBounceVertical="YES" dataMode="prototypes" style="grouped" rowHeight="60" id="rows-table" userLabel="rows">
                            <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                            <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                            <prototypes>
                                <tableViewCell clipsSubviews="YES" contentMode="scaleToFill" preservesSuperviewLayoutMargins="YES" selectionStyle="default" indentationWidth="10" reuseIdentifier="Cell" id="cell-proto">
                                    <rect key="frame" x="0.0" y="50" width="393" height="60"/>
                                    <autoresizingMask key="autoresizingMask"/>
                                    <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" preservesSuperviewLayoutMargins="YES" insetsLayoutMarginsFromSafeArea="NO" tableViewCell="cell-proto" id="cell-content">
                                        <rect key="frame" x="0.0" y="0.0" width="393" height="60"/>
                                        <autoresizingMask key="autoresizingMask"/>
                                        <subviews>
                                            <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Title" tag="100" id="cell-title">
                                                <rect key="frame" x="20" y="10" width="200" height="40"/>
                                            </label>
                                        </subviews>
                                    </tableViewCellContentView>
                                </tableViewCell>
                            </prototypes>
                            <connections>
                                <outlet property="dataSource" destination="rows-vc" id="ds"/>
                                <outlet property="delegate" destination="rows-vc" id="dl"/>
                            </connections>
                        </tableView>
                    </tableViewController>
                    <placeholder placeholderIdentifier="IBFirstResponder" id="rows-fr" sceneMemberID="firstResponder"/>
                </objects>
            </scene>
        """

    @Test("a table view controller's table is a TableView with its style and row height, and its prototype cells are dequeued by reuse identifier")
    func tableViewControllerWithPrototypes() throws {
        let definition = try IB.parse(IB.storyboard(initial: "rows-vc", Self.tableScene))
        #expect(definition.notes.isEmpty, "\(definition.notes)")
        let table = try #require(definition.scenes[0].view)
        #expect(table.className == "TableView")
        #expect(table.interfaceBuilder?.prototypes.map { $0.interfaceBuilder?.flags["reuseIdentifier"] } == ["Cell"])
        #expect(table.subviews.isEmpty)

        let (app, window, _) = try IB.launch(IB.storyboard(initial: "rows-vc", Self.tableScene), modules: ["LifeloopTests"])
        #expect(IB.messages(app, .unknownClass).isEmpty)
        let controller = try #require(window.rootViewController as? IBRowsController)
        let tableView = try #require(controller.tableView)
        #expect(tableView.style == .grouped)
        #expect(tableView.rowHeight == 60)
        #expect(tableView.dataSource === controller)
        let cells = tableView.visibleCells
        #expect(cells.count == 3)
        #expect(cells.map { ($0.contentView.viewWithTag(100) as? Label)?.text } == ["Row 0", "Row 1", "Row 2"])
        #expect(cells.allSatisfy { $0.reuseIdentifier == "Cell" })
        #expect(app.diagnostics.filter { $0.kind == .unregisteredReuseIdentifier }.isEmpty)
    }

    @Test("constraints a prototype cell's content view holds pin its subviews inside each cell, the unnamed first item the content view")
    func contentViewConstraints() throws {
        // As Xcode writes them: two of the four name no first item (the holding content view).
        let stack = """
            <stackView opaque="NO" contentMode="scaleToFill" axis="vertical" translatesAutoresizingMaskIntoConstraints="NO" id="cell-stack">
                <rect key="frame" x="16" y="8" width="361" height="44"/>
                <subviews>
                    <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Title" tag="100" translatesAutoresizingMaskIntoConstraints="NO" id="cell-title">
                        <rect key="frame" x="0.0" y="0.0" width="361" height="22"/>
                    </label>
                </subviews>
            </stackView>
            </subviews>
            <constraints>
                <constraint firstAttribute="bottom" secondItem="cell-stack" secondAttribute="bottom" constant="8" id="c-b"/>
                <constraint firstAttribute="trailing" secondItem="cell-stack" secondAttribute="trailing" constant="16" id="c-t"/>
                <constraint firstItem="cell-stack" firstAttribute="top" secondItem="cell-content" secondAttribute="top" constant="8" id="c-top"/>
                <constraint firstItem="cell-stack" firstAttribute="leading" secondItem="cell-content" secondAttribute="leading" constant="16" id="c-l"/>
            </constraints>
            """
        let label = try #require(Self.tableScene.range(of: "<label opaque=\"NO\" userInteractionEnabled=\"NO\" contentMode=\"left\" text=\"Title\""))
        let closing = try #require(Self.tableScene.range(of: "</subviews>", range: label.upperBound..<Self.tableScene.endIndex))
        let scene = Self.tableScene.replacingCharacters(in: label.lowerBound..<closing.upperBound, with: stack)
        #expect(scene.contains("cell-stack"))
        let (app, window, _) = try IB.launch(IB.storyboard(initial: "rows-vc", scene), modules: ["LifeloopTests"])
        #expect(IB.messages(app, .interfaceBuilderSkipped).isEmpty, "\(IB.messages(app, .interfaceBuilderSkipped))")
        let table = try #require((window.rootViewController as? IBRowsController)?.tableView)
        try app.settle()
        let cells = table.visibleCells
        #expect(cells.count == 3)
        for cell in cells {
            let stack = try #require(cell.contentView.subviews.first as? StackView)
            #expect(stack.frame == Rect(x: 16, y: 8, width: cell.contentView.bounds.width - 32, height: cell.contentView.bounds.height - 16),
                    "the stack fills its own cell less the margins: \(stack.frame) in \(cell.contentView.bounds)")
            let origin = stack.convert(Point.zero, to: window)
            let cellOrigin = cell.convert(Point.zero, to: window)
            #expect(origin.y == cellOrigin.y + 8, "inside its cell in the window")
        }
        #expect(cells.map { ($0.contentView.viewWithTag(100) as? Label)?.text } == ["Row 0", "Row 1", "Row 2"])
    }

    static let staticScene = """
            <scene sceneID="scene-static">
                <objects>
                    <tableViewController id="static-vc" customClass="IBStaticController" customModule="LifeloopTests" customModuleProvider="target" sceneMemberID="viewController">
                        <tableView key="view" clipsSubviews="YES" contentMode="scaleToFill" alwaysBounceVertical="YES" dataMode="static" style="insetGrouped" rowHeight="-1" estimatedRowHeight="-1" sectionHeaderHeight="18" sectionFooterHeight="18" id="static-table">
                            <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                            <sections>
                                <tableViewSection headerTitle="Task name" id="sec-1">
                                    <cells>
                                        <tableViewCell clipsSubviews="YES" contentMode="scaleToFill" selectionStyle="default" rowHeight="34" id="cell-name">
                                            <rect key="frame" x="0.0" y="55" width="393" height="34"/>
                                            <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" contentMode="center" tableViewCell="cell-name" id="cell-name-content">
                                                <rect key="frame" x="0.0" y="0.0" width="393" height="34"/>
                                                <subviews>
                                                    <textField opaque="NO" contentMode="scaleToFill" placeholder="Name" translatesAutoresizingMaskIntoConstraints="NO" id="name-field">
                                                        <rect key="frame" x="16" y="0.0" width="361" height="34"/>
                                                        <fontDescription key="fontDescription" type="system" pointSize="14"/>
                                                    </textField>
                                                </subviews>
                                                <constraints>
                                                    <constraint firstAttribute="trailing" secondItem="name-field" secondAttribute="trailing" constant="16" id="nf-t"/>
                                                    <constraint firstItem="name-field" firstAttribute="leading" secondItem="cell-name-content" secondAttribute="leading" constant="16" id="nf-l"/>
                                                    <constraint firstItem="name-field" firstAttribute="top" secondItem="cell-name-content" secondAttribute="top" id="nf-top"/>
                                                    <constraint firstAttribute="bottom" secondItem="name-field" secondAttribute="bottom" id="nf-b"/>
                                                </constraints>
                                            </tableViewCellContentView>
                                        </tableViewCell>
                                    </cells>
                                </tableViewSection>
                                <tableViewSection headerTitle="Flags" footerTitle="Important tasks come first." id="sec-2">
                                    <cells>
                                        <tableViewCell clipsSubviews="YES" contentMode="scaleToFill" selectionStyle="default" textLabel="imp-text" style="IBUITableViewCellStyleDefault" id="cell-imp">
                                            <rect key="frame" x="0.0" y="140" width="393" height="44"/>
                                            <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" contentMode="center" tableViewCell="cell-imp" id="cell-imp-content">
                                                <rect key="frame" x="0.0" y="0.0" width="393" height="44"/>
                                                <subviews>
                                                    <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Important" id="imp-text">
                                                        <rect key="frame" x="20" y="0.0" width="353" height="44"/>
                                                    </label>
                                                </subviews>
                                            </tableViewCellContentView>
                                            <connections>
                                                <segue destination="detail-vc" kind="show" id="seg-static"/>
                                            </connections>
                                        </tableViewCell>
                                        <tableViewCell clipsSubviews="YES" contentMode="scaleToFill" selectionStyle="default" textLabel="fav-text" style="IBUITableViewCellStyleDefault" id="cell-fav">
                                            <rect key="frame" x="0.0" y="184" width="393" height="44"/>
                                            <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" contentMode="center" tableViewCell="cell-fav" id="cell-fav-content">
                                                <rect key="frame" x="0.0" y="0.0" width="393" height="44"/>
                                                <subviews>
                                                    <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Favourite" id="fav-text">
                                                        <rect key="frame" x="20" y="0.0" width="353" height="44"/>
                                                    </label>
                                                </subviews>
                                            </tableViewCellContentView>
                                        </tableViewCell>
                                    </cells>
                                </tableViewSection>
                            </sections>
                            <connections>
                                <outlet property="dataSource" destination="static-vc" id="s-ds"/>
                                <outlet property="delegate" destination="static-vc" id="s-dl"/>
                            </connections>
                        </tableView>
                        <connections>
                            <outlet property="nameField" destination="name-field" id="o-name"/>
                        </connections>
                    </tableViewController>
                    <placeholder placeholderIdentifier="IBFirstResponder" id="static-fr" sceneMemberID="firstResponder"/>
                </objects>
            </scene>
        """

    @Test("a static table's sections and cells are made with the scene: outlets into them are set before viewDidLoad, and the table shows them with their titles, heights and segues")
    func staticTable() throws {
        let text = IB.storyboard(initial: "nav-vc", """
                <scene sceneID="s-nav"><objects>
                    <navigationController id="nav-vc" sceneMemberID="viewController">
                        <connections><segue destination="static-vc" kind="relationship" relationship="rootViewController" id="r"/></connections>
                    </navigationController>
                </objects></scene>
            """ + Self.staticScene + IB.detailScene)
        let definition = try IB.parse(text)
        #expect(!definition.notes.contains { "\($0)".contains("static") }, "\(definition.notes)")
        let (app, window, _) = try IB.launch(text, modules: ["LifeloopTests"])
        let navigation = try #require(window.rootViewController as? NavigationController)
        let controller = try #require(navigation.viewControllers.first as? IBStaticController)
        try app.settle()
        let field = try #require(controller.fieldSeenInViewDidLoad, "the outlet into a static cell is set before viewDidLoad")
        #expect(field === controller.nameField && field.text == "Milk")
        let table = try #require(controller.tableView)
        #expect(table.style == .insetGrouped)
        #expect(table.numberOfSections == 2)
        #expect((0..<2).map { table.numberOfRows(inSection: $0) } == [1, 2])
        #expect(controller.tableView(table, titleForHeaderInSection: 1) == "Flags")
        #expect(controller.tableView(table, titleForFooterInSection: 1) == "Important tasks come first.")
        let nameCell = try #require(table.cellForRow(at: IndexPath(row: 0, section: 0)))
        #expect(field.isDescendant(of: nameCell), "the field shows in its cell")
        #expect(nameCell.frame.height == 34, "the storyboard's row height")
        #expect(table.cellForRow(at: IndexPath(row: 1, section: 1))?.textLabel?.text == "Favourite")
        // The static cell's segue runs when its row is tapped.
        app.tap(try #require(table.cellForRow(at: IndexPath(row: 0, section: 1))))
        try app.settle()
        try app.advance(by: .seconds(1))
        #expect(navigation.viewControllers.map { $0.scene?.id } == ["static-vc", "detail-vc"])
        #expect(IB.messages(app, .interfaceBuilderSkipped).isEmpty, "\(IB.messages(app, .interfaceBuilderSkipped))")
    }

    @Test("a prototype cell's selection segue runs when its row is selected, from a finger on its label as from a tap on the cell, once")
    func cellSelectionSegue() throws {
        let scene = Self.tableScene.replacingOccurrences(
            of: "</tableViewCellContentView>",
            with: #"</tableViewCellContentView><connections><segue destination="detail-vc" kind="show" id="seg-cell"/></connections>"#)
        #expect(scene.contains("seg-cell"))
        let text = IB.storyboard(initial: "nav-vc", """
                <scene sceneID="s-nav"><objects>
                    <navigationController id="nav-vc" sceneMemberID="viewController">
                        <connections><segue destination="rows-vc" kind="relationship" relationship="rootViewController" id="r"/></connections>
                    </navigationController>
                </objects></scene>
            """ + scene + IB.detailScene)
        let (app, window, _) = try IB.launch(text, modules: ["LifeloopTests"])
        let navigation = try #require(window.rootViewController as? NavigationController)
        let rows = try #require(navigation.viewControllers.first as? IBRowsController)
        let table = try #require(rows.tableView)
        try app.settle()
        let label = try #require(table.cellForRow(at: IndexPath(row: 1, section: 0))?.contentView.viewWithTag(100))
        // A finger on the label: the hit view is the label's content view, not the cell.
        let point = label.convert(Point(x: 10, y: 10), to: window)
        _ = try app.tap(at: point, duration: .milliseconds(50), in: window)
        try app.settle()
        try app.advance(by: .seconds(1))
        #expect(table.indexPathForSelectedRow == IndexPath(row: 1, section: 0))
        #expect(navigation.viewControllers.map { $0.scene?.id } == ["rows-vc", "detail-vc"])

        navigation.popViewController(animated: false)
        try app.settle()
        app.tap(try #require(table.cellForRow(at: IndexPath(row: 2, section: 0))))
        try app.settle()
        try app.advance(by: .seconds(1))
        #expect(navigation.viewControllers.map { $0.scene?.id } == ["rows-vc", "detail-vc"])
    }

    @Test("a collection view controller's collection has its flow layout and prototype cells")
    func collectionViewControllerWithPrototypes() throws {
        let scene = """
                <scene sceneID="scene-tiles">
                    <objects>
                        <collectionViewController id="tiles-vc" customClass="IBTilesController" customModule="LifeloopTests" customModuleProvider="target" sceneMemberID="viewController">
                            <collectionView key="view" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="scaleToFill" dataMode="prototypes" id="tiles">
                                <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                                <collectionViewFlowLayout key="collectionViewLayout" scrollDirection="vertical" minimumLineSpacing="10" minimumInteritemSpacing="5" id="flow">
                                    <size key="itemSize" width="80" height="90"/>
                                    <size key="headerReferenceSize" width="0.0" height="0.0"/>
                                </collectionViewFlowLayout>
                                <cells>
                                    <collectionViewCell opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" reuseIdentifier="Tile" id="tile-proto">
                                        <rect key="frame" x="0.0" y="0.0" width="80" height="90"/>
                                        <collectionViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" insetsLayoutMarginsFromSafeArea="NO" id="tile-content">
                                            <rect key="frame" x="0.0" y="0.0" width="80" height="90"/>
                                            <subviews>
                                                <imageView clipsSubviews="YES" userInteractionEnabled="NO" contentMode="scaleAspectFit" tag="7" id="tile-image">
                                                    <rect key="frame" x="0.0" y="0.0" width="80" height="90"/>
                                                </imageView>
                                            </subviews>
                                        </collectionViewCellContentView>
                                    </collectionViewCell>
                                </cells>
                                <connections>
                                    <outlet property="dataSource" destination="tiles-vc" id="cds"/>
                                    <outlet property="delegate" destination="tiles-vc" id="cdl"/>
                                </connections>
                            </collectionView>
                        </collectionViewController>
                    </objects>
                </scene>
            """
        let text = IB.storyboard(initial: "tiles-vc", scene)
        #expect(try IB.parse(text).notes.isEmpty)
        let (_, window, _) = try IB.launch(text, modules: ["LifeloopTests"])
        let controller = try #require(window.rootViewController as? IBTilesController)
        let collection = try #require(controller.collectionView)
        let layout = try #require(collection.collectionViewLayout as? CollectionViewFlowLayout)
        #expect(layout.itemSize == Size(width: 80, height: 90))
        #expect(layout.minimumLineSpacing == 10)
        #expect(layout.minimumInteritemSpacing == 5)
        let cells = collection.visibleCells
        #expect(cells.count == 4)
        #expect(cells.allSatisfy { $0.contentView.viewWithTag(7) is ImageView })
        #expect(cells.allSatisfy { $0.reuseIdentifier == "Tile" })
    }

    static let stackSubviews = """
                                    <stackView opaque="NO" contentMode="scaleToFill" axis="vertical" distribution="fillEqually" alignment="center" spacing="8" translatesAutoresizingMaskIntoConstraints="NO" id="stack" userLabel="stack">
                                        <rect key="frame" x="0" y="100" width="200" height="108"/>
                                        <subviews>
                                            <label opaque="NO" text="One" id="one" userLabel="one">
                                                <rect key="frame" x="0" y="0" width="50" height="50"/>
                                            </label>
                                            <label opaque="NO" text="Two" id="two" userLabel="two">
                                                <rect key="frame" x="0" y="58" width="50" height="50"/>
                                            </label>
                                        </subviews>
                                        <constraints>
                                            <constraint firstAttribute="width" constant="200" id="sw"/>
                                            <constraint firstAttribute="height" constant="108" id="sh"/>
                                        </constraints>
                                    </stackView>
        """

    @Test("a stack view is a StackView with its axis, distribution, alignment and spacing, its subviews arranged")
    func stackView() throws {
        let text = IB.storyboard(IB.scene("home-vc", subviews: Self.stackSubviews))
        #expect(!(try IB.parse(text).notes.contains { $0.message.contains("stackView") }))
        let (_, window, _) = try IB.launch(text)
        let root = try #require(window.rootViewController?.view)
        let stack = try #require(root.viewWithLabel("stack") as? StackView)
        #expect(stack.axis == .vertical)
        #expect(stack.distribution == .fillEqually)
        #expect(stack.alignment == .center)
        #expect(stack.spacing == 8)
        #expect(stack.arrangedSubviews.map(\.traceLabel) == ["one", "two"])
        let one = try #require(root.viewWithLabel("one"))
        let two = try #require(root.viewWithLabel("two"))
        // Equal heights, 8 apart, filling the 108 points.
        #expect(one.frame.height == 50)
        #expect(two.frame.minY == one.frame.maxY + 8)
    }

    static let gestureScene = """
            <scene sceneID="scene-g">
                <objects>
                    <viewController id="g-vc" customClass="IBGestureController" customModule="LifeloopTests" customModuleProvider="target" sceneMemberID="viewController">
                        <view key="view" contentMode="scaleToFill" id="g-view">
                            <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                            <subviews>
                                <view contentMode="scaleToFill" id="pad" userLabel="pad">
                                    <rect key="frame" x="0" y="100" width="200" height="200"/>
                                    <connections>
                                        <outletCollection property="gestureRecognizers" destination="g-tap" appends="YES" id="oc-g"/>
                                    </connections>
                                </view>
                                <tableView clipsSubviews="YES" contentMode="scaleToFill" style="plain" rowHeight="44" id="g-table" userLabel="list">
                                    <rect key="frame" x="0" y="400" width="393" height="300"/>
                                    <prototypes>
                                        <tableViewCell contentMode="scaleToFill" reuseIdentifier="Plain" textLabel="p-text" style="IBUITableViewCellStyleDefault" id="p-cell">
                                            <rect key="frame" x="0" y="0" width="393" height="44"/>
                                            <tableViewCellContentView key="contentView" opaque="NO" contentMode="center" id="p-content">
                                                <rect key="frame" x="0" y="0" width="393" height="44"/>
                                            </tableViewCellContentView>
                                        </tableViewCell>
                                    </prototypes>
                                    <connections>
                                        <outlet property="dataSource" destination="g-vc" id="g-ds"/>
                                    </connections>
                                </tableView>
                            </subviews>
                        </view>
                        <connections>
                            <outlet property="recognizer" destination="g-tap" id="g-out"/>
                        </connections>
                    </viewController>
                    <placeholder placeholderIdentifier="IBFirstResponder" id="g-fr" sceneMemberID="firstResponder"/>
                    <tapGestureRecognizer numberOfTapsRequired="1" id="g-tap">
                        <connections>
                            <action selector="tapped:" destination="g-vc" id="g-act"/>
                            <outlet property="delegate" destination="g-vc" id="g-del"/>
                        </connections>
                    </tapGestureRecognizer>
                </objects>
            </scene>
        """

    @Test("a scene's gesture recognizer is attached to its view, with its action, its outlet and its delegate")
    func gestureRecognizer() throws {
        let text = IB.storyboard(initial: "g-vc", Self.gestureScene)
        let definition = try IB.parse(text)
        #expect(definition.scenes[0].interfaceBuilder?.gestureRecognizers.map(\.element) == ["tapGestureRecognizer"])
        #expect(!definition.notes.contains { $0.message.contains("GestureRecognizer") }, "\(definition.notes)")
        let (app, window, _) = try IB.launch(text, modules: ["LifeloopTests"])
        #expect(IB.messages(app, .undefinedKey).isEmpty, "\(IB.messages(app, .undefinedKey))")
        let controller = try #require(window.rootViewController as? IBGestureController)
        let pad = try #require(controller.view.viewWithLabel("pad"))
        let recognizer = try #require(pad.gestureRecognizers?.first as? TapGestureRecognizer)
        #expect(controller.recognizer === recognizer)
        #expect(recognizer.delegate === controller)
        #expect(app.tap(at: Point(x: 100, y: 200), in: window))
        try app.settle()
        #expect(controller.log == ["shouldBegin", "tapped: TapGestureRecognizer"])
        // The plain table's data source is the controller, through its outlet.
        let table = try #require(controller.view.viewWithLabel("list") as? TableView)
        #expect(table.dataSource === controller)
        #expect(table.visibleCells.count == 2)
    }

    @Test("a xib's top-level gesture recognizer is made and attached too")
    func xibGestureRecognizer() throws {
        let xib = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES">
                <objects>
                    <placeholder placeholderIdentifier="IBFilesOwner" id="owner"/>
                    <view contentMode="scaleToFill" id="root" userLabel="root">
                        <rect key="frame" x="0.0" y="0.0" width="300" height="300"/>
                        <connections>
                            <outletCollection property="gestureRecognizers" destination="swipe" appends="YES" id="oc"/>
                        </connections>
                    </view>
                    <swipeGestureRecognizer direction="left" id="swipe"/>
                </objects>
            </document>
            """
        let nib = try InterfaceBuilderReader(file: "Pad.xib").nib(Array(xib.utf8), name: "Pad")
        #expect(nib.interfaceBuilder?.notes.isEmpty == true, "\(nib.interfaceBuilder?.notes ?? [])")
        let app = try Application(clock: .virtual)
        let views = app.instantiateInterfaceBuilderNib(nib, owner: nil)
        let swipe = try #require(views.first?.gestureRecognizers?.first as? SwipeGestureRecognizer)
        #expect(swipe.direction == .left)
    }

    @Test("no note says Lifeloop lacks a class the UIKit module has")
    func notesNameOnlyMissingClasses() throws {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/UIKit/UIKit.swift")
        let text = try String(contentsOf: source, encoding: .utf8)
        let names = Set(text.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("public typealias UI") else { return nil }
            return line.split(separator: " ")[2].split(separator: "=")[0].trimmingCharacters(in: .whitespaces)
        })
        #expect(names.contains("UITableView") && names.contains("UIStackView"))
        let views = ["view", "label", "button", "imageView", "textField", "switch", "scrollView", "textView", "tableView",
                     "collectionView", "stackView", "slider", "segmentedControl", "stepper", "pageControl", "datePicker",
                     "activityIndicatorView", "progressView", "searchBar", "pickerView", "visualEffectView", "mapView"]
        let subviews = views.enumerated().map { #"<\#($1) id="v\#($0)"><rect key="frame" x="0" y="0" width="10" height="10"/></\#($1)>"# }
            .joined(separator: "\n")
        var scenes = IB.scene("home-vc", subviews: subviews)
        for (index, element) in IB.controllerKinds.enumerated() { scenes += IB.scene("c\(index)", element: element) }
        scenes += """
            <scene sceneID="scene-rec"><objects><viewController id="rec-vc" sceneMemberID="viewController"/>
            \(InterfaceBuilderReader.gestureRecognizerClasses.keys.sorted().map { #"<\#($0) id="\#($0)"/>"# }.joined(separator: "\n"))
            </objects></scene>
            """
        let definition = try IB.parse(IB.storyboard(scenes))
        for note in definition.notes {
            guard let range = note.message.range(of: "Lifeloop has no ") else { continue }
            let name = String(note.message[range.upperBound...].prefix { $0.isLetter })
            #expect(!names.contains(name), "\(note)")
        }
        // The elements that do become simpler classes still say so.
        #expect(definition.notes.contains { $0.message.contains("UIVisualEffectView") })
    }
}

extension InterfaceBuilderTests {
    /// The controller elements the reader knows.
    static let controllerKinds = ["viewController", "navigationController", "tabBarController", "tableViewController",
                                  "collectionViewController", "pageViewController", "splitViewController"]
}
