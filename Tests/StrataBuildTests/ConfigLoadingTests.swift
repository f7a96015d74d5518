import Foundation
import StrataCore
import Testing

@testable import StrataBuild

@Suite struct ConfigLoadingTests {
    func load(_ yaml: String) throws -> StrataConfig {
        let project = try TemporaryProject(files: ["strata.yml": yaml])
        return try ConfigLoader.load(project: ProjectFiles(root: project.root, workingDirectory: project.root))
    }

    func diagnostics(_ yaml: String) -> [String] {
        do {
            _ = try load(yaml)
            return []
        } catch let error as DiagnosticsError {
            return error.diagnostics.map(\.description)
        } catch {
            return ["unexpected \(error)"]
        }
    }

    @Test func everyKeyHasADefault() throws {
        let project = try TemporaryProject()
        let config = try ConfigLoader.load(project: ProjectFiles(root: project.root, workingDirectory: project.root))
        #expect(config == StrataConfig())
        #expect(config.site.baseURL == "/")
        #expect(config.contentDirectory == "Content")
        #expect(config.outputDirectory == "Output")
        #expect(config.themeDirectory == nil)
        #expect(!config.markdown.unsafeHTML && !config.markdown.smartPunctuation)
    }

    @Test func readsEveryKey() throws {
        let config = try load(
            """
            site:
              title: Acme
              description: d
              base_url: /docs
              language: de
              repository: https://example.com/r
            content: docs
            theme: Themes/acme
            output: public
            markdown:
              unsafe_html: true
              smart_punctuation: yes
            """)
        #expect(
            config.site
                == SiteSettings(
                    title: "Acme", description: "d", baseURL: "/docs/", language: "de",
                    repositoryURL: "https://example.com/r"))
        #expect(config.contentDirectory == "docs")
        #expect(config.themeDirectory == "Themes/acme")
        #expect(config.outputDirectory == "public")
        #expect(config.markdown == MarkdownSettings(unsafeHTML: true, smartPunctuation: true))
        #expect(config.sourcePath == "strata.yml")
    }

    @Test func emptyFileIsAllDefaults() throws {
        #expect(try load("# nothing yet\n").site.title == "Documentation")
    }

    @Test func diagramsSectionIsRead() throws {
        let config = try load(
            "diagrams:\n  external: true\n  tests: yes\n  transitive_reduction: true\n  max_nodes: 40\n  max_edges: "
                + "90\n"
        )
        #expect(
            config.diagrams
                == DiagramSettings(
                    showExternal: true, showTests: true, transitiveReduction: true, maxNodes: 40, maxEdges: 90))
        #expect(
            StrataConfig().diagrams
                == DiagramSettings(
                    showExternal: false, showTests: false, transitiveReduction: false, maxNodes: 250, maxEdges: 600))
        #expect(
            diagnostics("diagrams:\n  max_nodes: 0\n  max_edges: lots\n  colours: red\n") == [
                "strata.yml:2:14: error: diagrams.max_nodes must be a whole number above 0, found '0' "
                    + "[config.invalid-value]",
                "strata.yml:3:14: error: diagrams.max_edges must be a whole number above 0, found 'lots' "
                    + "[config.invalid-value]",
                "strata.yml:4:3: error: unknown key 'colours' in diagrams (known keys: external, tests, "
                    + "transitive_reduction, max_nodes, max_edges) [config.unknown-key]"
            ])
    }

    @Test func aLinksPrefixMustNameAPath() {
        #expect(
            diagnostics("links:\n  \"/\": guides/\n  wiki/: [x]\n") == [
                "strata.yml:2:3: error: a links: prefix must name a path, such as 'wiki/docs/' [config.invalid-value]",
                "strata.yml:3:10: error: links.wiki/ must be a single value, found a list [config.type]"
            ])
    }

    @Test func historyReadsTheLastCommitsOrTagsAndWhereACommitsPageIs() throws {
        let commits = try load("history:\n  commits: 30\n  commit_url: https://github.com/a/b/commit/{commit}\n")
        #expect(commits.history?.points == .commits(30))
        #expect(commits.history?.link(to: "abc") == "https://github.com/a/b/commit/abc")
        #expect(commits.history?.location?.line == 1)
        #expect(try load("history:\n  tags: 5\n").history?.points == .tags(5))
        #expect(try load("site:\n  title: x\n").history == nil)
    }

    @Test func aHistoryMustSayHowManyCommitsOrTagsAndNotBoth() {
        #expect(
            diagnostics("history:\n  commit_url: https://x.test/{commit}\n") == [
                "strata.yml:1:1: error: history: needs 'commits: N' (the last N commits of the branch) or 'tags: N' "
                    + "(the last N tags) [config.invalid-value]"
            ])
        #expect(
            diagnostics("history:\n  commits: 3\n  tags: 2\n") == [
                "strata.yml:3:3: error: history: reads either the last commits or the last tags, not both "
                    + "[config.invalid-value]"
            ])
        #expect(
            diagnostics("history:\n  commits: 0\n") == [
                "strata.yml:2:12: error: history.commits must be a whole number from 1 to 1000, found '0' "
                    + "[config.invalid-value]"
            ])
        #expect(
            diagnostics("history:\n  tags: many\n") == [
                "strata.yml:2:9: error: history.tags must be a whole number from 1 to 1000, found 'many' "
                    + "[config.invalid-value]"
            ])
        #expect(
            diagnostics("history:\n  commits: 2\n  commit_url: javascript:alert(1)\n") == [
                "strata.yml:3:15: error: history.commit_url must be a web address with {commit} where a commit's id "
                    + "goes, such as https://github.com/acme/app/commit/{commit} [config.invalid-value]"
            ])
        #expect(
            diagnostics("history:\n  comits: 2\n") == [
                "strata.yml:2:3: error: unknown key 'comits' in history; did you mean 'commits'? [config.unknown-key]",
                "strata.yml:1:1: error: history: needs 'commits: N' (the last N commits of the branch) or 'tags: N' "
                    + "(the last N tags) [config.invalid-value]"
            ])
    }

    @Test func unknownKeysAreErrorsWithTheirLineAndASuggestion() {
        #expect(
            diagnostics("site:\n  tittle: x\nouptut: o\nwidgets: []\n") == [
                "strata.yml:2:3: error: unknown key 'tittle' in site; did you mean 'title'? [config.unknown-key]",
                "strata.yml:3:1: error: unknown key 'ouptut' in the configuration; did you mean 'output'? "
                    + "[config.unknown-key]",
                "strata.yml:4:1: error: unknown key 'widgets' in the configuration (known keys: site, content, "
                    + "theme, output, markdown, packages, projects, platform, docc, api, layers, rules, tests, "
                    + "guidance, diagrams, build, history, links, follow_links_outside) [config.unknown-key]"
            ])
    }

    @Test func wronglyTypedValuesAreErrors() {
        #expect(
            diagnostics("site: [a, b]\n") == [
                "strata.yml:1:7: error: site must be a mapping of keys to values, found a list [config.type]"
            ])
        #expect(
            diagnostics("site:\n  title: [a]\n") == [
                "strata.yml:2:10: error: site.title must be a single value, found a list [config.type]"
            ])
        #expect(
            diagnostics("markdown:\n  unsafe_html: please\n") == [
                "strata.yml:2:16: error: markdown.unsafe_html must be true or false, found 'please' [config.type]"
            ])
        #expect(diagnostics("markdown:\n  unsafe_html: \"true\"\n").count == 1)
        #expect(
            diagnostics("output: ''\n") == ["strata.yml:1:9: error: output must name a folder [config.invalid-value]"])
        #expect(
            diagnostics("site:\n  base_url: docs\n") == [
                "strata.yml:2:13: error: site.base_url must be a path starting with '/' or an http(s) URL, not "
                    + "'docs' [config.invalid-value]"
            ])
        #expect(
            diagnostics("- a\n- b\n") == [
                "strata.yml:1:1: error: the configuration must be a mapping of keys to values, found a list "
                    + "[config.type]"
            ])
    }

    @Test func invalidYAMLIsAnErrorAtItsLine() {
        let lines = diagnostics("site:\n  title: \"unclosed\n")
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("strata.yml:") == true)
        #expect(lines.first?.hasSuffix("[yaml.syntax]") == true)
    }

    @Test func anExplicitConfigFileMustExist() throws {
        let project = try TemporaryProject()
        #expect {
            try ConfigLoader.load(
                project: ProjectFiles(root: project.root, workingDirectory: project.root), explicitPath: "other.yml")
        } throws: { error in
            (error as? DiagnosticsError)?.diagnostics.first?.ruleID == "io.read"
        }
    }

    @Test func baseURLsAreNormalised() {
        #expect(ConfigDecoder.normalizedBaseURL("/docs") == "/docs/")
        #expect(ConfigDecoder.normalizedBaseURL("https://x.io") == "https://x.io/")
        #expect(ConfigDecoder.normalizedBaseURL("x.io") == nil)
    }
}

