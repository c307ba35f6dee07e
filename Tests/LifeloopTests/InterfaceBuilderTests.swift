import Foundation
import Testing
@testable import Lifeloop

// Test classes with the name-wiring members written by hand, as the port step generates
// them for `@IBOutlet` / `@IBAction` members.

/// A controller with a label outlet, a button collection, two actions and an unwind action.
final class IBHomeController: ViewController {
    var titleLabel: Label?
    var buttons: [Button] = []
    var log: [String] = []

    override func lifeloopSetOutlet(named name: String, to value: Any?) -> Bool {
        switch name {
        case "titleLabel":
            guard let label = value as? Label else { return false }
            titleLabel = label
            log.append("outlet titleLabel")
            return true
        case "buttons":
            guard let list = value as? [Button] else { return false }
            buttons = list
            log.append("outlet buttons \(list.count)")
            return true
        default:
            return super.lifeloopSetOutlet(named: name, to: value)
        }
    }

    static let methods: Set<String> = ["tapped:", "switched:", "unwindToHome:", "add:"]

    override func lifeloopPerform(_ selector: Selector, with arguments: [Any?]) -> SelectorOutcome {
        guard Self.methods.contains(selector.name) else { return super.lifeloopPerform(selector, with: arguments) }
        let sender = arguments.first.flatMap { $0 }
        log.append("\(selector.name) \(sender.map { String(describing: type(of: $0)) } ?? "nil")")
        return .performed(nil)
    }

    override func lifeloopResponds(to selector: Selector) -> Bool {
        Self.methods.contains(selector.name) || super.lifeloopResponds(to: selector)
    }

    override func awakeFromNib() {
        log.append("awakeFromNib")
    }

    override func viewDidLoad() {
        log.append("viewDidLoad titleLabel=\(titleLabel?.text ?? "nil")")
    }
}

/// A view whose awakeFromNib records whether its outlet was connected first.
final class IBBadgeView: View {
    var caption: Label?
    var badgeCount: Double = 0
    var awakeSawCaption: Bool?

    override func lifeloopSetOutlet(named name: String, to value: Any?) -> Bool {
        switch name {
        case "caption":
            caption = value as? Label
            return caption != nil
        case "badgeCount":
            guard let number = value as? Double else { return false }
            badgeCount = number
            return true
        default:
            return super.lifeloopSetOutlet(named: name, to: value)
        }
    }

    override func awakeFromNib() {
        awakeSawCaption = caption != nil
    }
}

/// A File's Owner for xibs: one outlet and one action.
final class IBOwner: NameWirable {
    var nameField: TextField?
    var saved = 0

    func lifeloopSetOutlet(named name: String, to value: Any?) -> Bool {
        guard name == "nameField", let field = value as? TextField else { return false }
        nameField = field
        return true
    }

    func lifeloopPerform(_ selector: Selector, with arguments: [Any?]) -> SelectorOutcome {
        guard selector.name == "save:" else { return .notFound }
        saved += 1
        return .performed(nil)
    }

    func lifeloopResponds(to selector: Selector) -> Bool { selector.name == "save:" }
}

/// A controller loaded from `IBEditorController.xib` by class name (L02).
final class IBEditorController: ViewController {
    var nameField: TextField?

    override func lifeloopSetOutlet(named name: String, to value: Any?) -> Bool {
        if name == "nameField", let field = value as? TextField {
            nameField = field
            return true
        }
        return super.lifeloopSetOutlet(named: name, to: value)
    }
}

@Suite("Interface Builder files")
struct InterfaceBuilderTests {
    // MARK: Fixtures in Xcode's shape

