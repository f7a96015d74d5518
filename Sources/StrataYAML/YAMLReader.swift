import Foundation
import StrataCore
import Yams

/// Reads YAML (configuration files, page front matter) into `DataNode` trees that keep
/// each value's line and column. Yams is used here and nowhere else.
package enum YAMLReader {
    /// Parses one YAML document. `path` and `firstLine` place it in its file (front matter
    /// starts on line 2 of a page). An empty document gives `nil`.
    ///
    /// - Throws: a `Diagnostic` pointing at the offending line.
    package static func read(_ yaml: String, path: String, firstLine: Int = 1) throws -> DataNode? {
        // Most front matter is a flat mapping of simple values, read without the parser.
        if let flat = FlatMappingReader.read(yaml, path: path, lineOffset: firstLine - 1) { return flat }
        return try readWithParser(yaml, path: path, firstLine: firstLine)
    }

    /// `read` by Yams alone, whatever the document.
    static func readWithParser(_ yaml: String, path: String, firstLine: Int) throws -> DataNode? {
        let lineOffset = firstLine - 1
        let node: Node?
        do {
            // UTF-8 named here: Yams would otherwise read its environment variable on every parse.
            // The basic resolver tags every plain scalar as text: Strata reads values as text
            // itself and finds nulls by their spelling, and Yams' default resolver compiles a
            // dozen ICU regular expressions on first use (1.5 ms of every command's start) and
            // runs them on every scalar.
            node = try Yams.compose(yaml: yaml, .basic, .default, .utf8)
        } catch let error as YamlError {
            throw diagnostic(for: error, path: path, lineOffset: lineOffset)
        } catch {
            throw Diagnostic.error(
                "yaml.syntax", "invalid YAML: \(error)", at: SourceLocation(path: path, line: firstLine))
        }
        guard let node else { return nil }
        var budget = ReadingLimits.yamlValues.maximum
        return try convert(node, path: path, lineOffset: lineOffset, budget: &budget)
    }

    private static func convert(_ node: Node, path: String, lineOffset: Int, budget: inout Int) throws -> DataNode {
        let location = SourceLocation(
            path: path,
            line: (node.mark?.line ?? 1) + lineOffset,
            column: node.mark?.column ?? 1
        )
        budget -= 1
        guard budget >= 0 else {
            throw ReadingLimits.yamlValues.exceeded(
                at: location,
                "this YAML holds too many values once its aliases are expanded (each *alias repeats its anchor's "
                    + "whole value)"
            )
        }
        switch node {
        case .scalar(let scalar):
            let quoted = scalar.style == .singleQuoted || scalar.style == .doubleQuoted
            if !quoted, node.null != nil {
                return DataNode(.null, at: location)
            }
            return DataNode(
                .scalar(scalar.string), at: location,
                quoted: quoted || scalar.style == .literal || scalar.style == .folded)
        case .sequence(let sequence):
            var items: [DataNode] = []
            for item in sequence {
                items.append(try convert(item, path: path, lineOffset: lineOffset, budget: &budget))
            }
            return DataNode(.sequence(items), at: location)
        case .mapping(let mapping):
            var pairs: [DataNode.Pair] = []
            for (key, value) in mapping {
                pairs.append(
                    DataNode.Pair(
                        key: try convert(key, path: path, lineOffset: lineOffset, budget: &budget),
                        value: try convert(value, path: path, lineOffset: lineOffset, budget: &budget)
                    ))
            }
            return DataNode(.mapping(pairs), at: location)
        case .alias:
            throw Diagnostic.error(
                "yaml.alias", "YAML aliases (*name) are not supported here; write the value out", at: location)
        }
    }

    private static func diagnostic(for error: YamlError, path: String, lineOffset: Int) -> Diagnostic {
        func located(_ problem: String, _ context: YamlError.Context?, _ mark: Mark) -> Diagnostic {
            var message = "invalid YAML: \(problem)"
            if let context { message += " (\(context.text) at line \(context.mark.line + lineOffset))" }
            return Diagnostic.error(
                "yaml.syntax", message,
                at: SourceLocation(path: path, line: mark.line + lineOffset, column: mark.column)
            )
        }
        switch error {
        case .scanner(let context, let problem, let mark, _):
            return located(problem, context, mark)
        case .parser(let context, let problem, let mark, _):
            return located(problem, context, mark)
        case .composer(let context, let problem, let mark, _):
            return located(problem, context, mark)
        case .duplicatedKeysInMapping(let duplicates, let context):
            return Diagnostic.error(
                "yaml.duplicate-key",
                "the key '\(duplicates.joined(separator: "', '"))' is written twice in one mapping",
                at: SourceLocation(path: path, line: context.mark.line + lineOffset, column: context.mark.column)
            )
        case .reader(let problem, _, _, _):
            return Diagnostic.error(
                "yaml.syntax", "invalid YAML: \(problem)", at: SourceLocation(path: path, line: 1 + lineOffset))
        default:
            return Diagnostic.error(
                "yaml.syntax", "invalid YAML: \(error)", at: SourceLocation(path: path, line: 1 + lineOffset))
        }
    }
}
