import Foundation
import StrataCore

/// Prints diagnostics to standard error in the `path:line:column: severity: message [id]` form.
enum DiagnosticPrinter {
    static func printAll(_ diagnostics: [Diagnostic]) {
        guard !diagnostics.isEmpty else { return }
        let text = diagnostics.map(\.description).joined(separator: "\n") + "\n"
        FileHandle.standardError.write(Data(text.utf8))
    }
}
