import CCmarkGFM
import StrataCore

/// Finds the guidance blocks of a page on its cmark-gfm syntax tree: keywords are read from
/// paragraphs only (in lists and quotes too), never from code spans or code blocks; the
/// code blocks that directly follow a block, each perhaps under a label ("👎 No Good",
/// `BAD:`), become its examples; and a section marked `RULES:` gives a rule per numbered
/// heading or list item, as does a section headed "Rules" or "Guidelines" whose
/// subsections or list items are numbered.
package struct GuidanceExtractor {
    /// The page, relative to the content folder and without extension (`guides/networking`):
    /// the start of every derived id.
    package let pageKey: String
    /// Section headings that make a rule set with no `RULES:` line (`guidance.rule_sets`).
    package let ruleSetHeadings: [String]

    /// What a section of rules is headed when strata.yml does not say.
    package static let defaultRuleSetHeadings = ["Rules", "Guidelines"]

    package init(pageKey: String, ruleSetHeadings: [String] = defaultRuleSetHeadings) {
        self.pageKey = pageKey
        self.ruleSetHeadings = ruleSetHeadings
    }

    package struct Result: Sendable {
        package var blocks: [GuidanceBlock]
        package var drafts: [GuidanceAssembler.Draft]
        /// Where each draft sits on the page, in the drafts' order.
        package var placements: [GuidancePlacement?]
        package var diagnostics: [Diagnostic]
    }

    package func extract(from document: MarkdownDocument) -> Result {
        var assembler = GuidanceAssembler()
        var heading: Heading? = document.titleHeading
        var paragraphs: [Int: CMarkNode] = [:]
        let ruleSets = RuleSetReader(document: document, ruleSetHeadings: ruleSetHeadings)
        let sets = ruleSets.read()
        let markers = Set(sets.compactMap { $0.marker.map { Int(bitPattern: $0.pointer) } })
        CMarkNode(document.root).forEachNode { node in
            switch node.type {
            case CMARK_NODE_HEADING:
                assembler.close()
                if let id = document.headingIDs[node.pointer] {
                    heading = document.headings.first { $0.id == id }
                }
            case CMARK_NODE_PARAGRAPH
            where !document.hiddenBlocks.contains(node.pointer) && !markers.contains(Int(bitPattern: node.pointer)):
                paragraphs[Int(bitPattern: node.pointer)] = node
                let scope = Self.scope(of: node)
                assembler.feed(
                    Self.pieces(of: node), at: document.location(of: node),
                    scope: Int(bitPattern: scope.pointer), unit: Int(bitPattern: node.pointer), heading: heading
                )
            default:
                break
            }
        }
        assembler.close()

        var drafts = assembler.drafts
        // The code blocks right after a block's last paragraph (or after the list or quote
        // holding it) are its examples; when two blocks end in one paragraph, the last gets them.
        // The last draft ending in each unit, found once: asking every draft about all those
        // after it made a page of many blocks quadratic.
        var lastDraftOfUnit: [Int: Int] = [:]
        for index in drafts.indices { if let unit = drafts[index].lastUnit { lastDraftOfUnit[unit] = index } }
        let runs: [ExampleRun] = drafts.indices.map { index in
            guard let unit = drafts[index].lastUnit, let paragraph = paragraphs[unit] else { return ExampleRun() }
            guard lastDraftOfUnit[unit] == index else { return ExampleRun() }
            let run = ExampleRun.after(paragraph)
            let scope = Self.scope(of: paragraph)
            if run.examples.isEmpty, scope.pointer != paragraph.pointer, Self.isLastParagraph(paragraph, in: scope) {
                return ExampleRun.after(scope)
            }
            return run
        }
        // `EXAMPLE: above` takes the code right before the block that no other block took.
        let claimed = Set(runs.flatMap(\.codeNodes).map(\.pointer))
        var above: [ExampleRun] = Array(repeating: ExampleRun(), count: drafts.count)
        for index in drafts.indices where drafts[index].examplesAbove {
            guard let firstUnit = drafts[index].firstUnit, let first = paragraphs[firstUnit] else { continue }
            let start = Self.isFirstParagraph(first, in: Self.scope(of: first)) ? Self.scope(of: first) : first
            above[index] = ExampleRun.before(start, excluding: claimed)
        }
        // A GOOD:/BAD: with no example to label keeps its block framed as written, so its text
        // still shows, and says so.
        var unmatchedLabels: Set<Int> = []
        var labelDiagnostics: [Diagnostic] = []
        for index in drafts.indices {
            var examples = above[index].examples + runs[index].examples
            Self.label(&examples, with: drafts[index].labels)
            for (position, label) in drafts[index].labels.enumerated() where position >= examples.count {
                unmatchedLabels.insert(index)
                let ordinal = position + 1
                labelDiagnostics.append(
                    .warning(
                        "guidance.label-without-example",
                        "\(label.verdict.rawValue.uppercased()): labels the block's example number \(ordinal), but "
                            + "the block has \(exampleCount(examples.count)); put the code block after it",
                        at: label.location
                    ))
            }
            let commentLabels = above[index].commentLabels + runs[index].commentLabels
            for (position, label) in commentLabels.enumerated() where examples[position].verdict == nil {
                examples[position].verdict = label?.verdict
                examples[position].caption = examples[position].caption ?? label?.caption
            }
            drafts[index].block.examples = examples
        }
        let dropped = assembler.droppedUnits
        var placements = drafts.indices.map { index -> GuidancePlacement? in
            let draft = drafts[index]
            guard let first = draft.firstUnit.flatMap({ paragraphs[$0] }),
                let last = draft.lastUnit.flatMap({ paragraphs[$0] })
            else { return nil }
            return Self.placement(
                firstUnit: first, lastUnit: last, after: runs[index], before: above[index],
                units: Set(draft.units),
                followsProse: draft.followsProse || !dropped.isDisjoint(with: draft.units)
                    || unmatchedLabels.contains(index)
            )
        }
        // Rules of rule sets join the blocks in the order they stand on the page.
        for set in sets {
            for rule in set.rules {
                drafts.append(rule.draft)
                placements.append(rule.placement)
            }
        }
        let order = drafts.indices.sorted {
            (drafts[$0].block.location.line, drafts[$0].block.location.column, $0) < (
                drafts[$1].block.location.line, drafts[$1].block.location.column, $1
            )
        }
        drafts = order.map { drafts[$0] }
        placements = order.map { placements[$0] }
        // Ids: the written one, else derived from page, heading and opening words.
        GuidanceID.assign(&drafts, prefix: pageKey)
        return Result(
            blocks: drafts.map(\.block), drafts: drafts, placements: placements,
            diagnostics: assembler.diagnostics + labelDiagnostics + sets.flatMap(\.diagnostics)
        )
    }

    /// Gives the examples the verdicts written in the block (`GOOD:`, `BAD:`), the first
    /// to the first example and so on; an example that says its own verdict keeps it.
    static func label(_ examples: inout [GuidanceBlock.Example], with labels: [ExampleVerdict.Label]) {
        for (index, label) in zip(examples.indices, labels) where examples[index].verdict == nil {
            examples[index].verdict = label.verdict
            if examples[index].caption == nil { examples[index].caption = label.caption }
        }
    }

    /// The nearest list or block quote holding the paragraph, else the paragraph itself.
    static func scope(of paragraph: CMarkNode) -> CMarkNode {
        var current = paragraph.parent
        while let node = current {
            if node.type == CMARK_NODE_LIST || node.type == CMARK_NODE_BLOCK_QUOTE { return node }
            if node.type == CMARK_NODE_DOCUMENT { break }
            current = node.parent
        }
        return paragraph
    }

    /// Whether no other paragraph of `scope` comes after this one.
    static func isLastParagraph(_ paragraph: CMarkNode, in scope: CMarkNode) -> Bool {
        var found = false
        var last: CMarkNode?
        scope.forEachNode { node in
            guard node.type == CMARK_NODE_PARAGRAPH else { return }
            last = node
            if node == paragraph { found = true }
        }
        return found && last == paragraph
    }

    /// Whether no other paragraph of `scope` comes before this one.
    static func isFirstParagraph(_ paragraph: CMarkNode, in scope: CMarkNode) -> Bool {
        var first: CMarkNode?
        scope.forEachNode { node in
            if first == nil, node.type == CMARK_NODE_PARAGRAPH { first = node }
        }
        return first == paragraph
    }

    /// The paragraph's text as pieces: code spans apart, links kept as `[text](url)`, a new
    /// line at each line break.
    static func pieces(of paragraph: CMarkNode) -> [GuidanceAssembler.Piece] {
        var pieces: [GuidanceAssembler.Piece] = []
        var line = 0
        paragraph.forEachEvent { node, entering in
            switch node.type {
            case CMARK_NODE_TEXT, CMARK_NODE_HTML_INLINE:
                pieces.append(GuidanceAssembler.Piece(node.literal, line: line))
            case CMARK_NODE_CODE:
                pieces.append(GuidanceAssembler.Piece(node.literal, isCode: true, line: line))
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
                // The break ends its line; the next piece starts the next at column 1.
                pieces.append(GuidanceAssembler.Piece("\n", line: line))
                line += 1
            case CMARK_NODE_LINK:
                pieces.append(GuidanceAssembler.Piece(entering ? "[" : "](\(node.url))", isMarkup: true, line: line))
            default:
                break
            }
        }
        return pieces
    }

    /// A node's text with its inline markup kept as guidance parts keep it (code spans in
    /// backticks, links as `[text](url)`), on one line.
    static func inlineText(of node: CMarkNode) -> String {
        let text = pieces(of: node).map { $0.isCode ? "`\($0.text)`" : $0.text }.joined()
        return GuidanceAssembler.clean(text)
    }
}

/// Where a block sits in its page's syntax tree (node identities, valid while the document
/// lives): the siblings from `first` to `last`, under `parent`.
package struct GuidancePlacement: Hashable, Sendable {
    let parent: Int
    let first: Int
    let last: Int
    /// A block quote that holds only the block, drawn as the callout instead of a quote.
    let replacedQuote: Int?
    /// The code blocks of the examples on the page, in the block's order.
    let exampleNodes: [Int]
    /// Nodes the page does not draw: the label paragraphs ("👎 No Good") the examples'
    /// captions were read from, and a rule set's `RULES:` paragraph.
    var hiddenNodes: [Int]
    /// Whether the nodes hold nothing but the block (its paragraphs, labels and examples),
    /// so the callout can be drawn from the block's parts instead of around the text.
    package let isWholeBlock: Bool
}

/// "no example", "one", "3": how many examples a block has, as a diagnostic says it.
private func exampleCount(_ count: Int) -> String {
    count == 0 ? "no example" : count == 1 ? "one" : "\(count)"
}
