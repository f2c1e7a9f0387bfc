import FileSystem

/// This process's memory as Linux reports it in `/proc/self/status`.
enum ProcessMemory {
    /// Resident set now (`VmRSS`) and its peak so far (`VmHWM`), in megabytes (10^6 bytes); 0 where the file
    /// or the line is missing (not Linux).
    static func resident() -> (current: Double, peak: Double) {
        guard let bytes = try? FileIO.readRegularFile(path: "/proc/self/status", maxBytes: 1 << 16) else {
            return (0, 0)
        }
        let status = String(decoding: bytes, as: UTF8.self)
        func megabytes(_ field: String) -> Double {
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }) else { return 0 }
            let kilobytes = line.split(separator: " ").compactMap { Double($0) }.first ?? 0
            return kilobytes * 1024 / 1e6
        }
        return (megabytes("VmRSS"), megabytes("VmHWM"))
    }
}
