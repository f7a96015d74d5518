#if canImport(Glibc)
import Glibc
import StrataCLI

/// Starts `strata build` again with glibc's heap in transparent huge pages, when
/// `HugePageRestart` says it helps; returns, and the build goes on as it is, otherwise or
/// when the executable cannot be started again.
enum HugePages {
    static func restartBuildIfUseful() {
        let arguments = CommandLine.arguments
        // The executable's own path, so the process keeps its name (`exe` otherwise).
        var path = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &path, Int(PATH_MAX))
        let executable = length > 0 && length < Int(PATH_MAX) ? String(cString: path) : nil
        let circumstances = HugePageRestart.Circumstances(
            arguments: arguments, tunables: environment("GLIBC_TUNABLES"),
            kernelSetting: systemFile("/sys/kernel/mm/transparent_hugepage/enabled"),
            glibcVersion: glibcVersion(), executable: executable, isSecure: isSecure(),
            optedOut: environment(HugePageRestart.optOutVariable) != nil, restarted: environment(HugePageRestart.restartedVariable) != nil
        )
        guard let tunables = HugePageRestart.tunables(circumstances), let executable else { return }
        let previous = environment("GLIBC_TUNABLES")
        setenv("GLIBC_TUNABLES", tunables, 1)
        setenv(HugePageRestart.restartedVariable, "1", 1)
        var argv = arguments.map { strdup($0) } + [nil]
        execv(executable, &argv)
        // Still here: exec failed, so the environment is put back as it was.
        if let previous { setenv("GLIBC_TUNABLES", previous, 1) } else { unsetenv("GLIBC_TUNABLES") }
        unsetenv(HugePageRestart.restartedVariable)
        for pointer in argv { free(pointer) }
    }

    // glibc's <gnu/libc-version.h> and <sys/auxv.h> are not in Swift's Glibc module: the two
    // functions are looked up, as main.swift looks up `mallopt`.

    /// glibc's version (`2.36`), or nil.
    private static func glibcVersion() -> String? {
        guard let symbol = dlsym(nil, "gnu_get_libc_version") else { return nil }
        typealias Version = @convention(c) () -> UnsafePointer<CChar>?
        return unsafeBitCast(symbol, to: Version.self)().map { String(cString: $0) }
    }

    /// Whether the kernel started this process in secure mode (`AT_SECURE`, 23: setuid,
    /// setgid or file capabilities); true when it cannot be told.
    private static func isSecure() -> Bool {
        guard let symbol = dlsym(nil, "getauxval") else { return true }
        typealias AuxiliaryValue = @convention(c) (UInt) -> UInt
        return unsafeBitCast(symbol, to: AuxiliaryValue.self)(23) != 0
    }

    private static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
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
