import StrataCore

/// How many of each page's written diagrams one build lays out in full: in the order of
/// the pages' paths, then of the diagrams in each page, until their layout work (n² for a
/// diagram of n boxes and arrows) would pass `ReadingLimits.diagramLayoutWork`; every
/// diagram after that is drawn simplified. Graphviz takes up to about a second for a diagram
/// below the bound of one, so a hundred of them took over a minute. Decided before the
/// pages are rendered in parallel, so the same pages always get the same drawings.
struct DiagramBudget {
    /// The leading diagrams laid out in full, by page path; a page not listed has all of its
    /// diagrams laid out in full.
    let inFull: [String: Int]

    /// - Parameters:
    ///   - pages: each page's path and the layout work of each of its diagrams, in order.
    ///   - maximum: the work one build spends.
    init(pages: [(path: String, work: [Int])], maximum: Int = ReadingLimits.diagramLayoutWork.maximum) {
        var spent = 0
        var isSpent = false
        var inFull: [String: Int] = [:]
        for page in pages.sorted(by: { $0.path < $1.path }) {
            for (index, work) in page.work.enumerated() {
                if !isSpent, spent + work <= maximum {
                    spent += work
                    continue
                }
                isSpent = true
                inFull[page.path] = index
                break
            }
        }
        self.inFull = inFull
    }

    /// The budget of the pages' diagrams. A build with fewer diagrams than could each be at
    /// the bound of one within the budget is not read twice.
    init(pages: [SourcePage], drawer: PageDiagramDrawer) {
        let withDiagrams = pages.filter(\.document.hasDiagramBlocks).map {
            ($0.outputPath, $0.document.diagramBlocks())
        }
        let largest = ReadingLimits.diagramLayout.maximum * ReadingLimits.diagramLayout.maximum
        guard withDiagrams.reduce(0, { $0 + $1.1.count }) * largest > ReadingLimits.diagramLayoutWork.maximum else {
            self.init(pages: [])
            return
        }
        self.init(pages: withDiagrams.map { (path: $0.0, work: $0.1.map(drawer.layoutWork)) })
    }

    /// Whether the `index`-th diagram of `page` is laid out in full.
    func isInFull(page: String, index: Int) -> Bool {
        inFull[page].map { index < $0 } ?? true
    }
}