    static func storyboard(initial: String = "home-vc", _ scenes: String, resources: String = "") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES" initialViewController="\(initial)">
            <device id="retina6_12" orientation="portrait" appearance="light"/>
            <dependencies>
                <plugIn identifier="com.apple.InterfaceBuilder.IBCocoaTouchPlugin" version="21679"/>
                <capability name="Safe area layout guides" minToolsVersion="9.0"/>
                <capability name="System colors in document resources" minToolsVersion="11.0"/>
                <capability name="documents saved in the Xcode 8 format" minToolsVersion="8.0"/>
            </dependencies>
            <scenes>
        \(scenes)
            </scenes>
            <resources>
        \(resources)
                <systemColor name="systemBackgroundColor">
                    <color white="1" alpha="1" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/>
                </systemColor>
            </resources>
        </document>
        """
    }

    /// A scene whose controller is `element` with `attributes`, a root view with `subviews`,
    /// and `connections` on the controller.
    static func scene(_ id: String, element: String = "viewController", attributes: String = "",
                      subviews: String = "", connections: String = "", extra: String = "") -> String {
        """
                <!--Scene \(id)-->
                <scene sceneID="scene-\(id)">
                    <objects>
                        <\(element) id="\(id)" \(attributes) sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="\(id)-view">
                                <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                                <subviews>
        \(subviews)
                                </subviews>
                                <viewLayoutGuide key="safeArea" id="\(id)-safe"/>
                                <color key="backgroundColor" systemColor="systemBackgroundColor"/>
                            </view>
        \(extra)
                            <connections>
        \(connections)
                            </connections>
                        </\(element)>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="\(id)-fr" userLabel="First Responder" customClass="UIResponder" sceneMemberID="firstResponder"/>
                        <exit id="\(id)-exit" userLabel="Exit" sceneMemberID="exit"/>
                    </objects>
                    <point key="canvasLocation" x="130" y="-27"/>
                </scene>
        """
    }

    static let homeSubviews = """
                                    <label opaque="NO" userInteractionEnabled="NO" contentMode="left" horizontalHuggingPriority="251" verticalHuggingPriority="251" text="Hello" textAlignment="natural" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" translatesAutoresizingMaskIntoConstraints="NO" id="lbl-1">
                                        <rect key="frame" x="20" y="100" width="200" height="21"/>
                                        <fontDescription key="fontDescription" type="boldSystem" pointSize="22"/>
                                        <color key="textColor" red="1" green="0.0" blue="0.0" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
                                        <nil key="highlightedColor"/>
                                    </label>
                                    <button opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" buttonType="system" lineBreakMode="middleTruncation" translatesAutoresizingMaskIntoConstraints="NO" id="btn-1" userLabel="go">
                                        <rect key="frame" x="20" y="200" width="100" height="44"/>
                                        <state key="normal" title="Go"/>
                                        <connections>
                                            <action selector="tapped:" destination="home-vc" eventType="touchUpInside" id="act-1"/>
                                        </connections>
                                    </button>
                                    <button opaque="NO" contentMode="scaleToFill" buttonType="system" id="btn-2" userLabel="next">
                                        <rect key="frame" x="20" y="260" width="100" height="44"/>
                                        <buttonConfiguration key="configuration" style="plain" title="Next"/>
                                        <connections>
                                            <segue destination="detail-vc" kind="show" id="seg-1"/>
                                        </connections>
                                    </button>
        """

    static let homeConnections = """
                                <outlet property="titleLabel" destination="lbl-1" id="out-1"/>
                                <outletCollection property="buttons" destination="btn-1" collectionClass="NSMutableArray" id="oc-1"/>
                                <outletCollection property="buttons" destination="btn-2" collectionClass="NSMutableArray" id="oc-2"/>
        """

    static let detailScene = scene("detail-vc", attributes: #"storyboardIdentifier="Detail""#, subviews: """
                                    <button opaque="NO" contentMode="scaleToFill" buttonType="system" id="back-btn" userLabel="back">
                                        <rect key="frame" x="20" y="100" width="100" height="44"/>
                                        <state key="normal" title="Back"/>
                                        <connections>
                                            <segue destination="detail-vc-exit" kind="unwind" unwindAction="unwindToHome:" id="unw-1"/>
                                        </connections>
                                    </button>
        """)

    /// Home (in a navigation controller) with a label, an action button and a segue button,
    /// and a Detail scene whose button unwinds.
    static let mainStoryboard = storyboard(initial: "nav-vc", """
                <scene sceneID="scene-nav">
                    <objects>
                        <navigationController id="nav-vc" sceneMemberID="viewController">
                            <navigationBar key="navigationBar" contentMode="scaleToFill" id="nav-bar">
                                <rect key="frame" x="0.0" y="59" width="393" height="44"/>
                                <autoresizingMask key="autoresizingMask"/>
                            </navigationBar>
                            <connections>
                                <segue destination="home-vc" kind="relationship" relationship="rootViewController" id="rel-1"/>
                            </connections>
                        </navigationController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="nav-fr" sceneMemberID="firstResponder"/>
                    </objects>
                </scene>
        \(scene("home-vc", attributes: #"customClass="IBHomeController" customModule="LifeloopTests" customModuleProvider="target""#,
                subviews: homeSubviews, connections: homeConnections))
        \(detailScene)
        """)

    // MARK: Helpers

    /// A fresh temporary folder.
    static func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ib-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func write(_ text: String, _ name: String, in folder: String) throws -> String {
        let path = folder + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static func parse(_ text: String, file: String = "Main.storyboard") throws -> StoryboardDefinition {
        try InterfaceBuilderReader(file: file).storyboard(Array(text.utf8), name: "Main")
    }

    static func parseError(_ text: String, file: String = "Main.storyboard") -> StoryboardError? {
        do {
            _ = try parse(text, file: file)
            return nil
        } catch {
            return error as? StoryboardError
        }
    }

    /// Launches `text` (written as `Main.storyboard` in a fresh folder) in a new app.
    static func launch(_ text: String, modules: [String] = []) throws -> (Application, Window, String) {
        let dir = try folder()
        let path = try write(text, "Main.storyboard", in: dir)
        let app = try Application(clock: .virtual)
        app.moduleNames = modules
        let storyboard = try app.loadStoryboard(path: path)
        let window = app.launch(storyboard: storyboard)
        try? app.settle()
        return (app, window, dir)
    }

    static func messages(_ app: Application, _ kind: Diagnostic.Kind) -> [String] {
        app.diagnostics.filter { $0.kind == kind }.map(\.message)
    }

    // MARK: Reading

    @Test("scenes, the initial controller, controller kinds, classes and storyboard identifiers are read")
    func scenesAndControllers() throws {
        let definition = try Self.parse(Self.mainStoryboard)
        #expect(definition.initialScene == "nav-vc")
        #expect(definition.scenes.map(\.id) == ["nav-vc", "home-vc", "detail-vc"])
        #expect(definition.scenes[0].interfaceBuilder?.baseClass == "NavigationController")
        #expect(definition.scenes[0].segues.first?.kind == .relationship)
        let home = try #require(definition.scene(withID: "home-vc"))
        #expect(home.className == "IBHomeController")
        #expect(home.interfaceBuilder?.customModule == "LifeloopTests")
        #expect(home.interfaceBuilder?.customModuleProvider == "target")
        #expect(definition.scene(withID: "Detail")?.id == "detail-vc")
        #expect(definition.directory == ".")
    }

    @Test("table and collection view controllers are made as Lifeloop's, without notes")
    func tableViewControllerNote() throws {
        let text = Self.storyboard(initial: "t1", Self.scene("t1", element: "tableViewController") + Self.scene("t2", element: "tableViewController")
                                   + Self.scene("c1", element: "collectionViewController"))
        let definition = try Self.parse(text)
        #expect(definition.scenes.map { $0.interfaceBuilder?.baseClass } == ["TableViewController", "TableViewController", "CollectionViewController"])
        #expect(!definition.notes.contains { $0.message.contains("tableViewController") || $0.message.contains("collectionViewController") })
    }

    @Test("views: element classes, frame, autoresizing, colors, font, text, title, tag, hidden, alpha and the rest")
    func viewAttributes() throws {
        let subviews = """
            <imageView clipsSubviews="YES" userInteractionEnabled="NO" contentMode="scaleAspectFit" image="star" id="img" tag="7" hidden="YES" alpha="0.5">
                <rect key="frame" x="1" y="2" width="30" height="40"/>
                <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMinY="YES"/>
                <accessibility key="accessibilityConfiguration" identifier="starImage"/>
            </imageView>
            <textField opaque="NO" contentMode="scaleToFill" text="abc" placeholder="Name" id="fld">
                <rect key="frame" x="0" y="0" width="100" height="30"/>
                <fontDescription key="fontDescription" name="Menlo-Regular" family="Menlo" pointSize="12"/>
            </textField>
            <switch opaque="NO" contentMode="scaleToFill" on="YES" id="sw"/>
            <view contentMode="scaleToFill" id="plain">
                <color key="backgroundColor" name="Accent"/>
            </view>
            <scrollView contentMode="scaleToFill" id="scroll"/>
            """
        let text = Self.storyboard(Self.scene("home-vc", subviews: subviews + Self.homeSubviews) + Self.detailScene,
                                   resources: """
                                       <image name="star" width="24" height="24"/>
                                       <namedColor name="Accent"><color red="0.0" green="0.5" blue="1" alpha="1" colorSpace="custom" customColorSpace="sRGB"/></namedColor>
                                   """)
        let definition = try Self.parse(text)
        let root = try #require(definition.scenes[0].view)
        #expect(root.backgroundColor == Color(white: 1, alpha: 1))
        #expect(root.autoresizingMask == [.flexibleWidth, .flexibleHeight])
        #expect(root.interfaceBuilder?.layoutGuides["safeArea"] == "home-vc-safe")
        let byID = Dictionary(uniqueKeysWithValues: root.subviews.map { ($0.interfaceBuilder?.objectID ?? "", $0) })
        let image = try #require(byID["img"])
        #expect(image.className == "ImageView")
        #expect(image.frame == Rect(x: 1, y: 2, width: 30, height: 40))
        #expect(image.autoresizingMask == [.flexibleRightMargin, .flexibleTopMargin])
        #expect(image.tag == 7 && image.isHidden)
        #expect(image.label == "starImage")
        #expect(image.interfaceBuilder?.alpha == 0.5)
        #expect(image.interfaceBuilder?.image == "star")
        #expect(image.interfaceBuilder?.clipsSubviews == true)
        #expect(image.interfaceBuilder?.userInteractionEnabled == false)
        #expect(byID["fld"]?.interfaceBuilder?.font == InterfaceBuilderFont(name: "Menlo-Regular", pointSize: 12))
        #expect(byID["plain"]?.backgroundColor == Color(red: 0, green: 0.5, blue: 1, alpha: 1))
        #expect(byID["lbl-1"]?.interfaceBuilder?.colors["textColor"] == Color(red: 1, green: 0, blue: 0, alpha: 1))
        #expect(byID["btn-2"]?.interfaceBuilder?.title == "Next")

        // Made into Lifeloop's classes, with their properties set.
        let (app, window, _) = try Self.launch(text)
        let view = try #require(window.rootViewController?.view)
        let made = view.subviews
        let imageView = try #require(made[0] as? ImageView)
        #expect(imageView.alpha == 0.5 && imageView.isHidden && imageView.tag == 7)
        #expect(imageView.contentMode == .scaleAspectFit && imageView.clipsToBounds && !imageView.isUserInteractionEnabled)
        #expect(imageView.accessibilityIdentifier == "starImage")
        #expect(imageView.image?.name == "star")
        let field = try #require(made[1] as? TextField)
        #expect(field.text == "abc" && field.placeholder == "Name")
        #expect((made[2] as? Switch)?.isOn == true)
        #expect(made[4] is ScrollView)
        let label = try #require(made[5] as? Label)
        #expect(label.text == "Hello")
        #expect(label.font == Font.boldSystemFont(ofSize: 22))
        #expect(label.textColor == Color(red: 1, green: 0, blue: 0, alpha: 1))
        #expect((made[6] as? Button)?.title(for: .normal) == "Go")
        #expect((made[7] as? Button)?.title(for: .normal) == "Next")
        _ = app
    }

    @Test("elements Lifeloop has no class for become plain views, with one note per kind")
    func simplifiedElements() throws {
        let subviews = """
            <stackView opaque="NO" contentMode="scaleToFill" axis="vertical" spacing="8" id="st1"/>
            <stackView opaque="NO" contentMode="scaleToFill" axis="vertical" spacing="8" id="st2"/>
            <visualEffectView opaque="NO" contentMode="scaleToFill" id="fx"/>
            <visualEffectView opaque="NO" contentMode="scaleToFill" id="fx2"/>
            <fancyNewWidget id="fancy"/>
            """
        let definition = try Self.parse(Self.storyboard(Self.scene("home-vc", subviews: subviews)))
        let nodes = try #require(definition.scenes[0].view?.subviews)
        #expect(nodes.map(\.className) == ["StackView", "StackView", "View", "View", "View"])
        #expect(nodes.map { $0.interfaceBuilder?.element } == ["stackView", "stackView", "visualEffectView", "visualEffectView", "fancyNewWidget"])
        #expect(nodes[0].interfaceBuilder?.flags["axis"] == "vertical")
        #expect(!definition.notes.contains { $0.message.contains("<stackView>") })
        #expect(definition.notes.filter { $0.message.contains("<visualEffectView>") }.count == 1)
        #expect(definition.notes.contains { $0.message.contains("<fancyNewWidget>") })
        #expect(definition.notes.first { $0.message.contains("<visualEffectView>") }?.line ?? 0 > 1)
    }

    @Test("unknown elements and attributes: one note per kind per file; loading reports them as diagnostics")
    func unknownElements() throws {
        let extra = """
                            <futureThing id="f1"/>
                            <futureThing id="f2"/>
                            <otherThing id="o1"/>
            """
        let text = Self.storyboard(Self.scene("home-vc", extra: extra))
        let definition = try Self.parse(text)
        #expect(definition.notes.filter { $0.message.contains("futureThing") }.count == 1)
        #expect(definition.notes.filter { $0.message.contains("otherThing") }.count == 1)
        let (app, _, _) = try Self.launch(text)
        #expect(Self.messages(app, .interfaceBuilderSkipped).filter { $0.contains("futureThing") }.count == 1)
    }

    @Test("constraints and layout guides are kept as data")
    func constraints() throws {
        let extra = ""
        let subviews = """
            <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="box">
                <rect key="frame" x="0" y="0" width="100" height="100"/>
                <constraints>
                    <constraint firstAttribute="width" secondItem="box" secondAttribute="height" multiplier="16:9" id="c-ratio"/>
                    <constraint firstAttribute="height" relation="greaterThanOrEqual" constant="44" priority="750" id="c-h"/>
                </constraints>
            </view>
            """
        let text = Self.storyboard(Self.scene("home-vc", subviews: subviews, extra: extra))
        let definition = try Self.parse(text)
        let box = try #require(definition.scenes[0].view?.subviews.first?.interfaceBuilder)
        #expect(!box.translatesAutoresizingMaskIntoConstraints)
        #expect(box.constraints.count == 2)
        #expect(abs(box.constraints[0].multiplier - 16.0 / 9.0) < 1e-9)
        #expect(box.constraints[1] == ConstraintDefinition(id: "c-h", firstItem: nil, firstAttribute: "height",
                                                           relation: "greaterThanOrEqual", constant: 44, priority: 750,
                                                           line: box.constraints[1].line))
        #expect(box.constraints[1].line > 1)
    }

    @Test("a file's constraints are applied: to the safe area, between views, constant sizes, priorities, inequalities")
    func constraintsAreApplied() throws {
        let scene = """
                <scene sceneID="scene-c">
                    <objects>
                        <viewController id="c-vc" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="c-view">
                                <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                                <subviews>
                                    <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Title" translatesAutoresizingMaskIntoConstraints="NO" id="title" userLabel="title">
                                        <rect key="frame" x="0" y="0" width="10" height="10"/>
                                        <constraints>
                                            <constraint firstAttribute="width" constant="200" id="w1"/>
                                            <constraint firstAttribute="height" constant="30" id="h1"/>
                                        </constraints>
                                    </label>
                                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="box" userLabel="box">
                                        <rect key="frame" x="0" y="0" width="10" height="10"/>
                                    </view>
                                </subviews>
                                <viewLayoutGuide key="safeArea" id="c-safe"/>
                                <constraints>
                                    <constraint firstItem="title" firstAttribute="leading" secondItem="c-safe" secondAttribute="leading" constant="20" id="l1"/>
                                    <constraint firstItem="title" firstAttribute="top" secondItem="c-safe" secondAttribute="top" constant="30" id="t1"/>
                                    <constraint firstItem="box" firstAttribute="top" secondItem="title" secondAttribute="bottom" constant="8" id="t2"/>
                                    <constraint firstItem="box" firstAttribute="leading" secondItem="title" secondAttribute="leading" id="l2"/>
                                    <constraint firstItem="box" firstAttribute="width" secondItem="title" secondAttribute="width" multiplier="0.5" id="w2"/>
                                    <constraint firstItem="box" firstAttribute="height" relation="greaterThanOrEqual" constant="40" id="h2"/>
                                    <constraint firstItem="box" firstAttribute="height" constant="10" priority="250" id="h3"/>
                                    <constraint firstItem="box" firstAttribute="nonsense" constant="1" id="bad"/>
                                </constraints>
                            </view>
                        </viewController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="c-fr" sceneMemberID="firstResponder"/>
                    </objects>
                </scene>
            """
        let dir = try Self.folder()
        _ = try Self.write(Self.storyboard(initial: "c-vc", scene), "Constraints.storyboard", in: dir)
        let app = try Application(clock: .virtual)
        app.bundlePath = dir
        let controller = try #require(Storyboard(name: "Constraints", bundle: nil).instantiateInitialViewController())
        let window = Window(screen: .phone, label: "main")
        window.rootViewController = controller
        window.makeKeyAndVisible()
        try app.settle()
        let title = try #require(controller.view.viewWithLabel("title"))
        let box = try #require(controller.view.viewWithLabel("box"))
        let safeTop = controller.view.safeAreaInsets.top
        #expect(!title.translatesAutoresizingMaskIntoConstraints)
        #expect(title.frame == Rect(x: 20, y: safeTop + 30, width: 200, height: 30))
        // Below the title by 8, half its width; the required minimum height wins over the
        // low-priority wish for 10.
        #expect(box.frame == Rect(x: 20, y: safeTop + 68, width: 100, height: 40))
        #expect(Self.messages(app, .interfaceBuilderSkipped).contains { $0.contains("Constraints.storyboard") && $0.contains("nonsense") })
    }

    @Test("segue kinds map onto Lifeloop's: show, showDetail, presentation with styles, embed, relationship, unwind, custom")
    func segueKinds() throws {
        let connections = """
            <segue destination="b" kind="show" identifier="s1" id="g1"/>
            <segue destination="b" kind="showDetail" identifier="s2" id="g2"/>
            <segue destination="b" kind="presentation" identifier="s3" modalPresentationStyle="formSheet" modalTransitionStyle="crossDissolve" id="g3"/>
            <segue destination="b" kind="custom" identifier="s4" customClass="FadeSegue" id="g4"/>
            <segue destination="b" kind="presentation" identifier="s5" animates="NO" id="g5"/>
            """
        let container = """
            <containerView opaque="NO" contentMode="scaleToFill" id="cv">
                <rect key="frame" x="0" y="0" width="100" height="100"/>
                <connections>
                    <segue destination="b" kind="embed" id="g6"/>
                </connections>
            </containerView>
            """
        let text = Self.storyboard(initial: "a", Self.scene("a", subviews: container, connections: connections) + Self.scene("b"))
        let definition = try Self.parse(text)
        let segues = definition.scenes[0].segues
        #expect(segues.map(\.kind) == [.show, .show, .present, .show, .present, .embed])
        #expect(segues[1].xcodeKind == "showDetail")
        #expect(segues[2].presentationStyle == .formSheet)
        #expect(segues[2].animated && !segues[4].animated)
        #expect(segues[3].xcodeKind == "custom")
        #expect(segues[5].container == "cv")
        #expect(definition.notes.contains { $0.message.contains("FadeSegue") })

        // The embed segue runs when A's view loads: B's view fills the container.
        let (app, window, _) = try Self.launch(text)
        let root = try #require(window.rootViewController)
        #expect(root.children.first?.scene?.id == "b")
        #expect(root.children.first?.viewIfLoaded?.superview?.frame == Rect(x: 0, y: 0, width: 100, height: 100))
        _ = app
    }

    // MARK: Outlets, actions, segues at run time

    @Test("outlets and outlet collections connect before awakeFromNib and viewDidLoad")
    func outlets() throws {
        let (app, window, _) = try Self.launch(Self.mainStoryboard, modules: ["LifeloopTests"])
        let navigation = try #require(window.rootViewController as? NavigationController)
        let home = try #require(navigation.viewControllers.first as? IBHomeController)
        #expect(home.titleLabel?.text == "Hello")
        #expect(home.buttons.map { $0.title(for: .normal) } == ["Go", "Next"])
        #expect(home.log.prefix(4) == ["awakeFromNib", "outlet titleLabel", "outlet buttons 2", "viewDidLoad titleLabel=Hello"])
        #expect(Self.messages(app, .undefinedKey).isEmpty)
        #expect(Self.messages(app, .unknownClass).isEmpty)
    }

    @Test("an outlet the class lacks is UIKit's setValue:forUndefinedKey: message with the file and line")
    func undefinedKey() throws {
        let text = Self.storyboard(Self.scene("home-vc", attributes: #"customClass="IBHomeController" customModuleProvider="target""#,
                                              subviews: Self.homeSubviews, connections: #"<outlet property="missingLabel" destination="lbl-1" id="bad-1"/>"#)
                                   + Self.detailScene)
        let (app, _, _) = try Self.launch(text, modules: ["LifeloopTests"])
        let message = try #require(Self.messages(app, .undefinedKey).first)
        #expect(message.contains("[<LifeloopTests.IBHomeController> setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key missingLabel."))
        let line = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("bad-1") }.map { $0 + 1 }
        #expect(message.hasPrefix("Main.storyboard:\(line ?? -1):"))
    }

    @Test("tapping a button sends its action to the controller; a switch sends valueChanged")
    func actions() throws {
        let subviews = Self.homeSubviews + """
            <switch opaque="NO" contentMode="scaleToFill" on="NO" id="sw" userLabel="toggle">
                <connections>
                    <action selector="switched:" destination="home-vc" eventType="valueChanged" id="act-sw"/>
                </connections>
            </switch>
            """
        let text = Self.storyboard(Self.scene("home-vc", attributes: #"customClass="IBHomeController" customModule="LifeloopTests""#,
                                              subviews: subviews, connections: Self.homeConnections) + Self.detailScene)
        let (app, window, _) = try Self.launch(text)
        let home = try #require(window.rootViewController as? IBHomeController)
        app.tap(try #require(app.view(labelled: "go")))
        app.tap(try #require(app.view(labelled: "toggle")))
        try app.settle()
        #expect(home.log.contains("tapped: Button"))
        #expect(home.log.contains("switched: Switch"))
    }

    @Test("an action to a method the target lacks is UIKit's unrecognized selector, as a diagnostic")
    func unrecognizedSelector() throws {
        let subviews = """
            <button opaque="NO" contentMode="scaleToFill" id="b" userLabel="b">
                <connections><action selector="nothing:" destination="home-vc" eventType="touchUpInside" id="a"/></connections>
            </button>
            """
        let (app, _, _) = try Self.launch(Self.storyboard(Self.scene("home-vc", subviews: subviews)))
        app.tap(try #require(app.view(labelled: "b")))
        #expect(Self.messages(app, .unrecognizedSelector).first?.contains("-[Lifeloop.ViewController nothing:]: unrecognized selector sent to instance") == true)
    }

    @Test("a button's segue is performed by a tap, and an unwind segue returns to the controller with the unwind action")
    func segueAndUnwind() throws {
        let (app, window, _) = try Self.launch(Self.mainStoryboard, modules: ["LifeloopTests"])
        let navigation = try #require(window.rootViewController as? NavigationController)
        app.tap(try #require(app.view(labelled: "next")))
        try app.settle()
        try app.advance(by: .seconds(1))
        #expect(navigation.viewControllers.map { $0.scene?.id } == ["home-vc", "detail-vc"])
        app.tap(try #require(app.view(labelled: "back")))
        try app.settle()
        try app.advance(by: .seconds(1))
        #expect(navigation.viewControllers.map { $0.scene?.id } == ["home-vc"])
        let home = try #require(navigation.viewControllers.first as? IBHomeController)
        #expect(home.log.contains("unwindToHome: StoryboardSegue"))
    }

    @Test("a controller's top and bottom layout guides from before iOS 11 place what constraints pin to them: under the bars, above the bottom")
    func controllerLayoutGuides() throws {
        let guides = """
                            <layoutGuides>
                                <viewControllerLayoutGuide type="top" id="top-guide"/>
                                <viewControllerLayoutGuide type="bottom" id="bottom-guide"/>
                            </layoutGuides>
            """
        let subviews = """
                                    <button opaque="NO" contentMode="scaleToFill" buttonType="system" translatesAutoresizingMaskIntoConstraints="NO" id="guided" userLabel="guided">
                                        <rect key="frame" x="20" y="400" width="100" height="44"/>
                                        <state key="normal" title="Show Second"/>
                                        <constraints>
                                            <constraint firstItem="guided" firstAttribute="top" secondItem="top-guide" secondAttribute="bottom" constant="20" id="c-top"/>
                                            <constraint firstItem="guided" firstAttribute="leading" secondItem="home-vc-view" secondAttribute="leading" constant="20" id="c-lead"/>
                                            <constraint firstItem="bottom-guide" firstAttribute="top" secondItem="footer" secondAttribute="bottom" constant="10" id="c-bottom"/>
                                        </constraints>
                                    </button>
                                    <label opaque="NO" userInteractionEnabled="NO" text="Footer" translatesAutoresizingMaskIntoConstraints="NO" id="footer" userLabel="footer">
                                        <rect key="frame" x="20" y="700" width="100" height="21"/>
                                        <constraints>
                                            <constraint firstItem="footer" firstAttribute="leading" secondItem="home-vc-view" secondAttribute="leading" constant="20" id="c-flead"/>
                                        </constraints>
                                    </label>
            """
        let text = Self.storyboard(initial: "nav-vc", """
                <scene sceneID="s-nav"><objects>
                    <navigationController id="nav-vc" sceneMemberID="viewController">
                        <connections><segue destination="home-vc" kind="relationship" relationship="rootViewController" id="r"/></connections>
                    </navigationController>
                </objects></scene>
            """ + Self.scene("home-vc", subviews: subviews, extra: guides))
        #expect(try Self.parse(text).notes.filter { $0.message.contains("layoutGuides") }.isEmpty)
        let (app, window, _) = try Self.launch(text)
        #expect(Self.messages(app, .interfaceBuilderSkipped).isEmpty, "\(Self.messages(app, .interfaceBuilderSkipped))")
        let navigation = try #require(window.rootViewController as? NavigationController)
        let root = try #require(navigation.viewControllers.first?.view)
        let button = try #require(app.view(labelled: "guided"))
        let footer = try #require(app.view(labelled: "footer"))
        let insets = root.safeAreaInsets
        #expect(insets.top > 44, "under the status and navigation bars")
        // The solver's sums may differ from these in the last bits.
        #expect(abs(button.frame.minY - (insets.top + 20)) < 0.001, "\(button.frame) under \(insets)")
        #expect(abs(button.frame.minX - 20) < 0.001)
        #expect(abs(footer.frame.maxY - (root.bounds.height - insets.bottom - 10)) < 0.001, "\(footer.frame)")
    }

    @Test("bar button items: actions and segues")
    func barButtonItems() throws {
        let extra = """
                            <navigationItem key="navigationItem" title="Home" id="nav-item">
                                <barButtonItem key="rightBarButtonItem" systemItem="add" id="add-item">
                                    <connections>
                                        <action selector="add:" destination="home-vc" id="act-add"/>
                                    </connections>
                                </barButtonItem>
                                <barButtonItem key="leftBarButtonItem" title="More" id="more-item">
                                    <connections>
                                        <segue destination="detail-vc" kind="show" id="seg-more"/>
                                    </connections>
                                </barButtonItem>
                            </navigationItem>
            """
        let text = Self.storyboard(initial: "nav-vc", """
                <scene sceneID="s-nav"><objects>
                    <navigationController id="nav-vc" sceneMemberID="viewController">
                        <connections><segue destination="home-vc" kind="relationship" relationship="rootViewController" id="r"/></connections>
                    </navigationController>
                </objects></scene>
            """ + Self.scene("home-vc", attributes: #"customClass="IBHomeController" customModule="LifeloopTests""#, extra: extra) + Self.detailScene)
        let (app, window, _) = try Self.launch(text)
        let navigation = try #require(window.rootViewController as? NavigationController)
        let home = try #require(navigation.viewControllers.first as? IBHomeController)
        #expect(home.navigationItem.title == "Home")
        let add = try #require(home.navigationItem.rightBarButtonItem)
        #expect(add.systemItem == .add)
        app.tap(barButtonItem: add, in: home)
        #expect(home.log.contains("add: BarButtonItem"))
        app.tap(barButtonItem: try #require(home.navigationItem.leftBarButtonItem), in: home)
        try app.settle()
        try app.advance(by: .seconds(1))
        #expect(navigation.viewControllers.count == 2)
    }

    @Test("awakeFromNib runs on every view after all exist and outlets are connected")
    func awakeFromNibOrder() throws {
        let subviews = """
            <view contentMode="scaleToFill" customClass="IBBadgeView" customModule="LifeloopTests" id="badge">
                <rect key="frame" x="0" y="0" width="50" height="50"/>
                <userDefinedRuntimeAttributes>
                    <userDefinedRuntimeAttribute type="number" keyPath="badgeCount"><integer key="value" value="3"/></userDefinedRuntimeAttribute>
                    <userDefinedRuntimeAttribute type="number" keyPath="layer.cornerRadius"><real key="value" value="8"/></userDefinedRuntimeAttribute>
                    <userDefinedRuntimeAttribute type="string" keyPath="noSuchKey" value="x"/>
                </userDefinedRuntimeAttributes>
                <connections>
                    <outlet property="caption" destination="cap" id="o-cap"/>
                </connections>
            </view>
            <label opaque="NO" text="Caption" id="cap"/>
            """
        let (app, window, _) = try Self.launch(Self.storyboard(Self.scene("home-vc", subviews: subviews)))
        let badge = try #require(window.rootViewController?.view.subviews.first as? IBBadgeView)
        #expect(badge.awakeSawCaption == true)
        #expect(badge.badgeCount == 3)
        #expect(badge.layer.cornerRadius == 8)
        #expect(Self.messages(app, .undefinedKey).contains { $0.contains("Failed to set (noSuchKey)") })
        #expect(Self.messages(app, .unknownClass).isEmpty)
    }

    @Test("customModuleProvider=target classes are found through the app's module names, else the element's class with a diagnostic")
    func moduleProviderTarget() throws {
        let text = Self.storyboard(Self.scene("home-vc", attributes: #"customClass="IBHomeController" customModuleProvider="target""#))
        let (found, window, _) = try Self.launch(text, modules: ["NoSuchModule", "LifeloopTests"])
        #expect(window.rootViewController is IBHomeController)
        #expect(Self.messages(found, .unknownClass).isEmpty)
        try found.close()
        let (missing, plainWindow, _) = try Self.launch(text)
        #expect(type(of: try #require(plainWindow.rootViewController)) == ViewController.self)
        #expect(Self.messages(missing, .unknownClass).first?.contains("Unknown class IBHomeController") == true)
    }

    // MARK: Xibs, nibs and bundles

    static let editorXib = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES">
            <device id="retina6_12" orientation="portrait" appearance="light"/>
            <dependencies>
                <plugIn identifier="com.apple.InterfaceBuilder.IBCocoaTouchPlugin" version="21679"/>
            </dependencies>
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner" customClass="IBEditorController" customModule="LifeloopTests">
                    <connections>
                        <outlet property="nameField" destination="fld" id="o1"/>
                        <outlet property="view" destination="root" id="o2"/>
                    </connections>
                </placeholder>
                <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
                <view contentMode="scaleToFill" id="root">
                    <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                    <subviews>
                        <textField opaque="NO" contentMode="scaleToFill" text="draft" id="fld" userLabel="name">
                            <rect key="frame" x="20" y="100" width="200" height="34"/>
                        </textField>
                        <button opaque="NO" contentMode="scaleToFill" id="save" userLabel="save">
                            <state key="normal" title="Save"/>
                            <connections>
                                <action selector="save:" destination="-1" eventType="touchUpInside" id="a1"/>
                            </connections>
                        </button>
                    </subviews>
                    <color key="backgroundColor" white="1" alpha="1" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/>
                    <point key="canvasLocation" x="139" y="20"/>
                </view>
                <label opaque="NO" text="Second" id="second"/>
            </objects>
        </document>
        """

