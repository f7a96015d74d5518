import Foundation
import StrataCore

/// The site's navigation, built from the folder structure of the content: each folder is a
/// section (its `index.md` is the section page), ordered by `weight:`/`nav_order:`, then
/// title, then path, so the order never depends on the file system.
package struct NavigationTree: Sendable {
    package final class Node: Sendable {
        package let title: String
        /// The page this entry opens, or `nil` for a folder without an `index.md`.
        package let outputPath: String?
        /// The folder a section stands for (`nil` for plain pages).
        package let folder: String?
        package let weight: Int?
        package let children: [Node]

        init(title: String, outputPath: String?, folder: String?, weight: Int?, children: [Node]) {
            self.title = title
            self.outputPath = outputPath
            self.folder = folder
            self.weight = weight
            self.children = children
        }
    }

    /// Top-level entries: the home page first, then pages and sections.
    package let roots: [Node]
    /// Every page in reading order (a section page before its children), for previous/next.
    package let readingOrder: [String]
    /// Each page's place in `readingOrder`.
    private let readingPositions: [String: Int]
    /// Title and section page of every folder, for breadcrumbs.
    let sections: [String: (title: String, outputPath: String?)]

    package init(pages: [Page]) {
        var sections: [String: (title: String, outputPath: String?)] = [:]
        let entries = pages.map { Entry(page: $0, directory: $0.directory) }
        let root = Self.buildSection(folder: "", entries: entries, sections: &sections)
        var roots = root.children
        if let home = pages.first(where: { $0.outputPath == "index.html" }) {
            roots.insert(
                Node(title: home.title, outputPath: home.outputPath, folder: nil, weight: home.weight, children: []),
                at: 0)
        }
        var order: [String] = []
        func walk(_ nodes: [Node]) {
            for node in nodes {
                if let path = node.outputPath { order.append(path) }
                walk(node.children)
            }
        }
        walk(roots)
        self.roots = roots
        self.readingOrder = order
        self.readingPositions = Dictionary(order.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        self.sections = sections
    }

    /// A page with its folder worked out once.
    private struct Entry {
        var page: Page
        var directory: String
    }

    /// `entries` are the pages in `folder` and below it.
    private static func buildSection(
        folder: String, entries pages: [Entry], sections: inout [String: (title: String, outputPath: String?)]
    ) -> Node {
        var childFolders: Set<String> = []
        var below: [String: [Entry]] = [:]
        var entries: [Node] = []
        var groups: [String: String] = [:]
        var index: Page?
        for entry in pages {
            let page = entry.page
            let directory = entry.directory
            // A child folder's entry is its index page's: its group too.
            if let group = page.navigationGroup { groups[page.outputPath] = group }
            if directory == folder {
                if page.isSectionIndex {
                    index = page
                } else if page.isListedInNavigation {
                    entries.append(
                        Node(
                            title: page.title, outputPath: page.outputPath, folder: nil, weight: page.weight,
                            children: []))
                }
            } else if folder.isEmpty || directory.hasPrefix(folder + "/") {
                let rest = folder.isEmpty ? directory : String(directory.dropFirst(folder.count + 1))
                let first = rest.split(separator: "/").first.map(String.init) ?? rest
                let child = folder.isEmpty ? first : folder + "/" + first
                below[child, default: []].append(entry)
                // A folder of pages kept out of the navigation (layer pages) gets no entry.
                if page.isListedInNavigation || page.isSectionIndex { childFolders.insert(child) }
            }
        }
        for child in childFolders {
            entries.append(buildSection(folder: child, entries: below[child] ?? [], sections: &sections))
        }
        entries.sort(by: Self.precedes)
        entries = Self.labelled(entries, groups: groups)
        let name = folder.split(separator: "/").last.map(String.init) ?? ""
        let title = index?.title ?? Self.humanize(name)
        sections[folder] = (title, index?.outputPath)
        return Node(
            title: title, outputPath: index?.outputPath, folder: folder, weight: index?.weight, children: entries)
    }

    /// A section whose pages have groups (a DocC catalog's topic groups) lists each group's
    /// name, as a label with no page, before its first page; pages of no group, after a
    /// grouped one, go under "More".
    static func labelled(_ entries: [Node], groups: [String: String]) -> [Node] {
        guard !groups.isEmpty else { return entries }
        var result: [Node] = []
        var current: String?
        for entry in entries {
            let group = entry.outputPath.flatMap { groups[$0] } ?? (current == nil ? nil : "More")
            if let group, group != current {
                result.append(Node(title: group, outputPath: nil, folder: nil, weight: nil, children: []))
                current = group
            }
            result.append(entry)
        }
        return result
    }

    static func precedes(_ lhs: Node, _ rhs: Node) -> Bool {
        let leftWeight = lhs.weight ?? Int.max
        let rightWeight = rhs.weight ?? Int.max
        if leftWeight != rightWeight { return leftWeight < rightWeight }
        let leftTitle = lhs.title.lowercased()
        let rightTitle = rhs.title.lowercased()
        if leftTitle != rightTitle { return leftTitle < rightTitle }
        return (lhs.outputPath ?? lhs.folder ?? "") < (rhs.outputPath ?? rhs.folder ?? "")
    }

    /// `getting-started` → "Getting started".
    static func humanize(_ name: String) -> String {
        let words = name.replacingOccurrences(of: "-", with: " ").replacingOccurrences(of: "_", with: " ")
        return words.prefix(1).uppercased() + words.dropFirst()
    }

    /// One entry of the tree, depth first: equal signatures mean equal navigation, breadcrumbs
    /// and previous/next links on every page.
    package struct SignatureEntry: Hashable, Sendable {
        var depth: Int
        var title: String
        var outputPath: String?
        var folder: String?
    }

    /// The whole tree as a flat list, cheap to compare from one build to the next.
    package var signature: [SignatureEntry] {
        var entries: [SignatureEntry] = []
        func walk(_ nodes: [Node], depth: Int) {
            for node in nodes {
                entries.append(
                    SignatureEntry(depth: depth, title: node.title, outputPath: node.outputPath, folder: node.folder))
                walk(node.children, depth: depth + 1)
            }
        }
        walk(roots, depth: 0)
        for (folder, section) in sections.sorted(by: { $0.key < $1.key }) {
            entries.append(
                SignatureEntry(depth: -1, title: section.title, outputPath: section.outputPath, folder: folder))
        }
        return entries
    }

    /// Where the page at `outputPath` is in `readingOrder`, if it is listed.
    package func readingPosition(of outputPath: String) -> Int? {
        readingPositions[outputPath]
    }

    /// The sections above a page, outermost first, excluding the page itself.
    package func breadcrumbs(for page: Page) -> [(title: String, outputPath: String?)] {
        var trail: [(title: String, outputPath: String?)] = []
        if page.outputPath != "index.html", let home = sections[""]?.outputPath {
            trail.append((sections[""]?.title ?? "Home", home))
        }
        var folders: [String] = []
        var current = ""
        for part in page.directory.split(separator: "/") {
            current = current.isEmpty ? String(part) : current + "/" + part
            folders.append(current)
        }
        if page.isSectionIndex, !folders.isEmpty { folders.removeLast() }
        for folder in folders {
            if let section = sections[folder] { trail.append(section) }
        }
        return trail
    }
}
