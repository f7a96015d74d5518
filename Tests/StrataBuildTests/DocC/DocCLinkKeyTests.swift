import Testing

@testable import StrataBuild

/// The ways a `doc:` link names a page, and how DocC's and Strata's heading ids meet.
@Suite struct DocCLinkKeyTests {
    @Test func everyFormOfDocLinkIsTakenApart() {
        #expect(DocCLinkKey.parse("doc:GettingStarted") == .init(components: ["GettingStarted"], fragment: nil))
        #expect(DocCLinkKey.parse("doc:Kit/Guide#Setup") == .init(components: ["Kit", "Guide"], fragment: "Setup"))
        #expect(DocCLinkKey.parse("doc:/documentation/Kit/Guide") == .init(components: ["Kit", "Guide"], fragment: nil))
        #expect(DocCLinkKey.parse("doc:/tutorials/Kit/First") == .init(components: ["Kit", "First"], fragment: nil))
        #expect(
            DocCLinkKey.parse("doc://com.example.Kit/documentation/Kit/Guide")
                == .init(components: ["Kit", "Guide"], fragment: nil))
        #expect(DocCLinkKey.parse("doc:#Heading") == .init(components: [], fragment: "Heading"))
        #expect(DocCLinkKey.parse("doc:") == nil)
        #expect(DocCLinkKey.parse("https://example.com") == nil)
    }

    @Test func pagesAreNamedByFileNameWithSpacesAsDashes() {
        #expect(DocCLinkKey.keys(forFile: "documentation/Kit/App Window/About Window.md") == ["about-window"])
        #expect(DocCLinkKey.name(of: "doc:About-Window") == "about-window")
        #expect(DocCLinkKey.name(of: "doc:Kit/GettingStarted#Install") == "gettingstarted")
    }

    @Test func docCsFragmentsMeetStratasHeadingIDs() {
        // DocC keeps the heading's punctuation; Strata's ids, as GitHub's, drop it.
        #expect(DocCLinkKey.anchorKey("4.3.-Fetch-manifest") == DocCLinkKey.anchorKey("43-fetch-manifest"))
        #expect(
            DocCLinkKey.anchorKey("Appendix-B---Package-Release")
                == DocCLinkKey.anchorKey("appendix-b---package-release"))
        #expect(DocCLinkKey.anchorKey("Trusted-vs.-untrusted") == DocCLinkKey.anchorKey("trusted-vs-untrusted"))
        #expect(DocCLinkKey.anchorKey("Rows-and-columns") == "rows-and-columns")
    }

    @Test func symbolPathsAreToldFromArticles() {
        #expect(LinkResolver.namesSymbol("Greeter/greet(_:)"))
        #expect(LinkResolver.namesSymbol("run(_:)"))
        #expect(LinkResolver.namesSymbol("Type/init(rawValue:)-1j41k"))
        #expect(LinkResolver.namesSymbol("Product-swift.struct"))
        #expect(!LinkResolver.namesSymbol("GettingStarted"))
        #expect(!LinkResolver.namesSymbol("About-Window"))
    }

    @Test func resourceVariantsStandForTheirPlainName() {
        #expect(DocCCatalogLinks.plainName("Resources/diagram~dark@2x.png") == "diagram.png")
        #expect(DocCCatalogLinks.plainName("icon@3x.png") == "icon.png")
        #expect(DocCCatalogLinks.plainName("plain.png") == "plain.png")
    }
}
