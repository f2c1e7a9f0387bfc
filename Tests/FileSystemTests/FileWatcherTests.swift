import Foundation
import Testing

@testable import FileSystem

/// A clock that moves only when a test moves it, and a gathering timer that goes off only when the test fires it:
/// the watcher's timing rules are checked without waiting for them.
final class ManualTiming {
    /// The watcher's monotonic nanoseconds.
    var now: UInt64 = 1_000_000_000
    /// When the watcher last asked its timer to go off; nil when it has not asked since the last firing.
    private(set) var due: UInt64?
    private var timer: Int32 = -1
    private let armLiveTimer = FileWatcher.KernelCalls().armTimer

    /// The kernel calls for a watcher on this clock and timer.
    var calls: FileWatcher.KernelCalls {
        var calls = FileWatcher.KernelCalls()
        calls.now = { self.now }
        calls.armTimer = { timer, nanoseconds in
            self.timer = timer
            self.due = self.now + nanoseconds
        }
        return calls
    }

    /// Moves the clock to the due time and makes the timer go off (the real timer, set to go off at once, so the
    /// watcher's descriptor becomes readable as it would); returns when it has.
    func fire() {
        guard let due else { return }
        now = due
        self.due = nil
        armLiveTimer(timer, 1)
        var entry = pollfd(fd: timer, events: Int16(POLLIN), revents: 0)
        #expect(poll(&entry, 1, 10_000) == 1)
    }
}

