import Foundation
import Testing
@testable import Lifeloop

/// UIKit API the corpus needed: gradients and color spaces, string drawing, menus, text
/// views, pointer interactions, and reading values by key for ported code.
@Suite struct CorpusGapTests {
    private func drawSVG(_ body: () -> Void) -> String {
        let size = CGSize(width: 100, height: 100)
        return svgElements(for: recordDrawing(in: CGRect(origin: .zero, size: size), body), size: size, idPrefix: "v")
    }

    // MARK: Gradients

    @Test func gradientsFromComponentsSpreadTheirColors() throws {
        let space = CGColorSpaceCreateDeviceRGB()
        #expect(space.model == .rgb)
        let gradient = try #require(CGGradient(colorSpace: space, colorComponents: [0, 1, 0, 1, 0, 0, 1, 0.5],
                                               locations: nil, count: 2))
        #expect(gradient.stops.map(\.location) == [0, 1])
        #expect(gradient.stops[1].color == Color(red: 0, green: 0, blue: 1, alpha: 0.5))
        #expect(CGGradient(colorSpace: space, colorComponents: [0, 1, 0, 1], locations: nil, count: 2) == nil)
        let gray = try #require(CGColorSpace(name: CGColorSpace.linearGray))
        let grays = try #require(CGGradient(colorSpace: gray, colorComponents: [0.25, 1, 1, 1], locations: [0, 1], count: 2))
        #expect(grays.stops[0].color == Color(red: 0.25, green: 0.25, blue: 0.25, alpha: 1))
    }

    @Test func gradientsFromAnArrayOfColorsReadEachElement() throws {
        let colors = [Color.red as AnyObject, Color.blue as AnyObject] as NSArray
        let gradient = try #require(CGGradient(colorsSpace: nil, colors: colors, locations: [0, 0.25]))
        #expect(gradient.stops.map(\.color) == [.red, .blue])
        #expect(gradient.stops.map(\.location) == [0, 0.25])
        #expect(CGGradient(colorsSpace: nil, colors: ["red" as NSString] as NSArray, locations: nil) == nil)
    }

    @Test func linearGradientsPaintTheirBandInSVG() throws {
        let gradient = try #require(CGGradient(colorsSpace: nil, colors: [Color.red, Color.blue], locations: nil))
        let bounded = drawSVG {
            UIGraphicsGetCurrentContext()?.drawLinearGradient(gradient, start: .zero, end: CGPoint(x: 0, y: 100), options: [])
        }
        #expect(bounded.contains("<linearGradient id=\"v-gradient2\" gradientUnits=\"userSpaceOnUse\" x1=\"0\" y1=\"0\" x2=\"0\" y2=\"100\">"))
        #expect(bounded.contains("<stop offset=\"0\" stop-color=\"rgb(255,0,0)\"/><stop offset=\"1\" stop-color=\"rgb(0,0,255)\"/>"))
        #expect(bounded.contains("fill=\"url(#v-gradient2)\" clip-path=\"url(#v-canvas1)\""))
        // CoreGraphics paints into the view's bitmap: nothing past its bounds.
        #expect(bounded.contains("<clipPath id=\"v-canvas1\"><path d=\"M 0 0 L 100 0 L 100 100 L 0 100 Z\"/></clipPath>"))
        // Without options the band stops at the end points; with them it runs on.
        let band = try #require(bounded.split(separator: "\n").first { $0.hasPrefix("<path") })
        #expect(band.contains("M -") == false && band.contains(" 100 L "))
        let extended = drawSVG {
            UIGraphicsGetCurrentContext()?.drawLinearGradient(gradient, start: .zero, end: CGPoint(x: 0, y: 100),
                                                              options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        }
        #expect(extended != bounded)
    }

    @Test func radialGradientsFillTheEndCircleUnlessExtended() throws {
        let gradient = try #require(CGGradient(colorsSpace: nil, colors: [Color.red, Color.blue], locations: nil))
        let center = CGPoint(x: 50, y: 50)
        let inside = drawSVG {
            UIGraphicsGetCurrentContext()?.drawRadialGradient(gradient, startCenter: center, startRadius: 0,
                                                              endCenter: center, endRadius: 40, options: [])
        }
        #expect(inside.contains("<radialGradient id=\"v-gradient2\" gradientUnits=\"userSpaceOnUse\" cx=\"50\" cy=\"50\" r=\"40\""))
        #expect(inside.contains("<circle cx=\"50\" cy=\"50\" r=\"40\" fill=\"url(#v-gradient2)\""))
        let everywhere = drawSVG {
            UIGraphicsGetCurrentContext()?.drawRadialGradient(gradient, startCenter: center, startRadius: 0,
                                                              endCenter: center, endRadius: 40, options: .drawsAfterEndLocation)
        }
        #expect(everywhere.contains("<rect") && everywhere.contains("fill=\"url(#v-gradient2)\""))
    }

    @Test func stringsDrawOneTextCommandPerLineBelowTheirTopLeft() {
        let commands = recordDrawing(in: CGRect(x: 0, y: 0, width: 100, height: 100)) {
            ("Happy" as NSString).draw(at: CGPoint(x: 5, y: 5), withAttributes: nil)
            "Big".draw(at: CGPoint(x: 0, y: 50), withAttributes: [.font: Font.systemFont(ofSize: 20), .foregroundColor: Color.red])
        }
        // The baseline is one ascender below the top: Inter's 2728 units of 2816 per em.
        #expect(commands == [.drawText("Happy", at: CGPoint(x: 5, y: 5 + CGFloat(2728) * 12 / 2816), fontSize: 12, color: .black),
                             .drawText("Big", at: CGPoint(x: 0, y: 50 + CGFloat(2728) * 20 / 2816), fontSize: 20, color: .red)])
    }

    // MARK: Menus

    @Test func menusListTheirActionsAndPerformThemByTitle() {
        var chosen: [String] = []
        let handler: (Lifeloop.Action) -> Void = { chosen.append($0.title) }
        let deferred = DeferredMenuElement { completion in completion([Lifeloop.Action(title: "Later", handler: handler)]) }
        let menu = Menu(title: "", children: [
            Lifeloop.Action(title: "Copy", handler: handler),
            Menu(title: "More", options: .displayInline, children: [Lifeloop.Action(title: "Share", handler: handler)]),
            deferred,
        ])
        #expect(menu.actions.map(\.title) == ["Copy", "Share", "Later"])
        #expect(menu.performAction(titled: "Share"))
        #expect(menu.performAction(titled: "Later"))
        #expect(!menu.performAction(titled: "Paste"))
        #expect(chosen == ["Share", "Later"])
        let item = BarButtonItem(image: nil, menu: menu)
        #expect(item.menu === menu)
        #expect(BarButtonItem.fixedSpace(width: 20).width == 20)
        #expect(BarButtonItem.flexibleSpace().systemItem == .flexibleSpace)
    }

    // MARK: Text views

    final class Recorder: TextViewDelegate {
        var calls: [String] = []
        var refuse: String?
        func textView(_ textView: TextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool {
            calls.append("shouldChange \(range.location),\(range.length) '\(text)'")
            return text != refuse
        }
        func textViewDidChange(_ textView: TextView) { calls.append("didChange \(textView.text!)") }
        func textViewDidBeginEditing(_ textView: TextView) { calls.append("didBegin") }
    }

    @Test func textViewsTypeThroughTheirDelegate() throws {
        let app = try Application()
        let root = ViewController(nibName: nil, label: "root")
        let window = try showInWindow(root, app: app)
        let textView = TextView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        root.view.addSubview(textView)
        let recorder = Recorder()
        textView.delegate = recorder
        textView.text = "Hi"
        #expect(recorder.calls.isEmpty, "setting text in code tells the delegate nothing")
        textView.insertText("!")
        recorder.refuse = "?"
        textView.insertText("?")
        textView.deleteBackward()
        #expect(recorder.calls == ["didBegin", "shouldChange 2,0 '!'", "didChange Hi!", "shouldChange 3,0 '?'",
                                   "shouldChange 2,1 ''", "didChange Hi"])
        #expect(window.firstResponder === textView)
        textView.isEditable = false
        #expect(textView.resignFirstResponder())
        #expect(!textView.becomeFirstResponder())
    }

    @Test func textViewsMeasureTheirWrappedTextInsideTheirInsets() {
        let textView = TextView(frame: .zero)
        textView.font = .systemFont(ofSize: 10)
        textView.text = "one two three four"
        let font = Font.systemFont(ofSize: 10)
        let oneLine = textView.sizeThatFits(CGSize(width: 1000, height: 0))
        // Lines of Inter's 12.10-point height, the total rounded up as a size is.
        #expect(oneLine.height == (font.lineHeight + 16).rounded(.up))
        let narrow = textView.sizeThatFits(CGSize(width: 40, height: 0))
        #expect(narrow.height == (CGFloat(font.lines(of: "one two three four", width: 30, maximumLines: 0).count) * font.lineHeight + 16).rounded(.up))
        #expect(narrow.height > oneLine.height)
        #expect(textView.intrinsicContentSize.width == View.noIntrinsicMetric)
        textView.isScrollEnabled = false
        #expect(textView.intrinsicContentSize.height == oneLine.height)
    }

    // MARK: Pointer interactions

    final class Hover: PointerInteractionDelegate {}

    @Test func pointerInteractionsAreKeptByTheirView() {
        let view = View(frame: .zero)
        let hover = Hover()
        let interaction = PointerInteraction(delegate: hover)
        view.addInteraction(interaction)
        #expect(view.interactions.count == 1 && interaction.view === view && interaction.delegate === hover)
        let other = View(frame: .zero)
        other.addInteraction(interaction)
        #expect(view.interactions.isEmpty && other.interactions.count == 1 && interaction.view === other)
        other.removeInteraction(interaction)
        #expect(other.interactions.isEmpty && interaction.view == nil)
        let region = PointerRegion(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(hover.pointerInteraction(interaction, regionFor: PointerRegionRequest(location: .zero), defaultRegion: region) === region)
    }

    // MARK: Reading by key

    class Base { var inherited = 7 }
    final class Model: Base {
        var name = "dot"
        var missing: String?
        var computed: Int { 3 }
    }

    @Test func valuesAreReadByKeyFromDefaultsDictionariesAndStoredProperties() throws {
        let suite = "lifeloop-kvc-\(UUID().uuidString)"
        let defaults = try #require(UserDefaults(suiteName: suite))
        defer { defaults.removePersistentDomain(forName: suite) }
        defaults.set("12.5", forKey: "bestTime")
        #expect(lifeloopValue(of: defaults, forKey: "bestTime") as? String == "12.5")
        #expect(lifeloopValue(of: ["a": ["b": 2]] as [String: Any], forKeyPath: "a.b") as? Int == 2)
        let model = Model()
        #expect(lifeloopValue(of: model, forKey: "name") as? String == "dot")
        #expect(lifeloopValue(of: model, forKey: "inherited") as? Int == 7)
        #expect(lifeloopValue(of: model, forKey: "missing") == nil)
        #expect(lifeloopValue(of: nil, forKey: "name") == nil)
    }

    @Test func anUndefinedKeyReadsNilAndIsDiagnosed() throws {
        let app = try Application()
        #expect(lifeloopValue(of: Model(), forKey: "computed") == nil)
        let diagnostic = try #require(app.diagnostics.first)
        #expect(diagnostic.kind == .undefinedKey)
        #expect(diagnostic.message.contains("'computed'") && diagnostic.message.contains("Model"))
    }
}
