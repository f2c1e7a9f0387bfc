/// Which addresses a fetcher that refuses private addresses may connect to: the public internet only, not
/// loopback, private (RFC 1918, unique local), link-local, shared (CGNAT), documentation, multicast or
/// reserved ranges, also when an IPv6 address carries an IPv4 one (mapped, NAT64, 6to4). Checked on the
/// address libcurl is about to connect to, so a name that resolves to 127.0.0.1 or a redirect to one is
/// refused too (SSRF).
package enum AddressPolicy {
    /// Whether the IPv4 address `bytes` (4, network order) is public.
    package static func isPublic(ipv4 bytes: [UInt8]) -> Bool {
        guard bytes.count == 4 else { return false }
        let (a, b, c) = (bytes[0], bytes[1], bytes[2])
        switch a {
        case 0, 10, 127: return false
        case 100 where b & 0xc0 == 64: return false  // 100.64.0.0/10, shared address space
        case 169 where b == 254: return false  // link-local
        case 172 where b & 0xf0 == 16: return false
        case 192 where b == 168: return false
        case 192 where b == 0 && (c == 0 || c == 2): return false  // IETF protocol assignments, TEST-NET-1
        case 198 where b & 0xfe == 18: return false  // benchmarking
        case 198 where b == 51 && c == 100, 203 where b == 0 && c == 113: return false  // TEST-NET-2, -3
        case 224...255: return false  // multicast, reserved, broadcast
        default: return true
        }
    }

    /// Whether the IPv6 address `bytes` (16, network order) is public.
    package static func isPublic(ipv6 bytes: [UInt8]) -> Bool {
        guard bytes.count == 16 else { return false }
        // ::ffff:a.b.c.d (mapped) and 64:ff9b::a.b.c.d (NAT64) reach the IPv4 address they carry.
        if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xff, bytes[11] == 0xff {
            return isPublic(ipv4: Array(bytes[12..<16]))
        }
        if bytes[0..<12] == [0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0] {
            return isPublic(ipv4: Array(bytes[12..<16]))
        }
        if bytes[0] == 0x20, bytes[1] == 0x02 { return isPublic(ipv4: Array(bytes[2..<6])) }  // 6to4
        if bytes[0..<15].allSatisfy({ $0 == 0 }) { return false }  // :: and ::1
        if bytes[0] & 0xfe == 0xfc { return false }  // fc00::/7 unique local
        if bytes[0] == 0xfe, bytes[1] & 0xc0 == 0x80 || bytes[1] & 0xc0 == 0xc0 { return false }  // link/site-local
        if bytes[0] == 0xff { return false }  // multicast
        if bytes[0..<4] == [0x20, 0x01, 0x0d, 0xb8] { return false }  // documentation
        if bytes[0..<12].allSatisfy({ $0 == 0 }) { return false }  // IPv4-compatible, deprecated
        return true
    }
}