@Suite struct FileWatcherTests {
    /// Waits as the app does (a poll on the watcher's descriptor, then `changes()`) until the watcher reports
    /// something, or 10 s pass (then the report is empty).
    static func nextChanges(_ watcher: FileWatcher) -> FileWatcher.Changes {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            var entry = pollfd(fd: watcher.descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, Int32(max(1, deadline.timeIntervalSinceNow * 1000))) > 0 else { continue }
            let changes = watcher.changes()
            if !changes.paths.isEmpty || !changes.problems.isEmpty { return changes }
        }
        return FileWatcher.Changes()
    }

    /// Whether the watcher's descriptor is readable now (a poll that does not wait).
    static func isReadable(_ watcher: FileWatcher) -> Bool {
        var entry = pollfd(fd: watcher.descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) > 0
    }

    /// Waits (up to 10 s) until the watcher's descriptor is readable, then calls `changes()` once.
    static func changesOnce(_ watcher: FileWatcher) -> FileWatcher.Changes {
        var entry = pollfd(fd: watcher.descriptor, events: Int16(POLLIN), revents: 0)
        #expect(poll(&entry, 1, 10_000) == 1)
        return watcher.changes()
    }

    /// Everything a watcher on `timing` reports for what has happened so far: reads while its descriptor is
    /// readable and fires its timer whenever it is set, until neither is left. Events are queued by the calls
    /// that cause them, so an empty answer means that nothing more will be reported.
    static func settledChanges(_ watcher: FileWatcher, _ timing: ManualTiming) -> FileWatcher.Changes {
        var result = FileWatcher.Changes()
        while true {
            if isReadable(watcher) {
                let changes = watcher.changes()
                result.paths.formUnion(changes.paths)
                result.problems += changes.problems
            } else if timing.due != nil {
                timing.fire()
            } else {
                return result
            }
        }
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

    /// A fresh folder with the file `a.png` in it, and a watcher (with these gathering times, and a real clock
    /// unless `calls` say otherwise) on that file.
    static func watchedFile(
        quiet: Int = 20, longest: Int = 100, calls: FileWatcher.KernelCalls = FileWatcher.KernelCalls()
    ) throws -> (folder: String, path: String, watcher: FileWatcher) {
        let folder = try FileIOTests.makeFolder()
        let path = folder + "/a.png"
        create(path)
        let watcher = try FileWatcher(quietMilliseconds: quiet, longestMilliseconds: longest, calls: calls)
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

    @Test func aBurstOfEventsIsReportedOnceWhenItHasBeenQuiet() throws {
        let timing = ManualTiming()
        let (folder, path, watcher) = try Self.watchedFile(quiet: 300, longest: 3000, calls: timing.calls)
        defer { FileIO.removeTree(folder) }
        // What an editor does on save: write a new file, rename it over the old one, set its mode; then more,
        // 100 ms apart.
        for round in 0..<5 {
            Self.create(folder + "/a.png.new", [UInt8(round)])
            #expect(rename(folder + "/a.png.new", path) == 0)
            #expect(chmod(path, 0o644) == 0)
            Self.overwrite(path, with: [UInt8(round), 1])
            #expect(Self.changesOnce(watcher) == FileWatcher.Changes())
            // The quiet time counts from the latest event.
            #expect(timing.due == timing.now + 300_000_000)
            timing.now += 100_000_000
        }
        timing.fire()
        #expect(Self.changesOnce(watcher).paths == [path])
        // Reported once: nothing is left to wake a poll, and no timer is set.
        #expect(!Self.isReadable(watcher) && timing.due == nil)
    }

    @Test func aLongBurstIsReportedWhenItHasLastedTheLongestTime() throws {
        let timing = ManualTiming()
        let (folder, path, watcher) = try Self.watchedFile(quiet: 200, longest: 400, calls: timing.calls)
        defer { FileIO.removeTree(folder) }
        let start = timing.now
        // Writes every 50 ms never leave 200 ms of quiet: the report is due at the longest time, mid-burst.
        for step in 0..<8 {
            Self.overwrite(path, with: [UInt8(step)])
            #expect(Self.changesOnce(watcher) == FileWatcher.Changes())
            #expect(timing.due == start + UInt64(min(400, step * 50 + 200)) * 1_000_000)
            timing.now += 50_000_000
        }
        timing.fire()
        #expect(Self.changesOnce(watcher).paths == [path])
        // The next write starts a new burst, quiet time and longest time counted afresh.
        Self.overwrite(path, with: [9])
        #expect(Self.changesOnce(watcher) == FileWatcher.Changes())
        #expect(timing.due == start + 600_000_000)
    }

    @Test func aDeletedFolderReportsItsPathsAndIsFollowedWhenItReturns() throws {
        let folder = try FileIOTests.makeFolder()
        defer { FileIO.removeTree(folder) }
        let photos = folder + "/photos"
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: false)
        let paths = [photos + "/a.png", photos + "/b.png"]
        for path in paths { Self.create(path) }
        let timing = ManualTiming()
        let watcher = try FileWatcher(quietMilliseconds: 20, longestMilliseconds: 100, calls: timing.calls)
        watcher.watch(paths)
        #expect(FileIO.removeTree(photos))
        #expect(Self.settledChanges(watcher, timing).paths == Set(paths))
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: false)
        #expect(Self.settledChanges(watcher, timing).paths == Set(paths))
        Self.create(paths[1])
        #expect(Self.settledChanges(watcher, timing).paths == [paths[1]])
        // A folder moved away is a folder gone, too.
        #expect(rename(photos, folder + "/old") == 0)
        #expect(Self.settledChanges(watcher, timing).paths == Set(paths))
        Self.overwrite(folder + "/old/b.png", with: [5])
        #expect(Self.settledChanges(watcher, timing).paths.isEmpty)
    }

    @Test func otherFilesInAWatchedFolderAreNotReportedAndAnIdleWatcherSleeps() throws {
        let timing = ManualTiming()
        let (folder, _, watcher) = try Self.watchedFile(calls: timing.calls)
        defer { FileIO.removeTree(folder) }
        Self.create(folder + "/export.png")
        Self.overwrite(folder + "/export.png", with: [1, 2])
        #expect(Self.changesOnce(watcher) == FileWatcher.Changes())
        // Drained, and no timer set for files nobody watches: nothing is left to wake a poll.
        #expect(!Self.isReadable(watcher) && timing.due == nil)
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
        for path in [old, new] { Self.create(path) }
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
        #expect(
            problems.first?.description
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
        #expect(
            throws: FileIOError.watchUnavailable(
                reason: "too many inotify instances are open for this user (raise fs.inotify.max_user_instances)")
        ) {
            _ = try FileWatcher(quietMilliseconds: 20, longestMilliseconds: 100, calls: calls)
        }
    }
}
