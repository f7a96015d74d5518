extension ReadingLimits {
    /// The page readers' limits, in the order the limits page lists them.
    package static var pageLimits: [ReadingLimit] { [pageBytes, pageNameBytes] }

    /// The largest Markdown page Strata builds. A 50 MB page took over two minutes and
    /// 2.2 GB; time and memory grow in step with the page, and stop here.
    package static let pageBytes = ReadingLimit("content", .tooLarge, maximum: 10_000_000, counts: "bytes in one page")

    /// Bytes in one name of a page's published path (`guides/<name>.html`): file systems
    /// refuse names past 255 bytes, and the page is reported where it is written, not where
    /// the site fails to be saved.
    package static let pageNameBytes = ReadingLimit(
        "content", .tooLarge, maximum: 240, counts: "bytes in one name of a published path")
}
