import Foundation

/// The theme that ships inside Strata (`Themes/default`, embedded at build time), used
/// when a project's `strata.yml` names no theme of its own.
package enum DefaultTheme {
    /// Every file of the theme as (path relative to the theme folder, bytes), sorted by path.
    package static let files: [(path: String, contents: [UInt8])] = encodedFiles.map { entry in
        (entry.path, Data(base64Encoded: entry.base64).map { Array($0) } ?? [])
    }
}
