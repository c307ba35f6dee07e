import Foundation
import Testing
@testable import Lifeloop

/// Text measured with Inter: advances and kerning against values read independently from
/// the font files, the vertical metrics, wrapping, and the built-in table without the font.
///
/// The expected widths were computed once (not in the tests) with HarfBuzz 6.0.0 from
/// Debian's fonts-inter 4.0~beta7, in font units at 2816 per em:
/// `hb-shape --features=-calt,-liga --output-format=json Inter-Regular.otf "Hello, World"`
/// summing the glyphs' `ax` (with `-kern` added for the widths without kerning); the
/// vertical metrics with fontTools 4.38 (`TTFont(...)["OS/2"].sTypoAscender` and so on).
@Suite struct FontMetricsTests {
    private func points(_ units: Double, _ size: Double) -> CGFloat { CGFloat(units * size / 2816) }
    private func close(_ a: CGFloat, _ b: CGFloat) -> Bool { abs(a - b) < 1e-9 }

    @Test func widthsAreInterAdvancesWithKerning() throws {
        #expect(FontFaces.installed != nil, "fonts-inter is not installed (make pictures-deps)")
        let regular = Font.systemFont(ofSize: 17)
        #expect(close(regular.width(of: "Hello, World"), points(15992, 17)))
        #expect(close(regular.width(of: "AVATAR Type"), points(17724, 17)))
        #expect(close(regular.width(of: "Sign in"), points(8936, 17)))
        #expect(close(regular.width(of: "Wave 1/2"), points(12020, 17)))
        let bold = Font.boldSystemFont(ofSize: 20)
        #expect(close(bold.width(of: "Hello, World"), points(16639, 20)))
        #expect(close(bold.width(of: "AVATAR Type"), points(18597, 20)))
        let italic = Font.italicSystemFont(ofSize: 12)
        #expect(close(italic.width(of: "Tap me"), points(9790, 12)))
    }

    @Test func anAdvanceIsOneGlyphWithoutKerning() {
        let font = Font.systemFont(ofSize: 28.16)
        // Inter-Regular: H 2084, e 1640 (`hmtx`), so 20.84 and 16.4 points at 28.16.
        #expect(close(font.advance(of: "H"), 20.84))
        #expect(close(font.advance(of: "e"), 16.4))
        // "AV" kerns: the pair is narrower than its two advances.
        #expect(font.width(of: "AV") < font.advance(of: "A") + font.advance(of: "V"))
    }

    @Test func semiboldIsMeasuredWithTheBoldFace() {
        let semibold = Font.systemFont(ofSize: 17, weight: .semibold)
        #expect(semibold.width(of: "Hello, World") == Font.boldSystemFont(ofSize: 17).width(of: "Hello, World"))
        #expect(Font.systemFont(ofSize: 17, weight: .medium).width(of: "Hello, World")
                == Font.systemFont(ofSize: 17).width(of: "Hello, World"))
    }

    @Test func verticalMetricsComeFromTheFont() {
        // OS/2: sTypoAscender 2728, sTypoDescender -680, sTypoLineGap 0, sCapHeight 2048,
        // sxHeight 1536.
        let font = Font.systemFont(ofSize: 17)
        #expect(close(font.ascender, points(2728, 17)))
        #expect(close(font.descender, points(-680, 17)))
        #expect(close(font.lineHeight, points(2728 + 680, 17)))
        #expect(close(font.capHeight, points(2048, 17)))
        #expect(close(font.xHeight, points(1536, 17)))
    }

    @Test func aLabelIsItsTextsWidthAndLineHeightRoundedUp() throws {
        let app = try Application(clock: .virtual)
        _ = app
        let label = Label()
        label.font = .systemFont(ofSize: 17)
        label.text = "Hello, World"
        #expect(label.intrinsicContentSize == Size(width: points(15992, 17).rounded(.up),
                                                   height: points(3408, 17).rounded(.up)))
    }

    @Test func wrappingBreaksAtTheLastSpaceThatFits() {
        let font = Font.systemFont(ofSize: 17)
        let twoWords = font.width(of: "Hello, World")
        // Just too narrow for both words: World goes to the next line, and Again fits beside it.
        #expect(font.width(of: "World Again") < twoWords)
        #expect(font.lines(of: "Hello, World Again", width: twoWords - 0.01, maximumLines: 0) == ["Hello,", "World Again"])
        #expect(font.lines(of: "Hello, World Again", width: twoWords, maximumLines: 0) == ["Hello, World", "Again"])
        #expect(font.lines(of: "Hello, World Again", width: twoWords, maximumLines: 1) == ["Hello, World"])
        let wrapped = font.size(of: "Hello, World Again", width: twoWords)
        #expect(wrapped == Size(width: twoWords.rounded(.up), height: (2 * points(3408, 17)).rounded(.up)))
    }

    @Test func withoutTheFontTheBuiltInTableMeasures() {
        // The table: H 0.62, i 0.28, space 0.28, m 0.8 of the size; a line 1.2 × size, rounded up.
        let font = Font.systemFont(ofSize: 10)
        #expect(close(font.width(of: "Hi m", in: nil), 6.2 + 2.8 + 2.8 + 8))
        #expect(font.lineHeight(in: nil) == 12)
        #expect(close(font.ascender(in: nil), 8))
        #expect(font.size(of: "Hi m", width: .greatestFiniteMagnitude, maximumLines: 0, in: nil) == Size(width: 20, height: 12))
        #expect(close(Font.boldSystemFont(ofSize: 10).width(of: "H", in: nil), 6.2 * 1.05))
    }

    @Test func aCharacterInterLacksIsMeasuredByTheTable() {
        let font = Font.systemFont(ofSize: 10)
        // U+2603 (snowman) is not in Inter: the table's 0.52 of the size.
        #expect(close(font.advance(of: "\u{2603}"), 5.2))
        #expect(font.glyphPositions(of: "a\u{2603}") == nil)
        #expect(font.glyphPositions(of: "AV")?.count == 2)
    }
}
