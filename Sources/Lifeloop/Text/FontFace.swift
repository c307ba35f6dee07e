/// One face of a font file, read into immutable tables: the character map, each glyph's
/// advance, the vertical metrics and the pair kerning, in font units.
///
/// Lifeloop reads the tables it measures with (`head`, `hhea`, `maxp`, `hmtx`, `OS/2`,
/// `cmap` formats 4 and 12, and the `GPOS` table's `kern` pair adjustments) and nothing
/// else: no outlines, no glyph substitution (ligatures, contextual alternates and the
/// `tnum` figures are not applied). Every read is bounds-checked; a file that is cut short
/// or whose offsets point outside it throws ``FontFileError``.
package struct FontFace: Sendable {
    /// The file the face was read from.
    package let file: String
    /// Font units per em (`head.unitsPerEm`): an advance × point size / this is points.
    package let unitsPerEm: Int
    /// The typographic ascender, above the baseline (`OS/2.sTypoAscender`, or `hhea`'s).
    package let ascender: Int
    /// The typographic descender, below the baseline and negative (`OS/2.sTypoDescender`).
    package let descender: Int
    /// The gap between lines (`OS/2.sTypoLineGap`).
    package let lineGap: Int
    /// The height of capitals (`OS/2.sCapHeight`; 0.7 em when the table is older than v2).
    package let capHeight: Int
    /// The height of lower-case x (`OS/2.sxHeight`; 0.5 em when the table is older than v2).
    package let xHeight: Int
    let characterMap: CharacterMap
    /// Each glyph's advance; glyphs past `hhea.numberOfHMetrics` repeat the last one.
    let advances: [UInt16]
    let kerning: PairKerning

    /// Reads a face from a file's bytes.
    /// - Throws: ``FontFileError`` when a table the face needs is missing, cut short or
    ///   points outside the file.
    package init(bytes: [UInt8], file: String) throws(FontFileError) {
        let data = FontBytes(bytes: bytes, file: file)
        let tables = try data.tableDirectory()
        func table(_ tag: String) throws(FontFileError) -> Int {
            guard let found = tables[tag] else { throw data.fail("has no \(tag) table") }
            return found.offset
        }
        self.file = file
        let head = try table("head")
        unitsPerEm = Int(try data.u16(head + 18))
        guard (16...16384).contains(unitsPerEm) else { throw data.fail("has \(unitsPerEm) units per em (16 to 16384 are allowed)") }
        let hhea = try table("hhea")
        let metricCount = Int(try data.u16(hhea + 34))
        let glyphCount = Int(try data.u16(try table("maxp") + 4))
        guard metricCount >= 1, metricCount <= glyphCount else {
            throw data.fail("has \(metricCount) horizontal metrics for \(glyphCount) glyphs")
        }
        let hmtx = try table("hmtx")
        guard let hmtxLength = tables["hmtx"]?.length, hmtxLength >= 4 * metricCount else {
            throw data.fail("its hmtx table is shorter than its \(metricCount) metrics")
        }
        var advances = [UInt16](repeating: 0, count: glyphCount)
        for glyph in 0..<glyphCount {
            advances[glyph] = try data.u16(hmtx + 4 * min(glyph, metricCount - 1))
        }
        self.advances = advances
        if let os2 = tables["OS/2"]?.offset {
            ascender = Int(try data.i16(os2 + 68))
            descender = Int(try data.i16(os2 + 70))
            lineGap = Int(try data.i16(os2 + 72))
            let version = try data.u16(os2)
            capHeight = version >= 2 ? Int(try data.i16(os2 + 88)) : unitsPerEm * 7 / 10
            xHeight = version >= 2 ? Int(try data.i16(os2 + 86)) : unitsPerEm / 2
        } else {
            ascender = Int(try data.i16(hhea + 4))
            descender = Int(try data.i16(hhea + 6))
            lineGap = Int(try data.i16(hhea + 8))
            capHeight = unitsPerEm * 7 / 10
            xHeight = unitsPerEm / 2
        }
        characterMap = try CharacterMap(data, at: try table("cmap"), glyphCount: glyphCount)
        kerning = try tables["GPOS"].map { table throws(FontFileError) in
            try PairKerning(data, gpos: table.offset, glyphCount: glyphCount)
        } ?? PairKerning()
    }

    /// The glyph for `scalar`, or nil when the face has none (glyph 0, `.notdef`).
    package func glyph(for scalar: Unicode.Scalar) -> UInt16? {
        let glyph = characterMap.glyph(for: scalar.value)
        return glyph == 0 ? nil : glyph
    }

    /// How far `glyph` advances the pen, in font units.
    package func advance(of glyph: UInt16) -> Int {
        Int(glyph) < advances.count ? Int(advances[Int(glyph)]) : 0
    }

    /// The kerning between `left` and the `right` glyph after it, in font units (negative
    /// brings them closer).
    package func kerning(_ left: UInt16, _ right: UInt16) -> Int {
        kerning.adjustment(left, right)
    }
}
