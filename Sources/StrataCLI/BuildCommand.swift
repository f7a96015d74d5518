import ArgumentParser
import Foundation
import StrataBuild
import StrataCore

/// `strata build`: renders the site into the output folder.
struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Build the documentation site into the output folder."
    )

    @OptionGroup var projectOptions: ProjectOptions

    @Option(
        name: [.customShort("o"), .long],
        help: ArgumentHelp("The output folder (default: output: in strata.yml, else Output).", valueName: "folder"))
    var output: String?

    @Option(name: .long, help: ArgumentHelp("The URL path the site is published under, e.g. /docs/.", valueName: "url"))
    var baseURL: String?

    @Flag(name: .long, help: "Fail (exit 1, nothing written) on any warning, such as a broken link.")
    var strict = false

    @Flag(name: .shortAndLong, help: "Print nothing but diagnostics.")
    var quiet = false

    @Option(name: .long, help: ArgumentHelp(ManifestMode.help, valueName: "mode"))
    var manifest: ManifestMode = .auto

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Measure LAST_VERIFIED against this day (YYYY-MM-DD) instead of today (default: guidance.as_of in "
                + "strata.yml, else SOURCE_DATE_EPOCH, else today).",
            valueName: "date"))
    var asOf: CalendarDate?

    func run() throws {
        let started = Date()
        let options = BuildOptions(
            configPath: projectOptions.config, outputDirectory: output, baseURL: baseURL, strict: strict,
            manifestMode: manifest, asOf: asOf, platform: projectOptions.platform)
        let result = SiteBuilder(project: try projectOptions.projectFiles(), options: options).build()
        DiagnosticPrinter.printAll(result.diagnostics)
        switch result.outcome {
        case .written:
            if !quiet {
                let seconds = String(format: "%.2f", Date().timeIntervalSince(started))
                let warnings = result.diagnostics.filter { $0.severity == .warning }.count
                let summary = warnings == 0 ? "" : " with \(warnings) warning\(warnings == 1 ? "" : "s")"
                if let read = result.readSummary { print(read) }
                if let history = result.historySummary { print(history) }
                print(
                    "Built \(result.pageCount) page\(result.pageCount == 1 ? "" : "s") into "
                        + "\(result.outputDisplayPath)/\(summary) in \(seconds) s. Open "
                        + "\(result.outputDisplayPath)/index.html"
                )
                if !result.wroteSitemap {
                    print(
                        "No sitemap.xml: its addresses must be absolute; set site.base_url in strata.yml to the "
                            + "address the site is published at (https://…)."
                    )
                }
                if let architecture = result.architecture {
                    let problems = architecture.errors + architecture.warnings
                    print(
                        "Architecture: \(architecture.summary)"
                            + (problems == 0
                                ? "."
                                : "; the site shows them at \(result.outputDisplayPath)/violations.html, and "
                                    + "`strata check` reports them with their evidence.")
                    )
                }
                let diagrams = result.diagrams
                if diagrams.count > 0 {
                    print(
                        "Diagrams: \(diagrams.count) (\(diagrams.laidOut) laid out by Graphviz, \(diagrams.reused) "
                            + "from the cache) in \(String(format: "%.2f", diagrams.seconds)) s."
                    )
                }
                if result.searchIndexBytes > 0, result.htmlBytes > 0 {
                    let share = Double(result.searchIndexBytes) / Double(result.htmlBytes) * 100
                    print(
                        "Search index: \(BuildCommand.size(result.searchIndexBytes)), "
                            + "\(String(format: "%.1f", share))% of the \(BuildCommand.size(result.htmlBytes)) of HTML."
                    )
                }
            }
        case .failedViolations:
            let summary = result.architecture?.summary ?? "violations"
            let message =
                "strata: build failed: the architecture has \(summary), which build.fail_on_violations in "
                + "strata.yml does not allow; \(result.outputDisplayPath)/ was left as it was "
                + "(strata check shows them)\n"
            FileHandle.standardError.write(Data(message.utf8))
        case .failedStrict:
            FileHandle.standardError.write(
                Data("strata: build failed under --strict; \(result.outputDisplayPath)/ was left as it was\n".utf8))
        case .failed:
            FileHandle.standardError.write(
                Data("strata: build failed; \(result.outputDisplayPath)/ was left as it was\n".utf8))
        }
        throw ExitCode(result.exitCode)
    }

    /// `61 KB`, `1.2 MB`: sizes as a reader compares them.
    static func size(_ bytes: Int) -> String {
        bytes < 1_000_000 ? "\(max(1, (bytes + 500) / 1000)) KB" : String(format: "%.1f MB", Double(bytes) / 1_000_000)
    }
}
