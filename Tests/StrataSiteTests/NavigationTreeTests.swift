import StrataCore
import Testing

@testable import StrataSite

@Suite struct NavigationTreeTests {
    func page(_ output: String, _ title: String, weight: Int? = nil, index: Bool = false) -> Page {
        Page(
            sourcePath: output.replacingOccurrences(of: ".html", with: ".md"), outputPath: output, title: title,
            weight: weight, isSectionIndex: index)
    }

    var pages: [Page] {
        [
            page("index.html", "Home", index: true),
            page("zeta.html", "Zeta"),
            page("alpha.html", "alpha"),
            page("first.html", "First", weight: 1),
            page("guides/index.html", "Guides", weight: 2, index: true),
            page("guides/b.html", "B", weight: 1),
            page("guides/a.html", "A"),
            page("guides/deep/c.html", "C"),
            page("api/x.html", "X")
        ]
    }

    @Test func ordersByWeightThenTitleThenPath() {
        let tree = NavigationTree(pages: pages)
        #expect(tree.roots.map(\.title) == ["Home", "First", "Guides", "alpha", "Api", "Zeta"])
        let guides = tree.roots[2]
        #expect(guides.outputPath == "guides/index.html")
        #expect(guides.children.map(\.title) == ["B", "A", "Deep"])
        #expect(guides.children[2].outputPath == nil)
    }

    /// A DocC catalog's topic groups: each group's name is listed before its first page, a
    /// child section's page is listed in its group too, and pages of no group come last
    /// under "More"; the names are no pages, so reading order skips them.
    @Test func groupsAreNamedBeforeTheirPages() {
        func grouped(_ output: String, _ title: String, weight: Int?, group: String?, index: Bool = false) -> Page {
            var page = page(output, title, weight: weight, index: index)
            page.navigationGroup = group
            return page
        }
        let tree = NavigationTree(pages: [
            grouped("kit/index.html", "Kit", weight: nil, group: nil, index: true),
            grouped("kit/start.html", "Start", weight: 1, group: "Essentials"),
            grouped("kit/deeper.html", "Deeper", weight: 2, group: "Essentials"),
            grouped("kit/tutorials/index.html", "Tutorials", weight: 3, group: "Learn", index: true),
            grouped("kit/tutorials/one.html", "One", weight: 1, group: "Chapter 1"),
            grouped("kit/loose.html", "Loose", weight: nil, group: nil)
        ])
        let kit = tree.roots[0]
        #expect(kit.children.map(\.title) == ["Essentials", "Start", "Deeper", "Learn", "Tutorials", "More", "Loose"])
        #expect(kit.children.filter { $0.outputPath == nil }.map(\.title) == ["Essentials", "Learn", "More"])
        #expect(kit.children[4].children.map(\.title) == ["Chapter 1", "One"])
        #expect(
            tree.readingOrder == [
                "kit/index.html", "kit/start.html", "kit/deeper.html", "kit/tutorials/index.html",
                "kit/tutorials/one.html", "kit/loose.html"
            ])
        // Without groups, nothing is added.
        #expect(NavigationTree(pages: pages).roots[2].children.map(\.title) == ["B", "A", "Deep"])
    }

    @Test func readingOrderPutsASectionPageBeforeItsPages() {
        let tree = NavigationTree(pages: pages)
        #expect(
            tree.readingOrder == [
                "index.html", "first.html", "guides/index.html", "guides/b.html", "guides/a.html",
                "guides/deep/c.html", "alpha.html", "api/x.html", "zeta.html"
            ])
    }

    @Test func breadcrumbsListTheSectionsAbove() {
        let tree = NavigationTree(pages: pages)
        let deep = tree.breadcrumbs(for: page("guides/deep/c.html", "C"))
        #expect(deep.map(\.title) == ["Home", "Guides", "Deep"])
        #expect(deep.map(\.outputPath) == ["index.html", "guides/index.html", nil])
        #expect(tree.breadcrumbs(for: page("guides/index.html", "Guides", index: true)).map(\.title) == ["Home"])
        #expect(tree.breadcrumbs(for: page("index.html", "Home", index: true)).isEmpty)
    }

    @Test func orderDoesNotDependOnInputOrder() {
        let forward = NavigationTree(pages: pages).readingOrder
        let backward = NavigationTree(pages: pages.reversed()).readingOrder
        #expect(forward == backward)
    }
}
