import StrataCore

/// One file of an XcodeGen spec (`project.yml` or a file it includes), as XcodeGen combines
/// them: the paths each file writes are made relative to the Strata project folder first
/// (an included file's paths are relative to its own folder unless it says
/// `relativePaths: false`), then a file is merged onto the files it includes, in order —
/// mappings merged key by key, lists joined, any other value replaced, `key:REPLACE`
/// replacing whatever was there.
package struct XcodeGenSpecFile: Sendable {
    /// The spec file, relative to the Strata project folder.
    package var path: String
    package var root: DataNode
    /// The folder its paths are relative to, relative to the Strata project folder.
    package var baseFolder: String

    package init(path: String, root: DataNode, baseFolder: String) {
        self.path = path
        self.root = root
        self.baseFolder = baseFolder
    }

    /// The files it includes (`include:` as a path, a list of paths, or mappings with
    /// `path:`), each with its base folder, in the order written.
    package var includes: [(path: String, baseFolder: String, location: SourceLocation)] {
        guard let include = root["include"] else { return [] }
        let entries = include.items ?? [include]
        let folder = RelativePath.parent(path)
        return entries.compactMap { entry in
            guard let written = entry.scalar ?? entry["path"]?.scalar, !written.isEmpty else { return nil }
            let file = RelativePath.join(folder, written)
            let relative = entry["relativePaths"]?.scalar.map { !["false", "no", "NO", "False"].contains($0) } ?? true
            return (file, relative ? RelativePath.parent(file) : baseFolder, entry.location)
        }
    }

    /// The file's mapping with its paths made relative to the Strata project folder.
    package var resolved: DataNode {
        var copy = root
        copy.transform("targets") { $0.transformValues { Self.resolveTarget($0, base: baseFolder) } }
        copy.transform("targetTemplates") { $0.transformValues { Self.resolveTarget($0, base: baseFolder) } }
        copy.transform("packages") {
            $0.transformValues { package in
                var package = package
                package.transform("path") { Self.resolvePath($0, base: baseFolder) }
                return package
            }
        }
        copy.transform("localPackages") { list in
            DataNode(
                .sequence((list.items ?? [list]).map { Self.resolvePath($0, base: baseFolder) }), at: list.location)
        }
        copy.transform("projectReferences") {
            $0.transformValues { reference in
                var reference = reference
                reference.transform("path") { Self.resolvePath($0, base: baseFolder) }
                return reference
            }
        }
        return copy
    }

    static func resolveTarget(_ target: DataNode, base: String) -> DataNode {
        var target = target
        target.transform("sources") { sources in
            if sources.scalar != nil { return resolvePath(sources, base: base) }
            return DataNode(
                .sequence(
                    (sources.items ?? []).map { source in
                        if source.scalar != nil { return resolvePath(source, base: base) }
                        var source = source
                        source.transform("path") { resolvePath($0, base: base) }
                        return source
                    }), at: sources.location)
        }
        target.transform("dependencies") { dependencies in
            DataNode(
                .sequence(
                    (dependencies.items ?? []).map { dependency in
                        var dependency = dependency
                        dependency.transform("framework") { resolvePath($0, base: base) }
                        return dependency
                    }), at: dependencies.location)
        }
        return target
    }

    static func resolvePath(_ node: DataNode, base: String) -> DataNode {
        guard let text = node.scalar else { return node }
        var copy = node
        copy.value = .scalar(RelativePath.join(base, text))
        return copy
    }

    /// `spec` merged onto `base`, as XcodeGen merges a file onto what it includes.
    package static func merge(_ spec: DataNode, onto base: DataNode) -> DataNode {
        guard let pairs = spec.pairs, var merged = base.pairs else { return spec }
        for pair in pairs {
            guard let key = pair.key.scalar else { continue }
            if key.hasSuffix(":REPLACE") {
                let plain = String(key.dropLast(":REPLACE".count))
                var replaced = pair
                replaced.key.value = .scalar(plain)
                set(&merged, plain, replaced)
                continue
            }
            guard let index = merged.firstIndex(where: { $0.key.scalar == key }) else {
                merged.append(pair)
                continue
            }
            let existing = merged[index].value
            var combined = pair
            if existing.pairs != nil, pair.value.pairs != nil {
                combined.value = merge(pair.value, onto: existing)
            } else if let old = existing.items, let new = pair.value.items {
                combined.value = DataNode(.sequence(old + new), at: pair.value.location)
            }
            merged[index] = combined
        }
        return DataNode(.mapping(merged), at: spec.location)
    }

    static func set(_ pairs: inout [DataNode.Pair], _ key: String, _ pair: DataNode.Pair) {
        if let index = pairs.firstIndex(where: { $0.key.scalar == key }) {
            pairs[index] = pair
        } else {
            pairs.append(pair)
        }
    }
}

extension DataNode {
    /// The value of a mapping's key (the last one written), or nil.
    package subscript(key: String) -> DataNode? {
        pairs?.last(where: { $0.key.scalar == key })?.value
    }

    /// Replaces the value of `key`, when there is one.
    mutating func transform(_ key: String, _ change: (DataNode) -> DataNode) {
        guard case .mapping(var pairs) = value, let index = pairs.lastIndex(where: { $0.key.scalar == key }) else {
            return
        }
        pairs[index].value = change(pairs[index].value)
        value = .mapping(pairs)
    }

    /// A mapping with every value changed.
    func transformValues(_ change: (DataNode) -> DataNode) -> DataNode {
        guard let pairs else { return self }
        return DataNode(
            .mapping(pairs.map { DataNode.Pair(key: $0.key, value: change($0.value)) }), at: location, quoted: isQuoted)
    }
}
