import Foundation
import Testing
@testable import Lifeloop

/// A bundle folder written for a test, removed by `remove()`.
struct ResourceFolder {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("lifeloop-resources-\(UUID().uuidString)/Test.app").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func write(_ relative: String, _ data: Data) throws {
        let full = path + "/" + relative
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try data.write(to: URL(fileURLWithPath: full))
    }

    func write(_ relative: String, _ text: String) throws {
        try write(relative, Data(text.utf8))
    }

    func writeInfo(_ info: [String: Any]) throws {
        try write("Info.plist", PropertyListSerialization.data(fromPropertyList: info, format: .xml, options: 0))
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent)
    }

    /// The first bytes of a PNG of a size: enough for its header to be read.
    static func png(width: UInt32, height: UInt32) -> Data {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
        bytes += Array("IHDR".utf8)
        for value in [width, height] { bytes += withUnsafeBytes(of: value.bigEndian, Array.init) }
        bytes += [8, 6, 0, 0, 0, 0, 0, 0, 0]
        return Data(bytes)
    }
}

/// Runs `body` on a thread of its own (one app per thread) and gives its result.
func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) throws -> T {
    let result = Locked<Result<T, Error>?>(nil)
    let done = DispatchSemaphore(value: 0)
    Thread {
        result.withLock { $0 = Result { try body() } }
        done.signal()
    }.start()
    done.wait()
    return try result.withLock { $0! }.get()
}

@Suite("App resources: asset catalogs, strings files, the app's bundle")
struct AppResourcesTests {
    // MARK: Asset catalog colors

    static let colorset = """
        {
          "colors" : [
            { "color" : { "color-space" : "srgb", "components" : { "alpha" : "1.000", "blue" : "0.500", "green" : "0.250", "red" : "1.000" } }, "idiom" : "universal" },
            { "appearances" : [ { "appearance" : "luminosity", "value" : "dark" } ],
              "color" : { "color-space" : "srgb", "components" : { "alpha" : "0.500", "blue" : "255", "green" : "0x80", "red" : "0" } }, "idiom" : "universal" },
            { "appearances" : [ { "appearance" : "contrast", "value" : "high" } ],
              "color" : { "color-space" : "srgb", "components" : { "alpha" : "1.000", "blue" : "0", "green" : "0", "red" : "0" } }, "idiom" : "universal" }
          ],
          "info" : { "author" : "xcode", "version" : 1 }
        }
        """

