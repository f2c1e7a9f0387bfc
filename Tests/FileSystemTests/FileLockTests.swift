import Testing

@testable import FileSystem

@Suite struct FileLockTests {
    @Test func aHeldLockKeepsOthersOutUntilItIsDropped() throws {
        let folder = try FileIO.makeTemporaryDirectory(prefix: "chat-tui-lock")
        defer { FileIO.removeTree(folder) }
        let path = folder + "/presets.json.lock"
        let held = try FileLock(path: path)
        // A second open file description is a second holder, as another process would be.
        #expect(throws: FileIOError.locked(path: path)) { _ = try FileLock(path: path, timeoutMilliseconds: 0) }
        #expect(FileIOError.locked(path: path).description.contains("locked by another process"))
        _ = consume held
        // Dropped, it lets the next holder in. With a wait rather than one try: a process another test starts
        // meanwhile holds a copy of the descriptor from its fork until its exec closes it (close-on-exec), which
        // under load took long enough for one try to fail.
        _ = try FileLock(path: path, timeoutMilliseconds: 5_000)
        // The lock file stays, so that every process locks the same file.
        #expect(FileIO.kind(of: path) == .regularFile)
    }

    @Test func aLockFileInAMissingFolderNamesTheFolder() {
        #expect(
            throws: FileIOError.directoryMissing(
                path: "/nonexistent-chat-tui/x.lock",
                directory: "/nonexistent-chat-tui")
        ) {
            _ = try FileLock(path: "/nonexistent-chat-tui/x.lock", timeoutMilliseconds: 0)
        }
    }
}
