import CCmarkGFM
import StrataCore

/// A run of examples beside a block: code blocks, each perhaps under a label paragraph
/// ("👎 No Good", "**Good:**", `BAD: calling the API`), read from the siblings after (or
/// before) a node until something else stands there.
struct ExampleRun {
    var examples: [GuidanceBlock.Example] = []
    /// What each example's first comment line says (`// CORRECT — …`), used when neither
    /// a label, the fence nor the block gives a verdict.
    var commentLabels: [ExampleVerdict.Label?] = []
    var codeNodes: [CMarkNode] = []
    var labelNodes: [CMarkNode] = []
    /// The first and last node the run covers, in document order.
    var first: CMarkNode?
    var last: CMarkNode?

    /// The examples after `node`.
    static func after(_ node: CMarkNode) -> ExampleRun {
        var run = ExampleRun()
        var current = node.next
        while let sibling = current {
            if sibling.type == CMARK_NODE_CODE_BLOCK {
                run.append(sibling, label: nil, labelNode: nil)
                current = sibling.next
            } else if sibling.type == CMARK_NODE_PARAGRAPH, let code = sibling.next, code.type == CMARK_NODE_CODE_BLOCK,
                let label = label(of: sibling)
            {
                run.append(code, label: label, labelNode: sibling)
                current = code.next
            } else {
                break
            }
        }
        return run
    }

    /// The examples right before `node` (`EXAMPLE: above`), in document order, up to code
    /// another block has taken.
    static func before(_ node: CMarkNode, excluding claimed: Set<OpaquePointer> = []) -> ExampleRun {
        var found: [(code: CMarkNode, label: ExampleVerdict.Label?, labelNode: CMarkNode?)] = []
        var current = node.previous
        while let sibling = current, sibling.type == CMARK_NODE_CODE_BLOCK, !claimed.contains(sibling.pointer) {
            if let paragraph = sibling.previous, paragraph.type == CMARK_NODE_PARAGRAPH,
                let label = label(of: paragraph)
            {
                found.append((sibling, label, paragraph))
                current = paragraph.previous
            } else {
                found.append((sibling, nil, nil))
                current = sibling.previous
            }
        }
        var run = ExampleRun()
        for item in found.reversed() { run.append(item.code, label: item.label, labelNode: item.labelNode) }
        return run
    }

    mutating func append(_ code: CMarkNode, label: ExampleVerdict.Label?, labelNode: CMarkNode?) {
        let info = code.fenceInfo.trimmingWhitespace
        let language = info.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init)
        let verdict = label?.verdict ?? ExampleVerdict.verdict(ofInfo: info)
        examples.append(
            GuidanceBlock.Example(language: language, code: code.literal, verdict: verdict, caption: label?.caption))
        commentLabels.append(ExampleVerdict.label(ofCode: code.literal))
        codeNodes.append(code)
        if let labelNode { labelNodes.append(labelNode) }
        if first == nil { first = labelNode ?? code }
        last = code
    }

    /// A paragraph that labels the code after it: a verdict keyword (`GOOD: …`) or a short
    /// line starting with one ("👍 Good", "Wrong:", "CORRECT — owning a view model").
    static func label(of paragraph: CMarkNode) -> ExampleVerdict.Label? {
        let text = GuidanceExtractor.inlineText(of: paragraph)
        let tokens = GuidanceAssembler.tokenize([GuidanceAssembler.Piece(text)])
        // A paragraph with a block's keywords in it is that block's, never a label.
        let holdsABlock = tokens.contains { token in
            if case .keyword(let keyword, _, _) = token { return keyword.verdict == nil }
            return false
        }
        guard !holdsABlock else { return nil }
        if case .keyword(let keyword, _, _)? = tokens.first, let verdict = keyword.verdict {
            let rest = tokens.dropFirst().compactMap { token -> String? in
                if case .text(let value, _) = token { return value }
                return nil
            }.joined()
            let caption = GuidanceAssembler.clean(rest)
            return ExampleVerdict.Label(verdict: verdict, caption: caption.isEmpty ? nil : caption)
        }
        guard text.split(separator: " ").count <= 12, let label = ExampleVerdict.label(text) else { return nil }
        // "Okay, now the view:" is a sentence.
        let opening = text.drop { !$0.isLetter }.prefix { $0.isLetter || $0 == " " || $0 == "'" }
        if text.drop(while: { !$0.isLetter }).dropFirst(opening.count).first == ",", label.caption != nil { return nil }
        return label
    }
}
