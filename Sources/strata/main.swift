import Foundation
import StrataCLI
#if canImport(Glibc)
import Glibc

// `strata build` first starts itself again with glibc's heap in huge pages (HugePages).
HugePages.restartBuildIfUseful()

// A build allocates and frees a few hundred megabytes in seconds, on every core. glibc
// grows each thread's heap only by what an allocation needs, one `mprotect` per growth:
// 5,000 of them in a 48-page build, a fifth of its system time. Growing by 64 MB at a time
// (address space only: untouched pages cost no memory) takes that to 25, and 4-5% off a
// clean build. `strata serve` keeps glibc's default, which hands freed memory back sooner.
// (Setting the pad also fixes glibc's mmap threshold at 128 KB; measured, a net gain.)
// (`mallopt` and `M_TOP_PAD`, -2, are in glibc's <malloc.h>, which Swift's Glibc module
// does not import; the function is looked up instead.)
if !CommandLine.arguments.dropFirst().contains("serve"), let symbol = dlsym(nil, "mallopt") {
    typealias MallocOption = @convention(c) (Int32, Int32) -> Int32
    _ = unsafeBitCast(symbol, to: MallocOption.self)(-2, 64 << 20)
}
#endif

// `strata graph` and `strata build` in their usual forms run without the argument parser,
// whose reflection takes longer than reading a small package (PlainCommandLine), on this thread.
if let status = StrataCommand.executeWithoutParser(arguments: Array(CommandLine.arguments.dropFirst())) { exit(status) }
exit(await StrataCommand.execute())
