/// A seeded random number generator (SplitMix64): the same sequence for a seed on every
/// machine and toolchain, so a seed printed by a failing run replays it.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// A stream of its own for `key` under `seed`: FNV-1a of the key, mixed with the seed
    /// through one SplitMix step. The n-th draw of a key is the same whatever other keys
    /// draw, so adding a stream leaves the others as they were.
    public init(seed: UInt64, key: String) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        var mixer = SeededGenerator(seed: seed ^ hash)
        self.init(seed: mixer.next())
    }

    /// A uniform double in (0, 1]: 53 random bits, never 0 (a log-normal takes its log).
    public mutating func unit() -> Double {
        Double((next() >> 11) + 1) / Double(UInt64(1) << 53)
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `0..<bound`, by a fixed rule: the standard library's
    /// `random(in:using:)` does not promise its algorithm, so a seed could mean something
    /// else with another toolchain. A bound of zero or less gives 0, and draws nothing.
    public mutating func below(_ bound: Int) -> Int {
        guard bound > 0 else { return 0 }
        return Int(next() % UInt64(bound))
    }
}
