// swift-tools-version:6.0
import PackageDescription

// Benchmarks live in their own package so the root package does not depend on
// SwiftNIO: NIO is only a peer to measure against.
let package = Package(
    name: "LifeloopBenchmarks",
    dependencies: [
        .package(name: "Lifeloop", path: ".."),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
    ],
    targets: [
        .executableTarget(
            name: "lifeloop-bench",
            dependencies: [
                "CAllocCounter",
                "CLibUVPeer",
                .product(name: "LifeloopCore", package: "Lifeloop"),
                .product(name: "Lifeloop", package: "Lifeloop"),
                .product(name: "LifeloopCassowary", package: "Lifeloop"),
                .product(name: "LifeloopScenario", package: "Lifeloop"),
                .product(name: "LifeloopNetwork", package: "Lifeloop"),
                .product(name: "LifeloopSamples", package: "Lifeloop"),
                .product(name: "LifeloopHost", package: "Lifeloop"),
                .product(name: "LifeloopPort", package: "Lifeloop"),
                // The XCUITest-style row: XCUIApplication (it links XCTest and Swift Testing).
                .product(name: "LifeloopTesting", package: "Lifeloop"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
            ]
        ),
        // Interposes the allocator; it must be linked into the executable itself.
        .target(name: "CAllocCounter"),
        .target(
            name: "CLibUVPeer",
            linkerSettings: [.linkedLibrary("uv")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
