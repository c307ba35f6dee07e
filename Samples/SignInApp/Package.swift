// swift-tools-version:6.0
// An iOS app (a sign-in form in a scroll view that makes room for the software keyboard,
// return moving from the email to the password, a welcome page) with UI tests as Xcode
// writes them: taps, the keyboard's keys, typeText and waitForExistence, run in-process on
// Lifeloop in milliseconds. The test file is unchanged Xcode code; `swift test` here builds
// and runs it.
import Foundation
import PackageDescription

/// Lifeloop's package identity is the name of its checkout's folder.
let lifeloop = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../..").standardizedFileURL.lastPathComponent

let package = Package(
    name: "SignInApp",
    dependencies: [
        .package(path: "../.."),
    ],
    targets: [
        // The app: Sources/SignInApp/iOS is the iOS code, ported by the plugin (and not
        // compiled as written). Its @main delegate is what XCUIApplication() launches.
        .target(
            name: "SignInApp",
            dependencies: [.product(name: "UIKit", package: lifeloop)],
            exclude: ["iOS"],
            swiftSettings: [.swiftLanguageMode(.v5)],
            plugins: [.plugin(name: "LifeloopPortPlugin", package: lifeloop)]
        ),
        // The UI tests: depending on the app's target is what names the app they launch
        // (Xcode's "Target Application"); LifeloopUITests.swift makes XCUITest's names
        // visible to the unchanged test files.
        .testTarget(
            name: "SignInAppUITests",
            dependencies: [
                "SignInApp",
                .product(name: "LifeloopTesting", package: lifeloop),
            ],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
    ]
)
