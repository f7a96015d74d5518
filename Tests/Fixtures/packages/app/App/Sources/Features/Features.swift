import Foundation
internal import Logging
import Networking

/// A comment that says import Models is not an import.
public enum Features {
    public static let names = ["search", "import Models"]
}
