import StrataCore
import StrataTemplates
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
/// tree from these, so a page costs a handful of template renders, not one per entry. Renders racing for the same entry
/// on two threads give the same values.
///
/// A long section (more than `sharedListLimit` entries) is not copied into its pages: each
/// lists the `windowSize` entries around it, and the whole list is one script per section
/// (`sharedListFiles`) that the theme loads into the sidebar, with a filter. A folder of 575
/// proposals made every page carry 100 of them (13 KB of each page, 7.6 MB of the site).
final class NavigationItems: Sendable {
    private struct Key: Hashable {
        let node: ObjectIdentifier
        let directory: String
        /// Whether URLs are site-absolute (the 404 page's) rather than relative.
        let absolute: Bool
    }

    private struct Place: Hashable {
        let directory: String
        let absolute: Bool
    }

    /// A finished entry: the values `partials/nav-item` sees, and its rendered `html`.
    struct Entry: Sendable {
        let values: TemplateObject
        /// The entries listed under it (when it is open), in order.
        let children: [Entry]
        var html: String {
            if case .text(let html)? = values["html"] { return html }
            return ""
        }
    }

    /// The sidebar of a page: its top-level entries and their `html` one after the other,
    /// and, when the top level is long, its shared list (see `sharedListValues`).
    struct Sidebar {
        let entries: [Entry]
        let html: String
        var sharedList: TemplateObject?
    }

    private let theme: Theme?
    private let rendersHTML: Bool
    private let roots: [NavigationTree.Node]
    /// The places in reading order of the pages in each entry's subtree, which are
    /// consecutive: whether a page is "inside" an entry is one comparison, not a hash.
    private let subtreeRanges: [ObjectIdentifier: Range<Int>]
    /// Each entry of a long section: its place among the section's entries, which the shared
    /// list's script matches to the entries a page lists itself.
    private let sharedListPlaces: [ObjectIdentifier: Int]
    /// The long sections (and the top level, when it is long), in the tree's order.
    private let longSections: [SharedList]

    /// A section whose entries are listed by a shared script rather than on every page.
    struct SharedList {
        /// The section's folder (`""` for the top level).
        let folder: String
        let entries: [NavigationTree.Node]

        /// Names the list in the script and the page (`data-nav-list`).
        var id: String { folder.isEmpty ? "/" : folder }

        /// The script's path in the site: `strata-nav/index.js` for the top level,
        /// `strata-nav/<folder>/index.js` for a folder, so no two sections share one.
        var path: String { folder.isEmpty ? "strata-nav/index.js" : "strata-nav/\(folder)/index.js" }
    }
    /// Entries as pages outside them show them, by folder: these are the same on every
    /// page of a folder.
    private let entries = Mutex<[Key: Entry]>([:])
    /// Every top-level entry as pages of a folder outside it show it.
    private let sidebars = Mutex<[Place: [Entry]]>([:])
    /// The first template failure met while pre-rendering an entry.
    private let failureFound = Mutex<Diagnostic?>(nil)

    /// Why an entry's `html` could not be rendered, if it could not.
    var failure: Diagnostic? { failureFound.withLock { $0 } }