    @Test func colorsWithAnyAndDarkAppearances() throws {
        let folder = try ResourceFolder()
        defer { folder.remove() }
        try folder.write("Assets.xcassets/Brand.colorset/Contents.json", Self.colorset)
        try folder.write("Assets.xcassets/Contents.json", #"{"info":{"version":1}}"#)
        let catalog = AssetCatalog(bundleFolder: folder.path)
        let brand = try #require(catalog.colors["Brand"])
        #expect(brand.any == Color(red: 1, green: 0.25, blue: 0.5, alpha: 1))
        #expect(brand.resolved(for: .dark) == Color(red: 0, green: 128.0 / 255, blue: 1, alpha: 0.5))
        #expect(brand.resolved(for: .light) == brand.any, "no light appearance: any's")
        #expect(brand.resolved(for: .unspecified) == brand.any)
    }

    @Test func colorComponentsAndSystemReferences() throws {
        let folder = try ResourceFolder()
        defer { folder.remove() }
        try folder.write("Colors.xcassets/Gray.colorset/Contents.json", """
            {"colors":[{"idiom":"universal","color":{"color-space":"gray-gamma-2.2","components":{"white":"0.400","alpha":"1"}}}]}
            """)
        try folder.write("Colors.xcassets/Accent.colorset/Contents.json", """
            {"colors":[{"idiom":"universal","color":{"platform":"ios","reference":"systemBlueColor"}},
                       {"idiom":"universal","appearances":[{"appearance":"luminosity","value":"light"}],"color":{"components":{"red":"0xFF","green":"0x00","blue":"0x00","alpha":"1.000"}}}]}
            """)
        try folder.write("Colors.xcassets/Group/Contents.json", #"{"properties":{"provides-namespace":true}}"#)
        try folder.write("Colors.xcassets/Group/Inner.colorset/Contents.json", """
            {"colors":[{"idiom":"iphone","color":{"components":{"red":"51","green":"102","blue":"153","alpha":"1.000"}}}]}
            """)
        let resources = AppResources(bundlePath: folder.path)
        #expect(resources.color(named: "Gray") == Color(red: 0.4, green: 0.4, blue: 0.4))
        #expect(resources.color(named: "Accent") == .systemBlue)
        #expect(resources.color(named: "Accent", style: .light) == Color(red: 1, green: 0, blue: 0))
        #expect(resources.color(named: "Group/Inner") == Color(red: 0.2, green: 0.4, blue: 0.6))
        #expect(resources.color(named: "Inner") == nil, "a namespace folder prefixes its names")
        #expect(resources.color(named: "Missing") == nil)
    }

    // MARK: Asset catalog images

    @Test func imagesWithScales() throws {
        let folder = try ResourceFolder()
        defer { folder.remove() }
        try folder.write("Assets.xcassets/Logo.imageset/Contents.json", """
            {"images":[{"filename":"logo.png","idiom":"universal","scale":"1x"},
                       {"filename":"logo@2x.png","idiom":"universal","scale":"2x"},
                       {"idiom":"universal","scale":"3x"}],
             "info":{"author":"xcode","version":1}}
            """)
        try folder.write("Assets.xcassets/Logo.imageset/logo.png", ResourceFolder.png(width: 40, height: 20))
        try folder.write("Assets.xcassets/Logo.imageset/logo@2x.png", ResourceFolder.png(width: 80, height: 40))
        try folder.write("icon@3x.png", ResourceFolder.png(width: 66, height: 33))
        let resources = AppResources(bundlePath: folder.path)
        let two = try #require(resources.image(named: "Logo", screenScale: 2))
        #expect(two.size == Size(width: 40, height: 20) && two.scale == 2)
        let one = try #require(resources.image(named: "Logo", screenScale: 1))
        #expect(one.size == Size(width: 40, height: 20) && one.scale == 1)
        let three = try #require(resources.image(named: "Logo", screenScale: 3), "no 3x file: the largest there is")
        #expect(three.scale == 2)
        let file = try #require(resources.image(named: "icon", screenScale: 2), "a file in the bundle by name")
        #expect(file.size == Size(width: 22, height: 11) && file.scale == 3)
        #expect(resources.image(named: "none", screenScale: 2) == nil)
    }

    @Test func vectorImagesTakeTheScreensScale() throws {
        let folder = try ResourceFolder()
        defer { folder.remove() }
        try folder.write("Assets.xcassets/Arrow.imageset/Contents.json", """
            {"images":[{"filename":"arrow.pdf","idiom":"universal"}],"properties":{"preserves-vector-representation":true}}
            """)
        try folder.write("Assets.xcassets/Arrow.imageset/arrow.pdf", "%PDF-1.4\n1 0 obj << /Type /Page /MediaBox [0 0 24.5 18] >> endobj\n")
        let resources = AppResources(bundlePath: folder.path)
        let arrow = try #require(resources.image(named: "Arrow", screenScale: 3))
        #expect(arrow.size == Size(width: 24.5, height: 18) && arrow.scale == 3)
    }

    @Test func imageNamedReadsTheAppsCatalog() throws {
        let folder = try ResourceFolder()
        defer { folder.remove() }
        try folder.write("Assets.xcassets/Star.imageset/Contents.json", """
            {"images":[{"filename":"a.png","idiom":"universal","scale":"1x"},{"filename":"b.png","idiom":"universal","scale":"2x"},{"filename":"c.png","idiom":"universal","scale":"3x"}]}
            """)
        try folder.write("Assets.xcassets/Star.imageset/a.png", ResourceFolder.png(width: 10, height: 12))
        try folder.write("Assets.xcassets/Star.imageset/b.png", ResourceFolder.png(width: 20, height: 24))
        try folder.write("Assets.xcassets/Star.imageset/c.png", ResourceFolder.png(width: 30, height: 36))
        let path = folder.path
        let found = try onOwnThread { () -> [Double] in
            let app = try Application(screen: Screen(size: Size(width: 390, height: 844), scale: 3))
            app.bundlePath = path
            let star = Image(named: "Star")!
            let missing = Image(named: "Nope")!
            return [star.size.width, star.size.height, Double(star.scale), missing.size.width, Double(missing.scale)]
        }
        #expect(found == [10, 12, 3, 0, 1])
    }

    // MARK: Strings files

    @Test func stringsWithCommentsAndEscapes() throws {
        let text = #"""
            /* A comment, with "quotes" = "and"; */
            "greeting" = "Hello, \"world\"\n";  // trailing comment
            // a line comment
            "tab" = "a\tb\\c";
            "unicode" = "caf\U00e9 \u2192";
            "multi
            line" = "ok";
            bare_key = "unquoted";
            "same";
            """#
        let entries = try StringsFile.entries(text: text)
        #expect(entries["greeting"] == "Hello, \"world\"\n")
        #expect(entries["tab"] == "a\tb\\c")
        #expect(entries["unicode"] == "café →")
        #expect(entries["multi\nline"] == "ok")
        #expect(entries["bare_key"] == "unquoted")
        #expect(entries["same"] == "same")
        #expect(entries.count == 6)
        #expect(throws: StringsFile.Failure.self) { try StringsFile.entries(text: #""a" = "b""#) }
        #expect(throws: StringsFile.Failure.self) { try StringsFile.entries(text: "/* open") }
    }

    @Test(arguments: [String.Encoding.utf16LittleEndian, .utf16BigEndian, .utf8])
    func stringsInUTF16WithAByteOrderMark(encoding: String.Encoding) throws {
        let text = "\"title\" = \"Grüße ✓\";\n"
        var data = Data()
        switch encoding {
        case .utf16LittleEndian: data = Data([0xFF, 0xFE])
        case .utf16BigEndian: data = Data([0xFE, 0xFF])
        default: data = Data([0xEF, 0xBB, 0xBF])
        }
        data += try #require(text.data(using: encoding))
        #expect(try StringsFile.entries(data: data) == ["title": "Grüße ✓"])
    }

    @Test func localizedStringsFromTheAppsLanguageFolders() throws {
        let folder = try ResourceFolder()
        defer { folder.remove() }
        try folder.writeInfo(["CFBundleIdentifier": "org.example.test", "CFBundleDevelopmentRegion": "en"])
        try folder.write("en.lproj/Localizable.strings", "\"hello\" = \"Hello\";\n")
        try folder.write("fr.lproj/Localizable.strings", "\"hello\" = \"Bonjour\";\n\"only.fr\" = \"Oui\";\n")
        var base = Data([0xFF, 0xFE])
        base += "\"base.only\" = \"From Base\";\n".data(using: .utf16LittleEndian)!
        try folder.write("Base.lproj/Localizable.strings", base)
        try folder.write("en.lproj/Menu.strings", "\"open\" = \"Open…\";\n")
        let path = folder.path
        let found = try onOwnThread { () -> [String] in
            let app = try Application()
            app.bundlePath = path
            return [
                lifeloopLocalizedString("hello", comment: "greeting"),
                lifeloopLocalizedString("base.only", comment: ""),
                lifeloopLocalizedString("only.fr", comment: ""),
                lifeloopLocalizedString("missing", value: "Fallback", comment: ""),
                lifeloopLocalizedString("open", tableName: "Menu", comment: ""),
                String(localized: "hello"),
                String(localized: "absent", defaultValue: "Default"),
            ]
        }
        #expect(found == ["Hello", "From Base", "only.fr", "Fallback", "Open…", "Hello", "Default"])
    }

    // MARK: The app's bundle

    @Test func bundleOfAnAppWithABundlePath() throws {
        let folder = try ResourceFolder()
        defer { folder.remove() }
        try folder.writeInfo(["CFBundleIdentifier": "org.example.one", "APIEndpoint": "https://example.org", "Count": 3])
        try folder.write("data.json", "{}")
        let path = folder.path
        let found = try onOwnThread { () -> [String] in
            let app = try Application()
            app.bundlePath = path
            let bundle = Bundle.lifeloopMain
            return [
                bundle.bundleIdentifier ?? "nil",
                bundle.object(forInfoDictionaryKey: "APIEndpoint") as? String ?? "nil",
                "\(bundle.infoDictionary?["Count"] as? Int ?? -1)",
                bundle.path(forResource: "data", ofType: "json") ?? "nil",
                bundle.url(forResource: "data", withExtension: "json")?.lastPathComponent ?? "nil",
                "\(bundle === Bundle.lifeloopMain)",
                "\(bundle !== Bundle.main)",
            ]
        }
        #expect(found == ["org.example.one", "https://example.org", "3", path + "/data.json", "data.json", "true", "true"])
    }

    @Test func withoutAnAppTheBundleIsTheProcesss() throws {
        let same = try onOwnThread { Bundle.lifeloopMain === Bundle.main && AppResources.current == nil }
        #expect(same)
    }

    @Test func twoAppsOnTwoThreadsSeeTheirOwnBundles() throws {
        var folders: [ResourceFolder] = []
        defer { folders.forEach { $0.remove() } }
        for name in ["one", "two"] {
            let folder = try ResourceFolder()
            try folder.writeInfo(["CFBundleIdentifier": "org.example.\(name)"])
            try folder.write("en.lproj/Localizable.strings", "\"name\" = \"App \(name)\";")
            try folder.write("Assets.xcassets/Tint.colorset/Contents.json", """
                {"colors":[{"idiom":"universal","color":{"components":{"red":"\(name == "one" ? "1.0" : "0.0")","green":"0.0","blue":"0.0","alpha":"1.0"}}}]}
                """)
            folders.append(folder)
        }
        let paths = folders.map(\.path)
        let results = Locked<[String: [String]]>([:])
        let bothStarted = DispatchGroup()
        let group = DispatchGroup()
        for (index, name) in ["one", "two"].enumerated() {
            group.enter()
            bothStarted.enter()
            Thread {
                defer { group.leave() }
                guard let app = try? Application() else { return }
                app.bundlePath = paths[index]
                _ = Bundle.lifeloopMain
                bothStarted.leave()
                bothStarted.wait()  // both apps are alive before either reads
                var seen: [String] = []
                for _ in 0..<50 {
                    seen.append(Bundle.lifeloopMain.bundleIdentifier ?? "nil")
                    seen.append(lifeloopLocalizedString("name", comment: ""))
                    seen.append("\(AppResources.current?.color(named: "Tint")?.red ?? -1)")
                }
                results.withLock { $0[name] = Array(Set(seen)).sorted() }
            }.start()
        }
        group.wait()
        #expect(results.withLock { $0 } == [
            "one": ["1.0", "App one", "org.example.one"],
            "two": ["0.0", "App two", "org.example.two"],
        ])
    }

    @Test func aNewBundlePathGivesNewResources() throws {
        let first = try ResourceFolder(), second = try ResourceFolder()
        defer { first.remove(); second.remove() }
        try first.writeInfo(["CFBundleIdentifier": "org.example.first"])
        try second.writeInfo(["CFBundleIdentifier": "org.example.second"])
        let paths = (first.path, second.path)
        let found = try onOwnThread { () -> [String] in
            let app = try Application()
            app.bundlePath = paths.0
            let one = Bundle.lifeloopMain.bundleIdentifier ?? "nil"
            app.bundlePath = paths.1
            return [one, Bundle.lifeloopMain.bundleIdentifier ?? "nil"]
        }
        #expect(found == ["org.example.first", "org.example.second"])
    }
}
