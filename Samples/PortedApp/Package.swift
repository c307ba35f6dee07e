// swift-tools-version:6.0
// A UIKit app written for iOS (@IBOutlet, @IBAction, @objc, #selector, target-action,
// selector timers and notifications), built unchanged on Linux through Lifeloop's port
// step: `make ported-sample` in the Lifeloop checkout builds and runs it.
import Foundation
import PackageDescription

/// Lifeloop's package identity is the name of its checkout's folder.
let lifeloop = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../..").standardizedFileURL.lastPathComponent

let package = Package(
    name: "PortedApp",
    dependencies: [
        .package(path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "PortedApp",
            dependencies: [.product(name: "UIKit", package: lifeloop)],
            // Sources/PortedApp/iOS: the iOS sources, ported by the plugin, not compiled as written;
            // Resources: the storyboard, read from the checkout at run time.
            exclude: ["iOS", "Resources"],
            swiftSettings: [.swiftLanguageMode(.v5)],
            plugins: [.plugin(name: "LifeloopPortPlugin", package: lifeloop)]
        ),
    ]
)
