import Foundation
import SwiftSyntax

/// The `// MARK: <name>` comments of a manifest, to tell which section a target is
/// declared under. A section counts only within the list it is written in, so a MARK
/// above a helper function does not leak into the targets array; a target declared
/// outside any list (`package.targets.append(…)`) takes only a MARK right above its
/// statement.
struct ManifestSections {
    private var marks: [(position: AbsolutePosition, name: String)] = []

    /// - Parameter scan: false when the text has no `MARK:` at all, to skip the walk.
    init(tree: SourceFileSyntax, scan: Bool = true) {
        guard scan else { return }
        for token in tree.tokens(viewMode: .sourceAccurate) {
            var offset = token.position
            for piece in token.leadingTrivia {
                if case .lineComment(let text) = piece, let name = Self.markName(text) {
                    marks.append((offset, name))
                }
                offset = offset.advanced(by: piece.sourceLength.utf8Length)
            }
        }
    }

    /// `// MARK: - Core` gives `Core`; `// MARK: -` alone names nothing.
    static func markName(_ comment: String) -> String? {
        var text = Substring(comment)
        guard text.hasPrefix("//") else { return nil }
        text = text.dropFirst(2).drop(while: { $0 == " " || $0 == "\t" })
        guard text.hasPrefix("MARK:") else { return nil }
        text = text.dropFirst(5).drop(while: { $0 == " " || $0 == "\t" })
        if text.hasPrefix("-") { text = text.dropFirst().drop(while: { $0 == " " || $0 == "\t" }) }
        let name = String(text).trimmingCharacters(in: .whitespaces)
        return name.isEmpty ? nil : name
    }

    func section(for node: Syntax) -> String? {
        guard !marks.isEmpty else { return nil }
        var lowerBound = AbsolutePosition(utf8Offset: 0)
        var statement: AbsolutePosition?
        var ancestor = node.parent
        while let current = ancestor {
            if current.is(ArrayExprSyntax.self) {
                lowerBound = current.position
                statement = nil
                break
            }
            // The statement's position is where its leading comments start.
            if statement == nil, current.is(CodeBlockItemSyntax.self) { statement = current.position }
            ancestor = current.parent
        }
        if let statement { lowerBound = statement }
        let position = node.positionAfterSkippingLeadingTrivia
        return marks.last(where: { $0.position >= lowerBound && $0.position < position })?.name
    }
}
