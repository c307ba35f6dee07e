// swift-tools-version:6.0
// An iOS app's code (UIKit view controllers and a storyboard) with the tests a team would
// write for it on Linux: LifeloopTesting for the app, the lifecycle and view-tree goldens,
// and swift-snapshot-testing through Lifeloop's strategies. `make tested-sample` in the
// Lifeloop checkout builds and tests it.
import Foundation
import PackageDescription

/// Lifeloop's package identity is the name of its checkout's folder.
let lifeloop = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../..").standardizedFileURL.lastPathComponent

let package = Package(
    name: "TestedApp",
    dependencies: [
        .package(path: "../.."),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
    ],
    targets: [
        // The app: Sources/TestedApp/iOS is the iOS code, ported by the plugin (and not
        // compiled as written); Resources holds Main.storyboard, read at run time.
        .target(
            name: "TestedApp",
            dependencies: [.product(name: "UIKit", package: lifeloop)],
            exclude: ["iOS", "Resources"],
            swiftSettings: [.swiftLanguageMode(.v5)],
            plugins: [.plugin(name: "LifeloopPortPlugin", package: lifeloop)]
        ),
        .testTarget(
            name: "TestedAppTests",
            dependencies: [
                "TestedApp",
                .product(name: "UIKit", package: lifeloop),
                .product(name: "LifeloopTesting", package: lifeloop),
                .product(name: "LifeloopSnapshotTesting", package: lifeloop),
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ],
            // The goldens are read from the checkout by path.
            exclude: ["__Goldens__", "__Snapshots__"],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
    ]
)
