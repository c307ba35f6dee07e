import Foundation
import LifeloopCore
import LifeloopScenario
import Testing

/// Xcode's `project.pbxproj` read by Lifeloop's own old-style property list reader, and the
/// app target's files, settings and main storyboard found as Xcode finds them.
@Suite struct XcodeProjectTests {
    /// A project as Xcode 15 writes one for a new iOS app (groups, a localized storyboard, an
    /// Info.plist with a scene manifest, a unit-test target), with the IDs shortened.
    static let pbxproj = #"""
        // !$*UTF8*$!
        {
        	archiveVersion = 1;
        	classes = {
        	};
        	objectVersion = 56;
        	objects = {

        /* Begin PBXBuildFile section */
        		A1 /* AppDelegate.swift in Sources */ = {isa = PBXBuildFile; fileRef = F1 /* AppDelegate.swift */; };
        		A2 /* SceneDelegate.swift in Sources */ = {isa = PBXBuildFile; fileRef = F2 /* SceneDelegate.swift */; };
        		A3 /* ViewController.swift in Sources */ = {isa = PBXBuildFile; fileRef = F3 /* ViewController.swift */; };
        		A4 /* Main.storyboard in Resources */ = {isa = PBXBuildFile; fileRef = V1 /* Main.storyboard */; };
        		A5 /* Assets.xcassets in Resources */ = {isa = PBXBuildFile; fileRef = F5 /* Assets.xcassets */; };
        		A6 /* MapKit.framework in Frameworks */ = {isa = PBXBuildFile; fileRef = F6 /* MapKit.framework */; };
        		A7 /* Shared.swift in Sources */ = {isa = PBXBuildFile; fileRef = F7 /* Shared.swift */; };
        		A8 /* TipsTests.swift in Sources */ = {isa = PBXBuildFile; fileRef = F8 /* TipsTests.swift */; };
        /* End PBXBuildFile section */

        /* Begin PBXFileReference section */
        		F0 /* Tip Calc.app */ = {isa = PBXFileReference; explicitFileType = wrapper.application; includeInIndex = 0; path = "Tip Calc.app"; sourceTree = BUILT_PRODUCTS_DIR; };
        		F1 /* AppDelegate.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = AppDelegate.swift; sourceTree = "<group>"; };
        		F2 /* SceneDelegate.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = SceneDelegate.swift; sourceTree = "<group>"; };
        		F3 /* ViewController.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = Controllers/ViewController.swift; sourceTree = "<group>"; };
        		F4 /* Base */ = {isa = PBXFileReference; lastKnownFileType = file.storyboard; name = Base; path = Base.lproj/Main.storyboard; sourceTree = "<group>"; };
        		F4b /* fr */ = {isa = PBXFileReference; lastKnownFileType = text.plist.strings; name = fr; path = fr.lproj/Main.strings; sourceTree = "<group>"; };
        		F5 /* Assets.xcassets */ = {isa = PBXFileReference; lastKnownFileType = folder.assetcatalog; path = Assets.xcassets; sourceTree = "<group>"; };
        		F6 /* MapKit.framework */ = {isa = PBXFileReference; lastKnownFileType = wrapper.framework; name = MapKit.framework; path = System/Library/Frameworks/MapKit.framework; sourceTree = SDKROOT; };
        		F7 /* Shared.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = Shared/Shared.swift; sourceTree = SOURCE_ROOT; };
        		F8 /* TipsTests.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = TipsTests.swift; sourceTree = "<group>"; };
        		F9 /* Info.plist */ = {isa = PBXFileReference; lastKnownFileType = text.plist.xml; path = Info.plist; sourceTree = "<group>"; };
        /* End PBXFileReference section */

        /* Begin PBXFrameworksBuildPhase section */
        		P3 /* Frameworks */ = {
        			isa = PBXFrameworksBuildPhase;
        			buildActionMask = 2147483647;
        			files = (
        				A6 /* MapKit.framework in Frameworks */,
        			);
        			runOnlyForDeploymentPostprocessing = 0;
        		};
        /* End PBXFrameworksBuildPhase section */

        /* Begin PBXGroup section */
        		G0 = {
        			isa = PBXGroup;
        			children = (
        				G1 /* Tip Calc */,
        				G2 /* Tip CalcTests */,
        				G9 /* Products */,
        				F7 /* Shared.swift */,
        			);
        			sourceTree = "<group>";
        		};
        		G1 /* Tip Calc */ = {
        			isa = PBXGroup;
        			children = (
        				F1 /* AppDelegate.swift */,
        				F2 /* SceneDelegate.swift */,
        				F3 /* ViewController.swift */,
        				V1 /* Main.storyboard */,
        				F5 /* Assets.xcassets */,
        				F9 /* Info.plist */,
        			);
        			path = "Tip Calc";
        			sourceTree = "<group>";
        		};
        		G2 /* Tip CalcTests */ = {
        			isa = PBXGroup;
        			children = (
        				F8 /* TipsTests.swift */,
        			);
        			path = "Tip CalcTests";
        			sourceTree = "<group>";
        		};
        		G9 /* Products */ = {
        			isa = PBXGroup;
        			children = (
        				F0 /* Tip Calc.app */,
        			);
        			name = Products;
        			sourceTree = "<group>";
        		};
        /* End PBXGroup section */

        /* Begin PBXNativeTarget section */
        		T1 /* Tip Calc */ = {
        			isa = PBXNativeTarget;
        			buildConfigurationList = L1 /* Build configuration list for PBXNativeTarget "Tip Calc" */;
        			buildPhases = (
        				P1 /* Sources */,
        				P3 /* Frameworks */,
        				P2 /* Resources */,
        			);
        			buildRules = (
        			);
        			dependencies = (
        			);
        			name = "Tip Calc";
        			productName = "Tip Calc";
        			productReference = F0 /* Tip Calc.app */;
        			productType = "com.apple.product-type.application";
        		};
        		T2 /* Tip CalcTests */ = {
        			isa = PBXNativeTarget;
        			buildConfigurationList = L2;
        			buildPhases = (
        				P4 /* Sources */,
        			);
        			name = "Tip CalcTests";
        			productType = "com.apple.product-type.bundle.unit-test";
        		};
        /* End PBXNativeTarget section */

        /* Begin PBXProject section */
        		R0 /* Project object */ = {
        			isa = PBXProject;
        			buildConfigurationList = L0 /* Build configuration list for PBXProject "Tip Calc" */;
        			compatibilityVersion = "Xcode 14.0";
        			mainGroup = G0;
        			projectDirPath = "";
        			projectRoot = "";
        			targets = (
        				T1 /* Tip Calc */,
        				T2 /* Tip CalcTests */,
        			);
        		};
        /* End PBXProject section */

        /* Begin PBXResourcesBuildPhase section */
        		P2 /* Resources */ = {
        			isa = PBXResourcesBuildPhase;
        			files = (
        				A5 /* Assets.xcassets in Resources */,
        				A4 /* Main.storyboard in Resources */,
        			);
        		};
        /* End PBXResourcesBuildPhase section */

        /* Begin PBXSourcesBuildPhase section */
        		P1 /* Sources */ = {
        			isa = PBXSourcesBuildPhase;
        			files = (
        				A3 /* ViewController.swift in Sources */,
        				A1 /* AppDelegate.swift in Sources */,
        				A2 /* SceneDelegate.swift in Sources */,
        				A7 /* Shared.swift in Sources */,
        			);
        		};
        		P4 /* Sources */ = {
        			isa = PBXSourcesBuildPhase;
        			files = (
        				A8 /* TipsTests.swift in Sources */,
        			);
        		};
        /* End PBXSourcesBuildPhase section */

        /* Begin PBXVariantGroup section */
        		V1 /* Main.storyboard */ = {
        			isa = PBXVariantGroup;
        			children = (
        				F4 /* Base */,
        				F4b /* fr */,
        			);
        			name = Main.storyboard;
        			sourceTree = "<group>";
        		};
        /* End PBXVariantGroup section */

        /* Begin XCBuildConfiguration section */
        		C0 /* Debug */ = {
        			isa = XCBuildConfiguration;
        			buildSettings = {
        				SWIFT_VERSION = 5.0;
        				SDKROOT = iphoneos;
        				OTHER_SWIFT_FLAGS = (
        					"-D",
        					DEBUG_MENU,
        				);
        			};
        			name = Debug;
        		};
        		C0r /* Release */ = {
        			isa = XCBuildConfiguration;
        			buildSettings = {
        				SWIFT_VERSION = 4.2;
        			};
        			name = Release;
        		};
        		C1 /* Debug */ = {
        			isa = XCBuildConfiguration;
        			buildSettings = {
        				INFOPLIST_FILE = "Tip Calc/Info.plist";
        				PRODUCT_BUNDLE_IDENTIFIER = "com.example.$(PRODUCT_NAME:rfc1034identifier)";
        				PRODUCT_NAME = "$(TARGET_NAME)";
        				OTHER_SWIFT_FLAGS = "$(inherited) -D APP";
        				INFOPLIST_KEY_CFBundleDisplayName = "Tips \"2\"";
        			};
        			name = Debug;
        		};
        		C1r /* Release */ = {
        			isa = XCBuildConfiguration;
        			buildSettings = {
        				PRODUCT_NAME = Wrong;
        			};
        			name = Release;
        		};
        		C2 /* Debug */ = {
        			isa = XCBuildConfiguration;
        			buildSettings = {
        				PRODUCT_NAME = "$(TARGET_NAME)";
        			};
        			name = Debug;
        		};
        /* End XCBuildConfiguration section */

        /* Begin XCConfigurationList section */
        		L0 = {isa = XCConfigurationList; buildConfigurations = (C0r /* Release */, C0 /* Debug */, ); defaultConfigurationName = Release; };
        		L1 = {isa = XCConfigurationList; buildConfigurations = (C1r, C1, ); defaultConfigurationName = Release; };
        		L2 = {isa = XCConfigurationList; buildConfigurations = (C2, ); defaultConfigurationName = Debug; };
        /* End XCConfigurationList section */
        	};
        	rootObject = R0 /* Project object */;
        }
        """#

    static let infoPlist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        	<key>UIApplicationSceneManifest</key>
        	<dict>
        		<key>UIApplicationSupportsMultipleScenes</key>
        		<false/>
        		<key>UISceneConfigurations</key>
        		<dict>
        			<key>UIWindowSceneSessionRoleApplication</key>
        			<array>
        				<dict>
        					<key>UISceneConfigurationName</key>
        					<string>Default Configuration</string>
        					<key>UISceneDelegateClassName</key>
        					<string>$(PRODUCT_MODULE_NAME).SceneDelegate</string>
        					<key>UISceneStoryboardFile</key>
        					<string>Main</string>
        				</dict>
        			</array>
        		</dict>
        	</dict>
        	<key>CFBundleDisplayName</key>
        	<string>Tips</string>
        </dict>
        </plist>
        """

