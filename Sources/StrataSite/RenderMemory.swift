import Foundation
import StrataCore

/// The pages one render produced, kept for the next render in the same process (`strata
/// serve`): a page is rendered again only when something its template sees changed — the
/// page itself, the navigation (titles, order, sections), the configuration or the theme.
/// Everything else is the previous bytes, which are what a clean render would write.
public final class RenderMemory: @unchecked Sendable {
    private let lock = NSLock()
    private var config: StrataConfig?
    private var theme: Theme?
    private var navigation: [NavigationTree.SignatureEntry] = []
    private var outputs: [String: (page: Page, file: OutputFile)] = [:]
    private var notFound: OutputFile?
    /// How many pages the latest render wrote anew (the rest were reused).
    public private(set) var renderedCount = 0

    public init() {}

    /// Whether the site-wide inputs are those of the previous render.
    func sameSite(config: StrataConfig, theme: Theme, navigation: [NavigationTree.SignatureEntry]) -> Bool {
        lock.withLock { self.config == config && self.theme == theme && self.navigation == navigation }
    }

    func output(for page: Page) -> OutputFile? {
        lock.withLock {
            guard let previous = outputs[page.outputPath], previous.page == page else { return nil }
            return previous.file
        }
    }

    var previousNotFound: OutputFile? {
        lock.withLock { notFound }
    }

    /// Replaces the memory with this render's pages (so it never holds removed pages).
    func remember(config: StrataConfig, theme: Theme, navigation: [NavigationTree.SignatureEntry], pages: [(Page, OutputFile)], notFound: OutputFile, renderedCount: Int) {
        lock.withLock {
            self.config = config
            self.theme = theme
            self.navigation = navigation
            self.outputs = Dictionary(pages.map { ($0.0.outputPath, ($0.0, $0.1)) }, uniquingKeysWith: { first, _ in first })
            self.notFound = notFound
            self.renderedCount = renderedCount
        }
    }
}
