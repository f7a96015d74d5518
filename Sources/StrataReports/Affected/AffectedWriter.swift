import StrataCore

/// Writes `strata affected`: for people (text), for scripts (names, one per line), for
/// tools (JSON), and as the arguments that run only the affected tests.
package struct AffectedWriter: Sendable {
    /// Where the comparison starts: the ref as given, the commit it named, and whether
    /// that is where the branch left the ref (a merge base) rather than the ref itself.
    package struct Since: Sendable {
        package var ref: String
        package var commit: String
        package var isMergeBase: Bool

        package init(ref: String, commit: String, isMergeBase: Bool) {
            self.ref = ref
            self.commit = commit
            self.isMergeBase = isMergeBase
        }
    }

    package init() {}

    package func text(_ affected: AffectedModules, since: Since) -> String {
        let start =
            since.isMergeBase
            ? "where this branch left \(since.ref) (\(since.commit.prefix(12)))"
            : "\(since.ref) (\(since.commit.prefix(12)))"
        var lines = ["Changes since \(start), the working tree included:"]
        let changed = affected.changed
        let dependents = affected.modules.filter { $0.distance > 0 }
        if changed.isEmpty { lines.append("No module changed.") }
        if !changed.isEmpty {
            lines.append("")
            lines.append("Changed (\(changed.count)):")
            for module in changed {
                let files = module.changedFiles
                let shown =
                    files.prefix(3).joined(separator: ", ") + (files.count > 3 ? ", +\(files.count - 3) more" : "")
                lines.append("  \(module.id)\(module.isTest ? " (tests)" : ""): \(shown)")
            }
        }
        if !dependents.isEmpty {
            lines.append("")
            lines.append("Affected through their dependencies (\(dependents.count)):")
            for module in dependents {
                lines.append("  \(module.id)\(module.isTest ? " (tests)" : ""): uses \(module.through ?? "?")")
            }
        }
        if !affected.unownedFiles.isEmpty {
            lines.append("")
            lines.append("Changed files no module owns (\(affected.unownedFiles.count)):")
            for file in affected.unownedFiles.prefix(20) { lines.append("  \(file)") }
            if affected.unownedFiles.count > 20 { lines.append("  +\(affected.unownedFiles.count - 20) more") }
        }
        let tests = affected.tests.map(\.id)
        lines.append("")
        lines.append(
            tests.isEmpty ? "No test target is affected." : "Test targets to run: \(tests.joined(separator: ", ")).")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Every affected module's name, one per line.
    package func names(_ affected: AffectedModules) -> String {
        affected.modules.map { $0.id + "\n" }.joined()
    }

    /// The `swift test --filter` expression, or nothing when no package test target is affected.
    package func swiftTestFilter(_ affected: AffectedModules) -> String {
        affected.swiftTestFilter.map { $0 + "\n" } ?? ""
    }

    /// `-only-testing:` arguments, one per line, or nothing.
    package func xcodebuildArguments(_ affected: AffectedModules) -> String {
        affected.xcodebuildArguments.map { $0 + "\n" }.joined()
    }

    package func json(_ affected: AffectedModules, since: Since) -> String {
        StableJSON.text(Document(affected, since: since))
    }

    private struct Document: Encodable {
        struct Start: Encodable {
            var ref: String
            var commit: String
            var merge_base: Bool
        }
        struct Module: Encodable {
            var name: String
            var changed_files: [String]
            var through: String?
            var distance: Int
            var test: Bool
            var product_type: String?
        }
        var version = 1
        var since: Start
        var modules: [Module]
        var unowned_files: [String]
        var swift_test_filter: String?
        var xcodebuild_arguments: [String]

        init(_ affected: AffectedModules, since: Since) {
            self.since = Start(ref: since.ref, commit: since.commit, merge_base: since.isMergeBase)
            modules = affected.modules.map {
                Module(
                    name: $0.id, changed_files: $0.changedFiles, through: $0.through, distance: $0.distance,
                    test: $0.isTest, product_type: $0.productType)
            }
            unowned_files = affected.unownedFiles
            swift_test_filter = affected.swiftTestFilter
            xcodebuild_arguments = affected.xcodebuildArguments
        }
    }
}
