/// A terminal reply whose start has been read and whose end has not: a string (DCS, OSC, APC, PM or SOS, up to
/// its string terminator) or a private control sequence (`CSI ?` or `CSI >`, up to its final byte). What
/// follows, whenever it comes, is consumed up to that end and never read as keys. It keeps no bytes, so a
/// reply of any length costs no memory.
package struct UnfinishedReply: Hashable, Sendable {
    package enum Kind: Hashable, Sendable {
        /// DCS, APC, PM, SOS: ends at ST (`ESC \`); CAN or SUB cancel it, and an ESC followed by anything but
        /// `\` ends it before that byte.
        case string
        /// OSC: a string that BEL ends too.
        case operatingSystemCommand
        /// Parameter and intermediate bytes (0x20...0x3F) up to a final byte (0x40...0x7E); any other byte
        /// ends it before that byte.
        case control
    }

    /// How one stretch of bytes went.
    package enum Progress: Hashable, Sendable {
        /// Every byte belonged to the reply, which goes on.
        case continues
        /// The reply ended after the first `count` bytes, which belonged to it; `terminated` is false when it
        /// was cut short (cancelled, or broken by a byte that cannot be in it) rather than ended properly.
        case ended(count: Int, terminated: Bool)
    }

    package let kind: Kind
    /// Whether the last byte consumed was an ESC that may begin ST.
    private var afterEscape = false

    package init(kind: Kind) { self.kind = kind }

    /// The kind of string an ESC followed by `introducer` begins (P DCS, ] OSC, _ APC, ^ PM, X SOS); nil for
    /// any other byte.
    package static func stringKind(introducer: UInt32) -> Kind? {
        switch introducer {
        case 0x5D: .operatingSystemCommand
        case 0x50, 0x5F, 0x5E, 0x58: .string
        default: nil
        }
    }

    /// Consumes the bytes of `bytes` that belong to the reply.
    package mutating func consume(_ bytes: some Collection<UInt8>) -> Progress {
        var count = 0
        for byte in bytes {
            switch kind {
            case .string, .operatingSystemCommand:
                if afterEscape {
                    afterEscape = false
                    if byte == UInt8(ascii: "\\") { return .ended(count: count + 1, terminated: true) }
                    return .ended(count: count, terminated: false)
                }
                switch byte {
                case 0x07 where kind == .operatingSystemCommand: return .ended(count: count + 1, terminated: true)
                case 0x18, 0x1A: return .ended(count: count + 1, terminated: false)
                case 0x1B: afterEscape = true
                default: break
                }
            case .control:
                if (0x40...0x7E).contains(byte) { return .ended(count: count + 1, terminated: true) }
                guard (0x20...0x3F).contains(byte) else { return .ended(count: count, terminated: false) }
            }
            count += 1
        }
        return .continues
    }
}
