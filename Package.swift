// swift-tools-version:6.0
import Foundation
import PackageDescription

/// The UIKit corpus files (and the harness) that compile unchanged: the rest of the corpus
/// is kept, with its licences and origins, and left out of the build.
let corpusSources = [
    "Harness",
    "Corpus/ApiDemoResizingViewController/ResizingViewController.swift",
    "Corpus/BarButtonItemDemoViewController/BarButtonItemDemoViewController.swift",
    "Corpus/BadgeSwift/BadgeSwift.swift",
    "Corpus/CWARoundedRectView/RoundedRectView.swift",
    "Corpus/ConvexHullView/View.swift",
    "Corpus/DrawClosureView/DrawClosureView.swift",
    "Corpus/ExampleUIScrollView/ExampleUIScrollView.swift",
    "Corpus/FeedItemManualView/FeedItemManualView.swift",
    "Corpus/FeedItemManualView/Dependencies",
    "Corpus/FileExplorerImageViewController/ImageViewController.swift",
    "Corpus/HighlightCutOutView/HighlightCutOutView.swift",
    "Corpus/JellyRoundedView/RoundedView.swift",
    "Corpus/KxLifeCycleViewController/LifeCycleViewController.swift",
    "Corpus/LoopThumbView/ThumbView.swift",
    "Corpus/MailIndicatorView/IndicatorView.swift",
    "Corpus/ShapeCustomView/CustomView.swift",
    "Corpus/SimulatorGraphView/SimulatorGraphView.swift",
    "Corpus/SimulatorGraphView/Dependencies",
    "Corpus/ResizeKnob/ResizeKnob.swift",
    "Corpus/SpringingViewController/ViewController.swift",
    "Corpus/Swift2048ScoreView/AccessoryViews.swift",
    "Corpus/TofuCircularProgressView/CircularProgressView.swift",
]

/// Every other file under the corpus (licences, origins, the files that do not compile).
let corpusFilesNotCompiled: [String] = {
    let root = Context.packageDirectory + "/Tests/UIKitCompatibility"
    guard let files = FileManager.default.enumerator(atPath: root + "/Corpus") else { return [] }
    return files.compactMap { $0 as? String }.map { "Corpus/" + $0 }.filter { path in
        var isDirectory: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory)
        return !isDirectory.boolValue && !corpusSources.contains { path == $0 || path.hasPrefix($0 + "/") }
    }.sorted()
}()

