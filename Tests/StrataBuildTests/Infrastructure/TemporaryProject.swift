import Foundation
import StrataBuild
import StrataCore
import StrataTestSupport

/// A project folder in the temporary directory, made from a fixture under `Tests/Fixtures`
/// or from literal files, so builds in tests never write into the repository.
final class TemporaryProject {
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    let root: URL

    init(files: [String: String] = [:]) throws {
        root = TestScratch.path("project")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        for (path, text) in files {
            try write(path, Data(text.utf8))
        }
    }

    convenience init(fixture: String) throws {
        try self.init()
        let source = Self.fixtures.appendingPathComponent("sites/\(fixture)")
        for name in try FileManager.default.contentsOfDirectory(atPath: source.path) {
            try FileManager.default.copyItem(
                at: source.appendingPathComponent(name), to: root.appendingPathComponent(name))
        }
    }

    /// A copy of `Tests/Fixtures/packages/<fixture>`.
    convenience init(packages fixture: String) throws {
        try self.init()
        let source = Self.fixtures.appendingPathComponent("packages/\(fixture)")
        for name in try FileManager.default.contentsOfDirectory(atPath: source.path) {
            try FileManager.default.copyItem(
                at: source.appendingPathComponent(name), to: root.appendingPathComponent(name))
        }
    }

    /// A copy of `Tests/Fixtures/xcode/<fixture>`.
    convenience init(xcode fixture: String) throws {
        try self.init()
        let source = Self.fixtures.appendingPathComponent("xcode/\(fixture)")
        for name in try FileManager.default.contentsOfDirectory(atPath: source.path) {
            try FileManager.default.copyItem(
                at: source.appendingPathComponent(name), to: root.appendingPathComponent(name))
        }
    }

    /// A copy of `Tests/Fixtures/docc/<fixture>`.
    convenience init(docc fixture: String) throws {
        try self.init()
        let source = Self.fixtures.appendingPathComponent("docc/\(fixture)")
        for name in try FileManager.default.contentsOfDirectory(atPath: source.path) {
            try FileManager.default.copyItem(
                at: source.appendingPathComponent(name), to: root.appendingPathComponent(name))
        }
    }

    /// A copy of `Tests/Fixtures/check/<fixture>`.
    convenience init(check fixture: String) throws {
        try self.init()
        let source = Self.fixtures.appendingPathComponent("check/\(fixture)")
        for name in try FileManager.default.contentsOfDirectory(atPath: source.path) {
            try FileManager.default.copyItem(
                at: source.appendingPathComponent(name), to: root.appendingPathComponent(name))
        }
    }

    /// Reads the module graph of the package in `folder`, which may also read the folders
    /// `allowing` names (relative to this project, as `--allow-read` would).
    func loadGraph(_ folder: String = ".", mode: ManifestMode = .syntax, allowing: [String] = []) throws
        -> PackageGraphLoader.Loaded
    {
        let project = ProjectFiles(root: url(folder), workingDirectory: url(folder), allowedReads: allowing.map(url))
        return try PackageGraphLoader(project: project, mode: mode).load()
    }

    deinit {
        TestScratch.remove(root)
    }

    func write(_ path: String, _ data: Data) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    func url(_ path: String) -> URL { root.appendingPathComponent(path) }

    func build(_ options: BuildOptions = BuildOptions()) -> BuildResult {
        SiteBuilder(project: ProjectFiles(root: root, workingDirectory: root), options: options).build()
    }

    /// Every file under `folder` (relative paths → bytes), hidden files included.
    func files(in folder: String = "Output") -> [String: Data] {
        let base = url(folder).standardizedFileURL
        var result: [String: Data] = [:]
        guard let enumerator = FileManager.default.enumerator(at: base, includingPropertiesForKeys: [.isRegularFileKey])
        else { return result }
        for case let file as URL in enumerator
        where (try? file.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true {
            let relative = String(file.standardizedFileURL.path.dropFirst(base.path.count + 1))
            result[relative] = try? Data(contentsOf: file)
        }
        return result
    }

    func text(_ path: String) -> String {
        (try? String(contentsOf: url(path), encoding: .utf8)) ?? ""
    }

    /// Diagnostics as printed, for compact assertions.
    static func lines(_ result: BuildResult) -> [String] {
        result.diagnostics.map(\.description)
    }
}
