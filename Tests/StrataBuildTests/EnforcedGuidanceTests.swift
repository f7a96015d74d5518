import Foundation
import StrataBuild
import StrataCore
import Testing

/// Blocks that a strata.yml rule enforces (`ENFORCED_BY:`, or the rule's `see:`): their
/// pages, callouts, catalog rows and exports say whether the current code keeps them.
@Suite struct EnforcedGuidanceTests {
    func project(block: String) throws -> TemporaryProject {
        let project = try TemporaryProject(fixture: "guide")
        try project.write("Content/guides/enforced.md", Data("# Enforced\n\n\(block)\n".utf8))
        return project
    }

    @Test func aBlockNamesItsRuleByIdOrByNameAndShowsItsState() throws {
        let project = try project(
            block:
                "CHECK: A screen imports storage. IF: Always. THEN: Never.\nENFORCED_BY: "
                + "`forbid/UI-Infrastructure`, layer-order\nID: enforced-twice"
        )
        let result = project.build()
        #expect(TemporaryProject.lines(result) == [GuidanceSiteTests.warning])
        let page = project.text("Output/guidance/enforced-twice.html")
        #expect(page.contains(#"<h2 id="enforced-by">Enforced by"#))
        #expect(
            page.contains(
                #"<li class="enforcement enforcement-holds"><p><code "#
                    + #"class="rule-id">forbid/UI-Infrastructure</code> in strata.yml: "#
                    + #"<span class="status status-holds">Holds</span> in the current code.</p>"#
            ))
        #expect(page.contains(#"<code class="rule-id">layer-order</code>"#))
        let callout = project.text("Output/guides/enforced.html")
        #expect(
            callout.contains(
                #"<a href="../guidance/enforced-twice.html#enforced-by">Enforced by</a> "#
                    + #"<code>forbid/UI-Infrastructure</code> <span class="status status-holds">holds</span>, "#
                    + #"<code>layer-order</code>"#
            ))
        let catalog = project.text("Output/guidance/index.html")
        #expect(catalog.contains(#"data-enforced="yes""#) && catalog.contains(#"data-enforced="no""#))
        #expect(catalog.contains(#"<option value="broken">By a rule the code breaks</option>"#))
        let json = project.text("Output/guidance.json")
        #expect(json.contains(#""state" : "holds""#))
        #expect(json.contains(#""may_use" : ["#))
        let llms = project.text("Output/llms.txt")
        #expect(llms.contains("  - ENFORCED_BY: forbid/UI-Infrastructure (holds)"))
        #expect(llms.contains("- UI: may use Core, Service; members: *UI"))
        #expect(
            llms.contains(
                "- forbid/UI-Infrastructure (error): holds. Because Screens reach the network and the disk only "
                    + "through services."
            ))
    }

    @Test func aRuleCitingABlockEnforcesIt() throws {
        let project = try TemporaryProject(fixture: "guide")
        _ = project.build()
        let page = project.text("Output/guidance/screens-never-call-the-api-client.html")
        #expect(
            page.contains(
                "<code class=\"rule-id\">forbid/UI-Infrastructure</code> in strata.yml, which cites this check as "
                    + "its reason: <span class=\"status status-holds\">Holds</span>"
            ))
    }

    @Test func aBrokenRuleListsEveryViolationWithItsEvidence() throws {
        let project = try project(
            block:
                "ANTI_PATTERN: Services that touch storage. FIX: Repositories.\nENFORCED_BY: "
                + "Service-Infrastructure\nID: no-storage"
        )
        let config = try String(contentsOf: project.root.appendingPathComponent("strata.yml"), encoding: .utf8)
        try project.write(
            "strata.yml",
            Data(
                config.replacingOccurrences(
                    of: "  forbid:\n",
                    with: "  forbid:\n    - from: Service\n      to: Infrastructure\n      severity: warning\n"
                ).utf8))
        _ = project.build()
        let page = project.text("Output/guidance/no-storage.html")
        #expect(
            page.contains(
                #"<span class="status status-broken">Broken</span> <a "#
                    + #"href="../violations.html#forbid/Service-Infrastructure">2 violations</a>"#
            ))
        #expect(page.contains("<li><code>Sources/FeedService/FeedService.swift:2:1</code> import Networking</li>"))
        #expect(
            project.text("Output/guidance/index.html").contains(
                #"<span class="badge badge-enforced badge-broken">Enforced, 2 violations</span>"#))
        #expect(
            project.text("Output/llms.txt").contains("  - ENFORCED_BY: forbid/Service-Infrastructure (2 violations)"))
    }

    @Test func anUnknownRuleIsAWarningWithTheNearestId() throws {
        let project = try project(block: "CHECK: A. IF: b THEN: c\nENFORCED_BY: forbid/UI-Infrastructur")
        let result = project.build()
        #expect(
            TemporaryProject.lines(result).contains(
                "Content/guides/enforced.md:4:1: warning: ENFORCED_BY: 'forbid/UI-Infrastructur' is no rule of "
                    + "strata.yml; did you mean 'forbid/UI-Infrastructure'? (`strata check --format json` lists the "
                    + "rules' ids) [guidance.unknown-rule]"
            ))
    }

    @Test func aRuleTurnedOffChecksNothing() throws {
        let project = try project(
            block:
                "CHECK: Imports are declared. IF: a file imports a module. THEN: declare it.\nENFORCED_BY: "
                + "undeclared-import\nID: declared"
        )
        let config = try String(contentsOf: project.root.appendingPathComponent("strata.yml"), encoding: .utf8)
        try project.write(
            "strata.yml",
            Data((config + "\n").replacingOccurrences(of: "rules:\n", with: "rules:\n  undeclared-import: off\n").utf8))
        _ = project.build()
        #expect(
            project.text("Output/guidance/declared.html").contains(
                #"<span class="status status-off">Off</span>: strata.yml turns it off."#))
        #expect(
            project.text("Output/guides/enforced.html").contains(
                #"<code>undeclared-import</code> <span class="status status-off">off</span>"#))
        let catalog = project.text("Output/guidance/index.html")
        #expect(
            catalog.contains(
                "data-enforced=\"no\">\n<p class=\"guidance-item-head\"><span class=\"guidance-kind "
                    + "guidance-kind-check\">Check</span> <a href=\"declared.html\">"
            ), "a rule that is off enforces nothing")
    }
}
