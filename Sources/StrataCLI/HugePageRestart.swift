/// Whether `strata build` should start itself again with glibc's heap in transparent huge
/// pages.
///
/// A build touches tens of megabytes of fresh heap in a fraction of a second (the parsed
/// pages above all), and on Linux every 4 KB page of it is a fault: the fault itself,
/// zeroing, charging it to the process. Where the kernel gives huge pages on request
/// (`madvise`, Debian's and Ubuntu's default), glibc asks for them for each of its heaps
/// when its `glibc.malloc.hugetlb=1` tunable is set (glibc 2.35 and later), and a process
/// reads its tunables only as it starts. On the 48-page book, 7,600 page faults become
/// 1,600 and the build takes 9% less time, its second start included
/// (Content/reference/performance.md).
public enum HugePageRestart {
    public static let tunable = "glibc.malloc.hugetlb=1"
    /// Set (to anything) to build without starting again.
    public static let optOutVariable = "STRATA_NO_HUGE_PAGES"
    /// Set by the restart itself: glibc drops `GLIBC_TUNABLES` for a program run with
    /// raised privileges, so the tunable alone cannot say the restart happened.
    public static let restartedVariable = "STRATA_HUGE_PAGES_RESTARTED"

    /// What decides it, as the process finds it.
    public struct Circumstances: Sendable {
        /// The command line, the program first.
        public var arguments: [String]
        /// `GLIBC_TUNABLES` as it is (a user's own settings are kept).
        public var tunables: String?
        /// /sys/kernel/mm/transparent_hugepage/enabled (`always [madvise] never`): with
        /// `always` huge pages are already used, with `never` never.
        public var kernelSetting: String?
        /// glibc's version (`2.36`); older than 2.35 knows no such tunable.
        public var glibcVersion: String?
        /// The executable the kernel started (/proc/self/exe): not this program when it was
        /// started through the dynamic loader (`ld-linux-x86-64.so.2 ./strata build`).
        public var executable: String?
        /// Whether the process runs with raised privileges (setuid, capabilities).
        public var isSecure: Bool
        /// Whether `STRATA_NO_HUGE_PAGES` or `STRATA_HUGE_PAGES_RESTARTED` is set.
        public var optedOut: Bool
        public var restarted: Bool

        public init(
            arguments: [String], tunables: String?, kernelSetting: String?, glibcVersion: String?, executable: String?,
            isSecure: Bool = false, optedOut: Bool = false, restarted: Bool = false
        ) {
            self.arguments = arguments
            self.tunables = tunables
            self.kernelSetting = kernelSetting
            self.glibcVersion = glibcVersion
            self.executable = executable
            self.isSecure = isSecure
            self.optedOut = optedOut
            self.restarted = restarted
        }
    }

    /// The `GLIBC_TUNABLES` to start again with, or nil to go on as this process is.
    public static func tunables(_ given: Circumstances) -> String? {
        guard !given.optedOut, !given.restarted, !given.isSecure, given.arguments.count > 1, given.arguments[1] == "build",
              given.kernelSetting?.contains("[madvise]") == true, knowsTheTunable(glibc: given.glibcVersion),
              let executable = given.executable, !isDynamicLoader(executable) else { return nil }
        let current = given.tunables ?? ""
        // Set already by the user, whose choice stands.
        guard !current.contains("glibc.malloc.hugetlb") else { return nil }
        return current.isEmpty ? tunable : current + ":" + tunable
    }

    /// Whether glibc `version` (`2.36`) reads `glibc.malloc.hugetlb` (2.35 and later).
    static func knowsTheTunable(glibc version: String?) -> Bool {
        let parts = (version ?? "").split(separator: ".").compactMap { Int($0) }
        guard parts.count >= 2 else { return false }
        return parts[0] > 2 || parts[0] == 2 && parts[1] >= 35
    }

    /// Whether `path` is the dynamic loader (`/lib64/ld-linux-x86-64.so.2`, `ld.so`,
    /// `ld-musl-x86_64.so.1`) rather than a program.
    static func isDynamicLoader(_ path: String) -> Bool {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name.hasPrefix("ld-") || name.hasPrefix("ld.so")
    }
}
