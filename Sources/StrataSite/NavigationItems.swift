import Synchronization

/// The sidebar's entries, made once per folder of pages instead of once per page.
///
/// An entry depends only on the folder of the page showing it (its relative URLs, which
/// sections are open) and, when the page is inside it, on the page itself (which entry is
/// current). On a site of 1,000 pages in folders of 50, a page would otherwise rebuild and
/// render 70 entries of which 69 are the same as on its neighbours; this renders each once
/// per folder and the ones on the page's own path once per page.
///
/// Each entry also carries `html`: the theme's `partials/nav-item` rendered for the entry
/// alone (its own values and `root`), with its children's `html` inside, and
/// `childrenHTML`, its children's `html` one after the other. The default theme writes the
/// tree from these, so a page costs a handful of template renders, not one per entry. Renders racing for the same entry on two threads give the same values.
final class NavigationItems: Sendable {
    private struct Key: Hashable {
        let node: ObjectIdentifier
        let directory: String
        /// Whether URLs are site-absolute (the 404 page's) rather than relative.
        let absolute: Bool
        /// The page, when it is this entry or inside it; otherwise empty.
        let current: String
    }

    /// A finished entry. Its values are never changed once made, so it may cross threads.
    private struct Entry: @unchecked Sendable {
        let values: [String: Any]
    }

    private let theme: Theme?
    private let rendersHTML: Bool
    /// The output paths in each entry's subtree: whether a page is "inside" an entry.
    private let subtreePaths: [ObjectIdentifier: Set<String>]
    private let entries = Mutex<[Key: Entry]>([:])

    init(navigation: NavigationTree, theme: Theme?) {
        self.theme = theme
        rendersHTML = theme?.templateNames.contains(Self.itemTemplate) == true
        var paths: [ObjectIdentifier: Set<String>] = [:]
        @discardableResult
        func collect(_ node: NavigationTree.Node) -> Set<String> {
            var inside: Set<String> = node.outputPath.map { [$0] } ?? []
            for child in node.children { inside.formUnion(collect(child)) }
            paths[ObjectIdentifier(node)] = inside
            return inside
        }
        for root in navigation.roots { collect(root) }
        subtreePaths = paths
    }

    static let itemTemplate = "partials/nav-item"

    /// The entry for `node` as the page at `current` (in `directory`) shows it.
    /// - Parameters:
    ///   - absolute: whether `url` gives site-absolute URLs (the 404 page's).
    ///   - root: the page's way back to the site root, given to `partials/nav-item`.
    ///   - url: the link from the page to an output path.
    func item(
        _ node: NavigationTree.Node, current: String, directory: String, absolute: Bool, root: String,
        url: (String) -> String
    ) -> [String: Any] {
        let id = ObjectIdentifier(node)
        let inside = subtreePaths[id]?.contains(current) == true
        let key = Key(node: id, directory: directory, absolute: absolute, current: inside ? current : "")
        if let known = entries.withLock({ $0[key] }) { return known.values }

        // Every key is set on every item, even when false: Mustache looks names up through
        // enclosing contexts, and a missing `hasChildren` would find the parent's.
        //
        // A section is open on the pages inside it, and always when it has no page of its
        // own (a reader could not open it otherwise). Only open sections list their
        // children: a closed section's entries are never shown, and listing them would make
        // every page carry the whole site's navigation (pages × pages bytes on a large site).
        let isOpen = !node.children.isEmpty && (node.folder.map { folder in
            folder.isEmpty || node.outputPath == nil || directory == folder || directory.hasPrefix(folder + "/")
        } ?? false)
        let children = isOpen ? node.children.map { item($0, current: current, directory: directory, absolute: absolute, root: root, url: url) } : []
        var values: [String: Any] = [
            "title": node.title,
            "hasURL": node.outputPath != nil,
            "url": node.outputPath.map(url) ?? "",
            "isCurrent": node.outputPath == current,
            "isOpen": isOpen,
            "hasChildren": !node.children.isEmpty,
            "children": children,
            "childrenHTML": children.map { $0["html"] as? String ?? "" }.joined() as String,
        ]
        if rendersHTML, let theme {
            var alone = values
            alone["root"] = root
            values["html"] = theme.render(alone, template: Self.itemTemplate)
        } else {
            values["html"] = ""
        }
        entries.withLock { $0[key] = Entry(values: values) }
        return values
    }
}
