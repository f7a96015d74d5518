@testable import StrataCLI
import Testing

/// `strata build` starts itself again with glibc's heap in huge pages only where that can
/// help, only once, and never over a user's own setting.
@Suite struct HugePageRestartTests {
    static let madvise = "always [madvise] never\n"

    @Test func aBuildStartsAgainWithTheTunable() {
        #expect(HugePageRestart.tunables(arguments: ["strata", "build"], tunables: nil, kernelSetting: Self.madvise, optedOut: false) == "glibc.malloc.hugetlb=1")
        #expect(HugePageRestart.tunables(arguments: ["/x/strata", "build", "--strict", "-o", "Site"], tunables: "", kernelSetting: Self.madvise, optedOut: false) == "glibc.malloc.hugetlb=1")
    }

    @Test func theUsersTunablesAreKept() {
        #expect(HugePageRestart.tunables(arguments: ["strata", "build"], tunables: "glibc.malloc.arena_max=2", kernelSetting: Self.madvise, optedOut: false)
            == "glibc.malloc.arena_max=2:glibc.malloc.hugetlb=1")
    }

    @Test func onlyOnceAndNeverOverTheUsersChoice() {
        for tunables in ["glibc.malloc.hugetlb=1", "glibc.malloc.hugetlb=0", "glibc.malloc.arena_max=2:glibc.malloc.hugetlb=2"] {
            #expect(HugePageRestart.tunables(arguments: ["strata", "build"], tunables: tunables, kernelSetting: Self.madvise, optedOut: false) == nil, "\(tunables)")
        }
    }

    @Test func otherCommandsAndKernelsWithoutTheChoiceGoOn() {
        for arguments in [["strata"], ["strata", "graph"], ["strata", "serve"], ["strata", "check", "build"], ["strata", "--version"]] {
            #expect(HugePageRestart.tunables(arguments: arguments, tunables: nil, kernelSetting: Self.madvise, optedOut: false) == nil, "\(arguments)")
        }
        for setting in ["[always] madvise never\n", "always madvise [never]\n", nil] {
            #expect(HugePageRestart.tunables(arguments: ["strata", "build"], tunables: nil, kernelSetting: setting, optedOut: false) == nil, "\(setting ?? "no file")")
        }
        #expect(HugePageRestart.tunables(arguments: ["strata", "build"], tunables: nil, kernelSetting: Self.madvise, optedOut: true) == nil)
    }
}
