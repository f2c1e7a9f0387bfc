/// The group ids a streamed batch has met, each with the line it was first on, in about 14 bytes an id: an
/// open-addressing table of 64-bit digests (from the id's SHA-256) beside 32-bit line numbers, at most 7/8
/// full. A `[UInt128: Int]` of the same ids took about 64 bytes an id once its growth was counted, which made a
/// JSON Lines export's peak memory grow by a quarter from 10 000 to 100 000 groups.
///
/// Two different ids share a 64-bit digest with a chance of about n²/2^65 (3 in 10^10 for 100 000 groups).
struct FirstLineIndex {
    /// Digests, 0 for an empty slot (a digest of 0 is stored as 1), and the line of each.
    private var digests: [UInt64]
    private var lines: [UInt32]
    /// Ids recorded.
    private(set) var count = 0

    /// An empty index of `capacity` slots (rounded up to a power of two), doubled as it fills.
    init(capacity: Int = 1024) {
        let slots = max(8, 1 << (Int.bitWidth - max(1, capacity - 1).leadingZeroBitCount))
        digests = [UInt64](repeating: 0, count: slots)
        lines = [UInt32](repeating: 0, count: slots)
    }

    /// The bytes the table holds.
    var bytes: Int { digests.count * (MemoryLayout<UInt64>.size + MemoryLayout<UInt32>.size) }

    /// The line `digest` was recorded on first, nil when it is new (it is then recorded on `line`; a line past
    /// 2^32 - 1 is recorded as that).
    mutating func firstLine(of digest: UInt64, recordingOn line: Int) -> Int? {
        let key = max(1, digest)
        if let slot = slot(of: key), digests[slot] == key { return Int(lines[slot]) }
        if (count + 1) * 8 > digests.count * 7 { grow() }
        // After growing, the empty slot the key belongs in.
        guard let slot = slot(of: key) else { return nil }
        digests[slot] = key
        lines[slot] = UInt32(clamping: line)
        count += 1
        return nil
    }

    /// The slot holding `key` or, where it is missing, the empty slot its probe reaches first.
    private func slot(of key: UInt64) -> Int? {
        let mask = digests.count - 1
        var slot = Int(truncatingIfNeeded: key) & mask
        for _ in 0..<digests.count {
            if digests[slot] == key || digests[slot] == 0 { return slot }
            slot = (slot + 1) & mask
        }
        return nil
    }

    private mutating func grow() {
        var larger = FirstLineIndex(capacity: digests.count * 2)
        for (digest, line) in zip(digests, lines) where digest != 0 {
            _ = larger.firstLine(of: digest, recordingOn: Int(line))
        }
        self = larger
    }
}
