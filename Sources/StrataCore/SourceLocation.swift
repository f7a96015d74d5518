/// A place in an input file, as editors and CI log parsers count it: 1-based line and column.
package struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The path as the user would type it (relative to the working folder when possible).
    package var path: String
    package var line: Int
    package var column: Int

    package init(path: String, line: Int = 1, column: Int = 1) {
        self.path = path
        self.line = max(1, line)
        self.column = max(1, column)
    }

    /// The same place, `lines` lines further down (for text cut out of a larger file).
    package func offset(lines: Int) -> SourceLocation {
        SourceLocation(path: path, line: line + lines, column: column)
    }

    /// `path:line:column`, the path on one line and with no colon of its own (see
    /// `OneLineText.path`), so the numbers that follow are the only ones a reader can take.
    package var description: String { "\(OneLineText.path(path)):\(line):\(column)" }

    package static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.path, lhs.line, lhs.column) < (rhs.path, rhs.line, rhs.column)
    }
}
