import Foundation

/// Wall-clock times of the build's stages on standard error, when `STRATA_STAGE_TIMES=1`:
/// for finding where a rebuild's time goes (`make bench` measures the whole), never for
/// tests.
enum StageClock {
    static let isOn = ProcessInfo.processInfo.environment["STRATA_STAGE_TIMES"] == "1"

    static func measure<T>(_ name: String, _ work: () throws -> T) rethrows -> T {
        guard isOn else { return try work() }
        let start = DispatchTime.now().uptimeNanoseconds
        defer {
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
            FileHandle.standardError.write(Data("strata: \(name) \(String(format: "%.1f", elapsed)) ms\n".utf8))
        }
        return try work()
    }

    /// A line of its own among the times (what a stage found, not how long it took).
    static func note(_ text: String) {
        guard isOn else { return }
        FileHandle.standardError.write(Data("strata: \(text)\n".utf8))
    }
}
