import Foundation
import GroupIcon
import Support

/// A download-cache folder for one test, removed afterwards.
final class TestFolder: Sendable {
    let path = FileManager.default.temporaryDirectory.path + "/remote-tests-" + UUID().uuidString
    deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// A clock a test moves by hand, for freshness and failure lifetimes.
final class TestClock: Sendable {
    private let now = LockedState(Date(timeIntervalSince1970: 1_800_000_000))
    var date: Date { now.withLock { $0 } }
    func advance(_ seconds: TimeInterval) { now.withLock { $0 += seconds } }
}
