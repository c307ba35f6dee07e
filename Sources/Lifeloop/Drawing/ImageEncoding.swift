import Foundation

/// PNG and JPEG writers in plain Swift for images' data: the same pixels give the same
/// bytes on every machine.
enum ImageEncoding {
    // MARK: PNG

    /// A PNG of 8-bit pixels, `channels` a pixel (3: RGB, 4: RGBA straight alpha), row by
    /// row: no ancillary chunks, every row unfiltered, deflated with fixed Huffman codes
    /// (``deflate(_:)``).
    static func png(width: Int, height: Int, channels: Int, pixels: [UInt8]) -> [UInt8] {
        let rowBytes = width * channels
        var raw = [UInt8]()
        raw.reserveCapacity(height * (rowBytes + 1))
        for y in 0..<height {
            raw.append(0)
            raw += pixels[(y * rowBytes)..<((y + 1) * rowBytes)]
        }
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        header += [8, channels == 4 ? 6 : 2, 0, 0, 0]
        appendChunk("IHDR", header, to: &png)
        appendChunk("IDAT", zlib(raw), to: &png)
        appendChunk("IEND", [], to: &png)
        return png
    }

    private static func appendChunk(_ type: String, _ data: [UInt8], to png: inout [UInt8]) {
        png.appendBigEndian(UInt32(data.count))
        let typed = Array(type.utf8) + data
        png += typed
        png.appendBigEndian(crc32(typed))
    }

