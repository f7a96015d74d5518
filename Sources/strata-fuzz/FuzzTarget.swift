import StrataBuild

// The fuzz targets, run by `make fuzz` (scripts/fuzz.sh): `STRATA_FUZZ_TARGET=<target>
// strata-fuzz [libFuzzer options] [corpus folders]`. A fuzzing build (`swift build
// --sanitize fuzzer -Xswiftc -DSTRATA_FUZZING`) compiles this as a library and links
// libFuzzer, whose `main` calls `LLVMFuzzerTestOneInput` with each input; libFuzzer then
// reports any crash, any input slower than `-timeout` and any over `-rss_limit_mb`. Each
// target reads untrusted bytes the way a build does (see `FuzzEntryPoints`).
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

enum FuzzTargets {
    static let all: [String: @Sendable ([UInt8]) -> Void] = [
        "page": { _ = FuzzEntryPoints.page($0) },
        "swift-source": { _ = FuzzEntryPoints.swiftSource($0) },
        "manifest": { _ = FuzzEntryPoints.manifest($0) },
        "config": { _ = FuzzEntryPoints.configuration($0) },
        "pbxproj": { _ = FuzzEntryPoints.xcodeProject($0) },
        "diagram": { _ = FuzzEntryPoints.diagram($0) }
    ]

    /// Writes to standard error (Swift 6 will not touch the C `stderr` global).
    static func complain(_ text: String) {
        _ = text.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
    }

    static func chosen() -> (@Sendable ([UInt8]) -> Void)? {
        guard let name = getenv("STRATA_FUZZ_TARGET").map({ String(cString: $0) }), let target = all[name] else {
            complain("strata-fuzz: set STRATA_FUZZ_TARGET to one of \(all.keys.sorted().joined(separator: ", "))\n")
            return nil
        }
        return target
    }
}

#if STRATA_FUZZING
    nonisolated(unsafe) private var target: (@Sendable ([UInt8]) -> Void)?

    @_cdecl("LLVMFuzzerInitialize")
    package func initialize(
        _ argc: UnsafeMutablePointer<Int32>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
    ) -> Int32 {
        target = FuzzTargets.chosen()
        if target == nil { exit(2) }
        return 0
    }

    @_cdecl("LLVMFuzzerTestOneInput")
    package func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
        target?(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
        return 0
    }
#else
    /// An ordinary build has no fuzzer to drive the targets; it can only say so.
    @main
    struct StrataFuzz {
        static func main() {
            _ = FuzzTargets.chosen()
            FuzzTargets.complain("strata-fuzz: this build has no fuzzer; run `make fuzz`\n")
            exit(2)
        }
    }
#endif
