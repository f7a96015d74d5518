import Foundation
import StrataBuild
import StrataCore
import Testing

/// Every kind of bad input gives a clear diagnostic, exit code 2, and leaves the previous
/// output exactly as it was.
@Suite struct BadInputTests {
    /// Builds once cleanly, then breaks the project with `damage` and builds again.
    func failingBuild(_ damage: (TemporaryProject) throws -> Void) throws -> [String] {
        let project = try TemporaryProject(files: ["Content/index.md": "# Home\n\nFine.\n"])
        #expect(project.build().exitCode == 0)
        let before = project.files()
        try damage(project)
        let result = project.build()
        #expect(result.exitCode == 2)
        #expect(result.outcome == .failed)
        #expect(project.files() == before, "a failed build changed Output/")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: project.root.path).filter {
            $0.hasPrefix(".")
        }
        #expect(leftovers.isEmpty, "a failed build left \(leftovers)")
        return TemporaryProject.lines(result)
    }

    @Test func malformedFrontMatter() throws {
        let lines = try failingBuild { try $0.write("Content/bad.md", Data("---\ntitle: [unclosed\n---\nBody\n".utf8)) }
        #expect(lines.count == 1)
        #expect(lines[0].hasPrefix("Content/bad.md:"))
        #expect(lines[0].hasSuffix("[yaml.syntax]"))
    }

    @Test func unclosedFrontMatter() throws {
        #expect(
            try failingBuild { try $0.write("Content/bad.md", Data("---\ntitle: x\n".utf8)) } == [
                "Content/bad.md:1:1: error: front matter opened with '---' is never closed; end it with a line of "
                    + "'---' [content.front-matter]"
            ])
    }

    @Test func wronglyTypedFrontMatter() throws {
        #expect(
            try failingBuild { try $0.write("Content/bad.md", Data("---\nweight: first\ntitle: [a]\n---\n".utf8)) } == [
                "Content/bad.md:1:1: warning: this page is empty [content.empty]",
                "Content/bad.md:2:9: error: weight must be a whole number, found 'first' [content.front-matter]",
                "Content/bad.md:3:8: error: title must be text, found a list [content.front-matter]"
            ])
        #expect(
            try failingBuild { try $0.write("Content/bad.md", Data("---\n- a\n---\n".utf8)) } == [
                "Content/bad.md:1:1: warning: this page is empty [content.empty]",
                "Content/bad.md:2:1: error: front matter must be a mapping of keys to values, found a list "
                    + "[content.front-matter]"
            ])
    }

    @Test func invalidUTF8() throws {
        #expect(
            try failingBuild { try $0.write("Content/latin1.md", Data([0x23, 0x20, 0x43, 0x61, 0x66, 0xE9, 0x0A])) }
                == [
                    "Content/latin1.md:1:6: error: this file is not valid UTF-8 (byte 0xE9 here); save it as UTF-8 "
                        + "[content.encoding]"
                ])
    }

    @Test func binaryFileNamedMarkdown() throws {
        #expect(
            try failingBuild {
                try $0.write("Content/image.md", Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00]))
            } == [
                "Content/image.md:3:1: error: this is a binary file (it contains a NUL byte), not text [content.binary]"
            ])
    }

    @Test func symlinkLoops() throws {
        let lines = try failingBuild { project in
            try FileManager.default.createDirectory(at: project.url("Content/sub"), withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(
                atPath: project.url("Content/sub/again").path, withDestinationPath: "..")
            try FileManager.default.createSymbolicLink(
                atPath: project.url("Content/self.md").path, withDestinationPath: "self.md")
            try FileManager.default.createSymbolicLink(
                atPath: project.url("Content/gone.md").path, withDestinationPath: "nowhere.md")
        }
        #expect(
            lines == [
                "Content/gone.md:1:1: error: this is a symbolic link to something that does not exist "
                    + "[content.symlink]",
                "Content/self.md:1:1: error: this is a symbolic link that loops back on itself [content.symlink]",
                "Content/sub/again:1:1: error: this symbolic link leads back into a folder that contains it (a "
                    + "loop) [content.symlink]"
            ])
    }

    @Test func pipesAreNotReadSoTheyCannotHang() throws {
        let lines = try failingBuild { project in
            guard mkfifo(project.url("Content/pipe.md").path, 0o644) == 0 else { throw CocoaError(.fileWriteUnknown) }
        }
        #expect(
            lines == [
                "Content/pipe.md:1:1: error: this is not a regular file (a device, pipe or socket) [content.not-a-file]"
            ])
    }

    @Test(.enabled(if: getuid() != 0, "root reads every file, so permissions cannot make one unreadable"))
    func unreadableFile() throws {
        let lines = try failingBuild { project in
            try project.write("Content/secret.md", Data("x".utf8))
            chmod(project.url("Content/secret.md").path, 0)
        }
        #expect(lines.first?.hasPrefix("Content/secret.md:1:1: error: cannot read this file") == true)
    }

    @Test func missingContentFolder() throws {
        #expect(
            try failingBuild { try FileManager.default.removeItem(at: $0.url("Content")) } == [
                "Content:1:1: error: the content folder 'Content' does not exist; create it or set 'content:' in "
                    + "strata.yml [content.missing]"
            ])
    }

    @Test func badConfiguration() throws {
        #expect(
            try failingBuild { try $0.write("strata.yml", Data("site:\n  titel: x\n".utf8)) } == [
                "strata.yml:2:3: error: unknown key 'titel' in site; did you mean 'title'? [config.unknown-key]"
            ])
    }

    /// The theme makes 404.html; a page of that name would silently lose to it.
    @Test func aPageWhereTheNotFoundPageGoes() throws {
        #expect(
            try failingBuild { try $0.write("Content/404.md", Data("# Gone\n".utf8)) } == [
                "Content/404.md:1:1: error: this page would be published as '404.html', where Strata writes the "
                    + "not-found page from the theme's templates/404.mustache; rename it, or change that template "
                    + "in a theme of your own [content.collision]"
            ])
    }

    @Test func pagesThatCollide() throws {
        #expect(
            try failingBuild { project in
                try project.write("Content/a.md", Data("A".utf8))
                try project.write("Content/a.markdown", Data("A".utf8))
            } == [
                "Content/a.md:1:1: error: this page and 'a.markdown' would both be published as 'a.html'; rename "
                    + "one [content.collision]"
            ])
    }

    @Test func aBrokenThemeTemplate() throws {
        let lines = try failingBuild { project in
            try project.write("strata.yml", Data("theme: Themes/mine\n".utf8))
            try project.write("Themes/mine/templates/page.mustache", Data("{{#a}}\n".utf8))
            try project.write("Themes/mine/templates/404.mustache", Data("404".utf8))
        }
        #expect(
            lines == [
                "Themes/mine/templates/page.mustache:1:1: error: template does not parse: 'a' is opened here but "
                    + "never closed with '{{/a}}' [theme.template]"
            ])
    }

    @Test func aThemeIncludingATemplateItDoesNotHave() throws {
        #expect(
            try failingBuild { project in
                try project.write("strata.yml", Data("theme: Themes/mine\n".utf8))
                try project.write("Themes/mine/templates/page.mustache", Data("<body>\n{{> partials/hedaer}}\n".utf8))
                try project.write("Themes/mine/templates/404.mustache", Data("404".utf8))
            } == [
                "Themes/mine/templates/page.mustache:2:1: error: there is no template 'partials/hedaer' in the "
                    + "theme (looked for templates/partials/hedaer.mustache) [theme.template]"
            ])
    }

    /// A partial that includes itself with no section to stop it would recurse until the stack ran
    /// out; it stops at a fixed depth with the tag that went too deep.
    @Test func aThemeWhosePartialIncludesItself() throws {
        #expect(
            try failingBuild { project in
                try project.write("strata.yml", Data("theme: Themes/mine\n".utf8))
                try project.write("Themes/mine/templates/page.mustache", Data("{{>partials/nav-item}}".utf8))
                try project.write(
                    "Themes/mine/templates/partials/nav-item.mustache",
                    Data("<li>{{title}}\n  {{>partials/nav-item}}</li>".utf8))
                try project.write("Themes/mine/templates/404.mustache", Data("404".utf8))
            } == [
                "Themes/mine/templates/partials/nav-item.mustache:2:3: error: templates include each other more "
                    + "than 100 deep here; does 'partials/nav-item' include itself with no section to stop it? "
                    + "[template.too-deep]"
            ])
    }

    @Test func outputThatWouldSwallowInputs() throws {
        #expect(
            try failingBuild { try $0.write("strata.yml", Data("output: .\n".utf8)) } == [
                "strata.yml:1:9: error: the output folder '.' is the project folder itself; output: in strata.yml "
                    + "must name a folder inside the project "
                    + "(a folder elsewhere can only be chosen with --output on the command line) "
                    + "[config.output-outside]"
            ])
        #expect(
            try failingBuild { try $0.write("strata.yml", Data("output: Content/site\n".utf8)) } == [
                "strata.yml:1:9: error: the output folder 'Content/site' lies inside the content folder "
                    + "('Content'); every build replaces the output folder, "
                    + "so it must be a folder of its own, apart from everything Strata reads [output.overlaps-input]"
            ])
    }

    @Test func emptyPagesAreWarnings() throws {
        let project = try TemporaryProject(files: ["Content/index.md": "", "Content/blank.md": "\n\n"])
        let result = project.build()
        #expect(result.exitCode == 0)
        #expect(
            TemporaryProject.lines(result) == [
                "Content/blank.md:1:1: warning: this page is empty [content.empty]",
                "Content/index.md:1:1: warning: this page is empty [content.empty]"
            ])
        #expect(project.text("Output/blank.html").contains("<h1>Blank</h1>"))
    }
}
