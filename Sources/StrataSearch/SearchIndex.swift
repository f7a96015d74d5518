import StrataCore

/// The site's search index (`search-index.js`), built from the finished pages, the guidance
/// catalog and the architecture, so it covers exactly what the site shows.
package enum SearchIndex {
    /// Where the index is written, relative to the site root.
    package static let path = SearchIndexWriter.path

    /// - Parameter architecture: the module graph as the site shows it, when there is one.
    package static func file(
        pages: [Page], catalog: GuidanceCatalog, architecture: (model: ArchitectureModel, siteMap: ArchitectureSiteMap)?
    ) -> OutputFile {
        let records = SearchRecordCollector(
            pages: pages, catalog: catalog, model: architecture?.model, siteMap: architecture?.siteMap
        ).records()
        return OutputFile(path: path, text: SearchIndexWriter().write(records))
    }
}
