/// The pair adjustments of a face's `GPOS` `kern` feature: for a glyph followed by another,
/// how much the first one's advance changes.
///
/// Only lookups of type 2 (pair adjustment, or an extension wrapping one) and only the
/// first glyph's x advance are read; placement changes and device tables are not. Within a
/// lookup the first subtable that covers the pair decides it, as in a shaper; the lookups
/// of the feature add up.
struct PairKerning: Sendable {
    /// One subtable: specific pairs (format 1) or classes of glyphs (format 2).
    enum Subtable: Sendable {
        case pairs(coverage: [UInt16: Int], values: [UInt32: Int16])
        case classes(coverage: [UInt16: Int], first: [UInt16: UInt16], second: [UInt16: UInt16], secondCount: Int,
                     values: [Int16])
    }

    private var lookups: [[Subtable]] = []

    init() {}

    init(_ data: FontBytes, gpos: Int, glyphCount: Int) throws(FontFileError) {
        let features = try data.offset16(gpos, at: gpos + 6)
        let lookupList = try data.offset16(gpos, at: gpos + 8)
        var indices: [Int] = []
        for index in 0..<Int(try data.u16(features)) {
            let record = features + 2 + 6 * index
            guard try data.u32(record) == 0x6B65_726E /* kern */ else { continue }
            let feature = try data.offset16(features, at: record + 4)
            for lookup in 0..<Int(try data.u16(feature + 2)) {
                let lookupIndex = Int(try data.u16(feature + 4 + 2 * lookup))
                if !indices.contains(lookupIndex) { indices.append(lookupIndex) }
            }
        }
        let lookupCount = Int(try data.u16(lookupList))
        var reader = SubtableReader(data: data, glyphCount: glyphCount)
        for index in indices.sorted() where index < lookupCount {
            let lookup = try data.offset16(lookupList, at: lookupList + 2 + 2 * index)
            let type = try data.u16(lookup)
            var subtables: [Subtable] = []
            for number in 0..<Int(try data.u16(lookup + 4)) {
                var subtable = try data.offset16(lookup, at: lookup + 6 + 2 * number)
                var subtableType = type
                if type == 9 {
                    subtableType = try data.u16(subtable + 2)
                    subtable += Int(try data.u32(subtable + 4))
                }
                guard subtableType == 2 else { continue }
                if let read = try reader.pairSubtable(at: subtable) { subtables.append(read) }
            }
            if !subtables.isEmpty { lookups.append(subtables) }
        }
    }

    /// The change to `left`'s advance when `right` follows it, in font units.
    func adjustment(_ left: UInt16, _ right: UInt16) -> Int {
        var total = 0
        lookups: for lookup in lookups {
            for subtable in lookup {
                switch subtable {
                case .pairs(let coverage, let values):
                    guard coverage[left] != nil, let value = values[UInt32(left) << 16 | UInt32(right)] else { continue }
                    total += Int(value)
                    continue lookups
                case .classes(let coverage, let first, let second, let secondCount, let values):
                    guard coverage[left] != nil else { continue }
                    let index = Int(first[left] ?? 0) * secondCount + Int(second[right] ?? 0)
                    if index < values.count { total += Int(values[index]) }
                    continue lookups
                }
            }
        }
        return total
    }
}

/// Reads pair-adjustment subtables, their coverage and class tables, with a budget on the
/// entries they expand to, so a hostile file cannot make the reader run for minutes.
private struct SubtableReader {
    let data: FontBytes
    let glyphCount: Int
    var budget = 4_000_000

    mutating func spend(_ count: Int) throws(FontFileError) {
        budget -= count
        guard budget >= 0 else { throw data.fail("its GPOS kerning expands to more than 4,000,000 entries") }
    }

    /// The x-advance field's place in a value record of `format`, and the record's size.
    func valueLayout(_ format: UInt16) -> (xAdvance: Int?, size: Int) {
        let size = 2 * format.nonzeroBitCount
        guard format & 0x4 != 0 else { return (nil, size) }
        return (2 * (format & 0x3).nonzeroBitCount, size)
    }

