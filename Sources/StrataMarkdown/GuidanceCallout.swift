import StrataCore

/// How one guidance block is drawn where it was written: a callout around its nodes, with
/// its kind, an anchor, a permalink to its own page, and its READ_ALSO targets as links.
public struct GuidanceCallout: Hashable, Sendable {
    public var placement: GuidancePlacement
    public var kind: GuidanceBlock.Kind
    public var id: String
    /// The callout's id attribute (the block's anchor on the page).
    public var anchor: String
    /// The block's page, relative to the page being rendered.
    public var permalink: String
    /// READ_ALSO targets as written → where they lead from this page.
    public var readAlsoLinks: [String: String]

    public init(placement: GuidancePlacement, kind: GuidanceBlock.Kind, id: String, anchor: String, permalink: String, readAlsoLinks: [String: String] = [:]) {
        self.placement = placement
        self.kind = kind
        self.id = id
        self.anchor = anchor
        self.permalink = permalink
        self.readAlsoLinks = readAlsoLinks
    }
}

/// The callouts of one page arranged for the renderer: which node opens and which closes
/// each, with callouts over the same nodes (two blocks in one paragraph) merged into one.
struct CalloutLayout {
    struct Group {
        var callouts: [GuidanceCallout]
        var replacedQuote: OpaquePointer?
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
                guard let start = position[callout.placement.first], let end = position[callout.placement.last], start <= end else { return nil }
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
                      let last = nodeAt[range.end].flatMap({ OpaquePointer(bitPattern: $0) }) else { continue }
                // A quote drawn as the callout must be the whole callout.
                let quotes = Set(range.callouts.map(\.placement.replacedQuote))
                let quote = quotes.count == 1 && quotes.first == Int(bitPattern: first) ? first : nil
                opening[first] = Group(callouts: range.callouts, replacedQuote: quote)
                closing[last, default: 0] += 1
            }
        }
    }
}
