import StrataCore

/// The words the reports use for a comparison with `--base`, kept in one place so every
/// format says "new since main" the same way.
extension CheckReport {
    /// ` (new since main)` or ` (unchanged since main)`, for the formats whose only text is
    /// the message (JUnit, Checkstyle, Code Quality); empty without a base, so those
    /// reports stay as they were.
    func stateSuffix(of violation: Violation) -> String {
        guard let comparison, let state = state(of: violation) else { return "" }
        return " (\(state.rawValue) since \(OneLineText.fold(comparison.ref)))"
    }

    /// The violations already at the base (none without one).
    var unchangedViolations: [Violation] {
        violations.filter { state(of: $0) == .unchanged }
    }

    /// The violations the code-annotating formats (GitHub, SARIF) carry: the new ones,
    /// unless the comparison asks for the unchanged ones too; every one without a base.
    var annotatedViolations: [Violation] {
        guard let comparison, !comparison.annotatesUnchanged else { return violations }
        return newViolations
    }
}

extension BaseComparison {
    /// "the project did not exist at main (1a2b3c4d5e6f), so every violation is new".
    var didNotExistText: String {
        "the project did not exist at \(OneLineText.fold(description)), so every violation is new"
    }
}
