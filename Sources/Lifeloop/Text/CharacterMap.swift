/// A face's `cmap`: Unicode code points to glyphs, from the Windows Unicode full-repertoire
/// subtable (format 12) when there is one, else the BMP subtable (format 4).
struct CharacterMap: Sendable {
    /// Format 12's groups, sorted by their first code point: a run of code points mapped
    /// to a run of glyphs.
    private var groups: [(first: UInt32, last: UInt32, glyph: UInt32)] = []
    private let glyphCount: Int

    init(_ data: FontBytes, at cmap: Int, glyphCount: Int) throws(FontFileError) {
        self.glyphCount = glyphCount
        let count = Int(try data.u16(cmap + 2))
        var full: Int?, bmp: Int?
        for index in 0..<count {
            let record = cmap + 4 + 8 * index
            let platform = try data.u16(record), encoding = try data.u16(record + 2)
            let subtable = cmap + Int(try data.u32(record + 4))
            let format = try data.u16(subtable)
            if format == 12, (platform == 3 && encoding == 10) || (platform == 0 && encoding >= 4) { full = full ?? subtable }
            if format == 4, (platform == 3 && encoding == 1) || (platform == 0 && encoding <= 3) { bmp = bmp ?? subtable }
        }
        if let full {
            try readFormat12(data, at: full)
        } else if let bmp {
            try readFormat4(data, at: bmp)
        } else {
            throw data.fail("has no Unicode character map of format 4 or 12")
        }
    }

    private mutating func readFormat12(_ data: FontBytes, at table: Int) throws(FontFileError) {
        let count = Int(try data.u32(table + 12))
        guard data.has(table + 16, count * 12) else { throw data.fail("its cmap format 12 table is cut short") }
        groups.reserveCapacity(count)
        for index in 0..<count {
            let group = table + 16 + 12 * index
            let first = try data.u32(group), last = try data.u32(group + 4)
            guard first <= last else { throw data.fail("its cmap group \(index) ends before it starts") }
            groups.append((first, last, try data.u32(group + 8)))
        }
        groups.sort { $0.first < $1.first }
    }

    /// Format 4's segments, turned into groups of one code point each (at most 65,536).
    private mutating func readFormat4(_ data: FontBytes, at table: Int) throws(FontFileError) {
        let segments = Int(try data.u16(table + 6)) / 2
        let ends = table + 14, starts = ends + 2 * segments + 2
        let deltas = starts + 2 * segments, rangeOffsets = deltas + 2 * segments
        // Segments may overlap in a hostile file; BMP code points are 65,536, so more
        // mappings than twice that is not a character map.
        var budget = 0x20000
        for segment in 0..<segments {
            let end = try data.u16(ends + 2 * segment), start = try data.u16(starts + 2 * segment)
            let delta = try data.u16(deltas + 2 * segment)
            let rangeOffsetField = rangeOffsets + 2 * segment
            let rangeOffset = Int(try data.u16(rangeOffsetField))
            guard start <= end, start != 0xFFFF else { continue }
            budget -= Int(end - start) + 1
            guard budget >= 0 else { throw data.fail("its cmap format 4 segments map more than 131,072 code points") }
            for code in start...end {
                var glyph: UInt16
                if rangeOffset == 0 {
                    glyph = code &+ delta
                } else {
                    glyph = try data.u16(rangeOffsetField + rangeOffset + 2 * Int(code - start))
                    if glyph != 0 { glyph = glyph &+ delta }
                }
                if glyph != 0 { groups.append((UInt32(code), UInt32(code), UInt32(glyph))) }
            }
        }
        groups.sort { $0.first < $1.first }
    }

    /// The glyph for a code point; 0 (`.notdef`) when there is none or the file names a
    /// glyph it does not have.
    func glyph(for code: UInt32) -> UInt16 {
        var low = 0, high = groups.count
        while low < high {
            let middle = (low + high) / 2
            if groups[middle].first <= code { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return 0 }
        let group = groups[low - 1]
        guard code <= group.last else { return 0 }
        let glyph = UInt64(group.glyph) + UInt64(code - group.first)
        return glyph < UInt64(glyphCount) ? UInt16(glyph) : 0
    }
}
