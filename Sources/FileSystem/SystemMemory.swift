#if canImport(Glibc)
    import CFileSystem
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How much memory this process can count on, and how it hands memory back.
package enum SystemMemory {
    /// Makes glibc's allocator keep freed memory for the next allocation instead of giving it back to the
    /// system: one arena for every thread, blocks below 32 MB from the heap rather than their own mappings, and
    /// up to 64 MB free at the heap's top before it is trimmed. A composite, its enlargement and its encodings
    /// are megabyte buffers made and freed on every parameter key, on worker threads and on the loop; by default
    /// each thread's arena hands them back and the next key faults in fresh zeroed pages (a quarter of the
    /// composition's CPU, and the slow keys, in the picture benchmark). Call it first, before other threads
    /// start. Elsewhere than glibc, and under the sanitizers' allocators, it does nothing.
    package static func keepFreedMemoryForReuse() {
        #if canImport(Glibc)
            _ = mallopt(M_ARENA_MAX, 1)
            _ = mallopt(M_MMAP_THRESHOLD, 32 << 20)
            _ = mallopt(M_TRIM_THRESHOLD, 64 << 20)
        #endif
    }

    /// Physical memory, or the limit of the control group the process runs in (a container's memory limit)
    /// when that is lower; nil when neither can be found out.
    package static func usableBytes() -> UInt64? {
        let pages = sysconf(Int32(_SC_PHYS_PAGES)), pageSize = sysconf(Int32(_SC_PAGESIZE))
        let physical = pages > 0 && pageSize > 0 ? UInt64(pages) * UInt64(pageSize) : nil
        let limits = [physical, controlGroupLimit()].compactMap { $0 }
        return limits.min()
    }

    /// The cgroup v2 `memory.max` or cgroup v1 `memory.limit_in_bytes` of this process's group, nil when
    /// unlimited or not readable.
    static func controlGroupLimit() -> UInt64? {
        for path in ["/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"] {
            guard let bytes = try? FileIO.readPrefix(of: path, count: 64) else { continue }
            let text = String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isWhitespace).first ?? ""
            // "max" (v2) or a huge page-rounded number (v1) mean no limit.
            if let limit = UInt64(text), limit < 1 << 60 { return limit }
        }
        return nil
    }
}