    static func makeProject() throws -> String {
        let root = try ShrinkTests.folder()
        let project = root + "/Tip Calc.xcodeproj"
        try FileManager.default.createDirectory(atPath: project, withIntermediateDirectories: true)
        try pbxproj.write(toFile: project + "/project.pbxproj", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: root + "/Tip Calc", withIntermediateDirectories: true)
        try infoPlist.write(toFile: root + "/Tip Calc/Info.plist", atomically: true, encoding: .utf8)
        return root
    }

    @Test func theAppTargetsFilesSettingsAndStoryboardAreFound() throws {
        let root = try Self.makeProject()
        defer { try? FileManager.default.removeItem(atPath: root) }
        // The folder holding the project, the project and its pbxproj all name it.
        for path in [root, root + "/Tip Calc.xcodeproj", root + "/Tip Calc.xcodeproj/", root + "/Tip Calc.xcodeproj/project.pbxproj"] {
            let project = try XcodeProject.load(path: path)
            #expect(project.name == "Tip Calc")
            #expect(project.targets.map(\.name) == ["Tip Calc", "Tip CalcTests"])
        }
        let project = try XcodeProject.load(path: root)
        let app = try project.target(named: nil)
        #expect(app.name == "Tip Calc" && app.isApplication)
        #expect(app.sources == [root + "/Tip Calc/Controllers/ViewController.swift", root + "/Tip Calc/AppDelegate.swift",
                                root + "/Tip Calc/SceneDelegate.swift", root + "/Shared/Shared.swift"])
        #expect(app.resources == [root + "/Tip Calc/Assets.xcassets", root + "/Tip Calc/Base.lproj/Main.storyboard",
                                  root + "/Tip Calc/fr.lproj/Main.strings"])
        #expect(app.frameworks == ["MapKit.framework"])
        // Debug is read though Release is the default; the project's settings come first.
        #expect(app.configuration == "Debug")
        #expect(app.swiftVersion == "5.0")
        #expect(app.moduleName == "Tip_Calc")
        #expect(app.buildSettings["PRODUCT_NAME"] == "Tip Calc")
        #expect(app.buildSettings["PRODUCT_BUNDLE_IDENTIFIER"] == "com.example.Tip-Calc")
        #expect(app.buildSettings["OTHER_SWIFT_FLAGS"] == "-D DEBUG_MENU -D APP")
        #expect(app.infoPlist == root + "/Tip Calc/Info.plist")
        #expect(app.mainStoryboard == "Main")
        #expect(app.infoDictionary["CFBundleDisplayName"] == .string("Tips"), "the file's value wins over a generated key")
        #expect(app.infoDictionary["UIApplicationSceneManifest"]?["UISceneConfigurations"]?["UIWindowSceneSessionRoleApplication"]?[0]?["UISceneDelegateClassName"]
                == .string("$(PRODUCT_MODULE_NAME).SceneDelegate"))
        let tests = try project.target(named: "Tip CalcTests")
        #expect(!tests.isApplication && tests.sources == [root + "/Tip CalcTests/TipsTests.swift"])
        #expect(throws: XcodeProjectError.self) { try project.target(named: "Nope") }
    }

    @Test func anXcode16SynchronizedFolderListsItsFilesLessTheExceptions() throws {
        let root = try ShrinkTests.folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let project = root + "/Notes.xcodeproj"
        try FileManager.default.createDirectory(atPath: project, withIntermediateDirectories: true)
        for file in ["Notes/App.swift", "Notes/Views/List.swift", "Notes/Base.lproj/Main.storyboard", "Notes/Info.plist",
                     "Notes/Assets.xcassets/Contents.json", "Notes/Skip.swift", "Notes/.hidden.swift"] {
            let path = root + "/" + file
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try (file.hasSuffix("Info.plist") ? Self.infoPlist : "// \(file)\n").write(toFile: path, atomically: true, encoding: .utf8)
        }
        try FileManager.default.createSymbolicLink(atPath: root + "/Notes/Link.swift", withDestinationPath: "/etc/passwd")
        let text = """
            // !$*UTF8*$!
            {
            	archiveVersion = 1;
            	objectVersion = 77;
            	objects = {
            		E1 = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (Info.plist, Skip.swift, ); target = T1; };
            		S1 = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (E1, ); path = Notes; sourceTree = "<group>"; };
            		G0 = {isa = PBXGroup; children = (S1, ); sourceTree = "<group>"; };
            		T1 = {isa = PBXNativeTarget; buildConfigurationList = L1; buildPhases = (); fileSystemSynchronizedGroups = (S1, ); name = Notes; packageProductDependencies = (D1, ); productType = "com.apple.product-type.application"; };
            		D1 = {isa = XCSwiftPackageProductDependency; productName = Alamofire; };
            		C1 = {isa = XCBuildConfiguration; buildSettings = {GENERATE_INFOPLIST_FILE = YES; INFOPLIST_FILE = Notes/Info.plist; INFOPLIST_KEY_UIMainStoryboardFile = Main; PRODUCT_NAME = "$(TARGET_NAME)"; SWIFT_VERSION = 6.0; }; name = Debug; };
            		L1 = {isa = XCConfigurationList; buildConfigurations = (C1, ); };
            		R0 = {isa = PBXProject; mainGroup = G0; targets = (T1, ); };
            	};
            	rootObject = R0;
            }
            """
        try text.write(toFile: project + "/project.pbxproj", atomically: true, encoding: .utf8)
        let app = try XcodeProject.load(path: project).target(named: nil)
        #expect(app.sources == [root + "/Notes/App.swift", root + "/Notes/Views/List.swift"])
        #expect(app.resources == [root + "/Notes/Assets.xcassets", root + "/Notes/Base.lproj/Main.storyboard"])
        #expect(app.packageProducts == ["Alamofire"])
        #expect(app.mainStoryboard == "Main", "a generated Info.plist key counts where the file has none")
        #expect(app.swiftVersion == "6.0" && app.moduleName == "Notes")
    }

    @Test func badProjectsAreErrorsNamingTheFileAndLine() throws {
        let root = try ShrinkTests.folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let project = root + "/Bad.xcodeproj"
        try FileManager.default.createDirectory(atPath: project, withIntermediateDirectories: true)
        let cases: [(String, String)] = [
            ("{\n  objects = {\n    A = {isa = PBXGroup\n  };\n}", "Bad.xcodeproj/project.pbxproj:4:3: expected ';' after the value of \"isa\", found '}'"),
            ("{ objects = { }; }", "no 'rootObject'"),
            ("{ objects = { }; rootObject = R; }", "rootObject refers to object R, which the project does not have"),
            ("( a, b )", "expected a dictionary at the top level"),
            ("", "the file is empty"),
            ("{ a = \"open", "the string opened here is never closed"),
            ("{ /* never closed", "a comment /* is never closed"),
            ("{ a = b; } extra", "expected the end of the file after the top-level value"),
            (String(repeating: "(", count: 500), "nested deeper than 128 levels"),
            ("{ objects = { G = {isa = PBXGroup; children = (F); }; F = {isa = PBXFileReference; path = x.swift; sourceTree = \"<group>\"; }; "
                + "B = {isa = PBXBuildFile; fileRef = F; }; P = {isa = PBXSourcesBuildPhase; files = (B); }; "
                + "T = {isa = PBXNativeTarget; name = App; buildPhases = (P, Q); productType = \"com.apple.product-type.application\"; }; "
                + "R = {isa = PBXProject; mainGroup = G; targets = (T); }; }; rootObject = R; }",
             "target App's build phase refers to object Q, which the project does not have"),
        ]
        for (text, message) in cases {
            try text.write(toFile: project + "/project.pbxproj", atomically: true, encoding: .utf8)
            let error = #expect(throws: XcodeProjectError.self) { try XcodeProject.load(path: root) }
            #expect(error?.message.contains(message) == true, "\(error?.message ?? "") for \(text.prefix(60))")
        }
        #expect(throws: XcodeProjectError.self) { try XcodeProject.load(path: root + "/missing") }
        let empty = try ShrinkTests.folder()
        defer { try? FileManager.default.removeItem(atPath: empty) }
        let none = #expect(throws: XcodeProjectError.self) { try XcodeProject.load(path: empty) }
        #expect(none?.message.contains("holds no .xcodeproj") == true)
    }

    @Test func stringsAndEscapesReadAsXcodeWritesThem() throws {
        let value = try OldStylePropertyList.parse(#"{ a = "x\ty\n\"q\"\\"; b = 'single'; c = "\U00e9\351"; d = <0fBd 77>; "k k" = (1, "2",); }"#)
        #expect(value["a"] == .string("x\ty\n\"q\"\\"))
        #expect(value["b"] == .string("single"))
        #expect(value["c"]?.string?.unicodeScalars.first == "é")
        #expect(value["d"] == .data([0x0F, 0xBD, 0x77]))
        #expect(value["k k"] == .array([.string("1"), .string("2")]))
        #expect(throws: OldStylePropertyListError.self) { try OldStylePropertyList.parse(Array("{ a = \"\u{00}\u{FF}\"; }".utf8) + [0xFF]) }
        #expect(throws: OldStylePropertyListError.self) { try OldStylePropertyList.parse([UInt8(ascii: "\""), 0xC3, UInt8(ascii: "\"")]) }
    }

    /// Random values written as Xcode writes them read back equal, and random mutations of a
    /// real project (flips, cuts, splices, inserted delimiters) are read or refused with a
    /// line and column, never a trap; a fixed seed, so a failure reproduces.
    @Test func fuzzedProjectsAreReadOrRefusedNeverATrap() throws {
        var generator = SeededGenerator(seed: 0x5eed)
        func randomValue(_ depth: Int) -> OldStylePropertyList {
            switch depth > 3 ? 0 : generator.next() % 3 {
            case 0:
                let alphabet = Array("abcXYZ019_$+/:.- \"\\\t\né;=(){}")
                return .string(String((0..<Int(generator.next() % 8)).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }))
            case 1: return .array((0..<Int(generator.next() % 4)).map { _ in randomValue(depth + 1) })
            default: return .dictionary((0..<Int(generator.next() % 4)).map { index in ("k\(index)", randomValue(depth + 1)) })
            }
        }
        func write(_ value: OldStylePropertyList) -> String {
            switch value {
            case .string(let text):
                let bare = !text.isEmpty && text.utf8.allSatisfy { $0 < 0x80 && (Character(Unicode.Scalar($0)).isLetter || Character(Unicode.Scalar($0)).isNumber || "_$+:.-".utf8.contains($0)) }
                if bare { return text }
                return "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                    .replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\t", with: "\\t") + "\""
            case .array(let elements): return "(" + elements.map { write($0) + ", " }.joined() + ")"
            case .dictionary(let members): return "{" + members.map { "\($0.key) = /* c */ \(write($0.value));\n" }.joined() + "}"
            case .data(let bytes): return "<" + bytes.map { String(format: "%02x", $0) }.joined() + ">"
            }
        }
        for _ in 0..<2_000 {
            let value = randomValue(0)
            #expect(try OldStylePropertyList.parse("// !$*UTF8*$!\n" + write(value)) == value, "\(write(value))")
        }
        let original = Array(Self.pbxproj.utf8)
        var read = 0, refused = 0
        for _ in 0..<3_000 {
            var bytes = original
            for _ in 0...(generator.next() % 4) {
                let at = Int(generator.next() % UInt64(bytes.count))
                switch generator.next() % 5 {
                case 0: bytes[at] = UInt8(truncatingIfNeeded: generator.next())
                case 1: bytes.removeSubrange(at..<min(bytes.count, at + Int(generator.next() % 64)))
                case 2: bytes.insert(contentsOf: Array("{(\";=/*".utf8).shuffled(using: &generator).prefix(2), at: at)
                case 3: bytes = Array(bytes[..<at])
                default:
                    let from = Int(generator.next() % UInt64(original.count))
                    bytes.insert(contentsOf: original[from..<min(original.count, from + 200)], at: at)
                }
                if bytes.isEmpty { break }
            }
            do {
                _ = try OldStylePropertyList.parse(bytes)
                read += 1
            } catch {
                #expect(error.line >= 1 && error.column >= 1 && !error.message.isEmpty)
                refused += 1
            }
        }
        #expect(read + refused == 3_000 && refused > 0)
    }
}
