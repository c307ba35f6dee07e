/// Measuring text: advances, line heights and line breaks from the font Lifeloop measures
/// with (``FontFaces``, Inter), or from the built-in table when Inter is not installed.
extension Font {
    /// The Inter face this font is measured with, nil when the faces are not installed.
    package var measuringFace: FontFace? { measuringFace(in: FontFaces.installed) }

    func measuringFace(in faces: FontFaces?) -> FontFace? {
        faces?.face(weight: weight.rawValue, italic: isItalic)
    }

    /// Font units to points at this size.
    private func points(_ units: Int, _ face: FontFace) -> CGFloat {
        CGFloat(units) * pointSize / CGFloat(face.unitsPerEm)
    }

    /// The height of a line: the face's ascender, descender and line gap at this size
    /// (1.2 times the size, rounded up, without Inter).
    public var lineHeight: CGFloat { lineHeight(in: FontFaces.installed) }
    /// The distance from the baseline to the top of a line (0.8 of the size without Inter).
    public var ascender: CGFloat { ascender(in: FontFaces.installed) }
    /// The distance from the baseline to the bottom of a line, negative (-0.2 of the size
    /// without Inter).
    public var descender: CGFloat { descender(in: FontFaces.installed) }
    /// The height of capitals above the baseline (0.7 of the size without Inter).
    public var capHeight: CGFloat { capHeight(in: FontFaces.installed) }
    /// The height of lower-case x above the baseline (0.5 of the size without Inter).
    public var xHeight: CGFloat { xHeight(in: FontFaces.installed) }

    func lineHeight(in faces: FontFaces?) -> CGFloat {
        guard let face = measuringFace(in: faces) else { return (pointSize * 1.2).rounded(.up) }
        return points(face.ascender - face.descender + face.lineGap, face)
    }

    func ascender(in faces: FontFaces?) -> CGFloat {
        measuringFace(in: faces).map { points($0.ascender, $0) } ?? pointSize * 0.8
    }

    func descender(in faces: FontFaces?) -> CGFloat {
        measuringFace(in: faces).map { points($0.descender, $0) } ?? -pointSize * 0.2
    }

    func capHeight(in faces: FontFaces?) -> CGFloat {
        measuringFace(in: faces).map { points($0.capHeight, $0) } ?? pointSize * 0.7
    }

    func xHeight(in faces: FontFaces?) -> CGFloat {
        measuringFace(in: faces).map { points($0.xHeight, $0) } ?? pointSize * 0.5
    }

    /// How far `character` advances the pen, in points, without kerning: its glyph's
    /// advance in the face at this size. A character the face has no glyph for (and every
    /// character without Inter) advances by the built-in table (`tableAdvance(of:)`).
    public func advance(of character: Character) -> CGFloat {
        TextRun(font: self, face: measuringFace(in: FontFaces.installed)).advance(of: character, after: nil).width
    }

    /// The width of one line of `text`: its characters' advances and the face's kerning
    /// between neighbours.
    public func width(of text: Substring) -> CGFloat {
        width(of: text, in: FontFaces.installed)
    }

    func width(of text: Substring, in faces: FontFaces?) -> CGFloat {
        let run = TextRun(font: self, face: measuringFace(in: faces))
        var total: CGFloat = 0
        var previous: UInt16?
        for character in text {
            let step = run.advance(of: character, after: previous)
            total += step.width
            previous = step.glyph
        }
        return total
    }

    /// `text` broken into lines no wider than `width` (at spaces, else anywhere), its own
    /// line breaks kept; at most `maximumLines` (0 for any number).
    public func lines(of text: String, width: CGFloat, maximumLines: Int) -> [Substring] {
        lines(of: text, width: width, maximumLines: maximumLines, in: FontFaces.installed)
    }

