import Foundation
@testable import StrataBuild
import StrataCore
import Testing

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
        let config = try load("""
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
        #expect(config.site == SiteSettings(title: "Acme", description: "d", baseURL: "/docs/", language: "de", repositoryURL: "https://example.com/r"))
        #expect(config.contentDirectory == "docs")
        #expect(config.themeDirectory == "Themes/acme")
        #expect(config.outputDirectory == "public")
        #expect(config.markdown == MarkdownSettings(unsafeHTML: true, smartPunctuation: true))
        #expect(config.sourcePath == "strata.yml")
    }

    @Test func emptyFileIsAllDefaults() throws {
        #expect(try load("# nothing yet\n").site.title == "Documentation")
    }

    @Test func unknownKeysAreErrorsWithTheirLineAndASuggestion() {
        #expect(diagnostics("site:\n  tittle: x\nouptut: o\nlayers: []\n") == [
            "strata.yml:2:3: error: unknown key 'tittle' in site; did you mean 'title'? [config.unknown-key]",
            "strata.yml:3:1: error: unknown key 'ouptut' in the configuration; did you mean 'output'? [config.unknown-key]",
            "strata.yml:4:1: error: unknown key 'layers' in the configuration (known keys: site, content, theme, output, markdown, packages) [config.unknown-key]",
        ])
    }

    @Test func wronglyTypedValuesAreErrors() {
        #expect(diagnostics("site: [a, b]\n") == ["strata.yml:1:7: error: site must be a mapping of keys to values, found a list [config.type]"])
        #expect(diagnostics("site:\n  title: [a]\n") == ["strata.yml:2:10: error: site.title must be a single value, found a list [config.type]"])
        #expect(diagnostics("markdown:\n  unsafe_html: please\n") == ["strata.yml:2:16: error: markdown.unsafe_html must be true or false, found 'please' [config.type]"])
        #expect(diagnostics("markdown:\n  unsafe_html: \"true\"\n").count == 1)
        #expect(diagnostics("output: ''\n") == ["strata.yml:1:9: error: output must name a folder [config.invalid-value]"])
        #expect(diagnostics("site:\n  base_url: docs\n") == ["strata.yml:2:13: error: site.base_url must be a path starting with '/' or an http(s) URL, not 'docs' [config.invalid-value]"])
        #expect(diagnostics("- a\n- b\n") == ["strata.yml:1:1: error: the configuration must be a mapping of keys to values, found a list [config.type]"])
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
            try ConfigLoader.load(project: ProjectFiles(root: project.root, workingDirectory: project.root), explicitPath: "other.yml")
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
