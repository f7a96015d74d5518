import StrataCore
import StrataSwiftSource

/// Reads the API of the modules of a graph from their Swift files, in parallel, with
/// swift-syntax, through `cache` (a preview reads again only the files that changed): the
/// libraries a package or a project builds, never its tests, tools or the modules of
/// packages it only depends on.
struct APIReader {
    /// What a file's API depends on: its bytes, which its stamp stands for.
    struct Fingerprint: MemoFingerprint, Equatable {
        var stamp: FileStamp

        func matches(_ previous: Fingerprint) -> Bool { self == previous }
        func isKeepable(settleTime: Int64) -> Bool { stamp.isSettled(after: settleTime) }
    }

    let project: ProjectFiles
    var cache: ItemCache<Fingerprint, APIFile?> = .none

    /// The modules whose API is documented: libraries (targets of the packages and projects
    /// read, with Swift files, that are neither tests, plugins nor macro implementations),
    /// and apps and tools too when `api: access:` is below public: their public API is
    /// rarely more than nothing, and reading all of an app's files for it would cost a large
    /// app's build seconds.
    static func documentedModules(_ graph: ModuleGraph, minimumAccess: APISymbol.Access) -> [ModuleNode] {
        let kinds: [ModuleNode.Kind] = minimumAccess < .public ? [.regular, .executable] : [.regular]
        return graph.nodes.filter { node in
            node.isTarget && kinds.contains(node.kind) && !node.sourceFiles.isEmpty
                && !(node.productType.map { $0.contains("test") } ?? false)
        }
    }

    /// Each documented module's API, in the graph's order; modules with none are left out.
    func read(_ graph: ModuleGraph, minimumAccess: APISymbol.Access) -> (
        modules: [ModuleAPI], diagnostics: [Diagnostic]
    ) {
        let modules = Self.documentedModules(graph, minimumAccess: minimumAccess)
        let files = modules.flatMap(\.sourceFiles)
        let extractor = APIExtractor()
        let project = project
        let cache = cache
        let read = ParallelMap.map(files) { file -> APIFile? in
            // Looked at before it is read: a save during the build is seen by the next one.
            cache.value(for: file, fingerprint: { FileStamp.of(project.path(file)).map(Fingerprint.init) }) {
                guard let bytes = try? project.readBytes(atPath: project.path(file), displayPath: file) else {
                    return nil
                }
                return extractor.api(in: String(decoding: bytes, as: UTF8.self), path: file)
            }
        }
        var byFile: [String: APIFile] = [:]
        for (file, found) in zip(files, read) {
            if let found { byFile[file] = found }
        }
        var result: [ModuleAPI] = []
        var diagnostics: [Diagnostic] = []
        for module in modules {
            let files = module.sourceFiles.sorted().compactMap { byFile[$0] }
            // A file nested too deep to read gives no API, and the rest of the site is built:
            // the reference is one page short, which a warning says, not a failed build.
            diagnostics += files.flatMap(\.diagnostics).map { found in
                var warning = found
                warning.severity = .warning
                return warning
            }
            let api = ModuleAPI(module: module.id, files: files, minimumAccess: minimumAccess)
            if !api.isEmpty { result.append(api) }
        }
        return (result, diagnostics)
    }
}
