@testable import StrataCLI
import Testing

/// `strata build` starts itself again with glibc's heap in huge pages only where that can
/// help, only once, and never over a user's own setting.
@Suite struct HugePageRestartTests {
    static func given(
        _ arguments: [String] = ["strata", "build"], tunables: String? = nil, kernel: String? = "always [madvise] never\n",
        glibc: String? = "2.36", executable: String? = "/usr/local/bin/strata", secure: Bool = false, optedOut: Bool = false, restarted: Bool = false
    ) -> HugePageRestart.Circumstances {
        .init(arguments: arguments, tunables: tunables, kernelSetting: kernel, glibcVersion: glibc, executable: executable, isSecure: secure, optedOut: optedOut, restarted: restarted)
    }

    @Test func aBuildStartsAgainWithTheTunable() {
        #expect(HugePageRestart.tunables(Self.given()) == "glibc.malloc.hugetlb=1")
        #expect(HugePageRestart.tunables(Self.given(["/x/strata", "build", "--strict", "-o", "Site"], tunables: "")) == "glibc.malloc.hugetlb=1")
        #expect(HugePageRestart.tunables(Self.given(glibc: "2.35")) != nil)
        #expect(HugePageRestart.tunables(Self.given(glibc: "3.0")) != nil)
    }

    @Test func theUsersTunablesAreKept() {
        #expect(HugePageRestart.tunables(Self.given(tunables: "glibc.malloc.arena_max=2")) == "glibc.malloc.arena_max=2:glibc.malloc.hugetlb=1")
    }

    /// Once: the restart marks itself, since glibc drops `GLIBC_TUNABLES` for a program with
    /// raised privileges, which therefore never starts again either.
    @Test func onlyOnceAndNeverOverTheUsersChoice() {
        for tunables in ["glibc.malloc.hugetlb=1", "glibc.malloc.hugetlb=0", "glibc.malloc.arena_max=2:glibc.malloc.hugetlb=2"] {
            #expect(HugePageRestart.tunables(Self.given(tunables: tunables)) == nil, "\(tunables)")
        }
        #expect(HugePageRestart.tunables(Self.given(restarted: true)) == nil)
        #expect(HugePageRestart.tunables(Self.given(secure: true)) == nil)
        #expect(HugePageRestart.tunables(Self.given(optedOut: true)) == nil)
    }

    @Test func otherCommandsAndMachinesWithoutTheChoiceGoOn() {
        for arguments in [["strata"], ["strata", "graph"], ["strata", "serve"], ["strata", "check", "build"], ["strata", "--version"]] {
            #expect(HugePageRestart.tunables(Self.given(arguments)) == nil, "\(arguments)")
        }
        for setting in ["[always] madvise never\n", "always madvise [never]\n", nil] {
            #expect(HugePageRestart.tunables(Self.given(kernel: setting)) == nil, "\(setting ?? "no file")")
        }
        for glibc in ["2.34", "2.31", "", nil] {
            #expect(HugePageRestart.tunables(Self.given(glibc: glibc)) == nil, "glibc \(glibc ?? "unknown")")
        }
    }

    /// Started through the dynamic loader, /proc/self/exe is the loader: starting it again
    /// would load `build` as a program.
    @Test func notWhenStartedThroughTheDynamicLoader() {
        for loader in ["/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2", "/lib64/ld-linux-x86-64.so.2", "/lib/ld-musl-x86_64.so.1", "/usr/bin/ld.so"] {
            #expect(HugePageRestart.tunables(Self.given(executable: loader)) == nil, "\(loader)")
        }
        #expect(HugePageRestart.tunables(Self.given(executable: nil)) == nil, "no path (cut short, or no /proc)")
        #expect(HugePageRestart.tunables(Self.given(executable: "/opt/build-tools/strata")) != nil)
    }
}
