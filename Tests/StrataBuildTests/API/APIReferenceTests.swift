import Foundation
import StrataBuild
import StrataCore
import Testing

/// The API reference as a user of a package meets it: a page per type, the module's list,
/// symbol links from articles and comments, documentation extensions, and what `api:` in
/// strata.yml changes.
@Suite struct APIReferenceTests {
    static let package = """
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(name: "P", targets: [.target(name: "Kit"), .testTarget(name: "KitTests")])
        """

    static let kit = """
        /// A store of items.
        ///
        /// Use ``add(_:)`` to fill it, and ``Item`` for what it holds.
        public struct Store {
            /// Creates an empty store.
            public init() {}

            /// Adds an item.
            ///
            /// - Parameter item: What to add.
            /// - Returns: How many items the store holds now.
            @discardableResult public mutating func add(_ item: Item) -> Int { 0 }

            /// See ``Missing`` for more.
            public func broken() {}

            func hidden() {}
        }

        /// One thing in a store.
        public struct Item: Hashable {}

        /// Greets.
        public func greet() {}
        """

    func project(_ extra: [String: String] = [:]) throws -> TemporaryProject {
        var files = [
            "Package.swift": Self.package, "Sources/Kit/Kit.swift": Self.kit,
            "Tests/KitTests/KitTests.swift": "import Kit\n"
        ]
        files.merge(extra) { _, new in new }
        return try TemporaryProject(files: files)
    }

