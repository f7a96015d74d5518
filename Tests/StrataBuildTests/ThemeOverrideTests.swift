import Foundation
import StrataBuild
import StrataSite
import Testing

/// Generated pages are drawn by the theme's templates, so a project theme restyles them: a
/// template it gives replaces the default's on every page of that kind, and one it lacks
/// is the default's.
@Suite struct ThemeOverrideTests {
    /// The default theme's page templates, in a project theme folder, as a copy of the
    /// default made before the module page had a template would have them.
    func projectTheme(in project: TemporaryProject, extra: [String: String] = [:]) throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let templates = repository.appendingPathComponent("Themes/default/templates")
        for name in [
            "base", "page", "404", "partials/header", "partials/sidebar", "partials/nav-item", "partials/pager",
            "partials/footer"
        ] {
            try project.write(
                "Themes/mine/templates/\(name).mustache",
                try Data(contentsOf: templates.appendingPathComponent("\(name).mustache")))
        }
        for (name, text) in extra { try project.write("Themes/mine/templates/\(name).mustache", Data(text.utf8)) }
        let config = try String(contentsOf: project.url("strata.yml"), encoding: .utf8)
        try project.write("strata.yml", Data(("theme: Themes/mine\n" + config).utf8))
    }

    @Test func aThemesModuleTemplateDrawsEveryModulePage() throws {
        let project = try TemporaryProject(check: "layered")
        try projectTheme(
            in: project,
            extra: [
                "module":
                    "<section class=\"acme-module\" data-kind=\"{{module.kind}}\">{{module.name}} uses "
                    + "{{#dependsOn}}{{#rows}}[{{#module}}{{name}}{{/module}}]{{/rows}}{{/dependsOn}}</section>\n"
            ])
        let result = project.build()
        #expect(result.outcome == .written, "\(TemporaryProject.lines(result))")
        let modulePages = project.files().keys.filter {
            $0.hasPrefix("modules/") && !["modules/index.html", "modules/map.html", "modules/matrix.html"].contains($0)
                && $0.hasSuffix(".html")
        }
        #expect(modulePages.count >= 5, "\(modulePages.sorted())")
        for path in modulePages {
            let page = project.text("Output/\(path)")
            #expect(page.contains("<section class=\"acme-module\" data-kind=\""), "\(path)")
            #expect(
                !page.contains("<h2 id=\"depends-on\">"), "\(path) still has the default module template's sections")
        }
        // The template sees typed values: the module, and its dependencies with their modules.
        #expect(
            project.text("Output/modules/App.html").contains(
                "<section class=\"acme-module\" data-kind=\"executable\">App uses "
                    + "[FeedService][FeedUI][Models]</section>"
            ))
    }

    @Test func aThemeWithoutTheGeneratedPagesTemplatesGetsTheDefaultOnes() throws {
        let plain = try TemporaryProject(check: "layered")
        #expect(plain.build().outcome == .written)
        let themed = try TemporaryProject(check: "layered")
        try projectTheme(in: themed)
        let result = themed.build()
        #expect(result.outcome == .written, "\(TemporaryProject.lines(result))")
        let path = try #require(
            plain.files().keys.filter {
                $0.hasPrefix("modules/")
                    && !["modules/index.html", "modules/map.html", "modules/matrix.html"].contains($0)
                    && $0.hasSuffix(".html")
            }.sorted().first)
        #expect(
            themed.text("Output/\(path)") == plain.text("Output/\(path)"),
            "a copy of the default's page templates draws module pages as the default does")
    }

    @Test func aBrokenModuleTemplateIsAnErrorAtItsLine() throws {
        let project = try TemporaryProject(check: "layered")
        try projectTheme(in: project, extra: ["module": "<section>\n{{#rows}}\n</section>\n"])
        let result = project.build()
        #expect(result.outcome == .failed)
        #expect(
            TemporaryProject.lines(result).contains {
                $0.hasPrefix("Themes/mine/templates/module.mustache:2:1: error:") && $0.hasSuffix("[theme.template]")
            }, "\(TemporaryProject.lines(result))")
    }

    @Test func aSharedPartialRestylesEveryPageThatUsesIt() throws {
        let project = try TemporaryProject(check: "layered")
        try projectTheme(in: project, extra: ["partials/module-chip": "<b class=\"chip\">{{name}}</b>"])
        let result = project.build()
        #expect(result.outcome == .written, "\(TemporaryProject.lines(result))")
        for page in ["modules/index.html", "modules/App.html", "layers/ui.html"] {
            #expect(project.text("Output/\(page)").contains("<b class=\"chip\">"), "\(page)")
        }
    }

    @Test func everyGeneratedPageTemplateIsInTheDefaultTheme() throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        for name in Theme.generatedPageTemplates {
            let path = repository.appendingPathComponent("Themes/default/templates/\(name).mustache").path
            #expect(
                FileManager.default.fileExists(atPath: path),
                "\(name) falls back to a template the default theme does not have")
        }
        let templates = try FileManager.default.subpathsOfDirectory(
            atPath: repository.appendingPathComponent("Themes/default/templates").path
        )
        .filter { $0.hasSuffix(".mustache") }.map { String($0.dropLast(".mustache".count)) }
        let pageTemplates: Set<String> = [
            "base", "page", "404", "partials/header", "partials/sidebar", "partials/nav-item", "partials/pager",
            "partials/footer"
        ]
        // The header is both: the whole-window pages Strata generates draw it too.
        #expect(
            Set(templates).subtracting(pageTemplates)
                == Set(Theme.generatedPageTemplates).subtracting(["partials/header"]),
            "a template of the default theme is neither a page's nor a generated page's")
    }
}
