import CCrypto

/// HMAC-SHA256 (RFC 2104) from OpenSSL's libcrypto, the well-kept implementation Debian patches, and its
/// constant-time comparison: what signs and checks the service's URLs.
package enum HMACSHA256 {
    /// The 32-byte authentication code of `message` under `key`; nil only if libcrypto fails (out of memory).
    package static func code(key: [UInt8], message: [UInt8]) -> [UInt8]? {
        var output = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        // An empty array may have no storage; libcrypto is handed one byte of storage and a length of 0 instead.
        let keyBytes = key.isEmpty ? [0] : key
        let messageBytes = message.isEmpty ? [0] : message
        let made = keyBytes.withUnsafeBufferPointer { keyPointer in
            messageBytes.withUnsafeBufferPointer { messagePointer in
                output.withUnsafeMutableBufferPointer { outputPointer in
                    HMAC(
                        EVP_sha256(), keyPointer.baseAddress, Int32(key.count), messagePointer.baseAddress,
                        message.count, outputPointer.baseAddress, &length) != nil
                }
            }
        }
        guard made, length == 32 else { return nil }
        return Array(output.prefix(32))
    }

    /// Whether `a` and `b` are the same bytes, in time that does not depend on where they differ (so a forger
    /// cannot learn a signature byte by byte from response times).
    package static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        guard !a.isEmpty else { return true }
        return a.withUnsafeBytes { aBytes in
            b.withUnsafeBytes { bBytes in CRYPTO_memcmp(aBytes.baseAddress, bBytes.baseAddress, a.count) == 0 }
        }
    }
}
