import Foundation
import Testing
@testable import Lifeloop

/// Hostile and unusual input to the Interface Builder reader: bytes that are not UTF-8,
/// huge comments, each kind of XML error, fractions in constraint multipliers.
@Suite("Interface Builder input")
struct InterfaceBuilderInputTests {
    typealias IB = InterfaceBuilderTests

    /// A valid storyboard with `inserted` placed on a line of its own before `<scenes>`.
    static func storyboard(inserting inserted: [UInt8]) -> [UInt8] {
        let text = Array(IB.storyboard(IB.scene("home-vc")).utf8)
        let marker = Array("    <scenes>".utf8)
        let at = (0...(text.count - marker.count)).first { text[$0..<($0 + marker.count)].elementsEqual(marker) }!
        return Array(text[..<at]) + inserted + Array("\n".utf8) + Array(text[at...])
    }

    /// The line `storyboard(inserting:)` puts its insertion on.
    static var insertedLine: Int {
        let text = IB.storyboard(IB.scene("home-vc"))
        let before = text.components(separatedBy: "    <scenes>")[0]
        return before.filter { $0 == "\n" }.count + 1
    }

    static func error(_ bytes: [UInt8], file: String = "Main.storyboard") -> StoryboardError? {
        do {
            _ = try InterfaceBuilderReader(file: file).storyboard(bytes, name: "Main")
            return nil
        } catch {
            return error
        }
    }

    // MARK: Bytes that are not UTF-8

    @Test("a Latin-1 byte in a comment, an element name, an attribute name, a processing instruction or CDATA is an error naming its line")
    func nonUTF8Bytes() throws {
        let cases: [(String, [UInt8])] = [
            ("comment", Array("<!-- caf".utf8) + [0xE9] + Array(" -->".utf8)),
            ("element name", Array("<caf".utf8) + [0xE9] + Array("/>".utf8)),
            ("attribute name", Array("<cafe x".utf8) + [0xE9] + Array("=\"1\"/>".utf8)),
            ("attribute value", Array("<cafe x=\"".utf8) + [0xE9] + Array("\"/>".utf8)),
            ("processing instruction", Array("<?caf".utf8) + [0xE9] + Array(" x?>".utf8)),
            ("CDATA", Array("<cafe><![CDATA[".utf8) + [0xE9] + Array("]]></cafe>".utf8)),
            ("text", Array("<cafe>".utf8) + [0xE9] + Array("</cafe>".utf8)),
            ("a lone continuation byte", Array("<!-- ".utf8) + [0x80] + Array(" -->".utf8)),
            ("a cut-off sequence", Array("<!-- ".utf8) + [0xE2, 0x82] + Array(" -->".utf8)),
            ("a UTF-16 surrogate", Array("<!-- ".utf8) + [0xED, 0xA0, 0x80] + Array(" -->".utf8)),
            ("an overlong form", Array("<!-- ".utf8) + [0xC0, 0xAF] + Array(" -->".utf8)),
        ]
        for (name, inserted) in cases {
            let error = try #require(Self.error(Self.storyboard(inserting: inserted), file: "Bad.storyboard"), "\(name)")
            #expect(error.file == "Bad.storyboard", "\(name)")
            #expect(error.line == Self.insertedLine, "\(name)")
            #expect(error.problem.contains("not valid UTF-8"), "\(name): \(error)")
            #expect(error.description.hasPrefix("Bad.storyboard:\(Self.insertedLine):"), "\(name)")
        }
        // The column is the bad byte's.
        let comment = try #require(Self.error(Self.storyboard(inserting: Array("<!-- caf".utf8) + [0xE9] + Array(" -->".utf8))))
        #expect(comment.column == 9)
        #expect(comment.problem.contains("0xE9"))
        // Valid multi-byte text anywhere is fine.
        let accents = Self.storyboard(inserting: Array("<!-- café ☕︎ 𝄞 --><?café x?><cafés é=\"é\"><![CDATA[é]]>é</cafés>".utf8))
        #expect(Self.error(accents) == nil)
    }

