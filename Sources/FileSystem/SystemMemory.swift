#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How much memory this process can count on.
public enum SystemMemory {
    /// Physical memory, or the limit of the control group the process runs in (a container's memory limit)
    /// when that is lower; nil when neither can be found out.
    public static func usableBytes() -> UInt64? {
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
