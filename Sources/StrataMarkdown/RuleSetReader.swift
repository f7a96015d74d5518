import CCmarkGFM
import StrataCore

/// Reads the rule sets of a page: a paragraph `RULES:` (with, perhaps, a name and
/// `APPLIES_TO:`) marks the rest of its section as rules, one per heading below it ("### 1.
/// Each screen has one view model") or, without such headings, one per item of its lists.
/// A rule's statement is the heading or the item's first paragraph; the code blocks in it,
/// each perhaps under a label ("👎 No Good"), are its examples. Rule sets as teams write
/// them need no rewriting into CHECK/IF/THEN.
struct RuleSetReader {
    let document: MarkdownDocument
    /// Section headings that make a rule set with no `RULES:` line, when what the section
    /// holds is numbered ("## Rules" then "### 1. …", or a numbered list).
    var ruleSetHeadings: [String] = GuidanceExtractor.defaultRuleSetHeadings

    struct Rule {
        var draft: GuidanceAssembler.Draft
        var placement: GuidancePlacement?
    }

    struct RuleSet {
        /// The `RULES:` paragraph, which the page does not show; nil for a section whose
        /// heading makes it a rule set.
        var marker: CMarkNode?
        var rules: [Rule]
        var diagnostics: [Diagnostic]
    }

    func read() -> [RuleSet] {
        let children = CMarkNode(document.root).children
        var sets: [RuleSet] = []
        var sectionLevel = document.titleHeading == nil ? 0 : 1
        var section: Heading? = document.titleHeading
        let names = Set(ruleSetHeadings.map { Self.headingKey($0) })
        for (index, node) in children.enumerated() {
            if node.type == CMARK_NODE_HEADING {
                sectionLevel = node.headingLevel
                section = document.hiddenBlocks.contains(node.pointer) ? document.titleHeading : heading(of: node)
                if !names.isEmpty, !document.hiddenBlocks.contains(node.pointer),
                    names.contains(Self.headingKey(GuidanceExtractor.inlineText(of: node))),
                    let set = namedSet(at: index, in: children, section: section)
                {
                    sets.append(set)
                }
                continue
            }
            guard node.type == CMARK_NODE_PARAGRAPH, !document.hiddenBlocks.contains(node.pointer),
                let marker = marker(node)
            else { continue }
            // A set runs to the next heading of its section's level, or the next `RULES:` paragraph.
            var end = index + 1
            while end < children.count,
                !(children[end].type == CMARK_NODE_HEADING && children[end].headingLevel <= sectionLevel),
                !(children[end].type == CMARK_NODE_PARAGRAPH && isMarker(children[end]))
            { end += 1 }
            var set = RuleSet(marker: node, rules: [], diagnostics: marker.diagnostics)
            let span = Array(children[(index + 1)..<end])
            let idSection = section.flatMap { $0.level == 1 ? "" : $0.text } ?? ""
            set.rules = headingRules(in: span, section: sectionLevel, idSection: idSection, marker: marker)
            if set.rules.isEmpty { set.rules = itemRules(in: span, section: section, marker: marker) }
            if set.rules.isEmpty {
                set.diagnostics.append(
                    .warning(
                        "guidance.empty-rule-set",
                        "RULES: marks the rest of this section as a rule set, and no heading or list item follows "
                            + "it there; write each rule as a heading or a list item",
                        at: document.location(of: node)
                    ))
            }
            if !set.rules.isEmpty, set.rules[0].placement != nil {
                set.rules[0].placement?.hiddenNodes.append(Int(bitPattern: node.pointer))
            }
            sets.append(set)
        }
        return sets
    }

    // MARK: A section named as a rule set

    /// "Rules", "## Guidelines:", "Rules" in any case: what a heading is compared by.
    static func headingKey(_ text: String) -> String {
        var key = text.trimmingWhitespace.lowercased()
        while let last = key.last, last == ":" || last == "." { key.removeLast() }
        return key.trimmingWhitespace
    }

