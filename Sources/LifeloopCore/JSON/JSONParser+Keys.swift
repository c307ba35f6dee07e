/// Duplicate keys: checked when an object closes, by decoded text (`"a"` and `"\u0061"` are
/// the same key). Small objects compare every pair; larger ones sort their keys' hashes
/// first, so an object of n members costs n log n, not n².
extension JSONParser {
    mutating func checkDuplicateKeys(object start: Int, end: Int, tape: JSONTapeBuffer) throws(JSONReaderError) {
        guard let words = tape.words else { return }
        keyIndices.removeAll(keepingCapacity: true)
        var index = start &+ 2
        while index < end {
            keyIndices.append(index)
            index = JSONTape.next(after: index &+ 1, in: words)
        }
        guard keyIndices.count > 1 else { return }
        // The duplicate reported is the one that comes first in the file.
        var duplicate: Int?
        if keyIndices.count <= 8 {
            search: for later in 1..<keyIndices.count {
                for earlier in 0..<later where keysEqual(words[keyIndices[earlier]], words[keyIndices[later]]) {
                    duplicate = later
                    break search
                }
            }
        } else {
            keyHashes.removeAll(keepingCapacity: true)
            for (position, keyIndex) in keyIndices.enumerated() {
                keyHashes.append((hash(words[keyIndex]), position))
            }
            keyHashes.sort { $0.hash != $1.hash ? $0.hash < $1.hash : $0.position < $1.position }
            var groupStart = 0
            while groupStart < keyHashes.count {
                var groupEnd = groupStart &+ 1
                while groupEnd < keyHashes.count, keyHashes[groupEnd].hash == keyHashes[groupStart].hash { groupEnd &+= 1 }
                if groupEnd &- groupStart > 1 {
                    for later in (groupStart &+ 1)..<groupEnd {
                        let laterPosition = keyHashes[later].position
                        if let found = duplicate, found < laterPosition { break }
                        for earlier in groupStart..<later
                        where keysEqual(words[keyIndices[keyHashes[earlier].position]], words[keyIndices[laterPosition]]) {
                            duplicate = laterPosition
                            break
                        }
                    }
                }
                groupStart = groupEnd
            }
        }
        if let duplicate {
            let word = words[keyIndices[duplicate]]
            let key = JSONStringText.string(word, in: input)
            throw fail(JSONTape.offset(word), "duplicate key \(JSONText.quoted(key)) in an object")
        }
    }

    /// Whether two key words spell the same text.
    mutating func keysEqual(_ a: UInt64, _ b: UInt64) -> Bool {
        let rawA = UnsafeBufferPointer(rebasing: input[JSONStringText.rawRange(a, in: input)])
        let rawB = UnsafeBufferPointer(rebasing: input[JSONStringText.rawRange(b, in: input)])
        if !JSONStringText.isEscaped(a), !JSONStringText.isEscaped(b) {
            return JSONStringText.bytesEqual(rawA, rawB)
        }
        decodedA.removeAll(keepingCapacity: true)
        decodedB.removeAll(keepingCapacity: true)
        JSONStringText.decode(rawA, into: &decodedA)
        JSONStringText.decode(rawB, into: &decodedB)
        return decodedA == decodedB
    }

    /// FNV-1a of a key's decoded text.
    mutating func hash(_ word: UInt64) -> UInt64 {
        let raw = UnsafeBufferPointer(rebasing: input[JSONStringText.rawRange(word, in: input)])
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        if JSONStringText.isEscaped(word) {
            decodedA.removeAll(keepingCapacity: true)
            JSONStringText.decode(raw, into: &decodedA)
            for byte in decodedA { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
            return hash
        }
        for index in raw.indices { hash = (hash ^ UInt64(raw[index])) &* 0x0000_0100_0000_01B3 }
        return hash
    }
}
