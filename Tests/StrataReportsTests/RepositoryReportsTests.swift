import Foundation
import StrataTestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `strata check` on a package in a subfolder of a repository, with awkward file names, as
/// CI runs it: every report validates against its format, and every path in it names a file
/// from where the reader resolves it (the repository's root by default, the file system
/// with `--paths absolute`, the current folder with `--paths relative`).
@Suite struct RepositoryReportsTests {
    static let packageFolder = "App/Packages/Feature Kit #2"

    /// A repository (a `.git` folder is what git and Strata look for) holding the
    /// layered-violations fixture in a subfolder, one of its files renamed awkwardly.
    func repository() throws -> URL {
        let root = try TestScratch.folder("repository")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent(".git"), withIntermediateDirectories: true)
        let package = root.appendingPathComponent(Self.packageFolder)
        try FileManager.default.createDirectory(
            at: package.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: CheckReportWriterTests.fixtures.appendingPathComponent("check/layered-violations"), to: package)
        let feed = package.appendingPathComponent("Sources/FeedUI")
        try FileManager.default.moveItem(
            at: feed.appendingPathComponent("FeedView.swift"),
            to: feed.appendingPathComponent("Feed View, #1 (ü).swift"))
        return root
    }

    func check(_ arguments: [String], in folder: URL) async throws -> ChildProcess.Result {
        try await ChildProcess.run(SharedSites.executable, ["check"] + arguments, in: folder)
    }

    @Test func everyReportValidatesAndNamesFilesFromTheRepositoryRoot() async throws {
        let root = try repository()
        defer { TestScratch.remove(root) }
        let package = root.appendingPathComponent(Self.packageFolder)
        let reports = try TestScratch.folder("reports")
        defer { TestScratch.remove(reports) }
        var arguments = ["--format", "github", "--quiet"]
        for (format, file) in [
            ("sarif", "check.sarif"), ("junit", "check.xml"), ("codequality", "quality.json"),
            ("checkstyle", "checkstyle.xml"), ("json", "check.json")
        ] {
            arguments += ["--report", "\(format):\(reports.appendingPathComponent(file).path)"]
        }
        let run = try await check(arguments, in: package)
        #expect(run.status == 1, "\(run.stderr)")
        func exists(_ path: String) -> Bool {
            FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path)
        }
        func read(_ file: String) throws -> Data { try Data(contentsOf: reports.appendingPathComponent(file)) }

        // SARIF: valid, relative to %SRCROOT%, every file found from the root.
        let sarifText = String(decoding: try read("check.sarif"), as: UTF8.self)
        let sarif = try JSONValue.parse(sarifText)
        #expect(try CheckReportWriterTests().sarifSchema().validate(sarif) == [])
        let uris = Self.values(of: "uri", in: sarif)
        #expect(uris.count > 10)
        for uri in uris {
            let path = try #require(uri.removingPercentEncoding)
            #expect(path.hasPrefix(Self.packageFolder + "/") && exists(path), "\(uri)")
        }
        #expect(sarifText.contains("\"uriBaseId\" : \"%SRCROOT%\""))
        #expect(sarifText.contains("Feed%20View,%20%231%20(%C3%BC).swift"), "the renamed file is named, encoded")

        // JUnit, Checkstyle and Code Quality keep to their formats.
        #expect(XMLGrammar.xunitJUnit10.problems(in: try read("check.xml")) == [])
        let junit = String(decoding: try read("check.xml"), as: UTF8.self)
        #expect(junit.contains(">\(Self.packageFolder)/Package.swift:"), "a failure's text starts with its place")
        let checkstyle = try read("checkstyle.xml")
        #expect(XMLGrammar.checkstyle.problems(in: checkstyle) == [])
        let fileNames = Self.attributes("name", of: "file", in: checkstyle)
        #expect(!fileNames.isEmpty && fileNames.allSatisfy(exists), "\(fileNames)")
        let quality = try JSONValue.parse(String(decoding: try read("quality.json"), as: UTF8.self))
        #expect(CodeQualityFormat.problems(in: quality) == [])
        let qualityPaths = Self.values(of: "path", in: quality)
        #expect(!qualityPaths.isEmpty && qualityPaths.allSatisfy(exists), "\(qualityPaths)")

        // GitHub annotations: each names a file of the repository, its commas and colons escaped.
        let annotations = run.stdout.split(separator: "\n").map(String.init)
        #expect(annotations.count == 12)
        for line in annotations {
            let file = try #require(line.firstRange(of: "file=").map { line[$0.upperBound...].prefix { $0 != "," } })
            let path = String(file).replacingOccurrences(of: "%2C", with: ",").replacingOccurrences(
                of: "%3A", with: ":"
            ).replacingOccurrences(of: "%25", with: "%")
            #expect(exists(path), "\(line)")
        }
        #expect(
            run.stdout.contains("%0A\(Self.packageFolder)/Sources/FeedUI/Feed View, #1 (ü).swift:2:1: import Database"),
            "further evidence is in the message")
    }

    /// Xcode needs absolute paths; a terminal in a subfolder, paths from there.
    @Test func absoluteAndRelativePathsNameTheSameFiles() async throws {
        let root = try repository()
        defer { TestScratch.remove(root) }
        let package = root.appendingPathComponent(Self.packageFolder)
        let absolute = try await check(["--paths", "absolute", "--format", "checkstyle", "--quiet"], in: package)
        let names = Self.attributes("name", of: "file", in: Data(absolute.stdout.utf8))
        #expect(
            !names.isEmpty
                && names.allSatisfy {
                    $0.hasPrefix(root.standardizedFileURL.path + "/") && FileManager.default.fileExists(atPath: $0)
                }, "\(names)")
        let sarif = try await check(["--paths", "absolute", "--format", "sarif", "--quiet"], in: package)
        #expect(!sarif.stdout.contains("%SRCROOT%"), "absolute paths have no base")
        #expect(try CheckReportWriterTests().sarifSchema().validate(try JSONValue.parse(sarif.stdout)) == [])

        let sources = package.appendingPathComponent("Sources")
        let relative = try await check(["--paths", "relative", "--quiet"], in: sources)
        let places = relative.stdout.split(separator: "\n").map { String($0.prefix { $0 != ":" }) }
        #expect(places.contains("FeedUI/Feed View, #1 (ü).swift"), "\(places)")
        for place in places {
            let resolved = place.hasPrefix("/") ? place : sources.appendingPathComponent(place).path
            #expect(FileManager.default.fileExists(atPath: resolved), "\(place)")
        }
    }

    /// A local package beside the project (`../Shared`) is named from the repository's
    /// root, not as `App/../Shared/…`.
    @Test func aLocalPackageBesideTheProjectIsNamedFromTheRoot() async throws {
        let root = try TestScratch.folder("repository")
        defer { TestScratch.remove(root) }
        let files = [
            ".git/HEAD": "ref: refs/heads/main\n",
            "App/Package.swift": """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "App", dependencies: [.package(path: "../Shared")], targets: [
                .target(name: "AppKit", dependencies: [.product(name: "SharedKit", package: "Shared")]),
            ])
            """,
            "App/Sources/AppKit/A.swift": "import SharedKit\n",
            "Shared/Package.swift": """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Shared", products: [.library(name: "SharedKit", targets: ["SharedKit"])], \
            targets: [
                .target(name: "SharedKit"), .target(name: "Other"),
            ])
            """,
            "Shared/Sources/SharedKit/S.swift": "import Other\n",
            "Shared/Sources/Other/O.swift": "\n"
        ]
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        // The sibling package is outside the project folder (App/), so it is read only when
        // the command line allows it.
        let run = try await check(["-q", "--allow-read", "../Shared"], in: root.appendingPathComponent("App"))
        #expect(
            run.stdout
                == "Shared/Sources/SharedKit/S.swift:1:1: warning: 'SharedKit' imports 'Other' but does not declare "
                + "it as a dependency [undeclared-import]\n",
            "\(run.stdout)")
        let absolute = try await check(
            ["-q", "--allow-read", "../Shared", "--paths", "absolute"], in: root.appendingPathComponent("App"))
        #expect(
            absolute.stdout.hasPrefix(root.standardizedFileURL.path + "/Shared/Sources/SharedKit/S.swift:1:1:"),
            "\(absolute.stdout)")
        // strata graph names files the same way.
        let graph = try await ChildProcess.run(
            SharedSites.executable, ["graph", "-f", "json", "-q", "--allow-read", "../Shared"],
            in: root.appendingPathComponent("App"))
        let document = try JSONValue.parse(graph.stdout)
        #expect(
            Self.values(of: "manifest", in: document) == ["App/Package.swift", "Shared/Package.swift"],
            "\(graph.stdout.prefix(400))")
        #expect(Self.values(of: "location", in: document).contains("Shared/Sources/SharedKit/S.swift:1:1"))
        #expect(try PublishedSchemaTests.schema("graph").validate(document) == [])
    }

    /// Every string value of `key` anywhere in `value`.
    static func values(of key: String, in value: JSONValue) -> [String] {
        switch value {
        case .object(let members):
            var found: [String] = []
            for (name, member) in members.sorted(by: { $0.key < $1.key }) {
                if name == key, case .string(let text) = member {
                    found.append(text)
                } else {
                    found += values(of: key, in: member)
                }
            }
            return found
        case .array(let items): return items.flatMap { values(of: key, in: $0) }
        default: return []
        }
    }

    /// The values of attribute `attribute` on every `element` of an XML document.
    static func attributes(_ attribute: String, of element: String, in data: Data) -> [String] {
        final class Collector: NSObject, XMLParserDelegate {
            let attribute: String, element: String
            var values: [String] = []
            init(attribute: String, element: String) { (self.attribute, self.element) = (attribute, element) }
            func parser(
                _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]
            ) {
                if name == element, let value = attributes[attribute] { values.append(value) }
            }
        }
        let collector = Collector(attribute: attribute, element: element)
        let parser = XMLParser(data: data)
        parser.delegate = collector
        _ = parser.parse()
        return collector.values
    }
}