    init(navigation: NavigationTree, theme: Theme?) {
        self.theme = theme
        rendersHTML = theme?.templateNames.contains(Self.itemTemplate) == true
        roots = navigation.roots
        // The same walk as `NavigationTree.readingOrder`: a page, then its children.
        var ranges: [ObjectIdentifier: Range<Int>] = [:]
        var next = 0
        func collect(_ node: NavigationTree.Node) {
            let start = next
            if node.outputPath != nil { next += 1 }
            for child in node.children { collect(child) }
            ranges[ObjectIdentifier(node)] = start..<next
        }
        for root in navigation.roots { collect(root) }
        subtreeRanges = ranges
        var places: [ObjectIdentifier: Int] = [:]
        var long: [SharedList] = []
        func findLong(_ folder: String, _ children: [NavigationTree.Node]) {
            if children.count > Self.sharedListLimit {
                long.append(SharedList(folder: folder, entries: children))
                for (index, child) in children.enumerated() { places[ObjectIdentifier(child)] = index }
            }
            for child in children where !child.children.isEmpty { findLong(child.folder ?? "", child.children) }
        }
        findLong("", navigation.roots)
        sharedListPlaces = places
        longSections = long
        sharedListsByID = Dictionary(long.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var pageless: [ObjectIdentifier: [Int]] = [:]
        for list in long {
            let places = list.entries.indices.filter {
                list.entries[$0].outputPath == nil && !list.entries[$0].children.isEmpty
            }
            if let first = list.entries.first, !places.isEmpty { pageless[ObjectIdentifier(first)] = places }
        }
        pagelessFolders = pageless
    }

    private let sharedListsByID: [String: SharedList]
    /// In each long section (keyed by its first entry), the places of the folders without a
    /// page of its own, found once rather than on every page.
    private let pagelessFolders: [ObjectIdentifier: [Int]]

    static let itemTemplate = "partials/nav-item"

    /// The sidebar as the page at `current` (in `directory`) shows it: the entries of the
    /// folder, with the one the page is in made again for the page.
    /// - Parameters:
    ///   - position: the page's place in the navigation's reading order, if it has one.
    ///   - absolute: whether `url` gives site-absolute URLs (the 404 page's).
    ///   - root: the page's way back to the site root, given to `partials/nav-item`.
    ///   - url: the link from the page to an output path.
    func sidebar(
        current: String, position: Int?, directory: String, absolute: Bool, root: String, url: (String) -> String
    ) -> Sidebar {
        // A long top level is windowed around the page, as a long folder is; the theme puts
        // the shared list's script before the entries.
        if roots.count > Self.sharedListLimit {
            let entries = listed(roots, around: position).map { entry in
                entry.isMarker
                    ? make(
                        entry.node, isCurrent: false, isMarker: true, children: [], directory: directory, root: root,
                        url: url)
                    : item(
                        entry.node, current: current,
                        position: subtreeRanges[ObjectIdentifier(entry.node)]?.contains(position ?? -1) == true
                            ? position : nil,
                        directory: directory, absolute: absolute, root: root, url: url)
            }
            return Sidebar(
                entries: entries, html: entries.map(\.html).joined(),
                sharedList: sharedListValues(folder: "", root: root))
        }
        let place = Place(directory: directory, absolute: absolute)
        let shared: [Entry]
        if let known = sidebars.withLock({ $0[place] }) {
            shared = known
        } else {
            shared = roots.map {
                item(
                    $0, current: current, position: nil, directory: directory, absolute: absolute, root: root, url: url)
            }
            sidebars.withLock { $0[place] = shared }
        }
        var entries = shared
        if let position,
            let index = roots.firstIndex(where: { subtreeRanges[ObjectIdentifier($0)]?.contains(position) == true })
        {
            entries[index] = item(
                roots[index], current: current, position: position, directory: directory, absolute: absolute,
                root: root, url: url)
        }
        return Sidebar(entries: entries, html: entries.map(\.html).joined())
    }

    /// The entry for `node` as the page at `current` (in `directory`) shows it.
    func item(
        _ node: NavigationTree.Node, current: String, position: Int?, directory: String, absolute: Bool, root: String,
        url: (String) -> String
    ) -> Entry {
        let id = ObjectIdentifier(node)
        let inside = position.map { subtreeRanges[id]?.contains($0) == true } ?? false
        // Seen from outside, an entry is the same for every page of the folder.
        guard inside else {
            let key = Key(node: id, directory: directory, absolute: absolute)
            if let known = entries.withLock({ $0[key] }) { return known }
            let children =
                isOpen(node, in: directory)
                ? listed(node.children, around: nil).map { child in
                    child.isMarker
                        ? make(
                            child.node, isCurrent: false, isMarker: true, children: [], directory: directory,
                            root: root, url: url)
                        : item(
                            child.node, current: current, position: nil, directory: directory, absolute: absolute,
                            root: root, url: url)
                } : []
            let entry = make(node, isCurrent: false, children: children, directory: directory, root: root, url: url)
            entries.withLock { $0[key] = entry }
            return entry
        }
        // A long folder shows the entries around the page, made for it.
        if node.children.count > Self.sharedListLimit, let position {
            let children = listed(node.children, around: position).map { child in
                child.isMarker
                    ? make(
                        child.node, isCurrent: false, isMarker: true, children: [], directory: directory, root: root,
                        url: url)
                    : item(
                        child.node, current: current,
                        position: subtreeRanges[ObjectIdentifier(child.node)]?.contains(position) == true
                            ? position : nil,
                        directory: directory, absolute: absolute, root: root, url: url)
            }
            return make(
                node, isCurrent: node.outputPath == current, children: children, directory: directory, root: root,
                url: url)
        }
        // From inside, only the children on the way to the page differ from the shared entry.
        let shared = item(
            node, current: current, position: nil, directory: directory, absolute: absolute, root: root, url: url)
        var children = shared.children
        for (index, child) in node.children.enumerated()
        where index < children.count && subtreeRanges[ObjectIdentifier(child)]?.contains(position ?? -1) == true {
            children[index] = item(
                child, current: current, position: position, directory: directory, absolute: absolute, root: root,
                url: url)
        }
        return make(
            node, isCurrent: node.outputPath == current, children: children, directory: directory, root: root, url: url)
    }

    /// A section with more entries than this is long: its pages list `windowSize` of them,
    /// and the theme loads the rest from the section's shared list. Every page of a folder of
    /// 10,000 once listed all 10,000 (5.7 GB of HTML).
    static let sharedListLimit = 50

    /// How many entries of a long section a page lists itself: those around it (or the
    /// first ones, on a page outside the section), so that without scripts the reader still
    /// sees where the page stands.
    static let windowSize = 11

    /// The entries a page lists of `children` (a section's, or the top level's): all of
    /// them, or for a long section a window of `windowSize` around the one holding the page
    /// at `position`, with a marker for those left out.
    private func listed(_ children: [NavigationTree.Node], around position: Int?) -> [(
        node: NavigationTree.Node, isMarker: Bool
    )] {
        guard children.count > Self.sharedListLimit else { return children.map { ($0, false) } }
        var center = 0
        if let position {
            // Children hold consecutive places in reading order: a binary search finds it.
            var low = 0
            var high = children.count
            while low < high {
                let middle = (low + high) / 2
                if (subtreeRanges[ObjectIdentifier(children[middle])]?.upperBound ?? 0) <= position {
                    low = middle + 1
                } else {
                    high = middle
                }
            }
            center = min(low, children.count - 1)
        }
        let start = max(0, min(center - Self.windowSize / 2, children.count - Self.windowSize))
        let end = min(children.count, start + Self.windowSize)
        // A folder without a page of its own is always listed, open: the shared list can
        // only name it, and its pages would have no link in the sidebar.
        let pageless = pagelessFolders[ObjectIdentifier(children[0])] ?? []
        let shown = (Set(start..<end).union(pageless)).sorted()
        func marker(_ count: Int, _ which: String) -> (NavigationTree.Node, Bool) {
            let title = "… \(count) \(which) page\(count == 1 ? "" : "s")"
            return (NavigationTree.Node(title: title, outputPath: nil, folder: nil, weight: nil, children: []), true)
        }
        var result: [(node: NavigationTree.Node, isMarker: Bool)] = []
        var next = 0
        for index in shown {
            if index > next { result.append(marker(index - next, next == 0 ? "earlier" : "more")) }
            result.append((children[index], false))
            next = index + 1
        }
        if next < children.count { result.append(marker(children.count - next, "more")) }
        return result
    }

    /// What the theme needs to load a long section's shared list: its `id`, the `script`'s
    /// URL from the page, the `count` of entries, and the `root` the list's URLs are
    /// relative to.
    private func sharedListValues(folder: String, root: String) -> TemplateObject? {
        guard let list = sharedListsByID[folder.isEmpty ? "/" : folder] else { return nil }
        return [
            "id": .text(list.id),
            "script": .text(root + SitePath.relativeURL(from: "index.html", to: list.path)),
            "count": .number(list.entries.count),
            "root": .text(root)
        ]
    }

    /// One script per long section: `(window.strataNav ||= {})[id] = [[title, url, kind], …]`,
    /// with URLs relative to the site root and `kind` 1 for a section, 0 for a page. A
    /// script, not JSON, so that pages opened from disk can load it.
    func sharedListFiles() -> [OutputFile] {
        longSections.map { list in
            var text = "(window.strataNav = window.strataNav || {})[\(JSONString.quote(list.id))] = [\n"
            for entry in list.entries {
                let url = entry.outputPath.map { SitePath.relativeURL(from: "index.html", to: $0) } ?? ""
                text +=
                    "[\(JSONString.quote(entry.title)),\(JSONString.quote(url)),\(entry.children.isEmpty ? 0 : 1)],\n"
            }
            text += "];\n"
            return OutputFile(path: list.path, text: text)
        }
    }

    /// A section is open on the pages inside it, and always when it has no page of its own
    /// (a reader could not open it otherwise). Only open sections list their children: a
    /// closed section's entries are never shown, and listing them would make every page
    /// carry the whole site's navigation (pages × pages bytes on a large site).
    private func isOpen(_ node: NavigationTree.Node, in directory: String) -> Bool {
        !node.children.isEmpty
            && (node.folder.map { folder in
                folder.isEmpty || node.outputPath == nil || directory == folder || directory.hasPrefix(folder + "/")
            } ?? false)
    }

    private func make(
        _ node: NavigationTree.Node, isCurrent: Bool, isMarker: Bool = false, children: [Entry], directory: String,
        root: String,
        url: (String) -> String
    ) -> Entry {
        // Every key is set on every item, even when false: Mustache looks names up through
        // enclosing contexts, and a missing `hasChildren` would find the parent's.
        let place = sharedListPlaces[ObjectIdentifier(node)]
        let sharedList =
            isOpen(node, in: directory) && node.children.count > Self.sharedListLimit
            ? sharedListValues(folder: node.folder ?? "", root: root) : nil
        var values: TemplateObject = [
            "title": .text(node.title),
            "hasURL": .bool(node.outputPath != nil),
            "url": .text(node.outputPath.map(url) ?? ""),
            "isCurrent": .bool(isCurrent),
            "isOpen": .bool(isOpen(node, in: directory)),
            "hasChildren": .bool(!node.children.isEmpty),
            "children": .list(children.map { .object($0.values) }),
            "childrenHTML": .text(children.map(\.html).joined()),
            "isMarker": .bool(isMarker),
            "hasListPlace": .bool(place != nil),
            "listPlace": .number(place ?? 0),
            "hasSharedList": .bool(sharedList != nil),
            "sharedList": .object(sharedList ?? [:])
        ]
        var html = ""
        if rendersHTML, let theme {
            var alone = values
            alone["root"] = .text(root)
            switch theme.render(alone, template: Self.itemTemplate) {
            case .success(let bytes):
                html = String(decoding: bytes, as: UTF8.self)
            case .failure(let diagnostic):
                failureFound.withLock { found in found = found ?? diagnostic }
            }
        }
        values["html"] = .text(html)
        return Entry(values: values, children: children)
    }
}