    @Test func eachTypeHasAPageAndTheModuleListsThem() throws {
        let project = try project()
        let result = project.build()
        #expect(result.exitCode == 0)
        let pages = project.files().keys.filter { $0.hasPrefix("documentation/") }.sorted()
        #expect(
            pages == ["documentation/Kit/Item.html", "documentation/Kit/Store.html", "documentation/Kit/index.html"])
        let store = project.text("Output/documentation/Kit/Store.html")
        #expect(store.contains("<span class=\"docc-eyebrow\">Structure</span>"))
        #expect(store.contains("<p>A store of items.</p>"))
        #expect(store.contains("<h2 id=\"initializers\">"))
        #expect(store.contains("<h3 id=\"add_\"><code>add(_:)</code>"))
        #expect(store.contains("<strong>Return Value</strong>"))
        #expect(store.contains("<code>item</code>: What to add."))
        #expect(!store.contains("hidden()"))
        // A symbol link in a comment leads to its member's heading, and to another type's page.
        #expect(
            store.contains("<a href=\"#add_\"><code>add(_:)</code></a>") || store.contains("href=\"Store.html#add_\""))
        #expect(store.contains("<a href=\"Item.html\"><code>Item</code></a>"))
        let index = project.text("Output/documentation/Kit/index.html")
        #expect(index.contains("<h3 id=\"structures\">Structures"))
        #expect(
            index.contains(
                "<a href=\"Item.html\"><code>Item</code></a> <span class=\"docc-abstract\">One thing in a store.</span>"
            ))
        #expect(index.contains("<h3 id=\"greet\"><code>greet()</code>"))
        // The module's page in the architecture leads to its documentation.
        #expect(project.text("Output/modules/Kit.html").contains("documentation/Kit/index.html"))
    }

    @Test func aBrokenSymbolLinkInACommentIsReportedAtTheComment() throws {
        let result = try project().build()
        #expect(
            TemporaryProject.lines(result).contains {
                $0.hasPrefix("Sources/Kit/Kit.swift:14:") && $0.contains("no documented symbol is named 'Missing'")
            })
    }

    /// DocC's ways of picking an overload (a kind, a hash, the parameter or return types) all
    /// lead to the method's place on its type's page, where overloads are listed together.
    @Test func everyFormOfDisambiguationResolves() throws {
        let links = [
            "add(_:)-swift.method", "add(_:)-3hd8f", "add(_:)-(Item)", "add(_:)->Int", "add(_:)-(Item)->Int",
            "add(_:)-(_)->Int"
        ]
        let kit = Self.kit.replacingOccurrences(
            of: "/// Greets.", with: "/// Greets; see " + links.map { "``Store/\($0)``" }.joined(separator: ", ") + ".")
        let result = try project(["Sources/Kit/Kit.swift": kit]).build()
        #expect(!TemporaryProject.lines(result).contains { $0.contains("[docc.symbol-link]") && $0.contains("add") })
    }

    @Test func anArticleLinksSymbolsAndAnExtensionFileJoinsItsSymbol() throws {
        let project = try project([
            "Sources/Kit/Kit.docc/Kit.md": "# ``Kit``\n\nThe kit.\n\n## Topics\n\n### Essentials\n\n- ``Store``\n",
            "Sources/Kit/Kit.docc/Guide.md": "# Guide\n\nCall ``Store/add(_:)`` or ``Kit/Item``.\n",
            "Sources/Kit/Kit.docc/Extensions/Store.md":
                "# ``Kit/Store``\n\nMore about stores, from the catalog.\n\n## Topics\n\n"
                + "### Filling\n\n- ``add(_:)``\n",
            // Any space after the `#`, as SwiftPM's catalog writes it.
            "Sources/Kit/Kit.docc/Extensions/Item.md": "#  ``Kit/Item``\n\nItems are values.\n"
        ])
        let result = project.build()
        #expect(result.exitCode == 0)
        let pages = project.files().keys.filter { $0.hasPrefix("documentation/") }.sorted()
        // The extension file is not a page of its own: it is part of the type's page.
        #expect(!pages.contains("documentation/Kit/Extensions/Store.html"))
        #expect(project.text("Output/documentation/Kit/Item.html").contains("Items are values."))
        let store = project.text("Output/documentation/Kit/Store.html")
        #expect(store.contains("More about stores, from the catalog."))
        #expect(store.contains("<h2 id=\"filling\">Filling"))
        let guide = project.text("Output/documentation/Kit/Guide.html")
        #expect(guide.contains("<a href=\"Store.html#add_\"><code>add(_:)</code></a>"))
        #expect(guide.contains("<a href=\"Item.html\"><code>Item</code></a>"))
        // The top page lists what its Topics do not: Item, then the function in full.
        let index = project.text("Output/documentation/Kit/index.html")
        #expect(index.contains("<h3 id=\"essentials\">Essentials"))
        #expect(index.contains("<a href=\"Item.html\"><code>Item</code></a>"))
        #expect(
            !index.contains(
                "<h3 id=\"structures\">Structures</h3>\n<ul class=\"docc-topics docc-topics-list\">\n"
                    + "<li><a href=\"Store.html\""
            ))
    }

    @Test func apiInStrataYmlTurnsTheReferenceOffOrWidensIt() throws {
        let off = try project(["strata.yml": "api: false\n"])
        #expect(off.build().exitCode == 0)
        #expect(off.files().keys.filter { $0.hasPrefix("documentation/") }.isEmpty)

        let wide = try project(["strata.yml": "api:\n  access: internal\n"])
        #expect(wide.build().exitCode == 0)
        #expect(wide.text("Output/documentation/Kit/Store.html").contains("<code>hidden()</code>"))

        let wrong = try project(["strata.yml": "api:\n  access: everyone\n"])
        let result = wrong.build()
        #expect(result.exitCode == 2)
        #expect(
            TemporaryProject.lines(result).contains {
                $0.hasPrefix("strata.yml:2:11: error: api.access must be one of open, public, package or internal")
            })
    }

    @Test func aLinkFindsAMemberAnotherModuleAddsAndABrokenInheritedLinkIsReportedOnce() throws {
        let project = try TemporaryProject(files: [
            "Package.swift": """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "P", targets: [
                .target(name: "Kit"), .target(name: "Extras", dependencies: ["Kit"])
            ])
            """,
            "Sources/Kit/Kit.swift": """
            /// A shape.
            public protocol Shape {
                /// The area; see ``Nowhere``.
                func area() -> Double
            }
            /// A square.
            public struct Square: Shape { public func area() -> Double { 1 } }
            /// A circle.
            public struct Circle: Shape { public func area() -> Double { 3 } }
            """,
            "Sources/Extras/Extras.swift": """
            import Kit
            extension Square {
                /// Doubles it. Compare ``Kit/Square/doubled()`` with ``Kit/Circle``.
                public func doubled() -> Square { self }
            }
            """
        ])
        let result = project.build()
        #expect(result.exitCode == 0)
        let warnings = TemporaryProject.lines(result).filter { $0.contains("[docc.symbol-link]") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.hasPrefix("Sources/Kit/Kit.swift:3:25: warning: no documented symbol") == true)
        let extended = project.text("Output/documentation/Extras/Square.html")
        #expect(extended.contains("<a href=\"Square.html#doubled\"><code>doubled()</code></a>"))
        #expect(extended.contains("<a href=\"../Kit/Circle.html\"><code>Circle</code></a>"))
        // The requirement's comment shows on each implementation, as DocC shows it.
        #expect(project.text("Output/documentation/Kit/Circle.html").contains("The area; see"))
    }

    @Test func aLinkToADefaultImplementationLeadsToTheProtocolThatProvidesIt() throws {
        let project = try TemporaryProject(files: [
            "Package.swift": """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "P", targets: [
                .target(name: "Kit"), .target(name: "Extras", dependencies: ["Kit"])
            ])
            """,
            "Sources/Kit/Kit.swift": """
            /// Something drawn.
            public protocol Drawable {}
            extension Drawable {
                /// Draws it twice.
                public func drawTwice() {}
            }
            /// A shape, which ``Square/drawTwice()`` and ``Shape/drawTwice()`` draw.
            public protocol Shape: Drawable {}
            /// A square.
            public struct Square {}
            extension Square: Shape {}
            /// Not drawable: ``Line/drawTwice()`` leads nowhere.
            public struct Line {}
            """,
            "Sources/Extras/Extras.swift": """
            import Kit
            /// A circle; see ``Circle/drawTwice()``.
            public struct Circle: Kit.Shape {}
            """
        ])
        let result = project.build()
        #expect(result.exitCode == 0)
        let shape = project.text("Output/documentation/Kit/Shape.html")
        // Both links, as DocC shows a symbol link: by its last component.
        #expect(
            shape.components(separatedBy: "<a href=\"Drawable.html#drawtwice\"><code>drawTwice()</code></a>").count == 3
        )
        #expect(
            project.text("Output/documentation/Extras/Circle.html").contains(
                "<a href=\"../Kit/Drawable.html#drawtwice\"><code>drawTwice()</code></a>"))
        let warnings = TemporaryProject.lines(result).filter { $0.contains("[docc.symbol-link]") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("Line/drawTwice()") == true)
        // A conforming type lists what it gets from the protocol, as DocC's Default Implementations.
        let square = project.text("Output/documentation/Kit/Square.html")
        #expect(square.contains("<h2 id=\"default-implementations\">Default Implementations"))
        #expect(square.contains("<h3 id=\"drawable-implementations\">Drawable Implementations"))
        #expect(
            square.contains(
                "<li><a href=\"Drawable.html#drawtwice\"><code>drawTwice()</code></a> — Draws it twice.</li>"))
        #expect(!project.text("Output/documentation/Kit/Line.html").contains("Default Implementations"))
    }

    @Test func aProtocolThatGivesDozensOfMembersIsCountedNotListed() throws {
        let methods = (1...13).map { "    public func step\($0)() {}" }.joined(separator: "\n")
        let project = try project([
            "Sources/Kit/Steps.swift": """
            /// Steps.
            public protocol Stepping {}
            extension Stepping {
            \(methods)
            }
            /// Walks; see ``Walker/step13()``.
            public struct Walker: Stepping {}
            """
        ])
        let result = project.build()
        #expect(result.exitCode == 0)
        let walker = project.text("Output/documentation/Kit/Walker.html")
        #expect(
            walker.contains(
                "13 members, implemented by the extensions of <a href=\"Stepping.html\"><code>Stepping</code></a>, "
                    + "listed on its page."))
        #expect(!walker.contains("step1()"))
        // A link to one still finds it.
        #expect(walker.contains("<a href=\"Stepping.html#step13\"><code>step13()</code></a>"))
        #expect(!TemporaryProject.lines(result).contains { $0.contains("[docc.symbol-link]") && $0.contains("step") })
    }

    @Test func anAppsInternalTypesAreDocumentedAndItsComponentsLinkThem() throws {
        let project = try TemporaryProject(xcode: "synced-app")
        try project.write(
            "strata.yml",
            Data(
                """
                api:
                  access: internal
                layers:
                  - name: Core
                    paths: ["Notes/Core/**"]
                  - name: UI
                    paths: ["Notes/UI/**"]
                    may_use: [Core]

                """.utf8))
        let result = project.build()
        #expect(result.exitCode == 0)
        let pages = project.files().keys.filter { $0.hasPrefix("documentation/Notes/") }
        #expect(pages.contains("documentation/Notes/index.html"))
        let componentPages = project.files().keys.filter { $0.hasPrefix("components/Notes/") }.sorted()
        let linked = componentPages.contains { path in
            project.text("Output/" + path).contains("title=\"Its API reference\"><code>")
        }
        #expect(linked, "a component page links its types to their reference pages: \(componentPages)")
        #expect(project.text("Output/modules/Notes.html").contains("Its documentation and API reference"))
        // A type's page says where it sits: its module, and the layer inside it that holds it.
        let note = project.text("Output/documentation/Notes/Note.html")
        #expect(
            note.contains(
                "<span class=\"page-placement-label\">Module</span> <a href=\"../../modules/Notes.html\">Notes</a>"))
        #expect(
            note.contains(
                "<span class=\"page-placement-label\">Layer</span> "
                    + "<a href=\"../../components/Notes/Core.html#type-Note\">Core</a>"))
        // The exports summarize the API with the layers, for coding agents.
        let llms = project.text("Output/llms.txt")
        #expect(llms.contains("- [Note](/documentation/Notes/Note.html) (Structure, layer Core)"))
        #expect(llms.contains("- [NoteList](/documentation/Notes/NoteList.html) (Structure, layer UI)"))
        #expect(project.text("Output/guidance.json").contains("\"name\" : \"NoteList\""))
    }

    @Test func aReferencePageNamesItsModulesLayer() throws {
        let project = try project()
        try project.write(
            "strata.yml",
            Data(
                """
                layers:
                  - name: Domain
                    modules: [Kit]
                  - name: Tests
                    modules: [KitTests]

                """.utf8))
        let result = project.build()
        #expect(result.exitCode == 0)
        let store = project.text("Output/documentation/Kit/Store.html")
        #expect(
            store.contains(
                "<span class=\"page-placement-label\">Layer</span> <a href=\"../../layers/domain.html\">Domain</a>"))
        #expect(project.text("Output/llms.txt").contains("### [Kit](/documentation/Kit/index.html) (layer Domain)"))
    }

    @Test func aFileTooDeepToReadIsAWarningAndTheRestIsDocumented() throws {
        let deep = "public let x = " + String(repeating: "(", count: 10_000) + String(repeating: ")", count: 10_000)
        let project = try project(["Sources/Kit/Deep.swift": deep + "\n"])
        let result = project.build()
        #expect(result.exitCode == 0)
        #expect(
            TemporaryProject.lines(result).contains {
                $0.hasPrefix("Sources/Kit/Deep.swift:1:") && $0.contains("warning:")
                    && $0.contains("Strata reads no API from this file [source.too-deep]")
            })
        #expect(project.files().keys.contains("documentation/Kit/Store.html"))
    }

    @Test func theSameProjectGivesTheSameReference() throws {
        let first = try project()
        let second = try project()
        _ = first.build()
        _ = second.build()
        let a = first.files().filter { $0.key.hasPrefix("documentation/") }
        let b = second.files().filter { $0.key.hasPrefix("documentation/") }
        #expect(a == b)
    }
}
