import Foundation
import Lifeloop
import LifeloopPort

/// The port step's row: the UIKit corpus (Tests/UIKitCompatibility/Corpus, 26 real files)
/// ported as one module in memory (parse, both passes, output), best of 10: milliseconds
/// per 1,000 lines. Goal: at most 50. `BENCH_ONLY=port` runs only this row.
enum PortWorkload {
    static func run() throws {
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Tests/UIKitCompatibility/Corpus")
        var sources: [PortSource] = []
        let enumerator = FileManager.default.enumerator(atPath: corpus.path)
        while let relative = enumerator?.nextObject() as? String {
            guard relative.hasSuffix(".swift") else { continue }
            let path = corpus.appendingPathComponent(relative).path
            sources.append(PortSource(path: path, text: try String(contentsOfFile: path, encoding: .utf8)))
        }
        let lines = sources.reduce(0) { $0 + $1.text.split(separator: "\n", omittingEmptySubsequences: false).count }
        let seconds = try ParseWorkloads.bestSeconds(of: 10) {
            let result = Porter.port(sources)
            precondition(result.files.count == sources.count)
        }
        let perThousand = seconds * 1000 / (Double(lines) / 1000)
        print("\nport step (the UIKit corpus: \(sources.count) files, \(lines) lines, one module; release; best of 10)")
        print(String(format: "  %.1f ms per 1,000 lines (%.1f ms in all)", perThousand, seconds * 1000)
              + "; goal ≤ 50 ms: " + (perThousand <= 50 ? "met" : "NOT met"))
    }
}

/// Loading an Xcode storyboard of 200 scenes (each a controller whose view holds six labels
/// and two buttons, with constraints, two outlets and an action): reading the file into
/// its definition, and then, in an app, making every scene's controller and loading its
/// view (views, constraints, outlets and actions connected). Best of 10, release.
/// Runs with `BENCH_ONLY=port`.
enum StoryboardLoadWorkload {
    static let scenes = 200

    /// The storyboard's XML, in the shape Xcode writes.
    static func xml(scenes: Int) -> String {
        var text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" \
        targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" \
        useSafeAreas="YES" colorMatched="YES" initialViewController="vc-0">
            <device id="retina6_12" orientation="portrait" appearance="light"/>
            <scenes>

        """
        for scene in 0..<scenes {
            text += """
                    <scene sceneID="scene-\(scene)">
                        <objects>
                            <viewController storyboardIdentifier="Scene\(scene)" id="vc-\(scene)" sceneMemberID="viewController">
                                <view key="view" contentMode="scaleToFill" id="view-\(scene)">
                                    <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                                    <subviews>

            """
            for label in 0..<6 {
                text += """
                                            <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Row \(label) of scene \(scene)" textAlignment="natural" translatesAutoresizingMaskIntoConstraints="NO" id="label-\(scene)-\(label)" userLabel="label\(label)">
                                                <rect key="frame" x="20" y="\(100 + 40 * label)" width="353" height="30"/>
                                                <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                                <color key="textColor" systemColor="labelColor"/>
                                            </label>

                """
            }
            for button in 0..<2 {
                text += """
                                            <button opaque="NO" contentMode="scaleToFill" buttonType="system" translatesAutoresizingMaskIntoConstraints="NO" id="button-\(scene)-\(button)" userLabel="button\(button)">
                                                <rect key="frame" x="\(20 + 120 * button)" y="400" width="100" height="44"/>
                                                <state key="normal" title="Go \(button)"/>
                                                <connections>
                                                    <action selector="go:" destination="vc-\(scene)" eventType="touchUpInside" id="action-\(scene)-\(button)"/>
                                                </connections>
                                            </button>

                """
            }
            text += """
                                    </subviews>
                                    <viewLayoutGuide key="safeArea" id="safe-\(scene)"/>
                                    <color key="backgroundColor" systemColor="systemBackgroundColor"/>
                                    <constraints>
                                        <constraint firstItem="label-\(scene)-0" firstAttribute="leading" secondItem="view-\(scene)" secondAttribute="leading" constant="20" id="c-\(scene)-0"/>
                                        <constraint firstItem="label-\(scene)-0" firstAttribute="top" secondItem="view-\(scene)" secondAttribute="top" constant="100" id="c-\(scene)-1"/>
                                        <constraint firstItem="button-\(scene)-0" firstAttribute="leading" secondItem="label-\(scene)-0" secondAttribute="leading" id="c-\(scene)-2"/>
                                        <constraint firstItem="button-\(scene)-0" firstAttribute="top" secondItem="label-\(scene)-0" secondAttribute="bottom" constant="8" id="c-\(scene)-3"/>
                                    </constraints>
                                </view>
                                <connections>
                                    <outlet property="view" destination="view-\(scene)" id="outlet-\(scene)"/>
                                </connections>
                            </viewController>
                        </objects>
                    </scene>

            """
        }
        text += """
            </scenes>
        </document>

        """
        return text
    }

    static func run() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lifeloop-bench-ib-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("Big.storyboard").path
        let data = Data(xml(scenes: scenes).utf8)
        try data.write(to: URL(fileURLWithPath: path))
        let read = try ParseWorkloads.bestSeconds(of: 10) {
            let definition = try StoryboardDefinition.load(path: path)
            precondition(definition.scenes.count == scenes)
        }
        let app = try Application(clock: .virtual, traceEnabled: false)
        defer { try? app.close() }
        app.bundlePath = folder.path
        var views = 0
        let instantiate = try ParseWorkloads.bestSeconds(of: 10) {
            do {
                let storyboard = Storyboard(name: "Big", bundle: nil)
                views = 0
                for scene in 0..<scenes {
                    guard let controller = storyboard.instantiateViewController(withIdentifier: "Scene\(scene)") else {
                        preconditionFailure("scene \(scene) did not instantiate")
                    }
                    controller.loadViewIfNeeded()
                    views += controller.view.subviews.count
                }
            }
        }
        precondition(views == scenes * 8, "expected 8 subviews per scene, got \(views)")
        print(String(format: "\nloading an Xcode storyboard (%d scenes, %.1f MB, 8 views, 4 constraints and 2 actions each; release; best of 10)",
                     scenes, Double(data.count) / 1e6))
        print(String(format: "  read into its definition: %.1f ms; every scene's controller made and its view loaded: %.1f ms",
                     read * 1000, instantiate * 1000))
    }
}
