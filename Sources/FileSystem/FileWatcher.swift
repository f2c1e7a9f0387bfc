#if os(Linux)
    import CFileSystem
    import Foundation
    import Glibc

    /// Tells which of a set of files changed, through one non-blocking descriptor that a poll loop waits on.
    ///
    /// It watches the folders that hold the files (inotify), not the files' inodes: so an edit, a replacement by
    /// `mv` or by an editor that writes a new file and renames it over the old one, a deletion, and a new file
    /// appearing at a watched path are all seen, whatever inode the path leads to afterwards. A path whose folder
    /// does not exist is watched from its nearest existing ancestor, and from its own folder once that appears; a
    /// watched folder that is deleted or moved away reports every path in it. A symbolic link is watched as the link
    /// and as the file it led to when `watch` was called.
    ///
    /// Events come in bursts (an editor writes a file, renames it over the old one, sets its attributes): they are
    /// gathered until none has come for `quietMilliseconds`, or `longestMilliseconds` after the first, and then
    /// reported together, once. The gathering runs on a timer descriptor inside the same epoll descriptor, so a
    /// caller never wakes on a timer of its own, and an idle watcher costs nothing.
    ///
    /// `@unchecked Sendable`: every mutable field is behind `lock` (an `NSLock`, which ThreadSanitizer understands),
    /// so `watch` may run on any thread while a loop calls `changes()`.
    package final class FileWatcher: @unchecked Sendable {
        /// What `changes()` found.
        package struct Changes: Equatable, Sendable {
            /// Watched paths, as they were given to `watch`, whose file may have changed (been written, replaced,
            /// deleted or created).
            package var paths: Set<String> = []
            /// Folders that could not be watched when the watcher followed a folder that appeared or went away.
            package var problems: [FileIOError] = []

            /// A report of `paths` changed and `problems` met.
            package init(paths: Set<String> = [], problems: [FileIOError] = []) {
                self.paths = paths; self.problems = problems
            }
        }

        /// The calls into the kernel that tests replace: those that can fail for reasons outside the program
        /// (limits), so that tests can make them fail, and the clock and the gathering timer, so that tests can
        /// drive a burst's timing without waiting for it. `addWatch` answers a watch descriptor, or minus the
        /// `errno` value.
        struct KernelCalls {
            var initialise: () -> Int32 = { inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC)) }
            var addWatch: (_ inotify: Int32, _ folder: String, _ mask: UInt32) -> Int32 = { inotify, folder, mask in
                let watch = inotify_add_watch(inotify, folder, mask)
                return watch >= 0 ? watch : -errno
            }
            /// Monotonic nanoseconds.
            var now: () -> UInt64 = {
                var now = timespec()
                clock_gettime(CLOCK_MONOTONIC, &now)
                return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
            }
            /// Sets the timer descriptor `timer` to go off once, `nanoseconds` (at least 1) from now.
            var armTimer: (_ timer: Int32, _ nanoseconds: UInt64) -> Void = { timer, nanoseconds in
                var setting = itimerspec(
                    it_interval: timespec(tv_sec: 0, tv_nsec: 0),
                    it_value: timespec(
                        tv_sec: Int(nanoseconds / 1_000_000_000),
                        tv_nsec: Int(nanoseconds % 1_000_000_000)))
                timerfd_settime(timer, 0, &setting, nil)
            }
        }

        /// A folder being watched, and the names in it that matter.
        private struct Folder {
            /// One spelling of the folder's path (several may lead to one folder).
            var path: String
            /// Entry names, each with the watched paths at it or beneath it.
            var entries: [String: Entry] = [:]
        }

        private struct Entry {
            /// The paths, as given to `watch`, at this name or beneath it.
            var paths: Set<String> = []
            /// Whether the name is a folder on the way to a watched path (which may be missing): when it changes,
            /// the watches are arranged again.
            var leadsDeeper = false
        }

        /// What the watcher does when something happens in a folder: writes closed, entries created, deleted,
        /// moved in or out, attributes changed (`touch`, `chmod`), and the folder itself deleted or moved.
        private static let mask = UInt32(
            IN_CREATE | IN_MOVED_TO | IN_CLOSE_WRITE | IN_DELETE | IN_MOVED_FROM
                | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR)
        /// Events about the watched folder itself (after which the watches are arranged again).
        private static let folderGone = UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED | IN_UNMOUNT)

        /// The descriptor to poll for input: readable when `changes()` has something to do.
        package let descriptor: Int32
        private let inotify: Int32
        private let timer: Int32
        private let quietNanoseconds: UInt64
        private let longestNanoseconds: UInt64
        private let calls: KernelCalls
        private let lock = NSLock()
        /// Absolute spellings to watch, each with the paths as given to `watch` that it stands for.
        private var spellings: [String: Set<String>] = [:]
        /// The folders watched, by watch descriptor.
        private var folders: [Int32: Folder] = [:]
        /// Paths changed since the last report, and when the first of them changed (monotonic nanoseconds).
        private var pending: Set<String> = []
        private var firstPending: UInt64?

        /// A watcher with nothing watched yet. Throws `FileIOError.watchUnavailable` when the system allows no
        /// more inotify instances (or descriptors) for this user.
        package convenience init(quietMilliseconds: Int = 40, longestMilliseconds: Int = 200) throws(FileIOError) {
            try self.init(
                quietMilliseconds: quietMilliseconds, longestMilliseconds: longestMilliseconds,
                calls: KernelCalls())
        }

        init(quietMilliseconds: Int, longestMilliseconds: Int, calls: KernelCalls) throws(FileIOError) {
            self.calls = calls
            quietNanoseconds = UInt64(max(1, quietMilliseconds)) * 1_000_000
            longestNanoseconds = UInt64(max(quietMilliseconds, longestMilliseconds, 1)) * 1_000_000
            inotify = calls.initialise()
            guard inotify >= 0 else {
                throw .watchUnavailable(
                    reason: errno == EMFILE
                        ? "too many inotify instances are open for this user (raise fs.inotify.max_user_instances)"
                        : String(cString: strerror(errno)))
            }
            timer = timerfd_create(CLOCK_MONOTONIC, Int32(TFD_NONBLOCK | TFD_CLOEXEC))
            descriptor = epoll_create1(Int32(EPOLL_CLOEXEC))
            guard timer >= 0, descriptor >= 0 else {
                let reason = String(cString: strerror(errno))
                for open in [inotify, timer, descriptor] where open >= 0 { close(open) }
                throw .watchUnavailable(reason: reason)
            }
            for source in [inotify, timer] {
                var event = epoll_event()
                event.events = EPOLLIN.rawValue
                event.data.fd = source
                epoll_ctl(descriptor, EPOLL_CTL_ADD, source, &event)
            }
        }

        deinit {
            // Closing the inotify descriptor ends every watch.
            close(descriptor)
            close(timer)
            close(inotify)
        }

        /// Watches exactly `paths` from now on (relative ones against the current folder), replacing what was
        /// watched before. Returns the folders that could not be watched: the paths in them are not followed.
        @discardableResult
        package func watch(_ paths: some Sequence<String>) -> [FileIOError] {
            var wanted: [String: Set<String>] = [:]
            for path in Set(paths) where !path.isEmpty && !path.utf8.contains(0) {
                let absolute = FileIO.lexicallyAbsolute(path)
                wanted[absolute, default: []].insert(path)
                if Self.isSymbolicLink(absolute), let target = FileIO.canonicalPath(of: absolute), target != absolute {
                    wanted[target, default: []].insert(path)
                }
            }
            lock.lock()
            defer { lock.unlock() }
            spellings = wanted
            return arrange(reportingNewFolders: false)
        }

        /// Reads what is waiting (never blocks) and returns the paths whose changes have settled: the burst they
        /// came in has been quiet for the quiet time, or has lasted the longest time. Call it whenever
        /// `descriptor` is readable; it empties what made it readable.
        package func changes() -> Changes {
            lock.lock()
            defer { lock.unlock() }
            var result = Changes()
            var changed = Set<String>()
            if readEvents(into: &changed) { result.problems = arrange(reportingNewFolders: true, into: &changed) }
            if !changed.isEmpty {
                pending.formUnion(changed)
                let now = calls.now()
                let first = firstPending ?? now
                firstPending = first
                let due = min(first + longestNanoseconds, now + quietNanoseconds)
                // At least 1 ns: 0 would disarm the timer.
                calls.armTimer(timer, due > now ? due - now : 1)
            }
            var expirations: UInt64 = 0
            if read(timer, &expirations, 8) == 8, !pending.isEmpty {
                result.paths = pending
                pending = []
                firstPending = nil
            }
            return result
        }

        /// Reads every waiting event, adding the watched paths they concern to `changed`; true when watches must
        /// be arranged again (a folder on the way appeared or went, a watched folder went, events were lost).
        private func readEvents(into changed: inout Set<String>) -> Bool {
            var rearrange = false
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(inotify, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                buffer.withUnsafeBytes { bytes in
                    var offset = 0
                    let header = MemoryLayout<inotify_event>.size
                    while offset + header <= count {
                        let watch = bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self)
                        let mask = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                        let length = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                        let nameBytes = bytes[(offset + header)..<min(count, offset + header + length)]
                        let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                        if handle(watch: watch, mask: mask, name: name, into: &changed) { rearrange = true }
                        offset += header + length
                    }
                }
            }
            return rearrange
        }

        /// One event: the paths it concerns go into `changed`; true when watches must be arranged again.
        private func handle(watch: Int32, mask: UInt32, name: String, into changed: inout Set<String>) -> Bool {
            if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                // Events were lost: anything may have changed.
                for paths in spellings.values { changed.formUnion(paths) }
                return true
            }
            guard let folder = folders[watch] else { return false }
            if mask & Self.folderGone != 0 {
                for entry in folder.entries.values { changed.formUnion(entry.paths) }
                // IN_IGNORED: the kernel has dropped the watch already.
                if mask & UInt32(IN_IGNORED) != 0 { folders[watch] = nil }
                return true
            }
            guard let entry = folder.entries[name] else { return false }
            changed.formUnion(entry.paths)
            return entry.leadsDeeper || mask & UInt32(IN_ISDIR) != 0
        }

        private func arrange(reportingNewFolders: Bool) -> [FileIOError] {
            var ignored = Set<String>()
            return arrange(reportingNewFolders: reportingNewFolders, into: &ignored)
        }

        /// Watches the folder of every spelling, or its nearest existing ancestor for the first missing folder on
        /// the way, and stops watching folders no longer needed. With `reportingNewFolders`, the paths in folders
        /// that were not watched before go into `changed`: their files may have appeared before the watch began.
        private func arrange(reportingNewFolders: Bool, into changed: inout Set<String>) -> [FileIOError] {
            var arranged: [Int32: Folder] = [:]
            var tried: [String: Int32] = [:]
            var problems: [FileIOError] = []
            var foldersOverLimit = 0
            for (spelling, paths) in spellings {
                var folder = FileIO.parentDirectory(of: spelling)
                var name = Self.lastComponent(of: spelling)
                var leadsDeeper = false
                while true {
                    let result: Int32
                    if let known = tried[folder] {
                        result = known
                    } else {
                        result = calls.addWatch(inotify, folder, Self.mask)
                        tried[folder] = result
                        if result == -ENOSPC {
                            foldersOverLimit += 1
                        } else if result < 0 && result != -ENOENT && result != -ENOTDIR {
                            problems.append(
                                FileIOError(
                                    code: -result, path: folder,
                                    directory: FileIO.parentDirectory(of: folder), operation: "watch"))
                        }
                    }
                    if result >= 0 {
                        arranged[result, default: Folder(path: folder)].entries[name, default: Entry()].paths.formUnion(
                            paths)
                        if leadsDeeper { arranged[result]?.entries[name]?.leadsDeeper = true }
                        break
                    }
                    guard result == -ENOENT || result == -ENOTDIR, folder != "/" else { break }
                    name = Self.lastComponent(of: folder)
                    folder = FileIO.parentDirectory(of: folder)
                    leadsDeeper = true
                }
            }
            for watch in folders.keys where arranged[watch] == nil { inotify_rm_watch(inotify, watch) }
            if reportingNewFolders {
                for (watch, folder) in arranged where folders[watch] == nil {
                    for entry in folder.entries.values { changed.formUnion(entry.paths) }
                }
            }
            folders = arranged
            if foldersOverLimit > 0 { problems.append(.watchLimitReached(folders: foldersOverLimit)) }
            return problems
        }

        /// The last component of an absolute path ("" for "/").
        private static func lastComponent(of path: String) -> String {
            path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
        }

        private static func isSymbolicLink(_ path: String) -> Bool {
            var info = stat()
            return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
        }
    }
#else
    /// Live reload needs Linux's inotify; elsewhere a watcher cannot be made (the app then runs without it).
    package final class FileWatcher: Sendable {
        /// What `changes()` found (never anything here).
        package struct Changes: Equatable, Sendable {
            /// Watched paths whose file may have changed.
            package var paths: Set<String> = []
            /// Folders that could not be watched.
            package var problems: [FileIOError] = []
        }

        /// No descriptor: nothing is ever watched.
        package var descriptor: Int32 { -1 }

        /// Always throws: there is no inotify here.
        package init(quietMilliseconds: Int = 40, longestMilliseconds: Int = 200) throws(FileIOError) {
            throw .watchUnavailable(reason: "watching files needs Linux (inotify)")
        }

        /// Watches nothing.
        @discardableResult
        package func watch(_ paths: some Sequence<String>) -> [FileIOError] { [] }

        /// Nothing changed.
        package func changes() -> Changes { Changes() }
    }
#endif
