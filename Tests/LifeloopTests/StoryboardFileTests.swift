import Foundation
import Testing
@testable import Lifeloop

@Suite("Storyboard files")
struct StoryboardFileTests {
    static let storyboardFile = "Main.storyboard.json"
    static let nibFile = "Editor.nib.json"

    /// Two scenes: A presents B through "showB"; B's button dismisses.
    static let validStoryboard = #"""
    {
      "initialScene": "A",
      "scenes": [
        {
          "id": "A",
          "class": "FirstController",
          "view": {
            "frame": [0, 0, 320, 480],
            "autoresizing": ["flexibleWidth", "flexibleHeight"],
            "backgroundColor": "#FFFFFF",
            "subviews": [
              {"class": "Button", "label": "next", "frame": [20, 40, 100, 44], "tag": 1, "action": "segue:showB"}
            ]
          },
          "segues": [{"identifier": "showB", "kind": "present", "destination": "B", "animated": true}]
        },
        {
          "id": "B",
          "label": "second",
          "presentationStyle": "pageSheet",
          "view": {
            "backgroundColor": "#00000080",
            "subviews": [{"class": "Button", "label": "close", "hidden": false, "action": "dismiss"}]
          }
        }
      ]
    }
    """#

    /// Parses `json` as a storyboard and returns the error it must throw.
    static func storyboardError(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) -> StoryboardError? {
        do {
            let definition = try StoryboardDefinition.parse(Array(json.utf8), name: "Main", file: storyboardFile)
            Issue.record("expected an error, parsed \(definition)", sourceLocation: sourceLocation)
            return nil
        } catch {
            #expect(error.description.hasPrefix("\(storyboardFile): "), sourceLocation: sourceLocation)
            #expect(error.description == "\(error.file): \(error.field): \(error.problem)", sourceLocation: sourceLocation)
            return error
        }
    }

    /// Parses `json` as a nib and returns the error it must throw.
    static func nibError(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) -> StoryboardError? {
        do {
            let definition = try NibDefinition.parse(Data(json.utf8), name: "Editor", file: nibFile)
            Issue.record("expected an error, parsed \(definition)", sourceLocation: sourceLocation)
            return nil
        } catch {
            #expect(error.description.hasPrefix("\(nibFile): "), sourceLocation: sourceLocation)
            return error
        }
    }

    /// A one-scene storyboard whose scene is `scene`.
    static func oneScene(_ scene: String) -> String {
        #"{"initialScene": "A", "scenes": ["# + scene + "]}"
    }

    /// A nib whose root view is `view`.
    static func nib(_ view: String) -> String {
        #"{"view": "# + view + "}"
    }

    // MARK: Valid files

    @Test
    func validStoryboardParsesToTheExpectedDefinitions() throws {
        let storyboard = try StoryboardDefinition.parse(Array(Self.validStoryboard.utf8), name: "Main", file: Self.storyboardFile)
        let expectedA = SceneDefinition(
            id: "A",
            className: "FirstController",
            view: ViewNode(
                frame: Rect(x: 0, y: 0, width: 320, height: 480),
                autoresizingMask: [.flexibleWidth, .flexibleHeight],
                backgroundColor: Color(red: 1, green: 1, blue: 1),
                subviews: [
                    ViewNode(className: "Button", label: "next", frame: Rect(x: 20, y: 40, width: 100, height: 44), tag: 1, tapAction: .segue("showB")),
                ]
            ),
            segues: [SegueDefinition(identifier: "showB", kind: .present, destination: "B", animated: true)]
        )
        let expectedB = SceneDefinition(
            id: "B",
            label: "second",
            view: ViewNode(
                backgroundColor: Color(red: 0, green: 0, blue: 0, alpha: 128.0 / 255),
                subviews: [ViewNode(className: "Button", label: "close", tapAction: .dismiss)]
            ),
            presentationStyle: "pageSheet"
        )
        #expect(storyboard == StoryboardDefinition(name: "Main", initialScene: "A", scenes: [expectedA, expectedB]))
        #expect(storyboard.scene(withID: "B") == expectedB)
        #expect(storyboard.scene(withID: "C") == nil)
        #expect(storyboard.scenes[0].label == "A")
        #expect(storyboard.scenes[1].className == "ViewController")
        #expect(storyboard.scenes[0].segue(withIdentifier: "showB")?.destination == "B")
    }

    @Test
    func validNibParses() throws {
        let json = #"""
        {"view": {"frame": [0, 0, 600, 600], "subviews": [
          {"class": "TextView", "label": "text", "frame": [20, 40, 560, 160], "autoresizing": ["flexibleWidth", "flexibleHeight"]}
        ]}}
        """#
        let nib = try NibDefinition.parse(Data(json.utf8), name: "Editor", file: Self.nibFile)
        let expected = ViewNode(
            frame: Rect(x: 0, y: 0, width: 600, height: 600),
            subviews: [
                ViewNode(
                    className: "TextView",
                    label: "text",
                    frame: Rect(x: 20, y: 40, width: 560, height: 160),
                    autoresizingMask: [.flexibleWidth, .flexibleHeight]
                ),
            ]
        )
        #expect(nib == NibDefinition(name: "Editor", root: expected))
        #expect(nib.root.subviews[0].autoresizingMask.rawValue == 2 | 16)
    }

    @Test
    func defaultsFillMissingFields() throws {
        let nib = try NibDefinition.parse(Array(#"{"view": {}}"#.utf8), name: "Empty", file: Self.nibFile)
        #expect(nib.root == ViewNode())
        #expect(nib.root.className == "View")
        #expect(nib.root.frame == Rect(x: 0, y: 0, width: 0, height: 0))
        let storyboard = try StoryboardDefinition.parse(Array(Self.oneScene(#"{"id": "A"}"#).utf8), name: "S", file: Self.storyboardFile)
        #expect(storyboard.scenes == [SceneDefinition(id: "A", className: "ViewController", label: "A", view: nil, segues: [], presentationStyle: nil)])
    }

    @Test
    func loadingFromAFileNamesTheDefinitionAfterIt() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lifeloop-storyboard-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let storyboardPath = directory.appendingPathComponent("Main.storyboard.json").path
        try Data(Self.validStoryboard.utf8).write(to: URL(fileURLWithPath: storyboardPath))
        let storyboard = try StoryboardDefinition.load(path: storyboardPath)
        #expect(storyboard.name == "Main")
        #expect(storyboard.scenes.map(\.id) == ["A", "B"])

        let nibPath = directory.appendingPathComponent("Editor.nib.json").path
        try Data(Self.nib("{}").utf8).write(to: URL(fileURLWithPath: nibPath))
        #expect(try NibDefinition.load(path: nibPath).name == "Editor")
        let plainPath = directory.appendingPathComponent("Plain.json").path
        try Data(Self.nib("{}").utf8).write(to: URL(fileURLWithPath: plainPath))
        #expect(try NibDefinition.load(path: plainPath).name == "Plain")

        let badPath = directory.appendingPathComponent("Bad.storyboard.json").path
        try Data(#"{"initialScene": "A", "scenes": []}"#.utf8).write(to: URL(fileURLWithPath: badPath))
        let error = try #require(throws: StoryboardError.self) { try StoryboardDefinition.load(path: badPath) }
        #expect(error.file == badPath)
        #expect(error.field == "scenes")
    }

    // MARK: Validation, one rule each

    @Test
    func unreadableFileReportsTheOSReason() throws {
        let path = "/nonexistent-lifeloop-dir/Missing.storyboard.json"
        let error = try #require(throws: StoryboardError.self) { try StoryboardDefinition.load(path: path) }
        #expect(error.field == "(file)")
        #expect(error.problem == "No such file or directory")
        #expect(error.description == "\(path): (file): No such file or directory")
        let nibError = try #require(throws: StoryboardError.self) { try NibDefinition.load(path: "/tmp") }
        #expect(nibError.field == "(file)")
        #expect(nibError.problem == "it is a directory, not a regular file")
    }

    // MARK: Files that are not regular files of bounded size

    /// A fresh folder for one test; the caller removes it.
    static func makeFolder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("lifeloop-storyboard-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test
    func aFIFOIsRefusedWithoutBlocking() throws {
        let folder = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // No writer ever opens these: opening one to read would block forever.
        let storyboardPath = folder + "/Main.storyboard.json"
        let nibPath = folder + "/Editor.nib.json"
        try #require(mkfifo(storyboardPath, 0o600) == 0 && mkfifo(nibPath, 0o600) == 0)
        let error = try #require(throws: StoryboardError.self) { try StoryboardDefinition.load(path: storyboardPath) }
        #expect(error == StoryboardError(file: storyboardPath, field: "(file)", problem: "it is a FIFO, not a regular file"))
        let nibError = try #require(throws: StoryboardError.self) { try NibDefinition.load(path: nibPath) }
        #expect(nibError == StoryboardError(file: nibPath, field: "(file)", problem: "it is a FIFO, not a regular file"))
    }

    @Test
    func devZeroIsRefused() throws {
        // Endless: reading it would only stop when memory runs out.
        let error = try #require(throws: StoryboardError.self) { try StoryboardDefinition.load(path: "/dev/zero") }
        #expect(error.description == "/dev/zero: (file): it is a character device, not a regular file")
        let nibError = try #require(throws: StoryboardError.self) { try NibDefinition.load(path: "/dev/zero") }
        #expect(nibError.description == "/dev/zero: (file): it is a character device, not a regular file")
    }

    @Test
    func aFileOverMaxBytesIsRefusedWithBothSizes() throws {
        let folder = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let storyboardPath = folder + "/Main.storyboard.json"
        let storyboard = Data(Self.validStoryboard.utf8)
        try storyboard.write(to: URL(fileURLWithPath: storyboardPath))
        let error = try #require(throws: StoryboardError.self) { try StoryboardDefinition.load(path: storyboardPath, maxBytes: 100) }
        #expect(error == StoryboardError(file: storyboardPath, field: "(file)",
                                         problem: "it is \(storyboard.count) bytes, over the limit of 100 bytes"))
        #expect(try StoryboardDefinition.load(path: storyboardPath, maxBytes: storyboard.count).scenes.count == 2)

        let nibPath = folder + "/Editor.nib.json"
        let nib = Data(Self.nib("{}").utf8)
        try nib.write(to: URL(fileURLWithPath: nibPath))
        let nibError = try #require(throws: StoryboardError.self) { try NibDefinition.load(path: nibPath, maxBytes: 5) }
        #expect(nibError.problem == "it is \(nib.count) bytes, over the limit of 5 bytes")
        #expect(try NibDefinition.load(path: nibPath, maxBytes: nib.count).name == "Editor")
    }

    @Test
    func invalidJSONIsReportedAtTheRoot() throws {
        let error = try #require(Self.storyboardError(#"{"initialScene": "A", "scenes": [}"#))
        #expect(error.field == "(root)")
        #expect(error.problem == "not valid JSON: expected a value, found '}' at line 1, column 34")
        #expect(error.description.hasPrefix("Main.storyboard.json: (root): not valid JSON"))
        #expect(try #require(Self.nibError("")).field == "(root)")
    }

    @Test
    func duplicateKeysAreInvalidJSON() throws {
        let error = try #require(Self.storyboardError("{\"initialScene\": \"A\",\n \"scenes\": [{\"id\": \"A\", \"id\": \"B\"}]}"))
        #expect(error.field == "(root)")
        #expect(error.problem == #"not valid JSON: duplicate key "id" in an object at line 2, column 25"#)
    }

    @Test
    func viewTreesDeeperThan256LevelsAreRefusedByPath() throws {
        func nested(_ levels: Int) -> String {
            String(repeating: #"{"subviews": ["#, count: levels - 1) + "{}" + String(repeating: "]}", count: levels - 1)
        }
        let deepest = try StoryboardDefinition.parse(Array(Self.oneScene(#"{"id": "A", "view": "# + nested(256) + "}").utf8),
                                                     name: "S", file: Self.storyboardFile)
        var depth = 0
        var node = deepest.scenes[0].view
        while let current = node {
            depth += 1
            node = current.subviews.first
        }
        #expect(depth == 256)

        let error = try #require(Self.storyboardError(Self.oneScene(#"{"id": "A", "view": "# + nested(257) + "}")))
        #expect(error.field == "scenes[0].view" + String(repeating: ".subviews[0]", count: 256))
        #expect(error.problem == "the view tree is nested deeper than 256 levels")
        let nibError = try #require(Self.nibError(Self.nib(nested(257))))
        #expect(nibError.field == "view" + String(repeating: ".subviews[0]", count: 256))
        // Far deeper text stops at the JSON reader's own limit, never at the stack's.
        let endless = try #require(Self.nibError(#"{"view": "# + String(repeating: #"{"subviews": ["#, count: 100_000)))
        #expect(endless.field == "(root)")
        #expect(endless.problem.hasPrefix("not valid JSON: nesting deeper than"))
    }

    /// Every action is looked up among the scene's segues: by set, so 20,000 of each take
    /// milliseconds (a linear look-up per action took seconds in release).
    @Test(.timeLimit(.minutes(1)))
    func manySeguesAndActionsAreCheckedInLinearTime() throws {
        let count = 20_000
        let segues = (0..<count).map { #"{"identifier": "s\#($0)", "kind": "show", "destination": "A"}"# }
        let views = (0..<count).map { #"{"action": "segue:s\#(count - 1 - $0)"}"# }
        let scene = #"{"id": "A", "segues": ["# + segues.joined(separator: ",") + #"], "view": {"subviews": ["#
            + views.joined(separator: ",") + "]}}"
        let storyboard = try StoryboardDefinition.parse(Array(Self.oneScene(scene).utf8), name: "S", file: Self.storyboardFile)
        #expect(storyboard.scenes[0].segues.count == count)
        #expect(storyboard.scenes[0].view?.subviews.count == count)
    }

    @Test
    func topLevelMustBeAnObject() throws {
        let error = try #require(Self.storyboardError("[1, 2]"))
        #expect(error.field == "(root)")
        #expect(error.problem == "expected an object, found an array")
        let fragment = try #require(Self.nibError("\"view\""))
        #expect(fragment.field == "(root)")
        #expect(fragment.problem == "expected an object, found a string")
    }

    @Test
    func missingRequiredFieldsAreNamed() throws {
        let noID = try #require(Self.storyboardError(Self.oneScene(#"{"class": "X"}"#)))
        #expect(noID.field == "scenes[0].id")
        #expect(noID.problem == #"missing required field "id""#)
        #expect(try #require(Self.storyboardError(#"{"scenes": [{"id": "A"}]}"#)).field == "initialScene")
        #expect(try #require(Self.nibError("{}")).field == "view")
        let noKind = try #require(Self.storyboardError(Self.oneScene(#"{"id": "A", "segues": [{"identifier": "s", "destination": "A"}]}"#)))
        #expect(noKind.field == "scenes[0].segues[0].kind")
    }

    @Test
    func wrongTypesSayExpectedAndFound() throws {
        let tag = try #require(Self.nibError(Self.nib(#"{"tag": "3"}"#)))
        #expect(tag.field == "view.tag")
        #expect(tag.problem == "expected an integer, found a string")
        let label = try #require(Self.storyboardError(Self.oneScene(#"{"id": "A", "view": {"subviews": [{"label": 7}]}}"#)))
        #expect(label.field == "scenes[0].view.subviews[0].label")
        #expect(label.problem == "expected a string, found a number")
        let scenes = try #require(Self.storyboardError(#"{"initialScene": "A", "scenes": {"id": "A"}}"#))
        #expect(scenes.field == "scenes")
        #expect(scenes.problem == "expected an array, found an object")
        let scene = try #require(Self.storyboardError(#"{"initialScene": "A", "scenes": [null]}"#))
        #expect(scene.field == "scenes[0]")
        #expect(scene.problem == "expected an object, found null")
        let fraction = try #require(Self.nibError(Self.nib(#"{"tag": 1.5}"#)))
        #expect(fraction.field == "view.tag")
        #expect(fraction.problem == "expected an integer, found 1.5")
    }

    @Test
    func booleansAndNumbersAreNotInterchangeable() throws {
        let tag = try #require(Self.nibError(Self.nib(#"{"tag": true}"#)))
        #expect(tag.field == "view.tag")
        #expect(tag.problem == "expected an integer, found a boolean")
        let hidden = try #require(Self.nibError(Self.nib(#"{"hidden": 1}"#)))
        #expect(hidden.field == "view.hidden")
        #expect(hidden.problem == "expected a boolean, found a number")
        let zero = try #require(Self.nibError(Self.nib(#"{"hidden": 0}"#)))
        #expect(zero.problem == "expected a boolean, found a number")
        let animated = try #require(Self.storyboardError(Self.oneScene(#"{"id": "A", "segues": [{"identifier": "s", "kind": "show", "destination": "A", "animated": "yes"}]}"#)))
        #expect(animated.field == "scenes[0].segues[0].animated")
        #expect(animated.problem == "expected a boolean, found a string")
        let frame = try #require(Self.nibError(Self.nib(#"{"frame": [0, false, 10, 10]}"#)))
        #expect(frame.field == "view.frame[1]")
        #expect(frame.problem == "expected a number, found a boolean")
        let nib = try NibDefinition.parse(Array(Self.nib(#"{"hidden": true, "tag": 1}"#).utf8), name: "N", file: Self.nibFile)
        #expect(nib.root.isHidden && nib.root.tag == 1)
    }

    @Test
    func frameMustBeFourNumbers() throws {
        let short = try #require(Self.nibError(Self.nib(#"{"frame": [0, 0, 10]}"#)))
        #expect(short.field == "view.frame")
        #expect(short.problem.contains("expected 4 numbers"))
        let long = try #require(Self.nibError(Self.nib(#"{"frame": [0, 0, 10, 10, 10]}"#)))
        #expect(long.field == "view.frame")
        let text = try #require(Self.storyboardError(Self.oneScene(#"{"id": "A", "view": {"subviews": [{"subviews": [{"frame": [0, "1", 2, 3]}]}]}}"#)))
        #expect(text.field == "scenes[0].view.subviews[0].subviews[0].frame[1]")
        #expect(text.problem == "expected a number, found a string")
        let notArray = try #require(Self.nibError(Self.nib(#"{"frame": "0 0 10 10"}"#)))
        #expect(notArray.field == "view.frame")
        // JSON cannot spell infinity; an overflowing literal is rejected by the JSON reader.
        #expect(try #require(Self.nibError(Self.nib(#"{"frame": [0, 0, 1e400, 10]}"#))).field == "(root)")
    }

    @Test
    func frameSizeMustNotBeNegative() throws {
        let width = try #require(Self.nibError(Self.nib(#"{"frame": [-5, -5, -1, 10]}"#)))
        #expect(width.field == "view.frame[2]")
        #expect(width.problem.contains("width must not be negative"))
        let height = try #require(Self.nibError(Self.nib(#"{"frame": [0, 0, 1, -0.5]}"#)))
        #expect(height.field == "view.frame[3]")
        #expect(height.problem.contains("height must not be negative"))
    }

    @Test
    func unknownAutoresizingNamesListTheValidOnes() throws {
        let error = try #require(Self.nibError(Self.nib(#"{"autoresizing": ["flexibleWidth", "flexibleHieght"]}"#)))
        #expect(error.field == "view.autoresizing[1]")
        #expect(error.problem.contains(#""flexibleHieght""#))
        for name in ["flexibleLeftMargin", "flexibleWidth", "flexibleRightMargin", "flexibleTopMargin", "flexibleHeight", "flexibleBottomMargin"] {
            #expect(error.problem.contains(name))
        }
        let all = try NibDefinition.parse(
            Array(Self.nib(#"{"autoresizing": ["flexibleLeftMargin", "flexibleWidth", "flexibleRightMargin", "flexibleTopMargin", "flexibleHeight", "flexibleBottomMargin"]}"#).utf8),
            name: "N", file: Self.nibFile
        )
        #expect(all.root.autoresizingMask.rawValue == 63)
    }

    @Test
    func badColorsAreRejected() throws {
        for bad in ["#12345G", "123456", "#1234", "#1234567", "red", ""] {
            let error = try #require(Self.nibError(Self.nib(#"{"backgroundColor": ""# + bad + #""}"#)))
            #expect(error.field == "view.backgroundColor")
            #expect(error.problem.contains("invalid color"))
        }
        let nib = try NibDefinition.parse(Array(Self.nib(##"{"backgroundColor": "#ff000033"}"##).utf8), name: "N", file: Self.nibFile)
        #expect(nib.root.backgroundColor == Color(red: 1, green: 0, blue: 0, alpha: 0x33 / 255.0))
    }

    @Test
    func unknownActionFormsAreRejected() throws {
        for bad in ["segue", "segue:", "close", "Dismiss"] {
            let error = try #require(Self.nibError(Self.nib(#"{"subviews": [{"action": ""# + bad + #""}]}"#)))
            #expect(error.field == "view.subviews[0].action")
            #expect(error.problem.contains("unknown action"))
        }
    }

    @Test
    func segueActionsMustNameASegueOfTheScene() throws {
        let error = try #require(Self.storyboardError(Self.oneScene(#"{"id": "A", "view": {"subviews": [{"action": "segue:showC"}]}}"#)))
        #expect(error.field == "scenes[0].view.subviews[0].action")
        #expect(error.problem.contains(#""showC""#))
        // A nib cannot know its owner's segues, so it accepts any identifier.
        let nib = try NibDefinition.parse(Array(Self.nib(#"{"action": "segue:anything"}"#).utf8), name: "N", file: Self.nibFile)
        #expect(nib.root.tapAction == .segue("anything"))
    }

    @Test
    func unknownSegueKindsAreRejected() throws {
        let error = try #require(Self.storyboardError(Self.oneScene(#"{"id": "A", "segues": [{"identifier": "s", "kind": "push", "destination": "A"}]}"#)))
        #expect(error.field == "scenes[0].segues[0].kind")
        #expect(error.problem.contains("show, present"))
    }

    @Test
    func unknownPresentationStylesAreRejected() throws {
        // Every ModalPresentationStyle is a scene style now (L24, L29); "cardSheet" is none.
        let json = #"{"initialScene": "A", "scenes": [{"id": "A"}, {"id": "B", "presentationStyle": "cardSheet"}]}"#
        let error = try #require(Self.storyboardError(json))
        #expect(error.field == "scenes[1].presentationStyle")
        #expect(error.problem.contains("automatic, fullScreen, overFullScreen, pageSheet, formSheet, currentContext, overCurrentContext, popover"))
    }

    @Test
    func duplicateSceneIDsAreRejected() throws {
        let json = #"{"initialScene": "A", "scenes": [{"id": "A"}, {"id": "B"}, {"id": "A"}]}"#
        let error = try #require(Self.storyboardError(json))
        #expect(error.field == "scenes[2].id")
        #expect(error.problem.contains("duplicate scene id"))
        #expect(error.problem.contains("scenes[0].id"))
    }

    @Test
    func initialSceneMustNameAScene() throws {
        let error = try #require(Self.storyboardError(#"{"initialScene": "Z", "scenes": [{"id": "A"}, {"id": "B"}]}"#))
        #expect(error.field == "initialScene")
        #expect(error.problem.contains(#""Z""#))
        #expect(error.problem.contains("A, B"))
    }

    @Test
    func segueDestinationsMustNameAScene() throws {
        let json = #"""
        {"initialScene": "A", "scenes": [
          {"id": "A"},
          {"id": "B", "segues": [{"identifier": "back", "kind": "show", "destination": "A"}, {"identifier": "on", "kind": "show", "destination": "C"}]}
        ]}
        """#
        let error = try #require(Self.storyboardError(json))
        #expect(error.field == "scenes[1].segues[1].destination")
        #expect(error.problem.contains(#"no scene has the id "C""#))
    }

    @Test
    func duplicateSegueIdentifiersWithinASceneAreRejected() throws {
        let json = Self.oneScene(#"{"id": "A", "segues": [{"identifier": "s", "kind": "show", "destination": "A"}, {"identifier": "s", "kind": "present", "destination": "A"}]}"#)
        let error = try #require(Self.storyboardError(json))
        #expect(error.field == "scenes[0].segues[1].identifier")
        #expect(error.problem.contains("duplicate segue identifier"))
        // The same identifier in two different scenes is fine.
        let twoScenes = #"""
        {"initialScene": "A", "scenes": [
          {"id": "A", "segues": [{"identifier": "s", "kind": "show", "destination": "B"}]},
          {"id": "B", "segues": [{"identifier": "s", "kind": "show", "destination": "A"}]}
        ]}
        """#
        #expect(try StoryboardDefinition.parse(Array(twoScenes.utf8), name: "S", file: Self.storyboardFile).scenes.count == 2)
    }

    @Test
    func emptySceneListIsRejected() throws {
        let error = try #require(Self.storyboardError(#"{"initialScene": "A", "scenes": []}"#))
        #expect(error.field == "scenes")
        #expect(error.problem == "must list at least one scene")
    }

    @Test
    func unknownFieldsAreRejectedWithTheAllowedKeys() throws {
        let segue = try #require(Self.storyboardError(Self.oneScene(#"{"id": "A", "segues": [{"identifier": "s", "kind": "show", "destinaton": "A"}]}"#)))
        #expect(segue.field == "scenes[0].segues[0].destinaton")
        #expect(segue.problem.hasPrefix(#"unknown field "destinaton""#))
        #expect(segue.problem.contains("identifier, kind, destination, animated"))
        let top = try #require(Self.storyboardError(#"{"initialScene": "A", "scenes": [{"id": "A"}], "name": "Main"}"#))
        #expect(top.field == "name")
        #expect(top.problem.contains("initialScene, scenes"))
        let view = try #require(Self.nibError(Self.nib(##"{"subviews": [{"colour": "#FFFFFF"}]}"##)))
        #expect(view.field == "view.subviews[0].colour")
        #expect(view.problem.contains("backgroundColor"))
        let scene = try #require(Self.storyboardError(Self.oneScene(#"{"id": "A", "initial": true}"#)))
        #expect(scene.field == "scenes[0].initial")
        #expect(try #require(Self.nibError(#"{"view": {}, "root": {}}"#)).field == "root")
    }

    @Test
    func emptyIdentifiersAreRejected() throws {
        let id = try #require(Self.storyboardError(#"{"initialScene": "", "scenes": [{"id": ""}]}"#))
        #expect(id.field == "scenes[0].id")
        #expect(id.problem == "must not be empty")
        let className = try #require(Self.nibError(Self.nib(#"{"class": ""}"#)))
        #expect(className.field == "view.class")
    }

    @Test
    func errorDescriptionJoinsFileFieldAndProblem() {
        let error = StoryboardError(file: "a.json", field: "scenes[1].segues[0].destination", problem: "bad")
        #expect(error.description == "a.json: scenes[1].segues[0].destination: bad")
        #expect(StoryboardError(file: "a.json", field: "", problem: "bad").description == "a.json: (root): bad")
    }

    // MARK: Segue kinds (L24) and the storyboard's UIKit version

    @Test
    func everySegueKindAndItsFieldsParse() throws {
        let json = """
        {"initialScene": "Nav", "uikitVersion": 13, "scenes": [
          {"id": "Nav", "class": "NavigationController", "segues": [{"kind": "relationship", "destination": "A"}]},
          {"id": "A", "presentationStyle": "popover", "view": {"subviews": [{"label": "A.box"}, {"label": "A.back", "action": "back"}]},
           "segues": [{"identifier": "s", "kind": "show", "destination": "B", "presentationStyle": "formSheet"},
                      {"identifier": "p", "kind": "present", "destination": "B", "animated": true, "presentationStyle": "overCurrentContext"},
                      {"kind": "embed", "destination": "B", "container": "A.box"},
                      {"identifier": "u", "kind": "unwind", "destination": "Nav"}]},
          {"id": "B"}]}
        """
        let storyboard = try StoryboardDefinition.parse(Array(json.utf8), name: "Main", file: Self.storyboardFile)
        #expect(storyboard.uikitVersion == .iOS13)
        #expect(storyboard.scenes[0].segues == [SegueDefinition(identifier: "", kind: .relationship, destination: "A")])
        let a = storyboard.scenes[1]
        #expect(a.presentationStyle == "popover")
        #expect(a.segues == [
            SegueDefinition(identifier: "s", kind: .show, destination: "B", presentationStyle: .formSheet),
            SegueDefinition(identifier: "p", kind: .present, destination: "B", animated: true, presentationStyle: .overCurrentContext),
            SegueDefinition(identifier: "", kind: .embed, destination: "B", container: "A.box"),
            SegueDefinition(identifier: "u", kind: .unwind, destination: "Nav"),
        ])
        #expect(a.view?.subviews[1].tapAction == .back)
        for (text, major) in [("\"12.4\"", 12), ("\"iOS 17\"", 17), ("5", 5)] {
            let version = try StoryboardDefinition.parse(
                Array(#"{"initialScene": "A", "uikitVersion": \#(text), "scenes": [{"id": "A"}]}"#.utf8), name: "M", file: Self.storyboardFile)
            #expect(version.uikitVersion?.major == major)
        }
    }

    @Test
    func unknownSegueKindsListEveryKind() throws {
        let error = try #require(Self.storyboardError(Self.oneScene(#"{"id": "A", "segues": [{"identifier": "s", "kind": "modal", "destination": "A"}]}"#)))
        #expect(error.field == "scenes[0].segues[0].kind")
        #expect(error.problem == #"unknown segue kind "modal"; expected one of: show, present, embed, relationship, unwind"#)
    }

    @Test
    func embedSeguesNeedAContainerViewOfTheirScene() throws {
        let missing = try #require(Self.storyboardError(Self.oneScene(#"{"id": "A", "view": {}, "segues": [{"kind": "embed", "destination": "A"}]}"#)))
        #expect(missing.field == "scenes[0].segues[0].container")
        #expect(missing.problem.hasPrefix("an embed segue needs"))
        let absent = try #require(Self.storyboardError(
            #"{"initialScene": "A", "scenes": [{"id": "A", "view": {"label": "A.root"}, "segues": [{"kind": "embed", "destination": "B", "container": "A.box"}]}, {"id": "B"}]}"#))
        #expect(absent.field == "scenes[0].segues[0].container")
        #expect(absent.problem == #"scene "A" has no view labelled "A.box" to embed into"#)
        let noView = try #require(Self.storyboardError(
            #"{"initialScene": "A", "scenes": [{"id": "A", "segues": [{"kind": "embed", "destination": "B", "container": "A.box"}]}, {"id": "B"}]}"#))
        #expect(noView.problem.hasPrefix(#"scene "A" has no view, so it has no container view "A.box""#))
        let misplaced = try #require(Self.storyboardError(Self.oneScene(#"{"id": "A", "segues": [{"identifier": "s", "kind": "show", "destination": "A", "container": "x"}]}"#)))
        #expect(misplaced.field == "scenes[0].segues[0].container")
        #expect(misplaced.problem == "only embed segues have a container view; this one is a show segue")
    }

    @Test
    func presentationStylesAreForPresentAndShowSegues() throws {
        let embed = try #require(Self.storyboardError(
            #"{"initialScene": "A", "scenes": [{"id": "A", "view": {"label": "box"}, "segues": [{"kind": "embed", "destination": "B", "container": "box", "presentationStyle": "pageSheet"}]}, {"id": "B"}]}"#))
        #expect(embed.field == "scenes[0].segues[0].presentationStyle")
        #expect(embed.problem == "only present and show segues have a presentation style; this one is an embed segue")
        let unknown = try #require(Self.storyboardError(Self.oneScene(#"{"id": "A", "segues": [{"identifier": "s", "kind": "present", "destination": "A", "presentationStyle": "sheet"}]}"#)))
        #expect(unknown.field == "scenes[0].segues[0].presentationStyle")
        #expect(unknown.problem.hasPrefix(#"unknown presentation style "sheet"; expected one of: automatic, fullScreen"#))
    }

    @Test
    func identifiersAreOptionalOnlyForSeguesThatRunByThemselves() throws {
        let show = try #require(Self.storyboardError(Self.oneScene(#"{"id": "A", "segues": [{"kind": "unwind", "destination": "A"}]}"#)))
        #expect(show.field == "scenes[0].segues[0].identifier")
        #expect(show.problem == #"missing required field "identifier""#)
        // Two embeds without identifiers are not duplicates.
        let json = #"{"initialScene": "A", "scenes": [{"id": "A", "view": {"label": "a", "subviews": [{"label": "b"}]}, "segues": [{"kind": "embed", "destination": "B", "container": "a"}, {"kind": "embed", "destination": "B", "container": "b"}]}, {"id": "B"}]}"#
        #expect(try StoryboardDefinition.parse(Array(json.utf8), name: "M", file: Self.storyboardFile).scenes[0].segues.count == 2)
    }

    @Test
    func relationshipSeguesNeedAContainerScene() throws {
        let plain = try #require(Self.storyboardError(
            #"{"initialScene": "A", "scenes": [{"id": "A", "segues": [{"kind": "relationship", "destination": "B"}]}, {"id": "B"}]}"#))
        #expect(plain.field == "scenes[0].segues[0].kind")
        #expect(plain.problem.contains("is a plain ViewController"))
        let twoRoots = try #require(Self.storyboardError(
            #"{"initialScene": "N", "scenes": [{"id": "N", "class": "NavigationController", "segues": [{"kind": "relationship", "destination": "B"}, {"kind": "relationship", "destination": "B"}]}, {"id": "B"}]}"#))
        #expect(twoRoots.field == "scenes[0].segues[1].kind")
        #expect(twoRoots.problem.hasPrefix("a navigation controller has one root"))
    }

    @Test
    func embedAndRelationshipCyclesAreRejected() throws {
        let json = """
        {"initialScene": "A", "scenes": [
          {"id": "A", "view": {"label": "a"}, "segues": [{"kind": "embed", "destination": "B", "container": "a"}]},
          {"id": "B", "view": {"label": "b"}, "segues": [{"kind": "embed", "destination": "C", "container": "b"}]},
          {"id": "C", "class": "TabBarController", "segues": [{"kind": "relationship", "destination": "A"}]}]}
        """
        let error = try #require(Self.storyboardError(json))
        #expect(error.field == "scenes[2].segues[0].destination")
        #expect(error.problem == "embed and relationship segues make a cycle: A → B → C → A")
        // Show segues may go round: only containment is followed by itself.
        let loop = #"{"initialScene": "A", "scenes": [{"id": "A", "segues": [{"identifier": "s", "kind": "show", "destination": "A"}]}]}"#
        #expect(try StoryboardDefinition.parse(Array(loop.utf8), name: "M", file: Self.storyboardFile).scenes.count == 1)
    }

    @Test
    func tapsCannotPerformSeguesThatRunByThemselves() throws {
        let json = #"{"initialScene": "A", "scenes": [{"id": "A", "view": {"label": "a", "subviews": [{"action": "segue:inner"}]}, "segues": [{"identifier": "inner", "kind": "embed", "destination": "B", "container": "a"}]}, {"id": "B"}]}"#
        let error = try #require(Self.storyboardError(json))
        #expect(error.field == "scenes[0].view.subviews[0].action")
        #expect(error.problem == #"segue "inner" is an embed segue, which runs by itself; a tap performs show, present and unwind segues"#)
    }

    @Test
    func badUIKitVersionsAreRejected() throws {
        for bad in [#""iOS 99""#, #""twelve""#, "2", "true"] {
            let error = try #require(Self.storyboardError(#"{"initialScene": "A", "uikitVersion": "# + bad + #", "scenes": [{"id": "A"}]}"#))
            #expect(error.field == "uikitVersion", "\(bad)")
        }
    }
}
