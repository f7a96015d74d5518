import Foundation
import PackagePlugin

/// `swift package strata <command> [options]`: runs Strata on the package that depends on
/// it, so a team needs no installed binary. SwiftPM builds the `strata` tool for the host,
/// and the command runs in the package's folder, as `strata` run there would.
/// `swift package --allow-writing-to-package-directory strata build` writes the site into
/// Output/; `check` and `graph` write only what `--report` and `-o` ask for.
@main
struct StrataPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "strata")
        let arguments = arguments.isEmpty ? ["check"] : arguments
        let process = Process()
        process.executableURL = tool.url
        process.arguments = arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            // SwiftPM reports a plugin that throws as failed; the tool's own messages are
            // already on standard error.
            throw StrataFailed(arguments: arguments, status: process.terminationStatus)
        }
    }
}

struct StrataFailed: Error, CustomStringConvertible {
    var arguments: [String]
    var status: Int32
    var description: String { "strata \(arguments.joined(separator: " ")) exited with status \(status)" }
}
