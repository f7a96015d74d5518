/// A guidance block as the site shows it: the block, where it lives, and everything it is
/// connected to once the whole site is known (READ_ALSO resolved, APPLIES_TO matched to
/// layers and modules, the pages and blocks pointing to it, the rules citing it).
package struct GuidanceEntry: Hashable, Sendable {
    /// Where a block was written.
    package enum Source: Hashable, Sendable {
        /// A Content page: its Markdown path (relative to the content folder), its output
        /// path and its title.
        case page(sourcePath: String, outputPath: String, title: String)
        /// A comment in a Swift file of a module (path relative to the project).
        case code(module: String, path: String)
    }

    /// A READ_ALSO target once resolved.
    package struct Link: Hashable, Sendable {
        package enum Destination: Hashable, Sendable {
            /// A page of the site (`guides/navigation.html#tabs`, relative to the site root).
            case page(path: String, title: String)
            /// Another block, by id.
            case block(id: String)
            /// An absolute URL, kept as written.
            case url(String)
        }

        package var reference: GuidanceBlock.Reference
        /// nil when the target is no page of the site (reported as a diagnostic).
        package var destination: Destination?

        package init(reference: GuidanceBlock.Reference, destination: Destination?) {
            self.reference = reference
            self.destination = destination
        }
    }

    /// An APPLIES_TO name and what it names.
    package struct Scope: Hashable, Sendable {
        package enum Kind: String, Hashable, Sendable {
            case layer
            case module
            /// No layer or module has the name (reported as a diagnostic).
            case unknown
        }

        package var name: String
        package var kind: Kind

        package init(name: String, kind: Kind) {
            self.name = name
            self.kind = kind
        }
    }

    /// A page or a block that points to this block.
    package struct Backlink: Hashable, Sendable, Comparable {
        /// The page's output path, or the pointing block's page.
        package var path: String
        package var title: String
        /// Set when the pointer is a block.
        package var blockID: String?

        package init(path: String, title: String, blockID: String? = nil) {
            self.path = path
            self.title = title
            self.blockID = blockID
        }

        package static func < (lhs: Backlink, rhs: Backlink) -> Bool {
            (lhs.path, lhs.blockID ?? "") < (rhs.path, rhs.blockID ?? "")
        }
    }

    package var block: GuidanceBlock
    package var source: Source
    /// The metadata of the block's page (OWNER, LAST_VERIFIED, …); empty in code.
    package var metadata: [MetadataEntry]
    package var links: [Link] = []
    /// Links written in the block's text (`[text](destination)`) that lead into the site:
    /// destination as written → site path (with its `#fragment`).
    package var textLinks: [String: String] = [:]
    package var appliesTo: [Scope] = []
    /// The layers the block concerns, for filtering: those it names, those of the modules it
    /// names, and the layer of the module whose source holds it. Sorted.
    package var layers: [String] = []
    /// What points here, sorted.
    package var backlinks: [Backlink] = []
    /// Ids of the strata.yml rules whose `see:` names this block, sorted.
    package var citedBy: [String] = []
    /// Ids of the rules that enforce the block: those its `ENFORCED_BY:` names and those
    /// citing it, sorted. Empty for advice no rule checks.
    package var enforcedBy: [String] = []
    /// Whether the page's LAST_VERIFIED is older than the configured age.
    package var isStale = false
    /// The id an earlier Strata derived for the block, whose page now redirects to this one.
    package var formerID: String?

    package init(block: GuidanceBlock, source: Source, metadata: [MetadataEntry] = []) {
        self.block = block
        self.source = source
        self.metadata = metadata
    }

    package var id: String { block.id }

    /// The module whose source holds the block, if it is in code.
    package var module: String? {
        if case .code(let module, _) = source { return module }
        return nil
    }

    /// The block's own page, relative to the site root.
    package var pagePath: String { GuidanceCatalog.pagePath(of: block.id) }

    /// The anchor of the block's callout on its source page.
    package var anchor: String { GuidanceCatalog.anchor(of: block.id) }

    /// Where the block was written as a site path (`guides/networking.html#block-…`), for
    /// blocks on pages; nil for blocks in code.
    package var sourceURL: String? {
        guard case .page(_, let outputPath, _) = source else { return nil }
        return outputPath + "#" + anchor
    }
}
