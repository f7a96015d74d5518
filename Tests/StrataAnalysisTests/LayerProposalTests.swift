import StrataCore
import Testing

@testable import StrataAnalysis

/// The layers `strata init` proposes keep to the code as it is (no dependency points down
/// the list), come from the manifests' sections when those are layers, and otherwise from
/// the dependency order.
@Suite struct LayerProposalTests {
    /// A graph of targets (`name` or `name:section`, `*` for an executable, `?` for a test)
    /// and `from>to` uses.
    func graph(_ targets: [String], _ uses: [String]) -> ModuleGraph {
        let nodes = targets.map { spec -> ModuleNode in
            var name = spec
            var kind = ModuleNode.Kind.regular
            if name.hasPrefix("*") {
                kind = .executable
                name.removeFirst()
            }
            if name.hasPrefix("?") {
                kind = .test
                name.removeFirst()
            }
            let parts = name.split(separator: ":").map(String.init)
            return ModuleNode(id: parts[0], kind: kind, package: "P", section: parts.count > 1 ? parts[1] : nil)
        }
        let edges = uses.map { use -> ModuleEdge in
            let parts = use.split(separator: ">").map(String.init)
            return ModuleEdge(
                from: parts[0], to: parts[1], relation: .declaredAndImported, declarations: [], imports: [])
        }
        return ModuleGraph(
            nodes: nodes + [ModuleNode(id: "Foundation", kind: .sdk)],
            edges: edges + [
                ModuleEdge(from: "Models", to: "Foundation", relation: .sdk, declarations: [], imports: [])
            ], packages: [])
    }

    func layers(_ proposal: LayerProposal) -> [String] {
        proposal.layers.map { "\($0.name): \($0.modules.joined(separator: " "))" }
    }

    /// No use of a module in a later layer.
    func keepsToTheCode(_ proposal: LayerProposal, _ graph: ModuleGraph) -> Bool {
        var rank: [String: Int] = [:]
        for (index, layer) in proposal.layers.enumerated() { for module in layer.modules { rank[module] = index } }
        return graph.edges.allSatisfy { edge in
            guard let from = rank[edge.from], let to = rank[edge.to] else { return true }
            return to <= from
        }
    }

