import Foundation
import StrataCore
import StrataTestSupport
import StrataYAML
import Testing

/// Strata's GitHub Action (`action.yml`) runs `scripts/github-action.sh` once strata is built.
/// Here the script runs as GitHub would run it, in a simulated workspace: a repository with
/// the package in a subfolder, and GitHub's files for outputs and the job summary.
@Suite struct GitHubActionTests {
    static let repository = SharedSites.repository
    static let script = repository.appendingPathComponent("scripts/github-action.sh")

    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
        var summary: String
        var outputs: [String: String]
    }

    /// A workspace holding `fixture` (a `Tests/Fixtures/check` project) at `App/Feature`.
    func workspace(_ fixture: String) throws -> URL {
        let root = try TestScratch.folder("workspace")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("App"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Self.repository.appendingPathComponent("Tests/Fixtures/check/\(fixture)"),
            to: root.appendingPathComponent("App/Feature"))
        return root
    }

    func action(in workspace: URL, inputs: [String: String], environment extra: [String: String] = [:]) async throws
        -> Run
    {
        let temp = try TestScratch.folder("runner-temp")
        let summary = temp.appendingPathComponent("summary.md")
        let outputs = temp.appendingPathComponent("outputs")
        var environment = [
            "STRATA": SharedSites.executable.path, "RUNNER_TEMP": temp.path, "GITHUB_STEP_SUMMARY": summary.path,
            "GITHUB_OUTPUT": outputs.path
        ]
        for (name, value) in inputs { environment["INPUT_" + name] = value }
        environment.merge(extra) { $1 }
        let result = try await ChildProcess.run(
            URL(fileURLWithPath: "/bin/bash"), [Self.script.path], in: workspace, environment: environment)
        var values: [String: String] = [:]
        for line in ((try? String(contentsOf: outputs, encoding: .utf8)) ?? "").split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            values[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        return Run(
            status: result.status, stdout: result.stdout, stderr: result.stderr,
            summary: (try? String(contentsOf: summary, encoding: .utf8)) ?? "", outputs: values)
    }

    @Test func violationsAnnotateSummariseAndFailAfterTheReportsAreWritten() async throws {
        let root = try workspace("layered-violations")
        defer { TestScratch.remove(root) }
        let run = try await action(in: root, inputs: ["PROJECT": "App/Feature", "SITE": "true", "SITE_OUTPUT": "site"])
        #expect(run.status == 1)
        #expect(
            run.stdout.contains(
                "::error file=App/Feature/Package.swift,line=11,col=60,title=Strata cycle::dependency cycle: "
                    + "APIClient → Database → APIClient"
            ), "\(run.stdout)")
        #expect(run.stdout.hasPrefix("::group::strata check\n"))
        #expect(
            run.summary.hasPrefix("## Strata architecture check\n\n**Failed**: 7 errors, 5 warnings in 10 modules."),
            "\(run.summary)")
        #expect(
            run.outputs["errors"] == "7" && run.outputs["warnings"] == "5" && run.outputs["exit-code"] == "1"
                && run.outputs["status"] == "1", "\(run.outputs)")
        let sarif = try #require(run.outputs["sarif"].flatMap { try? String(contentsOfFile: $0, encoding: .utf8) })
        #expect(sarif.contains("\"uri\" : \"App/Feature/Package.swift\"") && sarif.contains("%SRCROOT%"))
        let site = try #require(run.outputs["site"])
        #expect(site == root.appendingPathComponent("site").path)
        #expect(
            FileManager.default.fileExists(atPath: site + "/violations.html"),
            "the site is built even when the check fails")
    }

    @Test func aCleanProjectPasses() async throws {
        let root = try workspace("layered")
        defer { TestScratch.remove(root) }
        let run = try await action(in: root, inputs: ["PROJECT": "App/Feature", "STRICT": "true"])
        #expect(run.status == 0, "\(run.stdout)")
        #expect(run.summary.contains("**Passed**: no violations in 8 modules."), "\(run.summary)")
        #expect(run.outputs["status"] == "0" && run.outputs["errors"] == "0")
        #expect(run.outputs["site"] == nil)
    }

    @Test func badInputSaysSoInTheSummary() async throws {
        let root = try workspace("layered")
        defer { TestScratch.remove(root) }
        try Data("layers: [\n".utf8).write(to: root.appendingPathComponent("App/Feature/strata.yml"))
        let run = try await action(in: root, inputs: ["PROJECT": "App/Feature"])
        #expect(run.status == 2)
        #expect(run.summary.contains("**Could not run** (exit code 2)"), "\(run.summary)")
        #expect(run.outputs["status"] == "2" && run.outputs["sarif"] == nil)
    }

    @Test func aMissingProjectFolderIsBadInputNotViolations() async throws {
        let root = try workspace("layered")
        defer { TestScratch.remove(root) }
        let run = try await action(in: root, inputs: ["PROJECT": "App/Nowhere", "ARGS": "--baseline *.json"])
        #expect(run.status == 2)
        #expect(
            run.stdout.contains("::error title=Strata::the project folder 'App/Nowhere' does not exist"),
            "\(run.stdout)")
        #expect(run.summary.contains("**Could not run**: the project folder `App/Nowhere` does not exist."))
        #expect(run.outputs["status"] == "2")
    }

    /// Extra options are split on spaces only: a `*` reaches strata as written.
    @Test func extraOptionsAreNotExpanded() async throws {
        let root = try workspace("layered")
        defer { TestScratch.remove(root) }
        try Data("x".utf8).write(to: root.appendingPathComponent("App/Feature/a.json"))
        let run = try await action(in: root, inputs: ["PROJECT": "App/Feature", "ARGS": "--baseline *.json"])
        #expect(run.status == 2, "\(run.stdout)")
        #expect(run.stderr.contains("*.json"), "strata was given '*.json', not a.json: \(run.stderr)")
    }

    /// A pull request: a clone whose `origin/main` holds the clean app and whose branch adds
    /// a violation. GitHub's API is a stand-in `curl` on PATH that records each request and
    /// answers the comment list with `comments` (JSON).
    func pullRequest(comments: String) async throws -> (workspace: URL, requests: URL, environment: [String: String]) {
        let origin = try await GitFixture.repository()
        try FileManager.default.createDirectory(
            at: origin.appendingPathComponent("App"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Self.repository.appendingPathComponent("Tests/Fixtures/check/layered"),
            to: origin.appendingPathComponent("App/Feature"))
        try await GitFixture.commit(origin, "the app")
        let root = try TestScratch.folder("pr")
        try await GitFixture.git(root, ["clone", "-q", "file://" + origin.path, "."])
        TestScratch.remove(origin)
        try await GitFixture.git(root, ["checkout", "-q", "-b", "feature"])
        let view = root.appendingPathComponent("App/Feature/Sources/FeedUI/FeedView.swift")
        try ("import Database\n" + String(contentsOf: view, encoding: .utf8))
            .write(to: view, atomically: true, encoding: .utf8)
        try await GitFixture.commit(root, "show the cache")
        let tools = try TestScratch.folder("fake-tools")
        let requests = tools.appendingPathComponent("requests.log")
        let curl = tools.appendingPathComponent("curl")
        try """
        #!/bin/sh
        # Records the request (method, URL, body) and answers a comment list.
        method=GET; url=""; body=""
        while [ $# -gt 0 ]; do
            case "$1" in
                -X) method=$2; shift 2 ;;
                -d) body=$2; shift 2 ;;
                -H) shift 2 ;;
                http*) url=$1; shift ;;
                *) shift ;;
            esac
        done
        printf '%s %s %s\n' "$method" "$url" "$(printf '%s' "$body" | head -c 60)" >> "\(requests.path)"
        [ "$method" = GET ] && printf '%s' '\(comments)'
        exit 0
        """.write(to: curl, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: curl.path)
        let event = tools.appendingPathComponent("event.json")
        try #"{"pull_request": {"number": 42}}"#.write(to: event, atomically: true, encoding: .utf8)
        let environment = [
            "GITHUB_EVENT_NAME": "pull_request", "GITHUB_BASE_REF": "main", "GITHUB_EVENT_PATH": event.path,
            "GITHUB_REPOSITORY": "acme/app", "GITHUB_API_URL": "https://api.test", "GITHUB_TOKEN": "t0ken",
            "PATH": tools.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        ]
        return (root, requests, environment)
    }

    @Test func aPullRequestIsJudgedAgainstItsBaseAndGetsOneComment() async throws {
        let (root, requests, environment) = try await pullRequest(comments: "[]")
        defer {
            TestScratch.remove(root)
            TestScratch.remove(requests.deletingLastPathComponent())
        }
        let run = try await action(
            in: root, inputs: ["PROJECT": "App/Feature", "FAIL_ON": "new"], environment: environment)
        #expect(run.status == 1, "the pull request adds errors: \(run.stdout)\n\(run.stderr)")
        #expect(
            run.stdout.contains("::error file=App/Feature/Sources/FeedUI/FeedView.swift,line=1,col=1"), "\(run.stdout)")
        #expect(run.summary.contains("### Architecture: origin/main (where HEAD left it"), "\(run.summary)")
        #expect(run.summary.contains("**4 new violations** (3 errors)"), "\(run.summary)")
        let log = try String(contentsOf: requests, encoding: .utf8).split(separator: "\n")
        #expect(log.count == 2, "\(log)")
        #expect(log.first?.hasPrefix("GET https://api.test/repos/acme/app/issues/42/comments?per_page=100") == true)
        #expect(
            log.last?.hasPrefix(
                "POST https://api.test/repos/acme/app/issues/42/comments {\"body\":\"<!-- strata-architecture -->")
                == true, "\(log)")
        #expect(run.outputs["diff"] != nil)
    }

    @Test func aLaterPushUpdatesTheCommentInsteadOfPostingAnother() async throws {
        let existing = #"[{"id": 7, "body": "Nice!"}, {"id": 9, "body": "<!-- strata-architecture -->\nold"}]"#
        let (root, requests, environment) = try await pullRequest(comments: existing)
        defer {
            TestScratch.remove(root)
            TestScratch.remove(requests.deletingLastPathComponent())
        }
        let run = try await action(in: root, inputs: ["PROJECT": "App/Feature"], environment: environment)
        #expect(run.status == 1, "--fail-on any (the default) fails on every error")
        let log = try String(contentsOf: requests, encoding: .utf8).split(separator: "\n")
        #expect(log.last?.hasPrefix("PATCH https://api.test/repos/acme/app/issues/comments/9 ") == true, "\(log)")
        #expect(run.stdout.contains("updated the architecture comment on pull request #42"), "\(run.stdout)")
    }

    /// Every input the script reads is passed by action.yml, and every input is used.
    @Test func theActionPassesEveryInputTheScriptReads() throws {
        let text = try String(contentsOf: Self.repository.appendingPathComponent("action.yml"), encoding: .utf8)
        let action = try #require(try YAMLReader.read(text, path: "action.yml"))
        let inputs = Set(action.mapping("inputs")?.keys ?? [])
        #expect(
            inputs == [
                "project", "check", "strict", "baseline", "upload-sarif", "site", "site-output", "args", "base",
                "fail-on",
                "comment", "token"
            ])
        let script = try String(contentsOf: Self.script, encoding: .utf8)
        let read = Set(script.matches(of: /INPUT_([A-Z_]+)/).map { String($0.1) })
        for variable in read {
            #expect(
                text.contains(
                    "INPUT_\(variable): ${{ inputs.\(variable.lowercased().replacingOccurrences(of: "_", with: "-")) }}"
                ), "action.yml does not pass INPUT_\(variable)")
        }
        #expect(text.contains("GITHUB_TOKEN: ${{ inputs.token }}"))
        for input in inputs where input != "upload-sarif" && input != "token" {
            #expect(
                read.contains(input.uppercased().replacingOccurrences(of: "-", with: "_")),
                "the script never reads the input \(input)")
        }
        #expect(text.contains("inputs.upload-sarif == 'true'"))
    }
}

extension DataNode {
    /// The keys of the mapping under `key`, for a mapping node.
    fileprivate func mapping(_ key: String) -> DataNode? {
        guard case .mapping(let pairs) = value else { return nil }
        return pairs.first { if case .scalar(key) = $0.key.value { true } else { false } }?.value
    }

    fileprivate var keys: [String] {
        guard case .mapping(let pairs) = value else { return [] }
        return pairs.compactMap { if case .scalar(let name) = $0.key.value { name } else { nil } }
    }
}