    @Test("a xib with a byte that is not UTF-8 is refused the same way, and so is a UTF-16 file")
    func nonUTF8XibAndUTF16() throws {
        let xib = Array(IB.editorXib.utf8)
        let at = try #require(xib.firstIndex(of: UInt8(ascii: "\n")))
        let bad = Array(xib[...at]) + Array("<!-- ".utf8) + [0xFF] + Array(" -->\n".utf8) + Array(xib[(at + 1)...])
        #expect(throws: StoryboardError.self) { try InterfaceBuilderReader(file: "E.xib").nib(bad, name: "E") }
        do {
            _ = try InterfaceBuilderReader(file: "E.xib").nib(bad, name: "E")
        } catch {
            #expect(error.line == 2)
            #expect(error.problem.contains("UTF-8"))
        }
        let units = Array(IB.storyboard(IB.scene("home-vc")).utf16)
        let utf16: [UInt8] = [0xFF, 0xFE] + units.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let error = try #require(Self.error(utf16))
        #expect(error.problem.contains("UTF-16"))
        #expect(error.line == 1)
    }

    @Test("a file declaring another encoding is read when it is ASCII, and refused by name when it is not")
    func declaredEncoding() throws {
        func declaring(_ bytes: [UInt8]) -> [UInt8] {
            Array(String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "encoding=\"UTF-8\"", with: "encoding=\"ISO-8859-1\"").utf8)
        }
        #expect(Self.error(declaring(Self.storyboard(inserting: Array("<!-- cafe -->".utf8)))) == nil)
        let latin = declaring(Self.storyboard(inserting: Array("<!-- cafe -->".utf8))).map { $0 == UInt8(ascii: "f") ? 0xE9 : $0 }
        let error = try #require(Self.error(latin))
        #expect(error.problem.contains("ISO-8859-1"), "\(error)")
        #expect(error.problem.contains("UTF-8"), "\(error)")
    }

    @Test("bytes that are not UTF-8 fail `loadStoryboard` and the file loaders with the file and line, without a crash")
    func nonUTF8ThroughTheLoaders() throws {
        let dir = try IB.folder()
        let path = dir + "/Bad.storyboard"
        try Data(Self.storyboard(inserting: Array("<caf".utf8) + [0xE9] + Array("/>".utf8))).write(to: URL(fileURLWithPath: path))
        do {
            _ = try StoryboardDefinition.load(path: path)
            Issue.record("a file with a Latin-1 element name loaded")
        } catch {
            #expect(error.description.contains("Bad.storyboard:\(Self.insertedLine):"))
        }
        let app = try Application(clock: .virtual)
        #expect(throws: StoryboardError.self) { try app.loadStoryboard(path: path) }
    }

    // MARK: Long comments

    @Test("a valid storyboard with a comment over 10 MB loads, and later lines keep their numbers")
    func hugeComment() throws {
        let comment = Array("<!-- ".utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: 5_500_000) + Array("\n".utf8)
            + [UInt8](repeating: UInt8(ascii: "y"), count: 5_500_000) + Array(" -->".utf8)
        let bytes = Self.storyboard(inserting: comment)
        let definition = try InterfaceBuilderReader(file: "Main.storyboard").storyboard(bytes, name: "Main")
        #expect(definition.scenes.map(\.id) == ["home-vc"])
        let plain = try IB.parse(IB.storyboard(IB.scene("home-vc")))
        // One more line (the comment's line break) than the file without it... plus the inserted line.
        #expect(definition.scenes[0].interfaceBuilder?.line == (plain.scenes[0].interfaceBuilder?.line ?? 0) + 2)
        // A `>` inside an attribute value ends no tag; a `<!--` inside CDATA or a processing
        // instruction starts no comment.
        let tricky = Array("<a b=\"x>y\" c='>'/><?pi <!-- ?><c><![CDATA[<!--]]></c>".utf8) + comment
        #expect(Self.error(Self.storyboard(inserting: tricky)) == nil)
        #expect(XMLTree.shortenedLongComments(Array("<a b='<!--'/><!-- short -->".utf8)) == nil)
    }

    // MARK: Error messages in words

    @Test("each XML error the parser reports is said in words, with the file and line, never as a bare code")
    func errorsInWords() throws {
        let cases: [(String, String, String)] = [
            ("duplicate attribute", #"<a x="1" x="2"/>"#, "twice"),
            ("double hyphen in a comment", "<!-- a -- b -->", "'--' inside a comment"),
            ("undeclared entity", "<a>&nope;</a>", "entity"),
            ("bare ampersand", "<a>fish & chips</a>", "&amp;"),
            ("less-than in an attribute", #"<a x="<"/>"#, "'<' inside an attribute value"),
            ("mismatched end tag", "<a></b>", "end tag"),
            ("unquoted attribute", "<a x=1/>", "quote"),
            ("unclosed comment", "<!-- open", "comment"),
            ("control character", "<a>\u{1}</a>", "character"),
            ("XML declaration in the middle", #"<?xml version="1.0"?>"#, "XML declaration"),
        ]
        for (name, inserted, words) in cases {
            let error = try #require(Self.error(Self.storyboard(inserting: Array(inserted.utf8))), "\(name)")
            #expect(!error.problem.contains("XMLParser error"), "\(name): \(error)")
            #expect(error.problem.contains(words), "\(name): \(error)")
            #expect(error.line != nil, "\(name)")
        }
        // Entities that expand forever, and an external entity.
        let laughs = """
            <?xml version="1.0"?>
            <!DOCTYPE document [<!ENTITY a "&b;"><!ENTITY b "&a;">]>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB">&a;</document>
            """
        let loop = try #require(IB.parseError(laughs))
        #expect(!loop.problem.contains("XMLParser error"), "\(loop)")
        let external = """
            <?xml version="1.0"?>
            <!DOCTYPE document [<!ENTITY e SYSTEM "file:///etc/hostname">]>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB"><a x="&e;"/></document>
            """
        let externalError = try #require(IB.parseError(external))
        #expect(!externalError.problem.contains("XMLParser error"), "\(externalError)")
        // Text over libxml2's limit is said in words too.
        let hugeText = Array("<a>".utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: 10_100_000) + Array("</a>".utf8)
        let huge = try #require(Self.error(Self.storyboard(inserting: hugeText)))
        #expect(huge.problem.contains("10,000,000 bytes"), "\(huge)")
    }

    @Test("every error code libxml2's parser reports has words")
    func everyCodeHasWords() {
        for code in Array(1...111) + Array(200...205) {
            #expect(!XMLTree.describe(code: code).contains("numbers"), "code \(code)")
        }
    }

    // MARK: Multipliers

    static func constraintStoryboard(multiplier: String) -> String {
        IB.storyboard(IB.scene("home-vc", subviews: """
                                    <view translatesAutoresizingMaskIntoConstraints="NO" id="box">
                                        <rect key="frame" x="0" y="0" width="300" height="100"/>
                                    </view>
            """).replacingOccurrences(of: #"<viewLayoutGuide key="safeArea" id="home-vc-safe"/>"#, with: """
                                <viewLayoutGuide key="safeArea" id="home-vc-safe"/>
                                <constraints>
                                    <constraint firstItem="box" firstAttribute="width" secondItem="box" secondAttribute="height" multiplier="\(multiplier)" id="ratio"/>
                                    <constraint firstItem="box" firstAttribute="width" secondItem="home-vc-view" secondAttribute="width" multiplier="\(multiplier)" id="share"/>
                                </constraints>
            """))
    }

    @Test("fraction multipliers as Xcode writes them: a/b and a:b mean a divided by b")
    func fractionMultipliers() throws {
        for (text, value) in [("1/3", 1.0 / 3), ("16:9", 16.0 / 9), ("2", 2.0), ("0.5", 0.5), ("3 / 4", 0.75), ("1:1", 1.0)] {
            let definition = try IB.parse(Self.constraintStoryboard(multiplier: text))
            let constraints = definition.scenes[0].view?.interfaceBuilder?.constraints ?? []
            #expect(constraints.map(\.multiplier) == [value, value], "\(text)")
        }
        // Applied: the box is a third of its superview's width.
        let (_, window, _) = try IB.launch(Self.constraintStoryboard(multiplier: "1/3"))
        let box = try #require(window.rootViewController?.view.subviews.first)
        let width = try #require(window.rootViewController?.view.bounds.width)
        #expect(abs(box.frame.width - width / 3) < 0.01)
        #expect(abs(box.frame.height - width) < 0.01)
    }

    @Test("a multiplier dividing by zero, or one that is no number or fraction, is an error naming the file and line")
    func badMultipliers() throws {
        let text = Self.constraintStoryboard(multiplier: "1/0")
        let line = text.components(separatedBy: "\n").firstIndex { $0.contains(#"id="ratio""#) }! + 1
        for bad in ["1/0", "16:0", "1:0.0"] {
            let error = try #require(IB.parseError(Self.constraintStoryboard(multiplier: bad), file: "Ratio.storyboard"), "\(bad)")
            #expect(error.problem.contains("divides by zero"), "\(error)")
            #expect(error.line == line)
            #expect(error.description.hasPrefix("Ratio.storyboard:\(line):"))
        }
        for bad in ["a/b", "1/", ":3", "1:2:3", "x"] {
            let error = try #require(IB.parseError(Self.constraintStoryboard(multiplier: bad)), "\(bad)")
            #expect(error.problem.contains("multiplier"), "\(error)")
            #expect(error.line == line)
        }
    }
}
