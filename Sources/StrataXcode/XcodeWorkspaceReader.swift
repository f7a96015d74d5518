import StrataCore

/// Reads `contents.xcworkspacedata`: the projects and folders (Swift packages among them) a
/// workspace lists, inside its groups. The file is small XML of two elements, `Group` and
/// `FileRef`, read here without an XML library.
package struct XcodeWorkspaceReader: Sendable {
    /// One entry of the workspace.
    package struct Reference: Hashable, Sendable {
        /// Relative to the Strata project folder (absolute when the workspace says so and
        /// it is outside it).
        package var path: String
        package var location: SourceLocation
    }

    /// The `.xcworkspace` folder, relative to the Strata project folder.
    package let workspacePath: String
    package let rootPath: String

    package init(workspacePath: String, rootPath: String) {
        self.workspacePath = RelativePath.normalize(workspacePath)
        self.rootPath = rootPath
    }

    package var filePath: String { RelativePath.join(workspacePath, "contents.xcworkspacedata") }

    /// Every `FileRef`, in order.
    /// - Throws: a `Diagnostic` (`xcode.invalid-workspace`) for a tag that is never closed.
    package func read(_ bytes: [UInt8]) throws -> [Reference] {
        let text = String(decoding: bytes, as: UTF8.self)
        let container = RelativePath.parent(workspacePath)
        var groups: [String] = [container]
        var references: [Reference] = []
        var line = 1
        var index = text.startIndex
        while let open = text[index...].firstIndex(of: "<") {
            line += text[index..<open].utf8.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
            guard let close = text[open...].firstIndex(of: ">") else {
                throw Diagnostic.error(
                    "xcode.invalid-workspace", "this workspace file cannot be read: a tag is never closed",
                    at: SourceLocation(path: filePath, line: line))
            }
            let tag = text[text.index(after: open)..<close]
            let tagLine = line
            line += tag.utf8.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
            index = text.index(after: close)
            if tag.hasPrefix("/Group") {
                if groups.count > 1 { groups.removeLast() }
                continue
            }
            let isGroup = tag.hasPrefix("Group")
            guard isGroup || tag.hasPrefix("FileRef") else { continue }
            let selfClosing = tag.hasSuffix("/")
            let base = groups.last ?? container
            let resolved = Self.attribute("location", in: tag).flatMap { resolve($0, base: base, container: container) }
            if isGroup {
                if !selfClosing { groups.append(resolved ?? base) }
            } else if let resolved {
                references.append(Reference(path: resolved, location: SourceLocation(path: filePath, line: tagLine)))
            }
        }
        return references
    }

    /// `group:`, `container:`, `absolute:` and `self:` locations; nil for `developer:` and
    /// other places outside the sources.
    func resolve(_ location: String, base: String, container: String) -> String? {
        guard let colon = location.firstIndex(of: ":") else { return nil }
        let kind = location[..<colon]
        let path = String(location[location.index(after: colon)...])
        switch kind {
        case "group": return RelativePath.join(base, path)
        case "container": return RelativePath.join(container, path)
        case "self": return RelativePath.parent(workspacePath)
        case "absolute": return RelativePath.relative(path, to: rootPath)
        default: return nil
        }
    }

    /// The value of `name = "…"` in a tag, unescaped.
    static func attribute(_ name: String, in tag: Substring) -> String? {
        var rest = tag[...]
        while let found = rest.firstRange(of: name) {
            var cursor = found.upperBound
            let before = found.lowerBound == tag.startIndex ? " " : tag[tag.index(before: found.lowerBound)]
            rest = tag[found.upperBound...]
            guard before.isWhitespace else { continue }
            while cursor < tag.endIndex, tag[cursor].isWhitespace { cursor = tag.index(after: cursor) }
            guard cursor < tag.endIndex, tag[cursor] == "=" else { continue }
            cursor = tag.index(after: cursor)
            while cursor < tag.endIndex, tag[cursor].isWhitespace { cursor = tag.index(after: cursor) }
            guard cursor < tag.endIndex, tag[cursor] == "\"" || tag[cursor] == "'" else { continue }
            let quote = tag[cursor]
            let start = tag.index(after: cursor)
            guard let end = tag[start...].firstIndex(of: quote) else { return nil }
            return unescape(String(tag[start..<end]))
        }
        return nil
    }

    static func unescape(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = text
        for (entity, character) in [("&quot;", "\""), ("&apos;", "'"), ("&lt;", "<"), ("&gt;", ">"), ("&amp;", "&")] {
            result = result.split(separator: entity, omittingEmptySubsequences: false).joined(separator: character)
        }
        return result
    }
}
