import StrataCore

/// Stage 7, write: the build judged (errors fail it; warnings too under `--strict`) and,
/// when it passed, its files written into a fresh folder beside the output folder, which
/// then takes the output folder's place in one step (`OutputWriter`). A failed build writes
/// nothing.
struct WriteStage: Sendable {
    let options: BuildOptions
    let writer: OutputWriter

    /// The build's outcome, from its diagnostics alone.
    static func outcome(of diagnostics: [Diagnostic], strict: Bool) -> BuildResult.Outcome {
        if diagnostics.contains(where: { $0.severity == .error }) { return .failed }
        if strict, diagnostics.contains(where: { $0.severity == .warning }) { return .failedStrict }
        return .written
    }

    /// Writes `rendering` when `result` says the build passed; the search index, when it
    /// is still being made, is written last and measured.
    func run(_ rendering: RenderedSite, result: inout BuildResult) throws {
        guard result.outcome == .written else { return }
        try writer.write(rendering.files, last: rendering.searchIndex)
        if let index = rendering.searchIndex { result.searchIndexBytes = index().contents.count }
    }
}
