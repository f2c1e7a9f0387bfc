import GroupIcon
import Testing

@testable import RemoteSources

@Suite struct TransferAdmissionTests {
    @Test func eachHostGetsItsLimitAndBusyHostsAreSkipped() {
        var admission = TransferAdmission<Int>(perHostLimit: 2, totalLimit: 10)
        for item in 0..<5 { admission.enqueue(item, host: "http://a") }
        admission.enqueue(5, host: "http://b")
        #expect(admission.admit().map(\.item) == [0, 1, 5])
        #expect(admission.waitingCount == 3)
        #expect(admission.admit().isEmpty)
        admission.finish(host: "http://a", multiplexed: false)
        #expect(admission.admit().map(\.item) == [2])
        #expect(admission.activeCount == 3)
    }

    @Test func theTotalLimitHoldsAcrossHosts() {
        var admission = TransferAdmission<Int>(perHostLimit: 5, totalLimit: 3)
        for item in 0..<6 { admission.enqueue(item, host: "http://h\(item)") }
        #expect(admission.admit().map(\.item) == [0, 1, 2])
        admission.finish(host: "http://h1", multiplexed: false)
        #expect(admission.admit().map(\.item) == [3])
    }

    @Test func aMultiplexingHostIsLimitedOnlyByTheTotal() {
        var admission = TransferAdmission<Int>(perHostLimit: 1, totalLimit: 4)
        for item in 0..<6 { admission.enqueue(item, host: "https://cdn") }
        #expect(admission.admit().map(\.item) == [0])
        admission.finish(host: "https://cdn", multiplexed: true)
        #expect(admission.admit().map(\.item) == [1, 2, 3, 4])
    }

    @Test func waitingItemsCanBeRemoved() {
        var admission = TransferAdmission<Int>(perHostLimit: 1, totalLimit: 1)
        for item in 0..<4 { admission.enqueue(item, host: "http://a") }
        #expect(admission.admit().map(\.item) == [0])
        #expect(admission.removeWaiting { $0 == 2 } == 2)
        #expect(admission.removeWaiting { $0 == 2 } == nil)
        #expect(admission.removeAllWaiting() == [1, 3])
        #expect(admission.waitingCount == 0)
    }

    @Test(arguments: [
        ("https://Alice:pw@CDN.example.com:8443/a.jpg?x=1", "https://cdn.example.com:8443"),
        ("http://example.com", "http://example.com"),
        ("http://example.com?q#f", "http://example.com"),
        ("HTTP://[::1]:80/x", "http://[::1]:80"),
    ])
    func hostKeysIgnoreCaseUserinfoAndPath(url: String, key: String) {
        #expect(TransferAdmission<Int>.hostKey(url) == key)
    }
}