@Suite struct LayerConfigurationTests {
    func load(_ yaml: String) -> (StrataConfig?, [String]) {
        do {
            let project = try TemporaryProject(files: ["strata.yml": yaml])
            return (
                try ConfigLoader.load(
                    project: ProjectFiles(root: project.root, workingDirectory: project.root), explicitPath: nil), []
            )
        } catch let error as DiagnosticsError {
            return (nil, error.diagnostics.map(\.description))
        } catch {
            return (nil, ["\(error)"])
        }
    }

    @Test func layersAreReadBottomUp() {
        let (config, errors) = load(
            "layers:\n  - name: Core\n    modules: [Core, \"*Models\"]\n  - name: UI\n    modules: \"*UI\"\n    "
                + "may_use: [Core]\n"
        )
        #expect(errors.isEmpty)
        #expect(config?.layers.map(\.name) == ["Core", "UI"])
        #expect(config?.layers.first?.modules.map(\.pattern) == ["Core", "*Models"])
        #expect(config?.layers.first?.modules.last?.location?.line == 3)
        #expect(config?.layers.last?.mayUse == ["Core"])
    }

    @Test func badLayersAreErrorsWithTheirLine() {
        let (_, unknown) = load(
            "layers:\n  - name: Core\n    modules: [Core]\n  - name: UI\n    modules: [UI]\n    may_use: [Cor]\n")
        #expect(
            unknown == [
                "strata.yml:6:14: error: layer 'UI' may use 'Cor', which is not a declared layer; did you mean "
                    + "'Core'? [config.unknown-layer]"
            ])
        let (_, cycle) = load(
            "layers:\n  - name: A\n    modules: [A]\n    may_use: [B]\n  - name: B\n    modules: [B]\n")
        #expect(cycle.first?.contains("[config.layer-cycle]") == true)
        #expect(cycle.first?.contains("A → B → A") == true)
        let (_, typo) = load("layers:\n  - name: Core\n    module: [Core]\n")
        #expect(typo.first?.contains("did you mean 'modules'?") == true)
        let (_, twice) = load("layers:\n  - name: Core\n  - name: Core\n")
        #expect(twice.first?.contains("declared twice") == true)
        let (_, nameless) = load("layers:\n  - modules: [Core]\n")
        #expect(nameless.first?.contains("every layer needs a name") == true)
    }

    @Test func rulesAndTestsAreRead() {
        let yaml = """
            layers:
              - name: UI
                modules: ["*UI"]
              - name: Data
                modules: [Store]
            rules:
              layer_order: warning
              cycles: off
              undeclared-import: error
              forbid:
                - from: UI
                  to: [Store, "Analytics*"]
                  because: views stay pure
                  see: guides/ui.md#purity
                  severity: warning
              independent:
                - "Feature*"
                - [A, B]
                - modules: ["Screen*"]
                  because: screens ship alone
              only_used_by:
                - modules: Store
                  users: [Data, Repository]
            tests:
              support: ["*Fakes"]
              follow_layers: true
            """
        let (config, errors) = load(yaml)
        #expect(errors.isEmpty)
        guard let rules = config?.rules else { return }
        #expect(rules.severity(of: .layerOrder) == .warning)
        #expect(rules.severity(of: .cycle) == .off, "a bare off, which YAML 1.1 reads as false, still means off")
        #expect(rules.severity(of: .undeclaredImport) == .error)
        #expect(rules.severity(of: .unusedDependency) == .warning, "a rule not named keeps its default")
        let forbid = rules.forbid.first
        #expect(forbid?.from.map(\.kind) == [.layer("UI")])
        #expect(forbid?.to.map(\.description) == ["Store", "Analytics*"], "a name that is no layer is a module")
        #expect(forbid?.rationale.name == "UI → Store, Analytics*")
        #expect(forbid?.rationale.because == "views stay pure")
        #expect(forbid?.rationale.see == "guides/ui.md#purity")
        #expect(forbid?.severity == .warning)
        #expect(rules.independent.map { $0.modules.map(\.pattern) } == [["Feature*"], ["A", "B"], ["Screen*"]])
        #expect(rules.independent.last?.rationale.because == "screens ship alone")
        #expect(rules.onlyUsedBy.first?.users.map(\.description) == ["layer Data", "Repository"])
        #expect(rules.tests.support.map(\.pattern) == ["*Fakes"])
        #expect(rules.tests.followLayers)
    }

    @Test func badRulesAreErrorsWithTheirLine() {
        let (_, severity) = load("rules:\n  cycle: eror\n")
        #expect(
            severity == [
                "strata.yml:2:10: error: cycle must be error, warning or off, not 'eror'; did you mean 'error'? "
                    + "[config.invalid-value]"
            ])
        let (_, unknown) = load("rules:\n  forbidden: []\n")
        #expect(unknown.first?.hasPrefix("strata.yml:2:3: error: unknown key 'forbidden' in rules") == true)
        let (_, shape) = load("rules:\n  forbid: {from: A, to: B}\n")
        #expect(shape == ["strata.yml:2:11: error: forbid must be a list, found a mapping [config.type]"])
        let (_, key) = load("rules:\n  forbid:\n    - {from: A, to: B, becuase: x}\n")
        #expect(key.first?.contains("unknown key 'becuase' in a forbid: rule; did you mean 'because'?") == true)
        let (_, users) = load("rules:\n  only_used_by:\n    - modules: [Store]\n")
        #expect(
            users.first?.contains("needs modules: or types: (what it protects) and users: (who may use them)") == true)
        let (_, tests) = load("tests:\n  follow_layer: true\n")
        #expect(tests.first?.contains("unknown key 'follow_layer' in tests; did you mean 'follow_layers'?") == true)
    }
}

