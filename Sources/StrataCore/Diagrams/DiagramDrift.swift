/// What the drift check found in one written diagram.
package struct DiagramDrift: Hashable, Sendable {
    package enum Name: Hashable, Sendable {
        case module(String)
        case layer(String)
        case unknown

        package var text: String {
            switch self {
            case .module(let name), .layer(let name): name
            case .unknown: ""
            }
        }
    }

    package enum Finding: Hashable, Sendable {
        /// A box that names no module or layer.
        case unknown(label: String, line: Int?, suggestion: String?)
        /// An arrow the code does not have.
        case absent(from: String, to: String, line: Int?, isReversed: Bool)
        /// A dependency of the code between drawn boxes that the diagram leaves out.
        case missing(from: String, to: String, evidence: SourceLocation?)

        /// Unknown boxes, then absent arrows, then missing ones, each by name.
        package var sortKey: String {
            switch self {
            case .unknown(let label, _, _): "0" + label
            case .absent(let from, let to, _, _): "1" + from + "\u{0}" + to
            case .missing(let from, let to, _): "2" + from + "\u{0}" + to
            }
        }
    }

    /// Why a diagram is not checked.
    package enum Unchecked: Hashable, Sendable {
        /// No box names a module or layer.
        case namesNothing
        /// A box is a call (`NetworkRouter.request()`): it draws calls, not dependencies.
        case callFlow
        /// Fewer than half its boxes name a module or layer (a deployment, a journey).
        case mostlyOther
    }

    /// Whether the diagram names the architecture at all (else it is not checked).
    package var isChecked: Bool
    /// When it is not checked, why (nil when checked).
    package var unchecked: Unchecked?
    /// Node id → what it names.
    package var names: [String: Name]
    package var findings: [Finding]
    /// Module or layer → the box's text, for boxes that name it otherwise (`Feed UI` for
    /// `FeedUI`, `Features_AllBreeds` for `PresentationLayer_Features_AllBreeds`): a
    /// warning about them says which it took.
    package var readAs: [String: String]

    package init(
        isChecked: Bool, names: [String: Name], findings: [Finding], readAs: [String: String] = [:],
        unchecked: Unchecked? = nil
    ) {
        self.isChecked = isChecked
        self.unchecked = isChecked ? nil : unchecked ?? .namesNothing
        self.names = names
        self.findings = findings
        self.readAs = readAs
    }

    /// `FeedUI`, or `FeedUI ('Feed UI' in the diagram)` when the box says it otherwise.
    func shown(_ name: String) -> String {
        readAs[name].map { "\(name) ('\($0)' in the diagram)" } ?? name
    }

    /// The findings as warnings, placed at the diagram's lines: `start` is the fence's
    /// location, and the diagram's code begins on the line after it.
    package func diagnostics(at start: SourceLocation) -> [Diagnostic] {
        findings.map { finding in
            func at(_ line: Int?) -> SourceLocation {
                SourceLocation(
                    path: start.path, line: line.map { start.line + 1 + $0 } ?? start.line,
                    column: line == nil ? start.column : 1)
            }
            switch finding {
            case .unknown(let label, let line, let suggestion):
                return .warning(
                    "diagram.drift",
                    "the diagram draws '\(label)', which is no module or layer of the project"
                        + (suggestion.map { "; did you mean '\($0)'?" }
                            ?? "; write `nocheck` after the fence's language to leave the diagram unchecked"),
                    at: at(line)
                )
            case .absent(let from, let to, let line, let isReversed):
                return .warning(
                    "diagram.drift",
                    "the diagram draws \(shown(from)) → \(shown(to)), and the code has no such dependency"
                        + (isReversed ? " (\(to) depends on \(from): is the arrow reversed?)" : ""),
                    at: at(line)
                )
            case .missing(let from, let to, let evidence):
                return .warning(
                    "diagram.drift",
                    "the diagram leaves out \(shown(from)) → \(shown(to)), which the code has"
                        + (evidence.map { " (\($0.path):\($0.line))" } ?? ""),
                    at: at(nil)
                )
            }
        }
    }
}
