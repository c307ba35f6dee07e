/// Exact integer values of number literals that the tape keeps only as doubles.
@usableFromInline
enum JSONNumberText {
    /// The value of the (already checked) number literal at `offset` when it is an integer
    /// that fits an Int, decided from its digits: `1.0`, `1e2` and `-0` are integers,
    /// `1.5` and `1e-1` are not.
    @usableFromInline
    static func exactInteger(at offset: Int, in input: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let (negative, magnitude) = exactMagnitude(at: offset, in: input) else { return nil }
        if negative {
            if magnitude == UInt64(Int64.max) &+ 1 { return Int(Int64.min) }
            return magnitude <= UInt64(Int64.max) ? -Int(magnitude) : nil
        }
        return magnitude <= UInt64(Int64.max) ? Int(magnitude) : nil
    }

    /// The sign and magnitude of the (already checked) number literal at `offset` when it
    /// is an integer whose magnitude fits a UInt64, decided from its digits; `-0` is
    /// `(false, 0)`.
    static func exactMagnitude(at offset: Int, in input: UnsafeBufferPointer<UInt8>) -> (negative: Bool, magnitude: UInt64)? {
        let count = input.count
        var index = offset
        guard index < count else { return nil }
        let negative = input[index] == 0x2D
        if negative { index &+= 1 }
        let integerStart = index
        while index < count, JSONParser.isDigit(input[index]) { index &+= 1 }
        let integerEnd = index
        var fractionStart = index
        var fractionEnd = index
        if index < count, input[index] == 0x2E {
            index &+= 1
            fractionStart = index
            while index < count, JSONParser.isDigit(input[index]) { index &+= 1 }
            fractionEnd = index
        }
        var exponent = 0
        if index < count, input[index] | 0x20 == 0x65 {
            index &+= 1
            var exponentNegative = false
            if index < count, input[index] == 0x2B || input[index] == 0x2D {
                exponentNegative = input[index] == 0x2D
                index &+= 1
            }
            while index < count, JSONParser.isDigit(input[index]) {
                if exponent < 1 << 40 { exponent = exponent &* 10 &+ Int(input[index] &- 0x30) }
                index &+= 1
            }
            if exponentNegative { exponent = -exponent }
        }

        // The digits, integer part then fraction, as one sequence of positions.
        let integerCount = integerEnd &- integerStart
        let digitCount = integerCount &+ (fractionEnd &- fractionStart)
        func digit(_ position: Int) -> UInt64 {
            let byte = position < integerCount ? input[integerStart &+ position]
                : input[fractionStart &+ (position &- integerCount)]
            return UInt64(byte &- 0x30)
        }
        var first = 0
        while first < digitCount, digit(first) == 0 { first &+= 1 }
        if first == digitCount { return (false, 0) }
        var last = digitCount &- 1
        while digit(last) == 0 { last &-= 1 }
        // value = digits[first...last] × 10^scale
        let scale = exponent &- (fractionEnd &- fractionStart) &+ (digitCount &- 1 &- last)
        let significant = last &- first &+ 1
        guard scale >= 0, significant &+ scale <= 20 else { return nil }
        var magnitude: UInt64 = 0
        // Up to 20 digits: the 20th can overflow, so every step is checked.
        for position in first...last {
            let (product, overflow) = magnitude.multipliedReportingOverflow(by: 10)
            let (total, carry) = product.addingReportingOverflow(digit(position))
            if overflow || carry { return nil }
            magnitude = total
        }
        for _ in 0..<scale {
            let (product, overflow) = magnitude.multipliedReportingOverflow(by: 10)
            if overflow { return nil }
            magnitude = product
        }
        return (negative, magnitude)
    }
}
