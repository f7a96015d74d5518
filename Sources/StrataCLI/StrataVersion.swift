/// Strata's version, as `strata --version` prints it and reports carry it (SARIF's tool
/// version, for one). A release is this version tagged `v` + it: the release workflow
/// (.github/workflows/release.yml) refuses a tag that differs, so a binary always says the
/// tag it was built from. Raise it in the commit that a tag will name.
package enum StrataVersion {
    package static let current = "0.1.0"

    /// The tag a release of this version carries.
    package static var tag: String { "v" + current }
}
