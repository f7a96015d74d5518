#if canImport(Glibc)
import Glibc
import StrataCLI

/// Starts `strata build` again with glibc's heap in transparent huge pages, when
/// `HugePageRestart` says it helps; returns, and the build goes on as it is, otherwise or
/// when the executable cannot be started again.
enum HugePages {
    static func restartBuildIfUseful() {
        let arguments = CommandLine.arguments
        guard let tunables = HugePageRestart.tunables(
            arguments: arguments, tunables: getenv("GLIBC_TUNABLES").map { String(cString: $0) },
            kernelSetting: systemFile("/sys/kernel/mm/transparent_hugepage/enabled"),
            optedOut: getenv(HugePageRestart.optOutVariable) != nil
        ) else { return }
        // The executable's own path, so the process keeps its name (`exe` otherwise).
        var path = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard readlink("/proc/self/exe", &path, Int(PATH_MAX)) > 0 else { return }
        let previous = getenv("GLIBC_TUNABLES").map { String(cString: $0) }
        setenv("GLIBC_TUNABLES", tunables, 1)
        var argv = arguments.map { strdup($0) } + [nil]
        execv(path, &argv)
        // Still here: exec failed, so the environment is put back as it was.
        if let previous { setenv("GLIBC_TUNABLES", previous, 1) } else { unsetenv("GLIBC_TUNABLES") }
        for pointer in argv { free(pointer) }
    }

    /// A small file under /sys, or nil.
    private static func systemFile(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = read(descriptor, &buffer, buffer.count)
        return count > 0 ? String(decoding: buffer[..<count], as: UTF8.self) : nil
    }
}
#else
enum HugePages {
    static func restartBuildIfUseful() {}
}
#endif
