import Foundation
import Lifeloop
@testable import LifeloopPictures
import Testing

/// The software keyboard in window snapshots: drawn while a field is edited, from the
/// element tree's keys, and absent otherwise.
@Suite("Keyboard in snapshots")
struct KeyboardPictureTests {
    /// A window with a form: a field (returning "Go") and a label, nothing edited yet.
    static func form() throws -> (Application, Window, TextField) {
        let app = try Application(clock: .virtual)
        let window = Window(screen: .phone, label: "main")
        let root = ViewController(label: "Form")
        window.rootViewController = root
        window.makeKeyAndVisible()
        let field = TextField(frame: Rect(x: 20, y: 120, width: 300, height: 34))
        field.borderStyle = .roundedRect
        field.placeholder = "Email"
        field.returnKeyType = .go
        root.view.addSubview(field)
        try app.settle()
        return (app, window, field)
    }

    /// The values of an SVG attribute, in document order.
    static func values(of attribute: String, in svg: String) -> [String] {
        svg.components(separatedBy: " \(attribute)=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }

    @Test func aWindowWithAnEditedFieldShowsTheKeyboardPanelAndItsKeys() throws {
        let (app, window, field) = try Self.form()
        #expect(field.becomeFirstResponder())
        try app.settle()
        let frame = try #require(window.keyboardFrameInWindow)
        let snapshot = WindowSnapshot(window, style: .debug)
        let keyboard = try #require(snapshot.keyboard)
        #expect(keyboard.rect == frame)
        // The picture's keys are the element tree's, in its order and places.
        let treeKeys = app.elementTree().elements.filter { $0.type == .key && $0.window == "main" }
        #expect(keyboard.keys.map(\.label) == treeKeys.map(\.label))
        #expect(keyboard.keys.map(\.rect) == treeKeys.map(\.frame))
        #expect(keyboard.keys.map(\.label).prefix(3) == ["q", "w", "e"])
        #expect(keyboard.keys.last?.label == "Go")

        let svg = snapshot.svg()
        #expect(svg.contains("data-role=\"keyboard\""))
        #expect(Self.values(of: "data-key", in: svg) == treeKeys.map(\.label))
        for letter in "qwertyuiopasdfghjklzxcvbnm" {
            #expect(svg.contains(">\(letter)</text>"), "the key cap of \(letter)")
        }
        #expect(svg.contains(">space</text>") && svg.contains(">Go</text>"))
        // The keyboard is drawn over the content: after every view's rectangle.
        let panel = try #require(svg.range(of: "data-role=\"keyboard\""))
        let lastView = try #require(svg.range(of: "data-label=", options: .backwards))
        #expect(lastView.lowerBound < panel.lowerBound)
    }

    @Test func noFieldEditedDrawsNoKeyboard() throws {
        let (app, window, field) = try Self.form()
        #expect(WindowSnapshot(window).keyboard == nil)
        #expect(!WindowSnapshot(window).svg().contains("data-role=\"keyboard\""))
        // Shown, then hidden again when the field ends editing.
        #expect(field.becomeFirstResponder())
        try app.settle()
        #expect(WindowSnapshot(window).keyboard != nil)
        #expect(field.resignFirstResponder())
        try app.settle()
        let svg = WindowSnapshot(window).svg()
        #expect(!svg.contains("data-role=\"keyboard\"") && !svg.contains("data-key="))
    }

    @Test func shiftTappedShowsCapitalsAndASelectedShiftKey() throws {
        let (app, window, field) = try Self.form()
        #expect(field.becomeFirstResponder())
        try app.settle()
        let shift = try #require(app.elementTree().elements.first { $0.type == .key && $0.label == "shift" })
        _ = try app.tapElement(ElementReference(parsing: shift.ref))
        let svg = WindowSnapshot(window).svg()
        #expect(svg.contains(">Q</text>") && !svg.contains(">q</text>"))
        #expect(WindowSnapshot(window).keyboard?.keys.first { $0.label == "shift" }?.isSelected == true)
    }

    @Test func theKeyboardsPNGIsTheSameOnEveryCallAndGreyUnderThePanel() throws {
        guard SVGRasterizer.shared.isAvailable else { return }
        let (app, window, field) = try Self.form()
        #expect(field.becomeFirstResponder())
        try app.settle()
        let snapshot = WindowSnapshot(window, style: .debug)
        let bytes = try snapshot.png()
        #expect(try snapshot.png() == bytes)
        let keyboard = try #require(snapshot.keyboard)
        let png = try DecodedPNG(bytes)
        func pixel(_ x: Double, _ y: Double) -> [UInt8] {
            let index = (Int(y + 42) * png.width + Int(x + 24)) * 4
            return Array(png.rgba[index..<index + 3])
        }
        // Between two keys' caps: the panel's grey; in the middle of the q key's cap, off its letter: white.
        let q = try #require(keyboard.keys.first { $0.label == "q" })
        #expect(pixel(q.rect.minX + 1, q.rect.midY) == [0xd1, 0xd4, 0xd9])
        #expect(pixel(q.rect.minX + 6, q.rect.minY + 9) == [0xff, 0xff, 0xff])
    }

    /// A secure field is drawn as dots: its text is in neither the picture nor the tree.
    @Test func aSecureFieldIsDrawnAsDots() throws {
        let (app, window, field) = try Self.form()
        field.isSecureTextEntry = true
        field.insertText("hunter2")
        try app.settle()
        let svg = WindowSnapshot(window).svg()
        #expect(svg.contains("•••••••") && !svg.contains("hunter2"))
        #expect(!app.elementTree().compactText().contains("hunter2"))
    }

    /// The keyboard slides in and out on the app's clock: halfway through its 0.25 s move
    /// the picture has it between the screen's bottom and its frame, its keys moved with it.
    @Test func theKeyboardSlidesInAndOutOnTheAppsClock() throws {
        let (app, window, field) = try Self.form()
        #expect(field.becomeFirstResponder())
        let end = try #require(window.keyboardFrameInWindow)
        try app.advance(by: .milliseconds(125))
        let moving = try #require(WindowSnapshot(window).keyboard)
        #expect(moving.rect.minY > end.minY && moving.rect.minY < window.bounds.height, "\(moving.rect)")
        let treeKeys = app.elementTree().elements.filter { $0.type == .key }
        let dy = moving.rect.minY - end.minY
        // The keys inside the window, moved with the panel; those still below its edge are not drawn.
        let inside = treeKeys.map { $0.frame.offsetBy(dx: 0, dy: dy) }.filter { Rect(origin: .zero, size: window.bounds.size).contains($0) }
        #expect(!inside.isEmpty && inside.count < treeKeys.count)
        #expect(moving.keys.map(\.rect) == inside)
        #expect(moving.rect.maxY == window.bounds.height, "the panel is cut at the window's edge")
        try app.settle()
        #expect(WindowSnapshot(window).keyboard?.rect == end)
        field.resignFirstResponder()
        try app.advance(by: .milliseconds(125))
        let leaving = try #require(WindowSnapshot(window).keyboard, "drawn while it slides out")
        #expect(leaving.rect.minY > end.minY && leaving.keys.isEmpty)
        try app.settle()
        #expect(WindowSnapshot(window).keyboard == nil)
    }
}
