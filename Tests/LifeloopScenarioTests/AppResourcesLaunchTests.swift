import Foundation
import Testing

/// An app's resources as its own code finds them on iOS, through the real `lifeloop
/// launch`: `Bundle.main`'s Info.plist values and files, `NSLocalizedString` from
/// `en.lproj/Localizable.strings`, `UIColor(named:)` and `UIImage(named:)` from an asset
/// catalog, and a storyboard image view's catalog image. The project is a copy of
/// `Samples/HelloApp` (an Xcode 16 synchronized folder) with those resources added.
@Suite struct AppResourcesLaunchTests {
    static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    static let viewController = #"""
        import UIKit

        class ViewController: UIViewController {

            @IBOutlet weak var greeting: UILabel!

            override func viewDidLoad() {
                super.viewDidLoad()
                greeting.text = NSLocalizedString("greeting", comment: "The first words")
                let bundle = Bundle.main
                var lines: [String] = []
                lines.append("id=\(bundle.bundleIdentifier ?? "nil")")
                lines.append("server=\(bundle.object(forInfoDictionaryKey: "ServerURL") as? String ?? "nil")")
                lines.append("name=\(bundle.infoDictionary?["CFBundleName"] as? String ?? "nil")")
                lines.append("file=\(bundle.path(forResource: "data", ofType: "json").map { ($0 as NSString).lastPathComponent } ?? "nil")")
                lines.append("url=\(bundle.url(forResource: "data", withExtension: "json")?.lastPathComponent ?? "nil")")
                lines.append("text=\(greeting.text ?? "nil")")
                lines.append("escaped=\(NSLocalizedString("quote", comment: ""))")
                lines.append("brand=\(UIColor(named: "Brand") == UIColor(red: 1, green: 0, blue: 0, alpha: 1))")
                let dark = UIColor(named: "Brand", in: nil, compatibleWith: UITraitCollection(userInterfaceStyle: .dark))
                lines.append("brandDark=\(dark == UIColor(red: 0, green: 0, blue: 1, alpha: 1))")
                let logo = UIImage(named: "Logo")!
                lines.append("logo=\(logo.size.width)x\(logo.size.height) scale=\(logo.scale == UIScreen.main.scale)")
                let shown = (view.viewWithTag(7) as? UIImageView)?.image
                lines.append("storyboard=\(shown.map { "\($0.size.width)x\($0.size.height)" } ?? "nil")")
                for line in lines { print("RESOURCE " + line) }
            }

            func appBecameActive() {}
        }
        """#

    static let imageView = """
                                <imageView userInteractionEnabled="NO" contentMode="scaleAspectFit" image="Logo" translatesAutoresizingMaskIntoConstraints="NO" tag="7" id="logo-view" userLabel="logo">
                                    <rect key="frame" x="20" y="230" width="40" height="40"/>
                                </imageView>

        """

    /// The first bytes of a PNG of a size: enough for its header to be read.
    static func png(width: UInt32, height: UInt32) -> Data {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
        bytes += Array("IHDR".utf8)
        for value in [width, height] { bytes += withUnsafeBytes(of: value.bigEndian, Array.init) }
        bytes += [8, 6, 0, 0, 0, 0, 0, 0, 0]
        return Data(bytes)
    }

    /// A copy of HelloApp with resources, in a temporary folder.
    static func makeProject() throws -> String {
        let root = NSTemporaryDirectory() + "app-resources-\(UUID().uuidString)"
        let manager = FileManager.default
        try manager.createDirectory(atPath: root, withIntermediateDirectories: true)
        try manager.copyItem(atPath: checkout + "/Samples/HelloApp", toPath: root + "/HelloApp")
        let app = root + "/HelloApp/HelloApp"
        func write(_ relative: String, _ data: Data) throws {
            let path = app + "/" + relative
            try manager.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try data.write(to: URL(fileURLWithPath: path))
        }
        try write("ViewController.swift", Data(viewController.utf8))
        var plist = try String(contentsOfFile: app + "/Info.plist", encoding: .utf8)
        plist = plist.replacingOccurrences(of: "<dict>\n\t<key>UIApplicationSceneManifest</key>",
                                           with: "<dict>\n\t<key>ServerURL</key>\n\t<string>https://$(PRODUCT_BUNDLE_IDENTIFIER).example</string>\n\t<key>UIApplicationSceneManifest</key>")
        try write("Info.plist", Data(plist.utf8))
        var storyboard = try String(contentsOfFile: app + "/Base.lproj/Main.storyboard", encoding: .utf8)
        storyboard = storyboard.replacingOccurrences(of: "                        </subviews>", with: imageView + "                        </subviews>")
        try write("Base.lproj/Main.storyboard", Data(storyboard.utf8))
        var strings = Data([0xFF, 0xFE])
        strings += "/* Greetings */\n\"greeting\" = \"Hello from strings\";\n\"quote\" = \"\\\"quoted\\\"\\ttab\";\n".data(using: .utf16LittleEndian)!
        try write("en.lproj/Localizable.strings", strings)
        try write("data.json", Data("{}".utf8))
        try write("Assets.xcassets/Contents.json", Data(#"{"info":{"author":"xcode","version":1}}"#.utf8))
        try write("Assets.xcassets/Brand.colorset/Contents.json", Data("""
            {"colors":[{"idiom":"universal","color":{"color-space":"srgb","components":{"red":"255","green":"0","blue":"0","alpha":"1.000"}}},
                       {"idiom":"universal","appearances":[{"appearance":"luminosity","value":"dark"}],
                        "color":{"color-space":"srgb","components":{"red":"0x00","green":"0x00","blue":"0xFF","alpha":"1.000"}}}],
             "info":{"author":"xcode","version":1}}
            """.utf8))
        try write("Assets.xcassets/Logo.imageset/Contents.json", Data("""
            {"images":[{"filename":"logo.png","idiom":"universal","scale":"1x"},{"filename":"logo@2x.png","idiom":"universal","scale":"2x"},
                       {"filename":"logo@3x.png","idiom":"universal","scale":"3x"}],"info":{"author":"xcode","version":1}}
            """.utf8))
        try write("Assets.xcassets/Logo.imageset/logo.png", png(width: 32, height: 16))
        try write("Assets.xcassets/Logo.imageset/logo@2x.png", png(width: 64, height: 32))
        try write("Assets.xcassets/Logo.imageset/logo@3x.png", png(width: 96, height: 48))
        return root
    }

    @Test func theAppsCodeFindsItsResources() throws {
        let root = try Self.makeProject()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let output = try CLI.run(["launch", root + "/HelloApp/HelloApp.xcodeproj"])
        #expect(output.status == 0, "\(output.stderr)")
        let lines = output.stdout.split(separator: "\n").filter { $0.hasPrefix("RESOURCE ") }.map { String($0.dropFirst(9)) }
        #expect(lines == [
            "id=dev.lifeloop.HelloApp",
            "server=https://dev.lifeloop.HelloApp.example",
            "name=HelloApp",
            "file=data.json",
            "url=data.json",
            "text=Hello from strings",
            "escaped=\"quoted\"\ttab",
            "brand=true",
            "brandDark=true",
            "logo=32.0x16.0 scale=true",
            "storyboard=32.0x16.0",
        ], "\(output.stdout.prefix(3000))\n\(output.stderr.prefix(2000))")
    }
}
