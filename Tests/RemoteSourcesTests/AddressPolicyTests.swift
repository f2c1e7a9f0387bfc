import Testing

@testable import RemoteSources

/// The addresses a fetcher that refuses private addresses may connect to.
@Suite struct AddressPolicyTests {
    private static func v4(_ text: String) -> [UInt8] { text.split(separator: ".").map { UInt8($0)! } }

    private static func v6(_ groups: [UInt16]) -> [UInt8] { groups.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xff)] } }

    @Test(arguments: [
        "0.0.0.0", "10.1.2.3", "127.0.0.1", "127.255.0.9", "100.64.0.1", "100.127.255.255", "169.254.169.254",
        "172.16.0.1", "172.31.255.255", "192.168.1.1", "192.0.0.8", "192.0.2.1", "198.18.0.1", "198.51.100.7",
        "203.0.113.9", "224.0.0.1", "255.255.255.255", "240.0.0.1",
    ])
    func privateIPv4(_ address: String) {
        #expect(!AddressPolicy.isPublic(ipv4: Self.v4(address)))
    }

    @Test(arguments: [
        "1.1.1.1", "8.8.8.8", "100.63.255.255", "100.128.0.1", "172.15.0.1", "172.32.0.1", "192.169.0.1",
        "93.184.216.34",
    ])
    func publicIPv4(_ address: String) {
        #expect(AddressPolicy.isPublic(ipv4: Self.v4(address)))
    }

    @Test func ipv6() {
        #expect(!AddressPolicy.isPublic(ipv6: Self.v6([0, 0, 0, 0, 0, 0, 0, 1])))
        #expect(!AddressPolicy.isPublic(ipv6: Self.v6([0, 0, 0, 0, 0, 0, 0, 0])))
        #expect(!AddressPolicy.isPublic(ipv6: Self.v6([0xfe80, 0, 0, 0, 0, 0, 0, 1])))
        #expect(!AddressPolicy.isPublic(ipv6: Self.v6([0xfd00, 0, 0, 0, 0, 0, 0, 1])))
        #expect(!AddressPolicy.isPublic(ipv6: Self.v6([0xff02, 0, 0, 0, 0, 0, 0, 1])))
        #expect(!AddressPolicy.isPublic(ipv6: Self.v6([0x2001, 0xdb8, 0, 0, 0, 0, 0, 1])))
        // IPv4 carried in IPv6: mapped, NAT64, 6to4.
        #expect(!AddressPolicy.isPublic(ipv6: Self.v6([0, 0, 0, 0, 0, 0xffff, 0x7f00, 1])))
        #expect(AddressPolicy.isPublic(ipv6: Self.v6([0, 0, 0, 0, 0, 0xffff, 0x0808, 0x0808])))
        #expect(!AddressPolicy.isPublic(ipv6: Self.v6([0x64, 0xff9b, 0, 0, 0, 0, 0xa9fe, 0xa9fe])))
        #expect(!AddressPolicy.isPublic(ipv6: Self.v6([0x2002, 0x0a00, 0x0001, 0, 0, 0, 0, 1])))
        #expect(AddressPolicy.isPublic(ipv6: Self.v6([0x2606, 0x4700, 0, 0, 0, 0, 0, 0x1111])))
        #expect(!AddressPolicy.isPublic(ipv6: [1, 2, 3]))
    }
}