    @Test("a xib: top-level objects, File's Owner outlets and actions through UINib and loadNibNamed")
    func xibWithOwner() throws {
        let dir = try Self.folder()
        _ = try Self.write(Self.editorXib, "Editor.xib", in: dir)
        let app = try Application(clock: .virtual)
        app.bundlePath = dir
        let owner = IBOwner()
        let objects = Nib(nibName: "Editor", bundle: nil).instantiate(withOwner: owner)
        #expect(objects.count == 2)
        #expect((objects.last as? Label)?.text == "Second")
        #expect(owner.nameField?.text == "draft")
        let root = try #require(objects.first as? View)
        app.tap(try #require(root.subviews.last as? Button))
        #expect(owner.saved == 1)
        // Through Foundation's Bundle, for another folder.
        let other = IBOwner()
        let loaded = try #require(Bundle(path: dir)?.loadNibNamed("Editor", owner: other))
        #expect(loaded.count == 2 && other.nameField != nil)
        #expect(Bundle(path: dir)?.loadNibNamed("Missing", owner: nil) == nil)
        #expect(Self.messages(app, .nibNotFound).contains { $0.contains("Missing") })
        // IBOwner has no `view` outlet, which the file connects: UIKit's exception, as a diagnostic.
        #expect(Self.messages(app, .undefinedKey).contains { $0.contains("IBOwner") && $0.contains("for the key view.") })
    }

    @Test("init(nibName:bundle:) and the L02 lookup by class name load a .xib from the bundle folder")
    func controllerXib() throws {
        let dir = try Self.folder()
        _ = try Self.write(Self.editorXib, "Editor.xib", in: dir)
        _ = try Self.write(Self.editorXib, "IBEditorController.xib", in: dir)
        let app = try Application(clock: .virtual)
        app.bundlePath = dir
        let named = IBEditorController(nibName: "Editor", bundle: nil)
        #expect(named.view.subviews.first is TextField)
        #expect(named.nameField?.text == "draft")
        // L02: no nib name: "IBEditor" is not there, "IBEditorController" is.
        let byClass = IBEditorController(nibName: nil, bundle: nil)
        byClass.loadViewIfNeeded()
        #expect(byClass.nameField != nil)
        #expect(Self.messages(app, .undefinedKey).isEmpty)
    }

    @Test("UIStoryboard(name:bundle:) finds NAME.storyboard in the app's bundle; instantiate by identifier and with a creator")
    func storyboardByName() throws {
        let dir = try Self.folder()
        _ = try Self.write(Self.mainStoryboard, "Main.storyboard", in: dir)
        let app = try Application(clock: .virtual)
        app.bundlePath = dir
        app.moduleNames = ["LifeloopTests"]
        let storyboard = Storyboard(name: "Main", bundle: nil)
        #expect(storyboard.instantiateInitialViewController() is NavigationController)
        #expect(storyboard.instantiateViewController(withIdentifier: "Detail")?.scene?.id == "detail-vc")
        var created = 0
        let home: IBHomeController? = storyboard.instantiateViewController(identifier: "home-vc") { coder in
            created += 1
            return IBHomeController(coder: coder)
        }
        #expect(home != nil && created == 1)
        let missing = Storyboard(name: "Nope", bundle: nil)
        #expect(missing.instantiateInitialViewController() == nil)
        #expect(Self.messages(app, .invalidFile).contains { $0.contains("Could not find a storyboard named 'Nope'") })
    }

    // MARK: Bad input

    @Test("malformed XML is an error with the file, line and column")
    func malformedXML() throws {
        let text = "<?xml version=\"1.0\"?>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\">\n  <scenes>\n  </scene>\n</document>\n"
        let error = try #require(Self.parseError(text))
        #expect(error.line == 4)
        #expect((error.column ?? 0) > 0)
        #expect(error.description.hasPrefix("Main.storyboard:4:"))
        #expect(error.description.contains("malformed XML"))
        // A document cut short is refused too, naming the element left open.
        let truncated = try #require(Self.parseError("<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\">\n<scenes>"))
        #expect(truncated.problem.contains("malformed XML"))
        #expect(truncated.line != nil)
    }

    @Test("bad values, wrong document kinds and dangling segues are errors naming the line")
    func badValues() throws {
        let badFrame = Self.storyboard(Self.scene("home-vc", subviews: #"<view id="v"><rect key="frame" x="0" y="0" width="-5" height="1"/></view>"#))
        #expect(Self.parseError(badFrame)?.problem.contains("width must not be negative") == true)
        let dangling = Self.storyboard(Self.scene("home-vc", connections: #"<segue destination="nowhere" kind="show" id="s"/>"#))
        #expect(Self.parseError(dangling)?.problem.contains("nowhere") == true)
        let badInitial = Self.storyboard(initial: "ghost", Self.scene("home-vc"))
        #expect(Self.parseError(badInitial)?.line == 2)
        #expect(throws: StoryboardError.self) { try InterfaceBuilderReader(file: "E.xib").nib(Array(Self.mainStoryboard.utf8), name: "E") }
        #expect(Self.parseError("<html></html>")?.problem.contains("expected an Interface Builder <document>") == true)
        #expect(Self.parseError("")?.line != nil)
    }

    @Test("deeply nested XML is refused by name, without recursion")
    func deepNesting() throws {
        let depth = 5_000
        let text = "<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\">" + String(repeating: "<a>", count: depth)
            + String(repeating: "</a>", count: depth) + "</document>"
        let error = try #require(Self.parseError(text))
        #expect(error.line != nil)
        // Deep view trees within the XML limit are refused by the view-depth limit.
        let views = 300
        let deepViews = String(repeating: "<view id=\"x\"><subviews>", count: views) + String(repeating: "</subviews></view>", count: views)
        let viewError = try #require(Self.parseError(Self.storyboard(Self.scene("home-vc", subviews: deepViews))))
        #expect(viewError.line != nil)
    }

    @Test("a storyboard of 200 generated scenes loads and instantiates every scene")
    func twoHundredScenes() throws {
        var scenes = ""
        for index in 0..<200 {
            let next = index < 199 ? #"<segue destination="vc\#(index + 1)" kind="show" identifier="next" id="sg\#(index)"/>"# : ""
            scenes += Self.scene("vc\(index)", attributes: #"storyboardIdentifier="S\#(index)""#, subviews: Self.homeSubviews.replacingOccurrences(of: "detail-vc", with: index < 199 ? "vc\(index + 1)" : "vc0"), connections: next)
        }
        let text = Self.storyboard(initial: "vc0", scenes)
        let definition = try Self.parse(text)
        #expect(definition.scenes.count == 200)
        let app = try Application(clock: .virtual)
        let storyboard = app.storyboard(definition)
        for index in 0..<200 {
            let controller = try #require(storyboard.instantiateViewController(withIdentifier: "S\(index)"))
            #expect(controller.view.subviews.count == 3)
        }
    }

    @Test("lifeloop's loaders dispatch on the extension: .storyboard and .xib read as Xcode's, JSON as before")
    func loadDispatch() throws {
        let dir = try Self.folder()
        let storyboardPath = try Self.write(Self.mainStoryboard, "Main.storyboard", in: dir)
        let xibPath = try Self.write(Self.editorXib, "Editor.xib", in: dir)
        #expect(try StoryboardDefinition.load(path: storyboardPath).scenes.count == 3)
        #expect(try NibDefinition.load(path: xibPath).interfaceBuilder?.owner?.customClass == "IBEditorController")
        #expect(throws: StoryboardError.self) { try StoryboardDefinition.load(path: xibPath) }
        #expect(throws: StoryboardError.self) { try NibDefinition.load(path: storyboardPath) }
        let jsonPath = try Self.write(StoryboardFileTests.validStoryboard, "Old.storyboard.json", in: dir)
        #expect(try StoryboardDefinition.load(path: jsonPath).scenes.count == 2)
    }
}
