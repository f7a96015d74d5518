import StrataCore

/// Keeps apart the `private` / `fileprivate` types of the same name that files of one module
/// each declare (`BundleToken`, `PreviewState`, `_Content`): Swift sees each only in its file,
/// so each is its own type. Before anything resolves names, such a type is renamed, in its
/// file only, to `Name (File.swift)` — its declaration, its extensions there, the types nested
/// in it, and the references and enclosing types that name it — so the types cannot be
/// merged, and a report says which one it means. Types of a name no other file declares keep
/// their name.
enum FilePrivateTypes {
    static func separate(_ symbols: [String: SwiftSymbols], graph: ModuleGraph) -> [String: SwiftSymbols] {
        var result = symbols
        for node in graph.nodes where node.isTarget {
            let files = node.sourceFiles.filter { symbols[$0] != nil }
            // Name → the files declaring it, and whether each declaration is file-private.
            var declaredIn: [String: [(file: String, isFilePrivate: Bool)]] = [:]
            for file in files {
                for declaration in symbols[file]?.declarations ?? []
                where declaration.kind != .extension && declaration.container == nil {
                    declaredIn[declaration.name, default: []].append((file, declaration.isFilePrivate))
                }
            }
            var renames: [String: [String: String]] = [:]
            let basenames = Dictionary(grouping: files, by: { $0.split(separator: "/").last.map(String.init) ?? $0 })
            for (name, places) in declaredIn where Set(places.map(\.file)).count > 1 {
                for place in places where place.isFilePrivate {
                    let base = place.file.split(separator: "/").last.map(String.init) ?? place.file
                    let shown = (basenames[base]?.count ?? 0) > 1 ? place.file : base
                    renames[place.file, default: [:]][name] = "\(name) (\(shown))"
                }
            }
            for (file, names) in renames {
                guard var fileSymbols = result[file] else { continue }
                func renamed(_ text: String?) -> String? {
                    guard let text else { return nil }
                    let dot = text.firstIndex(of: ".")
                    let first = dot.map { String(text[..<$0]) } ?? text
                    guard let new = names[first] else { return text }
                    return new + (dot.map { String(text[$0...]) } ?? "")
                }
                for index in fileSymbols.declarations.indices {
                    fileSymbols.declarations[index].name = renamed(fileSymbols.declarations[index].name) ?? ""
                    fileSymbols.declarations[index].container = renamed(fileSymbols.declarations[index].container)
                }
                for index in fileSymbols.references.indices {
                    fileSymbols.references[index].name = renamed(fileSymbols.references[index].name) ?? ""
                    fileSymbols.references[index].enclosingType = renamed(fileSymbols.references[index].enclosingType)
                    fileSymbols.references[index].declaredIn = renamed(fileSymbols.references[index].declaredIn)
                    fileSymbols.references[index].extendedType = renamed(fileSymbols.references[index].extendedType)
                }
                result[file] = fileSymbols
            }
        }
        return result
    }
}
