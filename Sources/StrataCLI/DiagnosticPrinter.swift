import ArgumentParser
import Foundation
import StrataCore

/// Prints diagnostics to standard error in the `path:line:column: severity: message [id]` form.
enum DiagnosticPrinter {
    static func printAll(_ diagnostics: [Diagnostic]) {
        guard !diagnostics.isEmpty else { return }
        let text = diagnostics.map(\.description).joined(separator: "\n") + "\n"
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// Runs a step that reads input; when it throws diagnostics, prints them and exits 2
    /// (bad usage, configuration or input).
    static func exitingOnBadInput<T>(_ step: () throws -> T) throws -> T {
        do {
            return try step()
        } catch let error as DiagnosticsError {
            printAll(error.diagnostics)
            throw ExitCode(2)
        } catch let diagnostic as Diagnostic {
            printAll([diagnostic])
            throw ExitCode(2)
        }
    }
}