extension ConfigLoadingTests {
    @Test func theGuidanceSection() throws {
        #expect(
            try load("guidance:\n  stale_after: 26w\n  as_of: 2026-11-21\n").guidance
                == GuidanceSettings(staleAfterDays: 182, asOf: CalendarDate(parsing: "2026-11-21")))
        #expect(try load("guidance:\n  stale-after: 30d\n").guidance.staleAfterDays == 30)
        #expect(
            diagnostics("guidance:\n  stale_after: 9999999999999999999w\n") == [
                "strata.yml:2:16: error: guidance.stale_after must be a number of days (180, or '180d', '26w'), "
                    + "found '9999999999999999999w' [config.invalid-value]"
            ])
        #expect(
            diagnostics("guidance:\n  stale_after: -3\n  as_of: tomorrow\n  stale: 1\n") == [
                "strata.yml:2:16: error: guidance.stale_after must be a number of days (180, or '180d', '26w'), "
                    + "found '-3' [config.invalid-value]",
                "strata.yml:3:10: error: guidance.as_of must be a date written YYYY-MM-DD, found 'tomorrow' "
                    + "[config.invalid-value]",
                "strata.yml:4:3: error: unknown key 'stale' in guidance (known keys: stale_after, as_of, rule_sets) "
                    + "[config.unknown-key]"
            ])
        #expect(
            try load("guidance:\n  rule_sets: [Rules, Conventions]\n").guidance.ruleSetHeadings == [
                "Rules", "Conventions"
            ])
        #expect(try load("guidance:\n  rule_sets: []\n").guidance.ruleSetHeadings == [])
        #expect(try load("guidance:\n  rule_sets: Principles\n").guidance.ruleSetHeadings == ["Principles"])
        #expect(try load("").guidance.ruleSetHeadings == ["Rules", "Guidelines"])
    }
}

/// Values issue 22 found accepted though they cannot work.
@Suite struct ConfigValueTests {
    @Test func numbersBooleansAndBrokenURLsAreRefused() {
        #expect(
            ConfigLoadingTests().diagnostics("tests:\n  support: 5\n") == [
                "strata.yml:2:12: error: tests.support must be module names or globs, found the number '5' "
                    + "[config.type]"
            ])
        #expect(
            ConfigLoadingTests().diagnostics("layers:\n  - name: A\n    modules: [true, \"5\", Core]\n") == [
                "strata.yml:3:15: error: modules must be module names or globs, found the boolean 'true' [config.type]"
            ])
        #expect(
            ConfigLoadingTests().diagnostics("site:\n  base_url: \"http://[::1\"\n") == [
                "strata.yml:2:13: error: site.base_url must be a path starting with '/' or an http(s) URL, not "
                    + "'http://[::1' [config.invalid-value]"
            ])
        for fine in [
            "site:\n  base_url: http://[::1]:8000/docs\n", "site:\n  base_url: /docs\n",
            "tests:\n  support: [\"5\", TestKit*]\n"
        ] {
            #expect(ConfigLoadingTests().diagnostics(fine).isEmpty, "\(fine)")
        }
    }
}