// Every target whose code subclasses or stores Lifeloop's classes names "Lifeloop" among
// its dependencies, even when it reaches it only through UIKit or LifeloopTesting: the
// build reschedules a target only when a module it depends on directly changes, and a
// class that grew a stored property changes its subclasses' layout, so a target left
// uncompiled after such a change crashes.
let package = Package(
    name: "Lifeloop",
    products: [
        .library(name: "LifeloopCore", targets: ["LifeloopCore"]),
        .library(name: "Lifeloop", targets: ["Lifeloop"]),
        // A Cassowary constraint solver (kiwi-style), with no dependencies.
        .library(name: "LifeloopCassowary", targets: ["LifeloopCassowary"]),
        .library(name: "LifeloopPictures", targets: ["LifeloopPictures"]),
        .library(name: "LifeloopScenario", targets: ["LifeloopScenario"]),
        .library(name: "LifeloopNetwork", targets: ["LifeloopNetwork"]),
        .library(name: "LifeloopSamples", targets: ["LifeloopSamples"]),
        .library(name: "LifeloopHost", targets: ["LifeloopHost"]),
        // `import UIKit` on Linux: UIKit's names over Lifeloop.
        .library(name: "UIKit", targets: ["UIKit"]),
        .library(name: "QuartzCore", targets: ["QuartzCore"]),
        .library(name: "CoreGraphics", targets: ["CoreGraphics"]),
        // `import Combine` in an app's own sources (`launch --sources`): OpenCombine's names.
        .library(name: "LifeloopCombine", targets: ["LifeloopCombine"]),
        .executable(name: "lifeloop", targets: ["lifeloop"]),
        .executable(name: "lifeloopd", targets: ["lifeloopd"]),
        // The port step: UIKit sources with @IBOutlet, @objc, #selector lowered for Linux.
        .library(name: "LifeloopPort", targets: ["LifeloopPort"]),
        .executable(name: "lifeloop-port", targets: ["lifeloop-port"]),
        .plugin(name: "LifeloopPortPlugin", targets: ["LifeloopPortPlugin"]),
        // Test helpers for apps on Lifeloop (Swift Testing and XCTest): its DocC catalog.
        .library(name: "LifeloopTesting", targets: ["LifeloopTesting"]),
        // Snapshot strategies for pointfreeco/swift-snapshot-testing: a product of its own,
        // so only the tests that use it build that package.
        .library(name: "LifeloopSnapshotTesting", targets: ["LifeloopSnapshotTesting"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-collections.git", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        // Scenario files are YAML (JSON read as YAML), with line and column in errors.
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
        // Experiment reports merge per-seed figures through mergeable histograms.
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift.git", from: "0.2.0"),
        // The port step parses and rewrites UIKit sources.
        .package(url: "https://github.com/swiftlang/swift-syntax.git", from: "603.0.1"),
        // LifeloopSnapshotTesting's strategies (its SnapshotTesting module only).
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
        // `make docs`: the DocC catalogs built to static HTML (a command plugin, not linked).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin.git", from: "1.5.0"),
        // Combine on Linux for apps' own sources, re-exported by LifeloopCombine.
        .package(url: "https://github.com/OpenCombine/OpenCombine.git", from: "0.14.0"),
    ],
    targets: [
        // The system libuv, found through pkg-config. Only LifeloopCore imports it, and
        // implementation-only: a module built beside Lifeloop that imports UIKit without
        // depending on it (swift-snapshot-testing's `#if canImport(UIKit)`) has no way to find
        // libuv's headers. The compiler warns about that import in a module built without
        // library evolution; LifeloopCore keeps libuv's types out of stored properties and
        // inlinable code, which is what the warning is about.
        .systemLibrary(
            name: "CLibUV",
            pkgConfig: "libuv",
            providers: [.apt(["libuv1-dev"])]
        ),
        .target(
            name: "LifeloopCore",
            dependencies: [
                "CLibUV",
                .product(name: "DequeModule", package: "swift-collections"),
            ]
        ),
        .target(
            name: "Lifeloop",
            dependencies: ["LifeloopCore", "LifeloopCassowary"]
        ),
        // Auto Layout's solver: incremental Cassowary, deterministic, no dependencies.
        .target(name: "LifeloopCassowary"),
        // Window snapshots, timelines and frame charts as SVG (PNG through rsvg-convert).
        .target(
            name: "LifeloopPictures",
            dependencies: ["Lifeloop"]
        ),
        // A scripted network served to URLSession (FoundationNetworking stays out of the core).
        .target(
            name: "LifeloopNetwork",
            dependencies: ["LifeloopCore"]
        ),
        .target(
            name: "LifeloopScenario",
            dependencies: [
                "Lifeloop",
                "LifeloopNetwork",
                "LifeloopPictures",
                .product(name: "Yams", package: "Yams"),
                .product(name: "Histogram", package: "hdrhistogram-swift"),
            ]
        ),
        .target(
            name: "LifeloopSamples",
            dependencies: ["Lifeloop", "LifeloopScenario", "UIKit"],
            path: "Samples",
            // Scenario files are read from the checkout by path, like any user's.
            exclude: ["Scenarios", "PortedApp", "TestedApp", "HelloApp", "ChecklistApp", "SignInApp"],
            resources: [.copy("SeedSegue/Main.storyboard.json")]
        ),
        .target(
            name: "UIKit",
            dependencies: ["Lifeloop", "_Testing_UIKit"]
        ),
        // OpenCombine under a name of our own: app sources are compiled with
        // `-module-alias Combine=LifeloopCombine`. Not a module named Combine, which would make
        // OpenCombine's own `#if !canImport(Combine)` declarations vanish from a build.
        .target(
            name: "LifeloopCombine",
            dependencies: [
                .product(name: "OpenCombine", package: "OpenCombine"),
                .product(name: "OpenCombineDispatch", package: "OpenCombine"),
                .product(name: "OpenCombineFoundation", package: "OpenCombine"),
            ]
        ),
        // Swift Testing's cross-import overlay for UIKit, empty (see its only file).
        .target(name: "_Testing_UIKit"),
        // `import QuartzCore` and `import CoreGraphics` as on iOS: UIKit's module under each
        // framework's name (CALayer, CATransform3D, CGContext, CGPath live there).
        .target(name: "QuartzCore", dependencies: ["Lifeloop", "UIKit"]),
        .target(name: "CoreGraphics", dependencies: ["Lifeloop", "UIKit", "_Testing_CoreGraphics"]),
        .target(name: "_Testing_CoreGraphics"),
        // The daemon: JSON-RPC over a Unix socket, one app process each.
        .target(
            name: "LifeloopHost",
            dependencies: [
                "LifeloopCore",
                "Lifeloop",
                "LifeloopScenario",
                "LifeloopNetwork",
                "LifeloopPictures",
                .product(name: "DequeModule", package: "swift-collections"),
            ]
        ),
        .executableTarget(
            name: "lifeloopd",
            dependencies: [
                "LifeloopHost",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The port step's engine: Objective-C-only Swift lowered onto NameWirable.
        .target(
            name: "LifeloopPort",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),
        // The port step as the build-tool plugin runs it.
        .executableTarget(
            name: "lifeloop-port",
            dependencies: ["LifeloopPort"]
        ),
        .plugin(
            name: "LifeloopPortPlugin",
            capability: .buildTool(),
            dependencies: ["lifeloop-port"]
        ),
        .executableTarget(
            name: "lifeloop",
            dependencies: [
                "LifeloopPort",
                "LifeloopHost",
                "LifeloopCore",
                "LifeloopScenario",
                "LifeloopPictures",
                "LifeloopSamples",
                // For `import Combine` in an app's own sources: its module beside this
                // program's, its symbols in this program.
                "LifeloopCombine",
                // Likewise for `import QuartzCore` and `import CoreGraphics`.
                "QuartzCore",
                "CoreGraphics",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // An app's own Swift sources (`launch --sources`, a scenario's `sources:`) are
            // built into a library that this program loads: it links against the Lifeloop
            // this program holds, so its symbols are exported to what it loads. (An unsafe
            // flag: it only keeps this executable product out of other packages' reach.)
            linkerSettings: [.unsafeFlags(["-Xlinker", "--export-dynamic"])]
        ),
        // Samples/PortedApp (a package of its own for users to copy) built here as well,
        // through the same plugin, so that `make test` builds and runs it.
        .executableTarget(
            name: "PortedAppSample",
            dependencies: ["Lifeloop", "UIKit"],
            path: "Samples/PortedApp/Sources/PortedApp",
            exclude: ["iOS", "Resources"],
            swiftSettings: [.swiftLanguageMode(.v5)],
            plugins: ["LifeloopPortPlugin"]
        ),
        .target(
            name: "LifeloopTesting",
            dependencies: ["Lifeloop", "LifeloopCore", "LifeloopPictures", "CLifeloopTesting"]
        ),
        // XCUIApplication's weak reference to a ported app's `@main` delegate maker.
        .target(name: "CLifeloopTesting"),
        .target(
            name: "LifeloopSnapshotTesting",
            dependencies: ["Lifeloop", 
                "LifeloopTesting",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ]
        ),
        .testTarget(
            name: "LifeloopTestingTests",
            dependencies: ["Lifeloop", "LifeloopTesting", "LifeloopSamples", "UIKit", "SignInAppScreens"]
        ),
        .testTarget(
            name: "LifeloopSnapshotTestingTests",
            dependencies: ["Lifeloop", "LifeloopSnapshotTesting", "UIKit"]
        ),
        // Samples/TestedApp (a package of its own, with the tests a team would write) built
        // and tested here as well, so that `make test` runs its tests.
        .target(
            name: "TestedAppSample",
            dependencies: ["Lifeloop", "UIKit"],
            path: "Samples/TestedApp/Sources/TestedApp",
            exclude: ["iOS", "Resources"],
            swiftSettings: [.swiftLanguageMode(.v5)],
            plugins: ["LifeloopPortPlugin"]
        ),
        .testTarget(
            name: "TestedAppSampleTests",
            dependencies: ["Lifeloop", 
                "TestedAppSample", "UIKit", "LifeloopTesting", "LifeloopSnapshotTesting",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ],
            path: "Samples/TestedApp/Tests/TestedAppTests",
            exclude: ["__Goldens__", "__Snapshots__"],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        // Samples/ChecklistApp (a package of its own: an iOS app and its UI tests as Xcode
        // writes them) built and tested here as well, so that `make test` runs its XCUITest
        // file in-process on Lifeloop. The UI test target depends on the app's ported target:
        // that is how XCUIApplication() finds the app to launch.
        .target(
            name: "ChecklistAppSample",
            dependencies: ["Lifeloop", "UIKit"],
            path: "Samples/ChecklistApp/Sources/ChecklistApp",
            exclude: ["iOS"],
            swiftSettings: [.swiftLanguageMode(.v5)],
            plugins: ["LifeloopPortPlugin"]
        ),
        .testTarget(
            name: "ChecklistAppSampleUITests",
            dependencies: ["Lifeloop", "ChecklistAppSample", "LifeloopTesting"],
            path: "Samples/ChecklistApp/Tests/ChecklistAppUITests",
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        // Samples/SignInApp (a package of its own: a sign-in form that makes room for the
        // software keyboard, and its UI tests as Xcode writes them) is built here too. Its UI
        // tests run in its own package (`cd Samples/SignInApp && swift test`): the port step
        // gives a `@main` class a maker with one fixed C name, so a test program links one
        // ported app, and this package's links ChecklistApp. SignInAppScreens is its two
        // screens without the app delegate, for LifeloopTestingTests.
        .target(
            name: "SignInAppSample",
            dependencies: ["Lifeloop", "UIKit"],
            path: "Samples/SignInApp/Sources/SignInApp",
            exclude: ["iOS"],
            swiftSettings: [.swiftLanguageMode(.v5)],
            plugins: ["LifeloopPortPlugin"]
        ),
        .target(
            name: "SignInAppScreens",
            dependencies: ["Lifeloop", "UIKit"],
            path: "Tests/SignInAppScreens",
            exclude: ["SignInViewController.swift", "WelcomeViewController.swift"],
            swiftSettings: [.swiftLanguageMode(.v5)],
            plugins: ["LifeloopPortPlugin"]
        ),
        .testTarget(
            name: "LifeloopDispatchTests",
            dependencies: ["Lifeloop", "LifeloopNetwork"]
        ),
        .testTarget(
            name: "LifeloopCassowaryTests",
            dependencies: ["LifeloopCassowary"],
            // The kiwisolver side of the differential test, run with python3 from the checkout.
            exclude: ["kiwi_solve.py"]
        ),
        .testTarget(
            name: "LifeloopCoreTests",
            dependencies: ["LifeloopCore"]
        ),
        .testTarget(
            name: "LifeloopScenarioTests",
            dependencies: ["Lifeloop", "LifeloopScenario", "LifeloopSamples", "LifeloopNetwork"]
        ),
        .testTarget(
            name: "LifeloopTests",
            dependencies: ["Lifeloop", "LifeloopSamples"]
        ),
        .testTarget(
            name: "LifeloopPortTests",
            dependencies: ["Lifeloop", "LifeloopPort", "UIKit", "LifeloopCore"]
        ),
        .testTarget(
            name: "LifeloopHostTests",
            dependencies: ["Lifeloop", "LifeloopHost", "LifeloopCore"]
        ),
        .testTarget(
            name: "LifeloopPicturesTests",
            dependencies: ["Lifeloop", "LifeloopPictures", "LifeloopScenario", "LifeloopSamples"],
            // Golden pictures, compared as text (LIFELOOP_ACCEPT_GOLDENS=1 rewrites them).
            exclude: ["Goldens"]
        ),
        // Real UIKit files from public repositories, compiled unchanged against the
        // UIKit module and run through a lifecycle. Swift 5 mode, as most apps.
        .testTarget(
            name: "UIKitCompatibilityTests",
            dependencies: ["Lifeloop", "UIKit", "QuartzCore", "CoreGraphics", "LifeloopPictures"],
            path: "Tests/UIKitCompatibility",
            // Corpus2 (the sampled corpus) and measure.py are measured by the script, never built.
            exclude: corpusFilesNotCompiled + ["Corpus2", "measure.py"],
            sources: corpusSources,
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        // The corpus files that build through the port step (or share a name with one
        // above), linked from the corpus under names of their own in iOS/.
        .testTarget(
            name: "UIKitCompatibilityPortedTests",
            dependencies: ["Lifeloop", "UIKit", "LifeloopPictures"],
            path: "Tests/UIKitCompatibilityPorted",
            exclude: ["iOS"],
            swiftSettings: [.swiftLanguageMode(.v5)],
            plugins: ["LifeloopPortPlugin"]
        ),
        // SaveTheDot's controller, ported, alone: its class name is another ported file's.
        .testTarget(
            name: "UIKitCompatibilitySaveTheDotTests",
            dependencies: ["Lifeloop", "UIKit", "LifeloopPictures"],
            path: "Tests/UIKitCompatibilitySaveTheDot",
            exclude: ["iOS"],
            swiftSettings: [.swiftLanguageMode(.v5)],
            plugins: ["LifeloopPortPlugin"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
