/// Whether `strata build` should start itself again with glibc's heap in transparent huge
/// pages.
///
/// A build touches tens of megabytes of fresh heap in a fraction of a second (the parsed
/// pages above all), and on Linux every 4 KB page of it is a fault: the fault itself,
/// zeroing, charging it to the process. Where the kernel gives huge pages on request
/// (`madvise`, Debian's and Ubuntu's default), glibc asks for them for each of its heaps
/// when its `glibc.malloc.hugetlb=1` tunable is set, and a process reads its tunables only
/// as it starts. On the 48-page book, 7,600 page faults become 1,600 and the build takes
/// 9% less time, its second start included (Content/reference/performance.md).
public enum HugePageRestart {
    public static let tunable = "glibc.malloc.hugetlb=1"
    /// Set (to anything) to build without starting again.
    public static let optOutVariable = "STRATA_NO_HUGE_PAGES"

    /// The `GLIBC_TUNABLES` to start again with, or nil to go on as this process is.
    /// - Parameters:
    ///   - arguments: the command line, the program first.
    ///   - tunables: `GLIBC_TUNABLES` as it is (a user's own settings are kept).
    ///   - kernelSetting: /sys/kernel/mm/transparent_hugepage/enabled (`always [madvise]
    ///     never`); with `always` huge pages are already used, with `never` never.
    public static func tunables(arguments: [String], tunables: String?, kernelSetting: String?, optedOut: Bool) -> String? {
        guard !optedOut, arguments.count > 1, arguments[1] == "build",
              kernelSetting?.contains("[madvise]") == true else { return nil }
        let current = tunables ?? ""
        // Set already: by this restart, or by the user, whose choice stands.
        guard !current.contains("glibc.malloc.hugetlb") else { return nil }
        return current.isEmpty ? tunable : current + ":" + tunable
    }
}
