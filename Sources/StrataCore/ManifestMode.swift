/// How Strata reads manifests (`--manifest`). No code from the repository runs unless the
/// person running Strata asks for it on the command line with `swiftpm`: nothing in
/// `strata.yml` or the environment can choose it.
package enum ManifestMode: String, Sendable, CaseIterable {
    /// Only from the syntax; a manifest Strata cannot follow is an error.
    case syntax
    /// Through SwiftPM (`swift package dump-package` and `describe`), which compiles and runs
    /// the manifest's Swift code: only for a repository you trust.
    case swiftpm
    /// The default, kept for compatibility: the same as `syntax`. It once fell back to
    /// SwiftPM, which ran a pull request's manifest code unasked.
    case auto

    /// Whether SwiftPM, and so the manifest's own code, runs.
    package var runsManifestCode: Bool { self == .swiftpm }

    /// The words every command's help gives the option.
    package static let help =
        "How to read manifests: syntax or auto (the default: Strata's interpreter alone, no code runs), "
        + "or swiftpm (compiles and RUNS the manifest's Swift code through SwiftPM; only for a repository you trust)."
}
