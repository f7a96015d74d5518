import Foundation

/// Sites several test suites only read, each built once per test process by the real
/// `strata` binary: Strata's own manual (about nine seconds of CPU in a debug build) and
/// the generated layered packages of the diagram gallery. The suites of every test target
/// run in one process, so the diagram checks of StrataBuildTests and the browser tests of
/// StrataCLITests look at the same build. A site is never changed after it is built; it is
/// removed with the process's scratch folder.
public enum SharedSites {
    /// The repository's root folder (where Package.swift is).
    public static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The `strata` executable built with the tests: the test bundle and the executable are
    /// built into the same folder.
    public static let executable: URL = {
        let bundleFolder = Bundle.main.bundleURL.deletingLastPathComponent()
        for candidate in [
            Bundle.main.bundleURL.appendingPathComponent("strata"), bundleFolder.appendingPathComponent("strata")
        ]
        where FileManager.default.isExecutableFile(atPath: candidate.path) {
            return candidate
        }
        return repository.appendingPathComponent(".build/debug/strata")
    }()

    /// A built site: the project it was built from and its output folder.
    public struct Site: Sendable {
        public let project: URL
        public let output: URL
    }

    /// Why a shared site could not be built: the command's exit status and its messages.
    public struct BuildFailure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Strata's own manual, built from this repository with `strata build --quiet` into a
    /// scratch folder.
    public static func ownManual() async throws -> Site {
        try await ownManualBuild.value
    }

    /// The generated package of `modules` layered modules (see `LayeredPackage`), written to
    /// a scratch folder and built with `strata build --quiet`.
    public static func layeredPackage(modules: Int) async throws -> Site {
        try await layeredBuilds.site(modules: modules)
    }

    private static let ownManualBuild = Task { () throws -> Site in
        let output = TestScratch.path("own-manual")
        try await build(["--output", output.path], in: repository)
        return Site(project: repository, output: output)
    }

    private static let layeredBuilds = LayeredBuilds()

    /// One build task per package size, started by the first test that asks for it.
    private actor LayeredBuilds {
        var tasks: [Int: Task<Site, Error>] = [:]

        func site(modules: Int) async throws -> Site {
            let task =
                tasks[modules]
                ?? Task {
                    let project = TestScratch.path("layered-\(modules)")
                    for (path, text) in LayeredPackage(modules: modules).files {
                        let url = project.appendingPathComponent(path)
                        try FileManager.default.createDirectory(
                            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                        try Data(text.utf8).write(to: url)
                    }
                    try await SharedSites.build([], in: project)
                    return Site(project: project, output: project.appendingPathComponent("Output"))
                }
            tasks[modules] = task
            return try await task.value
        }
    }

    private static func build(_ arguments: [String], in folder: URL) async throws {
        let run = try await ChildProcess.run(executable, ["build", "--quiet"] + arguments, in: folder)
        guard run.status == 0 else {
            throw BuildFailure(
                description: "strata build in \(folder.path) exited \(run.status): \(run.stderr.prefix(2_000))")
        }
    }
}
