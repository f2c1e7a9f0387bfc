import FileSystem
import Foundation

/// The file system's clock, as tests that change a file twice must respect it.
public enum FileClock {
    /// Waits until a change made to the file at `path` now gets a later change time than the one it has: file
    /// times come from a clock coarser than the system's, so a second change can land on the same tick. Touches a
    /// scratch file beside it until that one's change time is later (for up to 10 s).
    public static func waitUntilChangeTimesPass(_ path: String) {
        let changed = FileIO.status(of: path)?.changeNanoseconds ?? 0
        let scratch = FileIO.parentDirectory(of: path) + "/.file-clock"
        _ = FileManager.default.createFile(atPath: scratch, contents: nil)
        defer { unlink(scratch) }
        let deadline = ContinuousClock.now + .seconds(10)
        while (FileIO.status(of: scratch)?.changeNanoseconds ?? .max) <= changed, ContinuousClock.now < deadline {
            FileIO.setModificationTime(of: scratch)
        }
    }
}
