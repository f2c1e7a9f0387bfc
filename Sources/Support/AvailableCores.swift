import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The cores this process may run on: the machine's active processors, fewer when its affinity mask allows fewer
/// (`taskset -c 0`, a container's cpuset). Foundation's `activeProcessorCount` counts the machine's only, so a
/// process pinned to one core would still cut its work in two and run both halves on that core.
package enum AvailableCores {
    /// The count, read once (a process's mask is set before it starts, by `taskset` or its container).
    package static let count: Int = {
        let machine = max(1, ProcessInfo.processInfo.activeProcessorCount)
        guard let allowed = affinityCount() else { return machine }
        return max(1, min(machine, allowed))
    }()

    /// The cores in the calling thread's affinity mask, nil where it cannot be read.
    package static func affinityCount() -> Int? {
        #if os(Linux)
            // glibc declares sched_getaffinity only under _GNU_SOURCE, which Swift's Glibc module does not
            // define: the symbol is looked up instead (it is in every glibc since 2.3.4).
            typealias GetAffinity = @convention(c) (pid_t, Int, UnsafeMutableRawPointer) -> Int32
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "sched_getaffinity") else { return nil }
            let getAffinity = unsafeBitCast(symbol, to: GetAffinity.self)
            // 1024 CPUs' worth of bits, glibc's cpu_set_t.
            var mask = [UInt64](repeating: 0, count: 16)
            let status = mask.withUnsafeMutableBytes { getAffinity(0, $0.count, $0.baseAddress!) }
            guard status == 0 else { return nil }
            let count = mask.reduce(0) { $0 + $1.nonzeroBitCount }
            return count > 0 ? count : nil
        #else
            return nil
        #endif
    }
}
