import StrataCore

/// The write stage: a build the judge passed is written into a fresh folder beside the
/// output folder, which then takes the output folder's place in one step (`OutputWriter`).
/// A failed build writes nothing.
struct WriteStage: Sendable {
    let writer: OutputWriter

    /// Writes `rendering` when `result` says the build passed; the search index, when it
    /// is still being made, is written last and measured.
    func run(_ rendering: RenderedSite, result: inout BuildResult) throws {
        guard result.outcome == .written else { return }
        try writer.write(rendering.files, last: rendering.searchIndex)
        if let index = rendering.searchIndex { result.searchIndexBytes = index().contents.count }
    }
}