    /// The rule set of a section headed "Rules" (or another configured name): one rule per
    /// numbered heading below it, else per item of its numbered lists; nil when nothing in
    /// it is numbered (a section of prose about rules), or when a `RULES:` line says.
    private func namedSet(at index: Int, in children: [CMarkNode], section: Heading?) -> RuleSet? {
        let level = children[index].headingLevel
        var end = index + 1
        while end < children.count, !(children[end].type == CMARK_NODE_HEADING && children[end].headingLevel <= level) {
            end += 1
        }
        let span = Array(children[(index + 1)..<end])
        if span.contains(where: { $0.type == CMARK_NODE_PARAGRAPH && isMarker($0) }) { return nil }
        let marker = Marker(location: document.location(of: children[index]))
        let idSection = section.flatMap { $0.level == 1 ? "" : $0.text } ?? ""
        let numbered = span.filter { $0.type == CMARK_NODE_HEADING && $0.headingLevel > level }
        if let shallowest = numbered.map(\.headingLevel).min() {
            let rules = numbered.filter { $0.headingLevel == shallowest }
            // Every heading of the rules' level is numbered ("1. …", "Rule 2: …").
            if rules.allSatisfy({ Self.isNumbered(GuidanceExtractor.inlineText(of: $0)) }) {
                let found = headingRules(in: span, section: level, idSection: idSection, marker: marker)
                return found.isEmpty ? nil : RuleSet(marker: nil, rules: found, diagnostics: [])
            }
            return nil
        }
        let lists = span.filter { $0.type == CMARK_NODE_LIST && $0.listType == CMARK_ORDERED_LIST }
        guard !lists.isEmpty else { return nil }
        let found = itemRules(in: lists, section: section, marker: marker)
        return found.isEmpty ? nil : RuleSet(marker: nil, rules: found, diagnostics: [])
    }

    /// Whether a heading starts with its number: "1. …", "2) …", "Rule 3: …".
    static func isNumbered(_ text: String) -> Bool {
        var rest = Substring(text.trimmingWhitespace)
        if rest.lowercased().hasPrefix("rule ") { rest = rest.dropFirst(5) }
        return rest.first?.isNumber == true && statement(text) != text.trimmingWhitespace
    }

    // MARK: The marker

    struct Marker {
        var appliesTo: [String] = []
        var location: SourceLocation
        var diagnostics: [Diagnostic] = []
    }

    private func isMarker(_ paragraph: CMarkNode) -> Bool {
        if case .keyword(.rules, _, _)? = GuidanceAssembler.tokenize(GuidanceExtractor.pieces(of: paragraph)).first {
            return true
        }
        return false
    }

    /// The marker's parts, when the paragraph starts with `RULES:`.
    private func marker(_ paragraph: CMarkNode) -> Marker? {
        let tokens = GuidanceAssembler.tokenize(GuidanceExtractor.pieces(of: paragraph))
        guard case .keyword(.rules, _, _)? = tokens.first else { return nil }
        let location = document.location(of: paragraph)
        var marker = Marker(location: location)
        var index = 1
        while index < tokens.count {
            guard case .keyword(let keyword, _, _) = tokens[index] else {
                index += 1
                continue
            }
            var text = ""
            index += 1
            while index < tokens.count, case .text(let piece, _) = tokens[index] {
                text += piece
                index += 1
            }
            if keyword == .appliesTo {
                marker.appliesTo += GuidanceAssembler.clean(text).split(separator: ",").map {
                    String($0).trimmingWhitespace
                }.filter { !$0.isEmpty }
            } else {
                marker.diagnostics.append(
                    .warning(
                        "guidance.misplaced",
                        "a RULES: paragraph takes a name and APPLIES_TO: only; \(keyword.rawValue): is left out",
                        at: location
                    ))
            }
        }
        return marker
    }

    // MARK: Rules

    /// One rule per heading of the shallowest level below the section's.
    private func headingRules(in span: [CMarkNode], section: Int, idSection: String, marker: Marker) -> [Rule] {
        guard
            let level = span.filter({ $0.type == CMARK_NODE_HEADING && $0.headingLevel > section }).map(\.headingLevel)
                .min()
        else { return [] }
        var rules: [Rule] = []
        var index = 0
        while index < span.count {
            let node = span[index]
            guard node.type == CMARK_NODE_HEADING, node.headingLevel == level else {
                index += 1
                continue
            }
            var end = index + 1
            while end < span.count, !(span[end].type == CMARK_NODE_HEADING && span[end].headingLevel <= level) {
                end += 1
            }
            let body = Array(span[(index + 1)..<end])
            let statement = Self.statement(GuidanceExtractor.inlineText(of: node))
            if !statement.isEmpty, let parent = node.parent {
                var draft = draft(
                    statement, at: document.location(of: node), heading: heading(of: node), body: body, marker: marker)
                draft.draft.idSection = idSection
                rules.append(
                    Rule(
                        draft: draft.draft,
                        placement: placement(parent: parent, first: node, last: body.last ?? node, run: draft.run)))
            }
            index = end
        }
        return rules
    }