    /// The CRC-32 table (polynomial 0xEDB88320).
    private static let crcTable: [UInt32] = (0..<256).map { index -> UInt32 in
        var c = UInt32(index)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    /// The CRC-32 of `bytes`, as PNG chunks carry it.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for byte in bytes { c = crcTable[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }

    /// A zlib stream of `bytes`: header, ``deflate(_:)``, Adler-32.
    static func zlib(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        out += deflate(bytes)
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        out.appendBigEndian(b << 16 | a)
        return out
    }

    /// Writes bits least significant first, as deflate packs them.
    private struct BitWriter {
        var bytes: [UInt8] = []
        var buffer: UInt32 = 0
        var count = 0

        mutating func write(_ value: UInt32, _ bits: Int) {
            buffer |= value << UInt32(count)
            count += bits
            while count >= 8 {
                bytes.append(UInt8(truncatingIfNeeded: buffer))
                buffer >>= 8
                count -= 8
            }
        }

        /// Writes a Huffman code, most significant bit first.
        mutating func writeCode(_ code: UInt32, _ bits: Int) {
            var reversed: UInt32 = 0
            for index in 0..<bits { reversed |= ((code >> UInt32(index)) & 1) << UInt32(bits - 1 - index) }
            write(reversed, bits)
        }

        mutating func flush() -> [UInt8] {
            if count > 0 { bytes.append(UInt8(truncatingIfNeeded: buffer)) }
            buffer = 0
            count = 0
            return bytes
        }
    }

    private static let lengthBases: [Int] = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83,
                                             99, 115, 131, 163, 195, 227, 258]
    private static let lengthExtra: [Int] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    private static let distanceBases: [Int] = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769,
                                               1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
    private static let distanceExtra: [Int] = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11,
                                               12, 12, 13, 13]

    /// A literal or length symbol in deflate's fixed Huffman code.
    private static func writeFixed(_ symbol: Int, _ writer: inout BitWriter) {
        switch symbol {
        case 0...143: writer.writeCode(UInt32(0x30 + symbol), 8)
        case 144...255: writer.writeCode(UInt32(0x190 + symbol - 144), 9)
        case 256...279: writer.writeCode(UInt32(symbol - 256), 7)
        default: writer.writeCode(UInt32(0xC0 + symbol - 280), 8)
        }
    }

    /// `bytes` deflated as one block with the fixed Huffman codes: greedy LZ77 matches of
    /// 3 to 258 bytes up to 32 KiB back, found through the last position of each
    /// three-byte sequence.
    static func deflate(_ bytes: [UInt8]) -> [UInt8] {
        var writer = BitWriter()
        writer.write(1, 1)
        writer.write(1, 2)
        let count = bytes.count
        var table = [Int](repeating: -1, count: 1 << 15)
        func hash(_ index: Int) -> Int {
            (Int(bytes[index]) << 10 ^ Int(bytes[index + 1]) << 5 ^ Int(bytes[index + 2])) & 0x7FFF
        }
        var index = 0
        while index < count {
            var length = 0, distance = 0
            if index + 2 < count {
                let h = hash(index)
                let candidate = table[h]
                table[h] = index
                if candidate >= 0, index - candidate <= 32768 {
                    let limit = min(258, count - index)
                    var matched = 0
                    while matched < limit, bytes[candidate + matched] == bytes[index + matched] { matched += 1 }
                    if matched >= 3 { (length, distance) = (matched, index - candidate) }
                }
            }
            guard length > 0 else {
                writeFixed(Int(bytes[index]), &writer)
                index += 1
                continue
            }
            var code = lengthBases.count - 1
            while lengthBases[code] > length { code -= 1 }
            writeFixed(257 + code, &writer)
            if lengthExtra[code] > 0 { writer.write(UInt32(length - lengthBases[code]), lengthExtra[code]) }
            var dcode = distanceBases.count - 1
            while distanceBases[dcode] > distance { dcode -= 1 }
            writer.writeCode(UInt32(dcode), 5)
            if distanceExtra[dcode] > 0 { writer.write(UInt32(distance - distanceBases[dcode]), distanceExtra[dcode]) }
            // Index the positions the match covers, so later matches can start inside it.
            let end = index + length
            index += 1
            while index < end {
                if index + 2 < count { table[hash(index)] = index }
                index += 1
            }
        }
        writeFixed(256, &writer)
        return writer.flush()
    }

    // MARK: JPEG

    /// Natural-order index of each zigzag position.
    private static let zigzag: [Int] = [
        0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28,
        35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47,
        55, 62, 63,
    ]

    /// The JPEG standard's example quantization tables (annex K), natural order.
    private static let luminanceQuantization: [Int] = [
        16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56,
        14, 17, 22, 29, 51, 87, 80, 62, 18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92,
        49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99,
    ]
    private static let chrominanceQuantization: [Int] = [
        17, 18, 24, 47, 99, 99, 99, 99, 18, 21, 26, 66, 99, 99, 99, 99, 24, 26, 56, 99, 99, 99, 99, 99,
        47, 66, 99, 99, 99, 99, 99, 99,
    ] + [Int](repeating: 99, count: 32)

    /// The standard's example Huffman tables (annex K): code counts by length, then values.
    private static let dcLuminance: (bits: [UInt8], values: [UInt8]) = (
        [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0], Array(0...11))
    private static let dcChrominance: (bits: [UInt8], values: [UInt8]) = (
        [0, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0], Array(0...11))
    private static let acLuminance: (bits: [UInt8], values: [UInt8]) = (
        [0, 2, 1, 3, 3, 2, 4, 3, 5, 5, 4, 4, 0, 0, 1, 0x7D],
        [0x01, 0x02, 0x03, 0x00, 0x04, 0x11, 0x05, 0x12, 0x21, 0x31, 0x41, 0x06, 0x13, 0x51, 0x61, 0x07,
         0x22, 0x71, 0x14, 0x32, 0x81, 0x91, 0xA1, 0x08, 0x23, 0x42, 0xB1, 0xC1, 0x15, 0x52, 0xD1, 0xF0,
         0x24, 0x33, 0x62, 0x72, 0x82, 0x09, 0x0A, 0x16, 0x17, 0x18, 0x19, 0x1A, 0x25, 0x26, 0x27, 0x28,
         0x29, 0x2A, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3A, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49,
         0x4A, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5A, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69,
         0x6A, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78, 0x79, 0x7A, 0x83, 0x84, 0x85, 0x86, 0x87, 0x88, 0x89,
         0x8A, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97, 0x98, 0x99, 0x9A, 0xA2, 0xA3, 0xA4, 0xA5, 0xA6, 0xA7,
         0xA8, 0xA9, 0xAA, 0xB2, 0xB3, 0xB4, 0xB5, 0xB6, 0xB7, 0xB8, 0xB9, 0xBA, 0xC2, 0xC3, 0xC4, 0xC5,
         0xC6, 0xC7, 0xC8, 0xC9, 0xCA, 0xD2, 0xD3, 0xD4, 0xD5, 0xD6, 0xD7, 0xD8, 0xD9, 0xDA, 0xE1, 0xE2,
         0xE3, 0xE4, 0xE5, 0xE6, 0xE7, 0xE8, 0xE9, 0xEA, 0xF1, 0xF2, 0xF3, 0xF4, 0xF5, 0xF6, 0xF7, 0xF8,
         0xF9, 0xFA])
    private static let acChrominance: (bits: [UInt8], values: [UInt8]) = (
        [0, 2, 1, 2, 4, 4, 3, 4, 7, 5, 4, 4, 0, 1, 2, 0x77],
        [0x00, 0x01, 0x02, 0x03, 0x11, 0x04, 0x05, 0x21, 0x31, 0x06, 0x12, 0x41, 0x51, 0x07, 0x61, 0x71,
         0x13, 0x22, 0x32, 0x81, 0x08, 0x14, 0x42, 0x91, 0xA1, 0xB1, 0xC1, 0x09, 0x23, 0x33, 0x52, 0xF0,
         0x15, 0x62, 0x72, 0xD1, 0x0A, 0x16, 0x24, 0x34, 0xE1, 0x25, 0xF1, 0x17, 0x18, 0x19, 0x1A, 0x26,
         0x27, 0x28, 0x29, 0x2A, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3A, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48,
         0x49, 0x4A, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5A, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68,
         0x69, 0x6A, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78, 0x79, 0x7A, 0x82, 0x83, 0x84, 0x85, 0x86, 0x87,
         0x88, 0x89, 0x8A, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97, 0x98, 0x99, 0x9A, 0xA2, 0xA3, 0xA4, 0xA5,
         0xA6, 0xA7, 0xA8, 0xA9, 0xAA, 0xB2, 0xB3, 0xB4, 0xB5, 0xB6, 0xB7, 0xB8, 0xB9, 0xBA, 0xC2, 0xC3,
         0xC4, 0xC5, 0xC6, 0xC7, 0xC8, 0xC9, 0xCA, 0xD2, 0xD3, 0xD4, 0xD5, 0xD6, 0xD7, 0xD8, 0xD9, 0xDA,
         0xE2, 0xE3, 0xE4, 0xE5, 0xE6, 0xE7, 0xE8, 0xE9, 0xEA, 0xF2, 0xF3, 0xF4, 0xF5, 0xF6, 0xF7, 0xF8,
         0xF9, 0xFA])

    /// A Huffman table's code and length for each value.
    private static func codes(_ table: (bits: [UInt8], values: [UInt8])) -> [(code: UInt32, length: Int)] {
        var out = [(code: UInt32, length: Int)](repeating: (0, 0), count: 256)
        var code: UInt32 = 0
        var position = 0
        for length in 1...16 {
            for _ in 0..<Int(table.bits[length - 1]) {
                out[Int(table.values[position])] = (code, length)
                position += 1
                code += 1
            }
            code <<= 1
        }
        return out
    }

    /// cos((2x + 1)uπ/16), indexed [u * 8 + x].
    private static let cosines: [Double] = (0..<64).map { (index: Int) -> Double in
        let x = Double(2 * (index % 8) + 1), u = Double(index / 8)
        return cos(x * u * Double.pi / 16)
    }

    /// Writes JPEG entropy-coded bits, most significant first, with 0xFF stuffed.
    private struct JPEGBitWriter {
        var bytes: [UInt8] = []
        var buffer: UInt32 = 0
        var count = 0

        mutating func write(_ value: UInt32, _ bits: Int) {
            guard bits > 0 else { return }
            buffer = (buffer << UInt32(bits)) | (value & ((1 << UInt32(bits)) - 1))
            count += bits
            while count >= 8 {
                let byte = UInt8(truncatingIfNeeded: buffer >> UInt32(count - 8))
                bytes.append(byte)
                if byte == 0xFF { bytes.append(0) }
                count -= 8
            }
            buffer &= (1 << UInt32(count)) - 1
        }

        mutating func finish() -> [UInt8] {
            if count > 0 { write((1 << UInt32(8 - count)) - 1, 8 - count) }
            return bytes
        }
    }

    /// A baseline JPEG (JFIF, YCbCr without subsampling, the standard's example Huffman
    /// tables and quantization tables scaled for `quality` as libjpeg scales them) of
    /// 8-bit RGB pixels, row by row.
    static func jpeg(width: Int, height: Int, rgb: [UInt8], quality: CGFloat) -> [UInt8] {
        let q = min(max(Int((quality * 100).rounded()), 1), 100)
        let scale = q < 50 ? 5000 / q : 200 - 2 * q
        func scaled(_ table: [Int]) -> [Int] { table.map { min(max(($0 * scale + 50) / 100, 1), 255) } }
        let quantization = [scaled(luminanceQuantization), scaled(chrominanceQuantization)]
        var out: [UInt8] = [0xFF, 0xD8]
        // JFIF header: version 1.1, no density units, 1:1.
        out += [0xFF, 0xE0, 0, 16] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
        for (id, table) in quantization.enumerated() {
            out += [0xFF, 0xDB, 0, 67, UInt8(id)] + zigzag.map { UInt8(table[$0]) }
        }
        out += [0xFF, 0xC0, 0, 17, 8, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF), 3,
                1, 0x11, 0, 2, 0x11, 1, 3, 0x11, 1]
        for (klass, id, table) in [(0, 0, dcLuminance), (1, 0, acLuminance), (0, 1, dcChrominance), (1, 1, acChrominance)] {
            let length = 2 + 1 + 16 + table.values.count
            out += [0xFF, 0xC4, UInt8(length >> 8), UInt8(length & 0xFF), UInt8(klass << 4 | id)] + table.bits + table.values
        }
        out += [0xFF, 0xDA, 0, 12, 3, 1, 0x00, 2, 0x11, 3, 0x11, 0, 63, 0]

        let dcCodes = [codes(dcLuminance), codes(dcChrominance)]
        let acCodes = [codes(acLuminance), codes(acChrominance)]
        var writer = JPEGBitWriter()
        var previousDC = [0, 0, 0]
        var block = [Double](repeating: 0, count: 64)
        var rows = [Double](repeating: 0, count: 64)
        var coefficients = [Double](repeating: 0, count: 64)
        func category(_ value: Int) -> Int {
            var magnitude = abs(value), bits = 0
            while magnitude > 0 { magnitude >>= 1; bits += 1 }
            return bits
        }
        func bitsOf(_ value: Int, _ size: Int) -> UInt32 {
            UInt32(truncatingIfNeeded: value < 0 ? value + (1 << size) - 1 : value)
        }
        for blockY in stride(from: 0, to: height, by: 8) {
            for blockX in stride(from: 0, to: width, by: 8) {
                for component in 0..<3 {
                    for y in 0..<8 {
                        for x in 0..<8 {
                            let index = (min(blockY + y, height - 1) * width + min(blockX + x, width - 1)) * 3
                            let r = Double(rgb[index]), g = Double(rgb[index + 1]), b = Double(rgb[index + 2])
                            let value: Double = switch component {
                            case 0: 0.299 * r + 0.587 * g + 0.114 * b - 128
                            case 1: -0.168736 * r - 0.331264 * g + 0.5 * b
                            default: 0.5 * r - 0.418688 * g - 0.081312 * b
                            }
                            block[y * 8 + x] = value
                        }
                    }
                    // The 2-D DCT-II: along the rows, then down the columns.
                    for y in 0..<8 {
                        for u in 0..<8 {
                            var sum = 0.0
                            for x in 0..<8 { sum += block[y * 8 + x] * cosines[u * 8 + x] }
                            rows[y * 8 + u] = sum
                        }
                    }
                    for v in 0..<8 {
                        for u in 0..<8 {
                            var sum = 0.0
                            for y in 0..<8 { sum += rows[y * 8 + u] * cosines[v * 8 + y] }
                            let cu = u == 0 ? 1 / 2.0.squareRoot() : 1, cv = v == 0 ? 1 / 2.0.squareRoot() : 1
                            coefficients[v * 8 + u] = sum * cu * cv / 4
                        }
                    }
                    let table = quantization[component == 0 ? 0 : 1]
                    let quantized = zigzag.map { Int((coefficients[$0] / Double(table[$0])).rounded()) }
                    let huffman = component == 0 ? 0 : 1
                    let difference = quantized[0] - previousDC[component]
                    previousDC[component] = quantized[0]
                    let size = category(difference)
                    writer.write(dcCodes[huffman][size].code, dcCodes[huffman][size].length)
                    writer.write(bitsOf(difference, size), size)
                    var run = 0
                    for index in 1..<64 {
                        let value = quantized[index]
                        if value == 0 {
                            run += 1
                            continue
                        }
                        while run > 15 {
                            writer.write(acCodes[huffman][0xF0].code, acCodes[huffman][0xF0].length)
                            run -= 16
                        }
                        let size = category(value)
                        let symbol = run << 4 | size
                        writer.write(acCodes[huffman][symbol].code, acCodes[huffman][symbol].length)
                        writer.write(bitsOf(value, size), size)
                        run = 0
                    }
                    if run > 0 { writer.write(acCodes[huffman][0].code, acCodes[huffman][0].length) }
                }
            }
        }
        out += writer.finish()
        out += [0xFF, 0xD9]
        return out
    }
}

extension [UInt8] {
    fileprivate mutating func appendBigEndian(_ value: UInt32) {
        append(UInt8(truncatingIfNeeded: value >> 24))
        append(UInt8(truncatingIfNeeded: value >> 16))
        append(UInt8(truncatingIfNeeded: value >> 8))
        append(UInt8(truncatingIfNeeded: value))
    }
}
