import Foundation
import Testing
@testable import FileSystem

@Suite struct FileWatcherTests {
    /// Waits as the app does (a poll on the watcher's descriptor, then `changes()`) until the watcher reports
    /// something, or `seconds` pass (then the report is empty).
    static func nextChanges(_ watcher: FileWatcher, seconds: Double = 10) -> FileWatcher.Changes {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            var entry = pollfd(fd: watcher.descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, Int32(max(1, deadline.timeIntervalSinceNow * 1000))) > 0 else { continue }
            let changes = watcher.changes()
            if !changes.paths.isEmpty || !changes.problems.isEmpty { return changes }
        }
        return FileWatcher.Changes()
    }

    /// Writes `bytes` into the existing file at `path` in place (same inode), as an editor that saves in place.
    static func overwrite(_ path: String, with bytes: [UInt8]) {
        let descriptor = open(path, O_WRONLY | O_TRUNC)
        #expect(descriptor >= 0)
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
    }

    static func create(_ path: String, _ bytes: [UInt8] = [1]) {
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
    }

    /// A fresh folder with the file `a.png` in it, and a watcher (with these gathering times) on that file.
    static func watchedFile(quiet: Int = 20, longest: Int = 100) throws -> (folder: String, path: String, watcher: FileWatcher) {
        let folder = try FileIOTests.makeFolder()
        let path = folder + "/a.png"
        create(path)
        let watcher = try FileWatcher(quietMilliseconds: quiet, longestMilliseconds: longest)
        watcher.watch([path])
        return (folder, path, watcher)
    }

    @Test func anEditInPlaceIsReportedByThePathAsGiven() throws {
        let folder = try FileIOTests.makeFolder()
        defer { FileIO.removeTree(folder) }
        Self.create(folder + "/a.png")
        Self.create(folder + "/b.png")
        let watcher = try FileWatcher(quietMilliseconds: 20, longestMilliseconds: 100)
        let spelling = folder + "//./a.png"
        #expect(watcher.watch([spelling, folder + "/b.png"]).isEmpty)
        Self.overwrite(folder + "/a.png", with: [2, 3])
        #expect(Self.nextChanges(watcher).paths == [spelling])
    }

    @Test func aReplacementByRenameAndADeletionAreReported() throws {
        let (folder, path, watcher) = try Self.watchedFile()
        defer { FileIO.removeTree(folder) }
        Self.create(folder + "/.a.png.swp", [9, 9])
        #expect(rename(folder + "/.a.png.swp", path) == 0)
        #expect(Self.nextChanges(watcher).paths == [path])
        #expect(unlink(path) == 0)
        #expect(Self.nextChanges(watcher).paths == [path])
    }

    @Test func aFileAppearingAtAWatchedPathIsReportedAlsoInAFolderThatDidNotExist() throws {
        let folder = try FileIOTests.makeFolder()
        defer { FileIO.removeTree(folder) }
        let near = folder + "/a.png"
        let deep = folder + "/later/photos/b.png"
        let watcher = try FileWatcher(quietMilliseconds: 20, longestMilliseconds: 100)
        #expect(watcher.watch([near, deep]).isEmpty)
        Self.create(near)
        #expect(Self.nextChanges(watcher).paths == [near])
        // The missing folders are followed as they appear; the file itself is seen once they are there.
        try FileManager.default.createDirectory(atPath: folder + "/later/photos", withIntermediateDirectories: true)
        #expect(Self.nextChanges(watcher).paths == [deep])
        Self.create(deep)
        #expect(Self.nextChanges(watcher).paths == [deep])
    }

    @Test func aBurstOfEventsIsReportedOnce() throws {
        // A generous quiet time, so that a loaded machine cannot split the burst.
        let (folder, path, watcher) = try Self.watchedFile(quiet: 300, longest: 3000)
        defer { FileIO.removeTree(folder) }
        // What an editor does on save: write a new file, rename it over the old one, set its mode; then more.
        for round in 0..<5 {
            Self.create(folder + "/a.png.new", [UInt8(round)])
            #expect(rename(folder + "/a.png.new", path) == 0)
            #expect(chmod(path, 0o644) == 0)
            Self.overwrite(path, with: [UInt8(round), 1])
        }
        #expect(Self.nextChanges(watcher).paths == [path])
        #expect(Self.nextChanges(watcher, seconds: 1).paths.isEmpty)
    }

    @Test func aLongBurstIsReportedWhenItHasLastedTheLongestTime() throws {
        let (folder, path, watcher) = try Self.watchedFile(quiet: 200, longest: 400)
        defer { FileIO.removeTree(folder) }
        // Writes every 50 ms never leave 200 ms of quiet: the report comes at the longest time, mid-burst.
        let start = Date()
        var reported: Date?
        while Date().timeIntervalSince(start) < 3 && reported == nil {
            Self.overwrite(path, with: [1])
            var entry = pollfd(fd: watcher.descriptor, events: Int16(POLLIN), revents: 0)
            if poll(&entry, 1, 50) > 0, !watcher.changes().paths.isEmpty { reported = Date() }
        }
        let elapsed = try #require(reported).timeIntervalSince(start)
        #expect(elapsed >= 0.35 && elapsed < 2.5)
    }

    @Test func aDeletedFolderReportsItsPathsAndIsFollowedWhenItReturns() throws {
        let folder = try FileIOTests.makeFolder()
        defer { FileIO.removeTree(folder) }
        let photos = folder + "/photos"
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: false)
        let paths = [photos + "/a.png", photos + "/b.png"]
        paths.forEach { Self.create($0) }
        let watcher = try FileWatcher(quietMilliseconds: 20, longestMilliseconds: 100)
        watcher.watch(paths)
        #expect(FileIO.removeTree(photos))
        #expect(Self.nextChanges(watcher).paths == Set(paths))
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: false)
        #expect(Self.nextChanges(watcher).paths == Set(paths))
        Self.create(paths[1])
        #expect(Self.nextChanges(watcher).paths == [paths[1]])
        // A folder moved away is a folder gone, too.
        #expect(rename(photos, folder + "/old") == 0)
        #expect(Self.nextChanges(watcher).paths == Set(paths))
        Self.overwrite(folder + "/old/b.png", with: [5])
        #expect(Self.nextChanges(watcher, seconds: 0.5).paths.isEmpty)
    }

    @Test func otherFilesInAWatchedFolderAreNotReportedAndAnIdleWatcherSleeps() throws {
        let (folder, _, watcher) = try Self.watchedFile()
        defer { FileIO.removeTree(folder) }
        Self.create(folder + "/export.png")
        Self.overwrite(folder + "/export.png", with: [1, 2])
        #expect(Self.nextChanges(watcher, seconds: 0.5).paths.isEmpty)
        // Drained: nothing left to wake a poll.
        var entry = pollfd(fd: watcher.descriptor, events: Int16(POLLIN), revents: 0)
        #expect(poll(&entry, 1, 100) == 0)
    }

    @Test func aSymbolicLinkIsWatchedAsTheLinkAndAsItsTarget() throws {
        let folder = try FileIOTests.makeFolder()
        defer { FileIO.removeTree(folder) }
        try FileManager.default.createDirectory(atPath: folder + "/shared", withIntermediateDirectories: false)
        try FileManager.default.createDirectory(atPath: folder + "/avatars", withIntermediateDirectories: false)
        Self.create(folder + "/shared/alice.png")
        let link = folder + "/avatars/alice.png"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "../shared/alice.png")
        let watcher = try FileWatcher(quietMilliseconds: 20, longestMilliseconds: 100)
        watcher.watch([link])
        Self.overwrite(folder + "/shared/alice.png", with: [4])
        #expect(Self.nextChanges(watcher).paths == [link])
    }

    @Test func watchingAgainReplacesThePaths() throws {
        let folder = try FileIOTests.makeFolder()
        defer { FileIO.removeTree(folder) }
        let (old, new) = (folder + "/old.png", folder + "/new.png")
        [old, new].forEach { Self.create($0) }
        let watcher = try FileWatcher(quietMilliseconds: 20, longestMilliseconds: 100)
        watcher.watch([old])
        watcher.watch([new])
        Self.overwrite(old, with: [1])
        Self.overwrite(new, with: [1])
        #expect(Self.nextChanges(watcher).paths == [new])
    }

    @Test func foldersOverTheWatchLimitAreReportedAndTheOthersStillWatched() throws {
        let folder = try FileIOTests.makeFolder()
        defer { FileIO.removeTree(folder) }
        for name in ["a", "b", "c"] {
            try FileManager.default.createDirectory(atPath: folder + "/" + name, withIntermediateDirectories: false)
            Self.create(folder + "/\(name)/photo.png")
        }
        var calls = FileWatcher.KernelCalls()
        let live = calls.addWatch
        calls.addWatch = { inotify, path, mask in path.hasSuffix("/a") ? live(inotify, path, mask) : -ENOSPC }
        let watcher = try FileWatcher(quietMilliseconds: 20, longestMilliseconds: 100, calls: calls)
        let problems = watcher.watch(["a", "b", "c"].map { folder + "/\($0)/photo.png" })
        #expect(problems == [.watchLimitReached(folders: 2)])
        #expect(problems.first?.description
            == "2 folders not watched: the inotify watch limit is reached (raise fs.inotify.max_user_watches)")
        Self.overwrite(folder + "/b/photo.png", with: [2])
        Self.overwrite(folder + "/a/photo.png", with: [2])
        #expect(Self.nextChanges(watcher).paths == [folder + "/a/photo.png"])
    }

    @Test func noInotifyInstanceLeftIsAnErrorThatSaysWhatToRaise() {
        var calls = FileWatcher.KernelCalls()
        calls.initialise = {
            errno = EMFILE
            return -1
        }
        #expect(throws: FileIOError.watchUnavailable(
            reason: "too many inotify instances are open for this user (raise fs.inotify.max_user_instances)")) {
            _ = try FileWatcher(quietMilliseconds: 20, longestMilliseconds: 100, calls: calls)
        }
    }
}
