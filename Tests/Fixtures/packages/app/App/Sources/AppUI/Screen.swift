@_spi(Preview) import Features
import Models
#if canImport(Networking)
import Networking // undeclared: only reachable through Features → SharedKit
#endif

public enum AppUI {
    public static let title = "App \(Model.name)"
}
