/// How Strata reads manifests (`--manifest`).
public enum ManifestMode: String, Sendable, CaseIterable {
    /// Only from the syntax; a manifest Strata cannot follow is an error.
    case syntax
    /// Always through SwiftPM (`swift package dump-package` and `describe`).
    case swiftpm
    /// From the syntax, falling back to SwiftPM for manifests Strata cannot follow.
    case auto
}
