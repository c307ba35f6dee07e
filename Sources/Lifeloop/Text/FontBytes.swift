/// Big-endian reads from a font file's bytes, every one bounds-checked: a read past the end
/// throws ``FontFileError`` instead of trapping, so a cut or hostile file cannot crash the app.
struct FontBytes {
    let bytes: [UInt8]
    let file: String

    /// Whether `count` bytes start at `offset`.
    func has(_ offset: Int, _ count: Int) -> Bool {
        offset >= 0 && count >= 0 && offset <= bytes.count && count <= bytes.count - offset
    }

    func fail(_ reason: String) -> FontFileError { FontFileError(file: file, reason: reason) }

    func u8(_ offset: Int) throws(FontFileError) -> UInt8 {
        guard has(offset, 1) else { throw fail("ends at byte \(bytes.count), before byte \(offset)") }
        return bytes[offset]
    }

    func u16(_ offset: Int) throws(FontFileError) -> UInt16 {
        guard has(offset, 2) else { throw fail("ends at byte \(bytes.count), before byte \(offset + 1)") }
        return UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
    }

    func i16(_ offset: Int) throws(FontFileError) -> Int16 { Int16(bitPattern: try u16(offset)) }

    func u32(_ offset: Int) throws(FontFileError) -> UInt32 {
        guard has(offset, 4) else { throw fail("ends at byte \(bytes.count), before byte \(offset + 3)") }
        return UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8
            | UInt32(bytes[offset + 3])
    }

    /// A 16-bit offset from `base`, as an index into the bytes.
    func offset16(_ base: Int, at field: Int) throws(FontFileError) -> Int { base + Int(try u16(field)) }

    /// The tables of an OpenType (`OTTO`) or TrueType (`0x00010000`, `true`) file, by tag,
    /// each as its start and length, checked to lie within the file.
    func tableDirectory() throws(FontFileError) -> [String: (offset: Int, length: Int)] {
        let version = try u32(0)
        guard version == 0x4F54_544F || version == 0x0001_0000 || version == 0x7472_7565 else {
            throw fail("is not an OpenType or TrueType font (its first four bytes are 0x\(String(version, radix: 16)))")
        }
        let count = Int(try u16(4))
        var tables: [String: (offset: Int, length: Int)] = [:]
        for index in 0..<count {
            let record = 12 + 16 * index
            let tagValue = try u32(record)
            let tag = String(decoding: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: tagValue >> $0) }, as: UTF8.self)
            let offset = Int(try u32(record + 8)), length = Int(try u32(record + 12))
            guard has(offset, length) else {
                throw fail("its \(tag) table (\(length) bytes at \(offset)) runs past the end of the file (\(bytes.count) bytes)")
            }
            tables[tag] = (offset, length)
        }
        return tables
    }
}
