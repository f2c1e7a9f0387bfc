/// 64-bit FNV-1a of UTF-8 text: the same value in every process, machine and Swift version (unlike Swift's
/// per-process seeded `Hasher`), for choices that must never change between runs (placeholder colours,
/// batch shards).
package enum StableHash {
    package static func fnv1a64(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}
