import ArgumentParser
import Foundation

/// Where a command's text goes: a file (`--output`), or standard output.
enum CommandOutput {
    /// One line to standard output, written at once (not buffered), so a terminal or a
    /// test reading through a pipe sees it as it happens (`strata serve`'s progress).
    static func line(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    /// Writes `text`; a file that cannot be written is bad input (exit 2).
    static func write(_ text: String, to path: String?) throws {
        guard let path else {
            FileHandle.standardOutput.write(Data(text.utf8))
            return
        }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        } catch {
            DiagnosticPrinter.printAll([.error("io.write", "cannot write '\(path)': \(error.localizedDescription)")])
            throw ExitCode(2)
        }
    }
}
