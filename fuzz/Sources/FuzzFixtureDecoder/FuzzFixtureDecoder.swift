import Fixtures
import Foundation

/// `FixtureLoader.decode` on arbitrary bytes: it must return a fixture or throw a `FixtureError`, never trap,
/// and a fixture it returns must keep the schema's promises (non-empty, unique group ids).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFixtureDecoder(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard
        let fixture = try? FixtureLoader.decode(
            bytes, baseDirectory: URL(fileURLWithPath: "/fixtures"),
            fileName: "fuzz.json")
    else { return 0 }
    var seen = Set<String>()
    for group in fixture.groups where group.id.isEmpty || !seen.insert(group.id).inserted {
        fatalError("decoded a fixture with an empty or repeated group id \(group.id.debugDescription)")
    }
    return 0
}
