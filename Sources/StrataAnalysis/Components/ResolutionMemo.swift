import Foundation
import StrataCore

/// Each file's resolved references, kept from one check to the next in the same process
/// (`strata serve`), so that a save resolves again only the files it can change: the file
/// saved, and the files that name a type whose declaration, visibility or layer changed.
/// A file's result is reused when its references are the same values, its file layer is the
/// same, and none of the names it writes, the types its code is in, or the types it names
/// are among what changed since the last check. Any change to the layers empties it.
package final class ResolutionMemo: @unchecked Sendable {
    private let lock = NSLock()
    private var layers: [LayerDeclaration]?
    /// Module → what its code could name, and the layers of its types, at the last check.
    private var environments: [String: Environment] = [:]
    private var entries: [String: Entry] = [:]
    private var _reused = 0

    package init() {}

    /// Files whose result the last check reused.
    package var reusedCount: Int { lock.withLock { _reused } }

    struct Environment {
        var own: Set<String>
        var others: [String: Set<String>]
        var typeLayers: [String: ComponentAssignment.Placed]
    }

    struct Entry {
        var module: String
        var isLayered: Bool
        var references: [TypeReference]
        var fileSpeaker: ResolvedReferences.Placed?
        /// Every name the file writes, with its first and last parts (`Feed`, `Item` of `Feed.Item`).
        var names: Set<String>
        /// The outermost types its code is in, and the declared types it names.
        var outermosts: Set<String>
        var targets: Set<TypeResolver.Target>
        var result: ResolvedReferences.FileResult
    }

    /// What changed in one module's environment since the last check.
    struct Changes {
        /// The module is new, or the modules it depends on changed: nothing is reused.
        var all = false
        var names: Set<String> = []
        var typesWithNewLayers: Set<String> = []
    }

    func begin(layers: [LayerDeclaration]) {
        lock.withLock {
            if self.layers != layers {
                environments = [:]
                entries = [:]
            }
            self.layers = layers
            _reused = 0
        }
    }

    /// How `module`'s environment changed, and remembers the new one.
    func changes(of module: String, now: Environment) -> Changes {
        lock.withLock {
            defer { environments[module] = now }
            guard let before = environments[module], Set(before.others.keys) == Set(now.others.keys) else {
                return Changes(all: true)
            }
            var changes = Changes()
            for name in before.own.symmetricDifference(now.own) { Self.addKeys(of: name, to: &changes.names) }
            for (other, names) in now.others {
                for name in (before.others[other] ?? []).symmetricDifference(names) {
                    Self.addKeys(of: name, to: &changes.names)
                }
            }
            for (type, placed) in now.typeLayers where before.typeLayers[type] != placed {
                changes.typesWithNewLayers.insert(type)
            }
            for type in before.typeLayers.keys where now.typeLayers[type] == nil {
                changes.typesWithNewLayers.insert(type)
            }
            return changes
        }
    }

    /// A file's previous result, when nothing it depends on changed.
    // swiftlint:disable:next function_parameter_count
    func result(
        for file: String, module: String, isLayered: Bool, references: [TypeReference],
        fileSpeaker: ResolvedReferences.Placed?, changes: Changes,
        typesWithNewLayers: Set<TypeResolver.Target>
    ) -> ResolvedReferences.FileResult? {
        lock.withLock {
            guard !changes.all, let entry = entries[file], entry.module == module, entry.isLayered == isLayered,
                entry.fileSpeaker == fileSpeaker,
                entry.references == references,
                changes.names.isDisjoint(with: entry.names),
                changes.typesWithNewLayers.isDisjoint(with: entry.outermosts),
                typesWithNewLayers.isDisjoint(with: entry.targets)
            else { return nil }
            _reused += 1
            return entry.result
        }
    }

    func remember(
        _ result: ResolvedReferences.FileResult, for file: String, module: String, isLayered: Bool,
        references: [TypeReference], fileSpeaker: ResolvedReferences.Placed?
    ) {
        var names: Set<String> = []
        for reference in references { Self.addKeys(of: reference.name, to: &names) }
        let entry = Entry(
            module: module, isLayered: isLayered, references: references, fileSpeaker: fileSpeaker, names: names,
            outermosts: Set(
                result.resolved.compactMap(\.speakingType).flatMap { [$0, ComponentAssignment.outermost($0)] }),
            targets: Set(result.resolved.flatMap(\.targets)), result: result
        )
        lock.withLock { entries[file] = entry }
    }

    /// Forgets the files the last check did not read: one that comes back is resolved again,
    /// against what the code declares by then.
    func keepOnly(_ files: Set<String>) {
        lock.withLock { entries = entries.filter { files.contains($0.key) } }
    }

    /// `Feed.Item` is `Feed.Item`, `Feed` and `Item`: a change to any can change what it means.
    static func addKeys(of name: String, to keys: inout Set<String>) {
        keys.insert(name)
        guard name.utf8.contains(UInt8(ascii: ".")) else { return }
        let parts = name.split(separator: ".")
        if let first = parts.first { keys.insert(String(first)) }
        if let last = parts.last { keys.insert(String(last)) }
    }
}
