/// Makes block ids unique across the site. A written `ID:` is a promise that links to the
/// block keep working, so two blocks written with one id is an error; a derived id that
/// meets a taken one is numbered (`…-2`) instead, counting on from the id before its page
/// numbered it (two `…` on a page that meet a taken `…` are `…-2` and `…-3`). Ids are
/// compared ignoring case, because block pages are files and some file systems ignore case.
package struct GuidanceIDRegistry: Sendable {
    private var owners: [String: SourceLocation] = [:]
    /// Every written id, so a numbered id never takes one written further on.
    private var written: Set<String> = []
    package private(set) var diagnostics: [Diagnostic] = []

    /// Names the catalog uses for itself: `guidance/index.html` is the catalog page.
    package static let reserved: Set<String> = ["index"]

    package init() {}

    /// Whether an explicit id can be a file name and a URL segment as written.
    package static func isValid(_ id: String) -> Bool {
        guard let first = id.first, first.isASCII, first.isLetter || first.isNumber else { return false }
        return id.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == ".") }
    }

    /// Gives every draft a site-wide unique id. Drafts are taken in the order given, which
    /// must be stable (pages by path, then code): the first block with an id keeps it.
    package mutating func register(_ drafts: inout [GuidanceAssembler.Draft]) {
        // Written ids first, so a derived id never takes one a later page writes.
        written = Set(drafts.filter(\.block.hasExplicitID).map { $0.block.id.lowercased() })
        for index in drafts.indices where drafts[index].block.hasExplicitID {
            var id = drafts[index].block.id
            let location = drafts[index].idLocation ?? drafts[index].block.location
            if !Self.isValid(id) {
                let slug = GuidanceID.slug(id)
                diagnostics.append(
                    .warning(
                        "guidance.invalid-id",
                        "ID: '\(id)' can hold only letters, digits, '-', '_' and '.', starting with a letter or "
                            + "digit; the block's id is '\(slug.isEmpty ? "block" : slug)'",
                        at: location
                    ))
                id = slug.isEmpty ? "block" : slug
            }
            if Self.reserved.contains(id.lowercased()) {
                diagnostics.append(
                    .error(
                        "guidance.duplicate-id",
                        "ID: '\(id)' is the name of the catalog page (guidance/\(id).html); choose another id",
                        at: location
                    ))
                id = nextFree(id)
            } else if let owner = owners[id.lowercased()] {
                diagnostics.append(
                    .error(
                        "guidance.duplicate-id",
                        "ID: '\(id)' is already the id of the block at \(owner.path):\(owner.line); block ids must "
                            + "be unique across the site",
                        at: location
                    ))
                id = nextFree(id)
            }
            owners[id.lowercased()] = location
            drafts[index].block.id = id
        }
        for index in drafts.indices where !drafts[index].block.hasExplicitID {
            var id = drafts[index].block.id
            if id.isEmpty { id = "block" }
            if owners[id.lowercased()] != nil || Self.reserved.contains(id.lowercased()) {
                id = nextFree(drafts[index].derivedBase ?? id)
            }
            owners[id.lowercased()] = drafts[index].block.location
            drafts[index].block.id = id
        }
    }

    private func nextFree(_ id: String) -> String {
        var counter = 2
        while owners["\(id)-\(counter)".lowercased()] != nil || written.contains("\(id)-\(counter)".lowercased()) {
            counter += 1
        }
        return "\(id)-\(counter)"
    }
}
