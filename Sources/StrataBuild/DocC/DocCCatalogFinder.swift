import Foundation
import StrataCore

/// Finds the DocC catalogs a build documents: every `.docc` folder inside the source folder
/// of a target it read (where SwiftPM and Xcode look for a target's catalog), and those at
/// the project's top level (an app's, which its Xcode project lists among its sources).
struct DocCCatalogFinder {
    /// A catalog found: its folder, relative to the project, and the module it documents.
    struct Found: Hashable, Sendable {
        var folder: String
        var module: String?
        /// Where `docc:` in strata.yml names it, if it does.
        var declaredAt: SourceLocation? = nil
    }

    let project: ProjectFiles

    /// How deep below a target's folder a catalog is looked for.
    static let searchDepth = 4

    /// The catalogs, and the folders `docc:` names that are not there.
    func catalogs(graph: ModuleGraph?, config: StrataConfig = StrataConfig()) -> (found: [Found], missing: [Diagnostic])
    {
        var found: [Found] = []
        var seen: Set<String> = []
        var missing: [Diagnostic] = []
        for node in (graph?.nodes ?? []).sorted(by: { $0.id < $1.id }) where node.isTarget && !node.isTest {
            guard let folder = node.sourcePath, !folder.hasPrefix("/"), !folder.split(separator: "/").contains("..")
            else { continue }
            for catalog in search(folder, depth: Self.searchDepth) where seen.insert(catalog).inserted {
                found.append(Found(folder: catalog, module: node.id))
            }
        }
        for catalog in search("", depth: 1) where seen.insert(catalog).inserted {
            found.append(Found(folder: catalog, module: nil))
        }
        for (folder, location) in zip(config.doccCatalogs, config.doccCatalogLocations) {
            let normalized = folder.hasPrefix("./") ? String(folder.dropFirst(2)) : folder
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: project.url(normalized).path, isDirectory: &isFolder),
                isFolder.boolValue
            else {
                missing.append(
                    .error("config.invalid-value", "docc: the catalog '\(folder)' does not exist", at: location))
                continue
            }
            if seen.insert(normalized).inserted {
                found.append(Found(folder: normalized, module: nil, declaredAt: location))
            }
        }
        return (found, missing)
    }

    /// The `.docc` folders in `folder` and below it, to `depth` levels, sorted; hidden
    /// folders and other bundles are not entered.
    private func search(_ folder: String, depth: Int) -> [String] {
        guard depth > 0 else { return [] }
        let absolute = folder.isEmpty ? project.root.path : project.url(folder).path
        guard let entries = try? project.entries(of: absolute) else { return [] }
        var found: [String] = []
        for entry in entries {
            guard let name = entry.name, !name.hasPrefix("."), FolderListing.isFolder(entry, in: absolute) else {
                continue
            }
            let path = folder.isEmpty ? name : folder + "/" + name
            if name.lowercased().hasSuffix(".docc") {
                found.append(path)
            } else if !SourceFileResolver.isBundle(name), !Self.skipped.contains(name) {
                found += search(path, depth: depth - 1)
            }
        }
        return found.sorted()
    }

    /// Folders that hold no catalog of the project's own.
    static let skipped: Set<String> = [".build", "node_modules", "Pods", "Carthage", "DerivedData", "build"]
}
