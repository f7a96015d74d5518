/// What a DocC page says about itself, beside its text: `@Metadata` and `@Options`, the
/// title and abstract DocC would show, and for a tutorial file its directives' names.
package struct DocCPageInfo: Hashable, Sendable {
    /// An `@Available("Swift", introduced: "5.7")` line.
    package struct Availability: Hashable, Sendable {
        package var platform: String
        package var introduced: String?
        package var deprecated: String?
    }

    /// A `@PageImage(purpose: card, source: "…", alt: "…")`.
    package struct PageImage: Hashable, Sendable {
        package var purpose: String
        package var source: String
        package var alt: String?
    }

    /// A `@CallToAction`'s label and where it leads.
    package struct CallToAction: Hashable, Sendable {
        package var label: String
        package var destination: String
    }

    /// `@DisplayName`: the title shown instead of the heading's.
    package var displayName: String?
    /// `@TitleHeading("Tool")`: the word above the title (DocC's eyebrow: "Article" by default).
    package var titleHeading: String?
    /// `@PageKind(article)` or `@PageKind(sampleCode)`.
    package var pageKind: String?
    /// `@TechnologyRoot`: the page is the catalog's top page though it names no module.
    package var isTechnologyRoot = false
    package var availability: [Availability] = []
    package var pageImages: [PageImage] = []
    /// `@CallToAction(url:|file:, purpose:|label:)`: a button under the title.
    package var callToAction: CallToAction?
    /// `@Options { @TopicsVisualStyle(…) }`: `list`, `compactGrid`, `detailedGrid` or `hidden`.
    package var topicsVisualStyle: String?
    /// `@Options { @AutomaticSeeAlso(disabled) }`.
    package var automaticSeeAlso = true
    /// `@DocumentationExtension(mergeBehavior: override)` on a symbol's extension file.
    package var mergeBehavior: String?
    /// The title heading's symbol (`# ``Module/Type```): the page documents that symbol, or
    /// the module itself when it is the catalog's top page.
    package var symbol: String?
    /// The first paragraph after the title: what DocC shows under a link to the page.
    package var abstract: String?
    /// The file's top directive when it is a tutorial file: `Tutorials`, `Tutorial` or `Article`.
    package var tutorialKind: String?
    /// `@Tutorials(name:)`, or the first `@Intro(title:)` of a tutorial.
    package var tutorialTitle: String?
    /// `@Tutorial(time: 20)`: minutes.
    package var estimatedMinutes: String?
    /// `doc:` links in `## Topics` and `@TutorialReference`s, in the order written: the
    /// catalog's navigation follows them.
    package var curated: [String] = []
    /// The topic group (or tutorial chapter) each of `curated` is listed under.
    package var curatedGroups: [String?] = []

    /// The title DocC shows: `@DisplayName`, else the tutorial's, else nil (the heading's).
    package var title: String? { displayName ?? tutorialTitle }

    /// The word above the title.
    package var eyebrow: String {
        if let titleHeading { return titleHeading }
        switch tutorialKind {
        case "Tutorials": return "Tutorials"
        case "Tutorial": return "Tutorial"
        default: break
        }
        if pageKind == "sampleCode" { return "Sample Code" }
        return symbol != nil && !isExtensionOfSymbol ? "Framework" : "Article"
    }

    /// Whether the page documents a symbol inside a module (`Module/Type`), not a module.
    package var isExtensionOfSymbol: Bool { symbol?.contains("/") ?? false }
}
