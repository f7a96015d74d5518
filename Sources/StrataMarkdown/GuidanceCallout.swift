import StrataCore

/// How one guidance block is drawn where it was written: from its parts (the summary as
/// title, IF/THEN rows, applies-to chips, labelled examples, its id as a small permalink)
/// when its nodes hold nothing else, else as a frame around its text.
package struct GuidanceCallout: Hashable, Sendable {
    /// A READ_ALSO target as the callout links it.
    package struct Link: Hashable, Sendable {
        package var target: String
        /// Relative to the page; nil when the target leads nowhere (reported elsewhere).
        package var href: String?
        package var title: String

        package init(target: String, href: String?, title: String) {
            self.target = target
            self.href = href
            self.title = title
        }
    }

    /// An APPLIES_TO name with its page, when it has one.
    package struct Scope: Hashable, Sendable {
        package var name: String
        package var href: String?

        package init(name: String, href: String?) {
            self.name = name
            self.href = href
        }
    }

    /// A strata.yml rule enforcing the block, and its violations in the current code.
    package struct Enforcement: Hashable, Sendable {
        package var rule: String
        package var violations: Int
        /// Whether strata.yml turns the rule off, so it checks nothing.
        package var isOff: Bool

        package init(rule: String, violations: Int, isOff: Bool = false) {
            self.rule = rule
            self.violations = violations
            self.isOff = isOff
        }
    }

    package var placement: GuidancePlacement
    package var block: GuidanceBlock
    /// The callout's id attribute (the block's anchor on the page).
    package var anchor: String
    /// The block's page, relative to the page being rendered; nil for a reading list,
    /// which has none.
    package var permalink: String?
    package var links: [Link]
    /// Links written in the parts (`[text](destination)`): destination → href from this page.
    package var textLinks: [String: String]
    package var scopes: [Scope]
    package var enforcement: [Enforcement]

    package var kind: GuidanceBlock.Kind { block.kind }
    package var id: String { block.id }

    package init(
        placement: GuidancePlacement, block: GuidanceBlock, anchor: String, permalink: String?, links: [Link] = [],
        textLinks: [String: String] = [:], scopes: [Scope] = [], enforcement: [Enforcement] = []
    ) {
        self.enforcement = enforcement
        self.placement = placement
        self.block = block
        self.anchor = anchor
        self.permalink = permalink
        self.links = links
        self.textLinks = textLinks
        self.scopes = scopes
    }

    /// READ_ALSO targets as written → where they lead from this page.
    var readAlsoLinks: [String: String] {
        Dictionary(
            links.compactMap { link in link.href.map { (link.target, $0) } }, uniquingKeysWith: { first, _ in first })
    }
}

/// The callouts of one page arranged for the renderer: which node opens and which closes
/// each, with callouts over the same nodes (two blocks in one paragraph) merged into one.
struct CalloutLayout {
    struct Group {
        var callouts: [GuidanceCallout]
        var replacedQuote: OpaquePointer?
        /// The group's last node, where drawing from the parts resumes the page.
        var last: OpaquePointer
        /// Whether every block of the group is drawn from its parts.
        var isDrawnFromParts: Bool { callouts.allSatisfy(\.placement.isWholeBlock) }
    }

    private(set) var opening: [OpaquePointer: Group] = [:]
    private(set) var closing: [OpaquePointer: Int] = [:]

    init(_ callouts: [GuidanceCallout]) {
        var byParent: [Int: [GuidanceCallout]] = [:]
        for callout in callouts { byParent[callout.placement.parent, default: []].append(callout) }
        for (parentID, group) in byParent {
            guard let parent = OpaquePointer(bitPattern: parentID) else { continue }
            var position: [Int: Int] = [:]
            var child = CMarkNode(parent).firstChild
            var index = 0
            while let node = child {
                position[Int(bitPattern: node.pointer)] = index
                index += 1
                child = node.next
            }
            let ranged = group.compactMap { callout -> (Int, Int, GuidanceCallout)? in
                guard let start = position[callout.placement.first], let end = position[callout.placement.last],
                    start <= end
                else { return nil }
                return (start, end, callout)
            }.sorted { ($0.0, $0.1) < ($1.0, $1.1) }
            var merged: [(start: Int, end: Int, callouts: [GuidanceCallout])] = []
            for (start, end, callout) in ranged {
                if let last = merged.last, start <= last.end {
                    merged[merged.count - 1].end = max(last.end, end)
                    merged[merged.count - 1].callouts.append(callout)
                } else {
                    merged.append((start, end, [callout]))
                }
            }
            let nodeAt = Dictionary(position.map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
            for range in merged {
                guard let first = nodeAt[range.start].flatMap({ OpaquePointer(bitPattern: $0) }),
                    let last = nodeAt[range.end].flatMap({ OpaquePointer(bitPattern: $0) })
                else { continue }
                // A quote drawn as the callout must be the whole callout.
                let quotes = Set(range.callouts.map(\.placement.replacedQuote))
                let quote = quotes.count == 1 && quotes.first == Int(bitPattern: first) ? first : nil
                opening[first] = Group(callouts: range.callouts, replacedQuote: quote, last: last)
                closing[last, default: 0] += 1
            }
        }
    }
}