    mutating func pairSubtable(at table: Int) throws(FontFileError) -> PairKerning.Subtable? {
        let format = try data.u16(table)
        let coverage = try self.coverage(at: try data.offset16(table, at: table + 2))
        let firstFormat = try data.u16(table + 4), secondFormat = try data.u16(table + 6)
        let (xAdvance, firstSize) = valueLayout(firstFormat)
        let recordSize = firstSize + valueLayout(secondFormat).size
        switch format {
        case 1:
            var values: [UInt32: Int16] = [:]
            let setCount = Int(try data.u16(table + 8))
            for (glyph, index) in coverage where index < setCount {
                let set = try data.offset16(table, at: table + 10 + 2 * index)
                let count = Int(try data.u16(set))
                try spend(count)
                for pair in 0..<count {
                    let record = set + 2 + pair * (2 + recordSize)
                    let second = try data.u16(record)
                    guard let xAdvance else { continue }
                    let value = try data.i16(record + 2 + xAdvance)
                    if value != 0 { values[UInt32(glyph) << 16 | UInt32(second)] = value }
                }
            }
            return .pairs(coverage: coverage, values: values)
        case 2:
            let first = try classes(at: try data.offset16(table, at: table + 8))
            let second = try classes(at: try data.offset16(table, at: table + 10))
            let firstCount = Int(try data.u16(table + 12)), secondCount = Int(try data.u16(table + 14))
            try spend(firstCount * secondCount)
            var values = [Int16](repeating: 0, count: firstCount * secondCount)
            if let xAdvance {
                for index in values.indices {
                    values[index] = try data.i16(table + 16 + index * recordSize + xAdvance)
                }
            }
            return .classes(coverage: coverage, first: first, second: second, secondCount: secondCount, values: values)
        default:
            return nil
        }
    }

    /// A coverage table: each covered glyph and its coverage index.
    mutating func coverage(at table: Int) throws(FontFileError) -> [UInt16: Int] {
        var covered: [UInt16: Int] = [:]
        let format = try data.u16(table), count = Int(try data.u16(table + 2))
        switch format {
        case 1:
            try spend(count)
            for index in 0..<count { covered[try data.u16(table + 4 + 2 * index)] = index }
        case 2:
            for index in 0..<count {
                let range = table + 4 + 6 * index
                let start = try data.u16(range), end = try data.u16(range + 2), first = Int(try data.u16(range + 4))
                guard start <= end else { throw data.fail("its GPOS coverage range \(index) ends before it starts") }
                try spend(Int(end - start) + 1)
                for glyph in start...end { covered[glyph] = first + Int(glyph - start) }
            }
        default:
            throw data.fail("has a GPOS coverage table of unknown format \(format)")
        }
        return covered
    }

    /// A class definition table: each glyph's class (glyphs not listed are class 0).
    mutating func classes(at table: Int) throws(FontFileError) -> [UInt16: UInt16] {
        var classes: [UInt16: UInt16] = [:]
        switch try data.u16(table) {
        case 1:
            let start = Int(try data.u16(table + 2)), count = Int(try data.u16(table + 4))
            try spend(count)
            for index in 0..<count where start + index <= 0xFFFF {
                classes[UInt16(start + index)] = try data.u16(table + 6 + 2 * index)
            }
        case 2:
            let count = Int(try data.u16(table + 2))
            for index in 0..<count {
                let range = table + 4 + 6 * index
                let start = try data.u16(range), end = try data.u16(range + 2), value = try data.u16(range + 4)
                guard start <= end else { throw data.fail("its GPOS class range \(index) ends before it starts") }
                try spend(Int(end - start) + 1)
                for glyph in start...end { classes[glyph] = value }
            }
        case let format:
            throw data.fail("has a GPOS class table of unknown format \(format)")
        }
        return classes
    }
}
