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

    @Option(name: [.customShort("o"), .long], help: ArgumentHelp("The output folder (default: output: in strata.yml, else Output).", valueName: "folder"))
    var output: String?

    @Option(name: .long, help: ArgumentHelp("The URL path the site is published under, e.g. /docs/.", valueName: "url"))
    var baseURL: String?

    @Flag(name: .long, help: "Fail (exit 1, nothing written) on any warning, such as a broken link.")
    var strict = false

    @Flag(name: .shortAndLong, help: "Print nothing but diagnostics.")
    var quiet = false

    @Option(name: .long, help: ArgumentHelp(ManifestMode.help, valueName: "mode"))
    var manifest: ManifestMode = .auto

    @Option(name: .long, help: ArgumentHelp("Measure LAST_VERIFIED against this day (YYYY-MM-DD) instead of today (default: guidance.as_of in strata.yml, else SOURCE_DATE_EPOCH, else today).", valueName: "date"))
    var asOf: CalendarDate?

    /// The options as plain values.
    var options: BuildCommandOptions {
        BuildCommandOptions(
            config: projectOptions.config, project: projectOptions.project, allowRead: projectOptions.allowRead, output: output, baseURL: baseURL, strict: strict, quiet: quiet,
            manifest: manifest, asOf: asOf
        )
    }

    func run() throws {
        try options.run()
    }

    /// The options the argument parser reads from `arguments` (after `build`), validated.
    static func options(parsing arguments: [String]) throws -> BuildCommandOptions {
        try parse(arguments).options
    }
}
