import ArgumentParser
import Foundation
import StrataBuild
import StrataCore
import StrataReports

/// `strata guidance`: prints every guidance block of the site, as the digest for coding
/// agents (`llms.txt`) or as JSON (`guidance.json`), without writing the site.
struct GuidanceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "guidance",
        abstract: "Print every guidance block (CHECK, ANTI_PATTERN, READ_ALSO) of the pages and sources.",
        discussion: """
            Formats: markdown (the llms.txt digest, grouped by page) and json (everything: parts, \
            source, applies-to, links, backlinks, the rules citing each block). Both end with the \
            layers, the rules and each module's public API in brief. The same files are in every \
            built site as llms.txt and guidance.json.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case markdown, json
    }

    @OptionGroup var projectOptions: ProjectOptions

    @Option(
        name: [.customShort("f"), .long], help: ArgumentHelp("Output format: markdown or json.", valueName: "format"))
    var format: Format = .markdown

    @Option(
        name: [.customShort("o"), .long],
        help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
    var output: String?

    @Option(
        name: .long,
        help: ArgumentHelp("The URL the site is published under, for the links in the output.", valueName: "url"))
    var baseURL: String?

    @Option(
        name: .long,
        help: ArgumentHelp("Measure LAST_VERIFIED against this day (YYYY-MM-DD) instead of today.", valueName: "date"))
    var asOf: CalendarDate?

    @Flag(
        name: .long, help: "Fail (exit 1, nothing written) on any warning about the blocks, such as a broken READ_ALSO."
    )
    var strict = false

    @Option(name: .long, help: ArgumentHelp(ManifestMode.help, valueName: "mode"))
    var manifest: ManifestMode = .auto

    /// The diagnostics this command reports: those about blocks and page metadata, and
    /// every error (which makes the export untrustworthy).
    static func isReported(_ diagnostic: Diagnostic) -> Bool {
        diagnostic.severity == .error || diagnostic.ruleID.hasPrefix("guidance.")
            || diagnostic.ruleID.hasPrefix("metadata.")
    }

    func run() throws {
        let options = BuildOptions(
            configPath: projectOptions.config, baseURL: baseURL, strict: strict, manifestMode: manifest, asOf: asOf,
            platform: projectOptions.platform)
        let builder = SiteBuilder(project: try projectOptions.projectFiles(), options: options)
        let (config, catalog, found) = try DiagnosticPrinter.exitingOnBadInput {
            () throws -> (StrataConfig, GuidanceCatalog, [Diagnostic]) in
            let config = try builder.configuration()
            let guidance = try builder.guidance(config: config)
            return (config, guidance.catalog, guidance.diagnostics)
        }
        let diagnostics = found.filter(Self.isReported).sorted()
        DiagnosticPrinter.printAll(diagnostics)
        if diagnostics.contains(where: { $0.severity == .error }) { throw ExitCode(2) }
        if strict, diagnostics.contains(where: { $0.severity == .warning }) { throw ExitCode(1) }
        let text =
            switch format {
            case .json: GuidanceJSONWriter(baseURL: config.site.baseURL).write(catalog)
            case .markdown: GuidanceDigestWriter(site: config.site).write(catalog)
            }
        try CommandOutput.write(text, to: output)
    }
}

extension CalendarDate: ExpressibleByArgument {
    package init?(argument: String) {
        self.init(parsing: argument)
    }
}
