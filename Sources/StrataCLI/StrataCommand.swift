import ArgumentParser
import Foundation

/// The `strata` command. Its subcommands live here, in a library, so tests can run them
/// end to end; the executable only calls `run()`.
package struct StrataCommand: AsyncParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "strata",
        abstract: "Documentation and architecture sites for Swift packages.",
        discussion:
            "Exit codes: 0 success; 1 failures under --strict (or violations); 2 bad usage, configuration or input.",
        version: StrataVersion.current,
        subcommands: [
            InitCommand.self, BuildCommand.self, ServeCommand.self, CheckCommand.self, GraphCommand.self,
            DiffCommand.self, AffectedCommand.self,
            GuidanceCommand.self, ServeWorkerCommand.self
        ]
    )

    package init() {}

    /// Parses the command line, runs the command and returns Strata's exit code (usage
    /// errors are 2, not ArgumentParser's 64).
    package static func execute(arguments: [String]? = nil) async -> Int32 {
        let given = arguments ?? Array(CommandLine.arguments.dropFirst())
        let commands = configuration.subcommands.map { $0._commandName }.filter {
            $0 != ServeWorkerCommand._commandName
        }
        if let problem = CommandLineCheck.problem(
            in: given, commands: commands, hidden: [ServeWorkerCommand._commandName])
        {
            FileHandle.standardError.write(
                Data("Error: \(problem)\n  See 'strata --help' for more information.\n".utf8))
            return 2
        }
        do {
            var command = try parseAsRoot(arguments)
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            return 0
        } catch {
            return status(after: error)
        }
    }

    /// The exit status for an error a command threw, with its message printed.
    static func status(after error: any Error) -> Int32 {
        if let exitCode = error as? ExitCode { return exitCode.rawValue }
        let code = exitCode(for: error)
        let message = fullMessage(for: error)
        if code == .success {
            print(message)
            return 0
        }
        if !message.isEmpty { FileHandle.standardError.write(Data((message + "\n").utf8)) }
        return 2
    }
}
