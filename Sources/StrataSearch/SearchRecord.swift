/// One thing the reader can find with the site's search: a page, a section of a page, a
/// guidance block, a module or a layer. Its title and text are what the index makes
/// searchable; the excerpt is what a result shows.
struct SearchRecord: Equatable, Sendable {
    enum Kind: Int, Sendable {
        case page = 0
        case section, block, module, layer
        /// The part of a module one layer of files or types holds.
        case component
        /// A type of a component, with what it names and what references it.
        case type
        /// A page of the API reference: a type, an extended type or a module's API.
        case symbol
    }

    var kind: Kind
    /// What the result is called: a page's title, a heading, a block's id, a module's name.
    var title: String
    /// Where it lives, relative to the site root; a section's is its page's path plus `#id`.
    var path: String
    /// What the result belongs to: the page of a section, the layer of a module, the kind
    /// and page of a block.
    var context: String
    /// Searchable text that is not the title (a section's body, a block's conditions).
    var text: String
    /// A short excerpt of `text`, shown under the title.
    var excerpt: String
    /// For a section: the record of its page.
    var parent: Int?
    /// For a module: the modules it depends on and those that depend on it, by name. For a
    /// type: the types its code names, and the types (or files) that reference it.
    var uses: [String] = []
    var usedBy: [String] = []
}