    func lines(of text: String, width: CGFloat, maximumLines: Int, in faces: FontFaces?) -> [Substring] {
        let run = TextRun(font: self, face: measuringFace(in: faces))
        var result: [Substring] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var rest = paragraph[...]
            repeat {
                if maximumLines > 0, result.count == maximumLines { return result }
                guard width > 0, self.width(of: rest, in: faces) > width else {
                    result.append(rest)
                    break
                }
                var end = rest.startIndex
                var lastSpace: Substring.Index?
                var used: CGFloat = 0
                var previous: UInt16?
                while end < rest.endIndex {
                    let step = run.advance(of: rest[end], after: previous)
                    let next = used + step.width
                    if next > width, end > rest.startIndex {
                        // A space that overflows ends the line where it stands: spaces hang
                        // past the edge, so the words before it keep their line.
                        if rest[end] == " " { lastSpace = end }
                        break
                    }
                    if rest[end] == " " { lastSpace = end }
                    used = next
                    previous = step.glyph
                    end = rest.index(after: end)
                }
                let cut = lastSpace.map { $0 > rest.startIndex ? $0 : end } ?? end
                result.append(rest[rest.startIndex..<cut])
                rest = rest[cut...].drop { $0 == " " }
            } while !rest.isEmpty
        }
        return result
    }

    /// The size of `text` laid out in at most `width` points (infinite for one line per
    /// paragraph) and `maximumLines` lines (0 for any number), each side rounded up.
    public func size(of text: String, width: CGFloat = .greatestFiniteMagnitude, maximumLines: Int = 0) -> Size {
        size(of: text, width: width, maximumLines: maximumLines, in: FontFaces.installed)
    }

    func size(of text: String, width: CGFloat, maximumLines: Int, in faces: FontFaces?) -> Size {
        guard !text.isEmpty else { return .zero }
        let lines = lines(of: text, width: width, maximumLines: maximumLines, in: faces)
        let widest = lines.map { self.width(of: $0, in: faces) }.max() ?? 0
        return Size(width: widest.rounded(.up), height: (CGFloat(lines.count) * lineHeight(in: faces)).rounded(.up))
    }

    /// The built-in advance of `character` when the face cannot measure it: a fraction of
    /// the point size, 0.28 for spaces and narrow glyphs (`i l j t f r . , : ; ' ! |`), 0.8
    /// for wide ones (`m w M W @ %`), 0.62 for other capitals, 0.56 for digits and 0.52 for
    /// everything else; semibold and heavier weights advance 5% more.
    func tableAdvance(of character: Character) -> CGFloat {
        let factor: CGFloat
        if character == " " || "iljtfr.,:;'!|".contains(character) {
            factor = 0.28
        } else if "mwMW@%".contains(character) {
            factor = 0.8
        } else if character.isUppercase {
            factor = 0.62
        } else if character.isNumber {
            factor = 0.56
        } else {
            factor = 0.52
        }
        let heavy = weight.rawValue >= Weight.semibold.rawValue
        return factor * pointSize * (heavy ? 1.05 : 1)
    }

    /// Each character of one line of `text` as the pictures draw it: its glyph in
    /// ``measuringFace`` and the pen's x where it starts, with the kerning applied; nil when
    /// Inter is not installed or lacks one of the characters (the pictures then draw the
    /// line with another font).
    package func glyphPositions(of text: String) -> [(glyph: UInt16, x: CGFloat)]? {
        guard let face = measuringFace else { return nil }
        let run = TextRun(font: self, face: face)
        var positions: [(glyph: UInt16, x: CGFloat)] = []
        var x: CGFloat = 0
        var previous: UInt16?
        for character in text {
            let step = run.advance(of: character, after: previous)
            guard let glyph = step.glyph else { return nil }
            // The kerning moves this glyph; it belongs to the pair, so it is added before it.
            x += step.width - run.plainAdvance(glyph)
            positions.append((glyph, x))
            x += run.plainAdvance(glyph)
            previous = glyph
        }
        return positions
    }
}

/// One font's measuring of characters in sequence: each one's glyph, and its advance with
/// the kerning after the glyph before it.
struct TextRun {
    let font: Font
    let face: FontFace?

    func plainAdvance(_ glyph: UInt16) -> CGFloat {
        guard let face else { return 0 }
        return CGFloat(face.advance(of: glyph)) * font.pointSize / CGFloat(face.unitsPerEm)
    }

    /// The advance of `character` after the glyph `previous` (nil at a line's start or
    /// after a character the face lacks), and its glyph (nil when the face lacks it).
    func advance(of character: Character, after previous: UInt16?) -> (width: CGFloat, glyph: UInt16?) {
        guard let face, let scalar = character.unicodeScalars.first, let glyph = face.glyph(for: scalar) else {
            return (font.tableAdvance(of: character), nil)
        }
        let kerning = previous.map { face.kerning($0, glyph) } ?? 0
        return (CGFloat(face.advance(of: glyph) + kerning) * font.pointSize / CGFloat(face.unitsPerEm), glyph)
    }
}