    @Test func theDependencyOrderGivesCoreServicesAndTheApp() {
        // Names that say no role: the dependency order decides.
        let shop = graph(
            ["Base", "Wire", "Cart", "Checkout", "*ShopApp", "*Tool", "?CartTests"],
            ["Wire>Base", "Cart>Base", "Cart>Wire", "Checkout>Cart", "ShopApp>Checkout", "Tool>Base", "CartTests>Cart"])
        let proposal = LayerProposal(graph: shop)
        #expect(proposal.basis == .dependencyOrder)
        #expect(proposal.sectionsSetAside == nil)
        #expect(
            layers(proposal) == ["Core: Base", "Services: Cart Checkout Wire", "App: ShopApp Tool"],
            "the tool goes with the app; tests have no layer")
        #expect(keepsToTheCode(proposal, shop))
    }

    /// The names say the roles (`Models`, `Networking`): the layers follow them.
    @Test func namesThatSayTheirRolesGiveTheirLayers() {
        let shop = graph(
            ["Models", "Networking", "Cart", "Checkout", "*ShopApp", "*Tool", "?CartTests"],
            [
                "Networking>Models", "Cart>Models", "Cart>Networking", "Checkout>Cart", "ShopApp>Checkout",
                "Tool>Models", "CartTests>Cart"
            ])
        let proposal = LayerProposal(graph: shop)
        #expect(proposal.basis == .roles)
        #expect(layers(proposal) == ["Models: Models", "Clients: Cart Checkout Networking", "App: ShopApp Tool"])
        #expect(
            proposal.reasons["Networking"] == "named …Networking" && proposal.reasons["Cart"] == "uses Networking"
                && proposal.reasons["ShopApp"] == "an executable")
        #expect(keepsToTheCode(proposal, shop))
    }

    /// Issue 46's 18-module app: 13 local packages, an app and 4 extensions. The dependency
    /// order put 16 of them in one layer, Services; the names put the models and the network
    /// client at the bottom, the environment and design system above, the features above
    /// those, the app and its extensions on top.
    @Test func anEighteenModuleAppGetsTheLayersAMaintainerWouldWrite() {
        let features = [
            "FeedFeature", "ProfileFeature", "SearchFeature", "SettingsFeature", "OnboardingFeature", "PlayerFeature"
        ]
        var uses = [
            "APIClient>Models", "APIClientLive>APIClient", "Persistence>Models", "Environment>APIClient",
            "Environment>Persistence", "DesignSystem>Utilities", "ImageLoader>Utilities", "Models>Utilities"
        ]
        for feature in features {
            uses += ["\(feature)>Environment", "\(feature)>DesignSystem", "\(feature)>Models", "App>\(feature)"]
        }
        uses += [
            "ProfileFeature>ImageLoader", "FeedFeature>PlayerFeature", "App>APIClientLive", "WidgetExtension>Models",
            "ShareExtension>APIClient", "NotificationService>Models", "IntentsExtension>Environment",
            "App>WidgetExtension"
        ]
        var app = graph(
            [
                "Utilities", "Models", "APIClient", "APIClientLive", "Persistence", "Environment", "DesignSystem",
                "ImageLoader", "*App", "*WidgetExtension", "*ShareExtension", "*NotificationService",
                "*IntentsExtension"
            ] + features, uses)
        for index in app.nodes.indices where app.nodes[index].kind == .executable {
            app.nodes[index].productType = app.nodes[index].id == "App" ? "app" : "app-extension"
        }
        let proposal = LayerProposal(graph: app)
        #expect(proposal.basis == .roles)
        #expect(
            layers(proposal) == [
                "Core: ImageLoader Utilities", "Models: Models", "Clients: APIClient Environment Persistence",
                "Live: APIClientLive", "DesignSystem: DesignSystem",
                "Features: FeedFeature OnboardingFeature PlayerFeature ProfileFeature SearchFeature SettingsFeature",
                "App: App IntentsExtension NotificationService ShareExtension WidgetExtension"
            ])
        #expect(proposal.layers.allSatisfy { $0.modules.count * 2 <= 18 }, "no layer holds half the modules")
        #expect(
            proposal.reasons["WidgetExtension"] == "an Xcode app-extension target",
            "an extension the app embeds is on top, though the app uses it")
        #expect(proposal.reasons["Environment"] == "uses APIClient")
        #expect(keepsToTheCode(proposal, app))
    }

    /// A module named for a low role that uses a higher one is raised, and says why.
    @Test func aModuleNamedLowButUsingHigherIsRaisedAndSaysWhy() {
        let app = graph(
            ["Models", "UserModel", "APIClient", "FeedFeature"],
            ["UserModel>APIClient", "APIClient>Models", "FeedFeature>UserModel"])
        let proposal = LayerProposal(graph: app)
        #expect(layers(proposal) == ["Models: Models", "Clients: APIClient UserModel", "Features: FeedFeature"])
        #expect(proposal.reasons["UserModel"] == "named …Model, raised to Clients: it uses APIClient")
        #expect(keepsToTheCode(proposal, app))
        #expect(RoleLayers.words(of: "APIClientLive") == ["API", "Client", "Live"])
        #expect(RoleLayers.words(of: "My Share-Extension2") == ["My", "Share", "Extension2"])
        #expect(
            RoleLayers.tier(of: "DesignSystem") == 4 && RoleLayers.tier(of: "SearchFeature") == 5
                && RoleLayers.tier(of: "Settings") == nil)
    }

    /// Folders say roles too: `Sources/Features/Feed` is a feature, whatever its name.
    @Test func foldersNamedForARoleGiveTheirLayer() {
        var app = graph(
            ["Feed", "Profile", "Networking", "Models", "Settings"],
            ["Feed>Networking", "Profile>Networking", "Networking>Models", "Settings>Models"])
        for index in app.nodes.indices {
            switch app.nodes[index].id {
            case "Feed", "Profile": app.nodes[index].sourcePath = "Sources/Features/\(app.nodes[index].id)"
            case "Settings": app.nodes[index].sourcePath = "Packages/Features/Settings/Sources/Settings"
            default: app.nodes[index].sourcePath = "Sources/\(app.nodes[index].id)"
            }
        }
        let proposal = LayerProposal(graph: app)
        #expect(layers(proposal) == ["Models: Models", "Clients: Networking", "Features: Feed Profile Settings"])
        #expect(proposal.reasons["Settings"] == "in the folder Features")
        #expect(keepsToTheCode(proposal, app))
    }

    /// Without role names, a middle holding more than half the modules is split by depth.
    @Test func aMiddleOfMoreThanHalfTheModulesIsSplit() {
        let chain = graph(["A", "B", "C", "D", "E", "F", "*G"], ["B>A", "C>B", "D>C", "E>D", "F>E", "G>F"])
        let proposal = LayerProposal(graph: chain)
        #expect(proposal.basis == .dependencyOrder)
        #expect(layers(proposal) == ["Core: A", "Domain: B C", "Services: D E F", "App: G"])
        #expect(keepsToTheCode(proposal, chain))
    }

    @Test func aTopThatIsNotOnlyExecutablesIsFeatures() {
        let library = graph(["Models", "Feed", "Profile"], ["Feed>Models", "Profile>Models"])
        #expect(layers(LayerProposal(graph: library)) == ["Core: Models", "Features: Feed Profile"])
        #expect(layers(LayerProposal(graph: graph(["Models"], []))) == ["Core: Models"])
        #expect(LayerProposal(graph: graph(["?OnlyTests"], [])).layers.isEmpty)
    }

    @Test func sectionsThatAreLayersAreKeptInTheirDependencyOrder() {
        let sections = graph(
            ["Models:Core", "Store:Data", "Feed:UI", "*App:App"],
            ["Store>Models", "Feed>Store", "App>Feed", "App>Models"])
        let proposal = LayerProposal(graph: sections)
        #expect(proposal.basis == .sections)
        #expect(layers(proposal) == ["Core: Models", "Data: Store", "UI: Feed", "App: App"])
        #expect(keepsToTheCode(proposal, sections))
    }

    @Test func sectionsThatUseEachOtherOrOrganiseTheManifestAreSetAside() {
        let tangled = graph(["A:One", "B:Two", "C:One"], ["A>B", "B>C"])
        let proposal = LayerProposal(graph: tangled)
        #expect(proposal.basis == .dependencyOrder)
        #expect(proposal.sectionsSetAside == "the // MARK: sections One and Two use each other")
        #expect(keepsToTheCode(proposal, tangled))

        let organised = LayerProposal(
            graph: graph(["Models:Targets", "Feed:Targets", "*Demo:Examples"], ["Feed>Models", "Demo>Feed"]))
        #expect(organised.basis == .dependencyOrder)
        #expect(organised.sectionsSetAside == "Examples, Targets organise the manifest rather than name a layer")
        #expect(layers(organised) == ["Core: Models", "Services: Feed", "App: Demo"])

        #expect(
            LayerProposal(graph: graph(["Models:Core", "Feed"], ["Feed>Models"])).sectionsSetAside
                == "not every module is in a // MARK: section")
    }

    /// A layer whose modules are named for one role takes the role's name.
    @Test func modulesNamedForARoleNameTheirLayer() {
        let app = graph(
            ["Models", "FeedService", "CartService", "FeedUI", "CartUI", "ProfileUI", "Settings"],
            [
                "FeedService>Models", "CartService>Models", "FeedUI>FeedService", "CartUI>CartService",
                "ProfileUI>Models", "Settings>Models"
            ])
        let proposal = LayerProposal(graph: app)
        #expect(
            layers(proposal) == [
                "Models: Models Settings", "Clients: CartService FeedService", "Features: CartUI FeedUI ProfileUI"
            ])
        #expect(keepsToTheCode(proposal, app))
        #expect(LayerProposal.role(of: "Build") == nil, "a word boundary: Build is not a UI module")
        #expect(
            LayerProposal.role(of: "GUI") == nil && LayerProposal.role(of: "FeedUI") == "UI"
                && LayerProposal.role(of: "UI") == "UI")
        #expect(LayerProposal.role(of: "Cart2Service") == "Services" && LayerProposal.role(of: "Restore") == nil)
    }

    /// A cycle's modules share a layer: the proposal adds no layer-order error to the cycle's own.
    @Test func aCycleStaysInOneLayer() {
        let cyclic = graph(["A", "B", "C", "D"], ["A>B", "B>A", "C>A", "A>D"])
        let proposal = LayerProposal(graph: cyclic)
        #expect(layers(proposal) == ["Core: D", "Services: A B", "Features: C"])
        #expect(keepsToTheCode(proposal, cyclic))
    }

    /// Sections assign layers by name, so a proposed layer never takes a section's name.
    @Test func proposedNamesKeepClearOfSectionNames() {
        let mixed = graph(["Models:Core", "Net:Core", "Feed", "*App:App"], ["Net>Models", "Feed>Net", "App>Feed"])
        let proposal = LayerProposal(graph: mixed)
        #expect(proposal.basis == .dependencyOrder)
        #expect(layers(proposal) == ["Foundation: Models", "Services: Feed Net", "Application: App"])
    }

    /// A chain longer than any thread's stack allows for recursion, and a cycle.
    @Test func longChainsAndCyclesAreOrdered() {
        let count = 20_000
        let names = (0..<count).map { "M\($0)" }
        let chain = graph(names, (1..<count).map { "M\($0)>M\($0 - 1)" } + ["M0>M5"])
        let proposal = LayerProposal(graph: chain)
        #expect(proposal.layers.map(\.name) == ["Core", "Domain", "Services", "Features"])
        #expect(proposal.layers.map(\.modules.count).reduce(0, +) == count)
    }
}