    /// One rule per item of the lists in the span.
    private func itemRules(in span: [CMarkNode], section: Heading?, marker: Marker) -> [Rule] {
        var rules: [Rule] = []
        for list in span where list.type == CMARK_NODE_LIST {
            for item in list.children {
                guard let first = item.firstChild, first.type == CMARK_NODE_PARAGRAPH, let last = item.lastChild else {
                    continue
                }
                let statement = GuidanceExtractor.inlineText(of: first)
                guard !statement.isEmpty else { continue }
                let made = draft(
                    statement, at: document.location(of: first), heading: section,
                    body: Array(item.children.dropFirst()), marker: marker)
                rules.append(
                    Rule(draft: made.draft, placement: placement(parent: item, first: first, last: last, run: made.run))
                )
            }
        }
        return rules
    }

    private func draft(
        _ statement: String, at location: SourceLocation, heading: Heading?, body: [CMarkNode], marker: Marker
    ) -> (draft: GuidanceAssembler.Draft, run: ExampleRun) {
        var run = ExampleRun()
        let inBody = Set(body.map(\.pointer))
        for node in body where node.type == CMARK_NODE_CODE_BLOCK {
            // Only a paragraph of the rule's body labels its code, never its statement.
            let labelNode = node.previous.flatMap {
                $0.type == CMARK_NODE_PARAGRAPH && inBody.contains($0.pointer) ? $0 : nil
            }
            let label = labelNode.flatMap(ExampleRun.label(of:))
            run.append(node, label: label, labelNode: label == nil ? nil : labelNode)
        }
        var examples = run.examples
        for (index, label) in run.commentLabels.enumerated() where examples[index].verdict == nil {
            examples[index].verdict = label?.verdict
            examples[index].caption = examples[index].caption ?? label?.caption
        }
        var draft = GuidanceAssembler.Draft(
            block: GuidanceBlock(
                id: "", kind: .rule, summary: statement, appliesTo: marker.appliesTo, examples: examples,
                location: location, heading: heading
            ))
        if !marker.appliesTo.isEmpty { draft.appliesToLocation = marker.location }
        return (draft, run)
    }

    private func placement(parent: CMarkNode, first: CMarkNode, last: CMarkNode, run: ExampleRun) -> GuidancePlacement {
        GuidancePlacement(
            parent: Int(bitPattern: parent.pointer), first: Int(bitPattern: first.pointer),
            last: Int(bitPattern: last.pointer), replacedQuote: nil,
            exampleNodes: run.codeNodes.map { Int(bitPattern: $0.pointer) },
            hiddenNodes: run.labelNodes.map { Int(bitPattern: $0.pointer) },
            isWholeBlock: false
        )
    }

    private func heading(of node: CMarkNode) -> Heading? {
        guard let id = document.headingIDs[node.pointer] else { return nil }
        return document.headings.first { $0.id == id }
    }

    /// A heading's text without its numbering: "1. Each screen…", "Rule 3: …", "2) …".
    static func statement(_ text: String) -> String {
        var rest = Substring(text.trimmingWhitespace)
        if rest.lowercased().hasPrefix("rule "), rest.dropFirst(5).first?.isNumber == true { rest = rest.dropFirst(5) }
        let digits = rest.prefix { $0.isNumber }
        if !digits.isEmpty {
            let after = rest.dropFirst(digits.count)
            if let mark = after.first, ".):—-".contains(mark) {
                rest = after.dropFirst()
            } else if after.first == " " {
                rest = after
            }
        }
        return String(rest).trimmingWhitespace
    }
}

extension GuidanceExtractor {
    /// A rule heading's statement: its text without the numbering ("1. …", "Rule 3: …").
    package static func ruleStatement(_ heading: String) -> String {
        RuleSetReader.statement(heading)
    }
}
