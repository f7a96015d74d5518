import StrataCore

/// What an Xcode target builds, from its `productType` (`com.apple.product-type.…`),
/// named the way Xcode's target editor names it.
package enum XcodeProductType: String, Hashable, Sendable, CaseIterable {
    case app
    case appExtension = "app-extension"
    case watchApp = "watch-app"
    case watchExtension = "watch-extension"
    case framework
    case staticFramework = "static-framework"
    case staticLibrary = "static-library"
    case dynamicLibrary = "dynamic-library"
    case unitTests = "unit-tests"
    case uiTests = "ui-tests"
    case commandLineTool = "command-line-tool"
    case bundle
    case xpcService = "xpc-service"
    case other

    package init(identifier: String) {
        let suffix =
            identifier.hasPrefix("com.apple.product-type.")
            ? String(identifier.dropFirst("com.apple.product-type.".count)) : identifier
        switch suffix {
        case "application", "application.on-demand-install-capable", "application.messages",
            "application.watchapp2-container":
            self = .app
        case "application.watchapp", "application.watchapp2": self = .watchApp
        case "watchkit-extension", "watchkit2-extension": self = .watchExtension
        case "app-extension", "app-extension.messages", "app-extension.messages-sticker-pack", "tv-app-extension",
            "extensionkit-extension", "app-extension.intents-service":
            self = .appExtension
        case "framework": self = .framework
        case "framework.static": self = .staticFramework
        case "library.static": self = .staticLibrary
        case "library.dynamic": self = .dynamicLibrary
        case "bundle.unit-test", "bundle.ocunit-test": self = .unitTests
        case "bundle.ui-testing": self = .uiTests
        case "tool": self = .commandLineTool
        case "bundle": self = .bundle
        case "xpc-service": self = .xpcService
        default: self = suffix.hasSuffix("extension") ? .appExtension : .other
        }
    }

    /// An application (not a watch app, an extension or a tool): what a project is for, so
    /// its platform is the project's.
    package var isApp: Bool { self == .app }

    /// How the graph treats it: frameworks and libraries are imported; tests are tests; apps,
    /// extensions and tools are run, never imported, like SwiftPM's executables.
    package var targetKind: TargetKind {
        switch self {
        case .framework, .staticFramework, .staticLibrary, .dynamicLibrary, .bundle: .regular
        case .unitTests, .uiTests: .test
        case .app, .appExtension, .watchApp, .watchExtension, .commandLineTool, .xpcService, .other: .executable
        }
    }
}
