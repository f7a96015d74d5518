/// A platform Strata reads a project for (`--platform`, `platform:`): what a manifest's
/// `#if os(…)`, `arch(…)` and `canImport(…)` and a source file's `#if` around an import
/// mean, and which `.when(platforms:)` dependencies count. The graph depends on it and
/// never on the machine Strata runs on, so a Linux runner and a Mac draw the same graph.
package enum TargetPlatform: String, CaseIterable, Hashable, Sendable {
    case macOS, iOS, tvOS, watchOS, visionOS
    case linux = "Linux"
    case windows = "Windows"
    case android = "Android"

    /// The name as the manual, `os(…)` and graph.json write it.
    package var name: String { rawValue }

    /// A name as a person types it, in any case (`ios`, `macOS`, `Linux`); `osx` and `xros`
    /// are the old names of macOS and visionOS.
    package init?(name: String) {
        let wanted = name.lowercased()
        let aliases: [String: TargetPlatform] = ["osx": .macOS, "macosx": .macOS, "xros": .visionOS]
        guard let found = Self.allCases.first(where: { $0.rawValue.lowercased() == wanted }) ?? aliases[wanted] else {
            return nil
        }
        self = found
    }

    /// The names `--platform` takes, for help and for the error that lists them.
    package static var names: String { allCases.map(\.name).joined(separator: ", ") }

    /// An Xcode SDK name (`SDKROOT`, an entry of `SUPPORTED_PLATFORMS`): `iphoneos` and
    /// `iphonesimulator` are iOS; `auto` and `driverkit` name no platform.
    package init?(sdk: String) {
        let table: [String: TargetPlatform] = [
            "macosx": .macOS, "iphoneos": .iOS, "iphonesimulator": .iOS, "appletvos": .tvOS,
            "appletvsimulator": .tvOS, "watchos": .watchOS, "watchsimulator": .watchOS, "xros": .visionOS,
            "xrsimulator": .visionOS
        ]
        // `SDKROOT` may name a versioned SDK (`iphoneos17.2`) or a path to one.
        let last = sdk.split(separator: "/").last.map(String.init) ?? sdk
        let stem = String(last.lowercased().prefix { $0.isLetter })
        guard let found = table[stem] else { return nil }
        self = found
    }

    package var isApple: Bool {
        switch self {
        case .macOS, .iOS, .tvOS, .watchOS, .visionOS: true
        case .linux, .windows, .android: false
        }
    }

    /// How SwiftPM's `.when(platforms:)` names it, lowercased as the manifest reader keeps it.
    package var swiftPMName: String { rawValue.lowercased() }

    /// What `arch(…)` is: arm64 for Apple's platforms (Apple silicon Macs, the devices, the
    /// simulators on Apple silicon; a watch's arm64_32 aside) and Android; x86_64 for Linux
    /// and Windows, as most CI runners are. One fixed answer, so the graph never depends on
    /// the machine.
    package var architecture: String {
        switch self {
        case .macOS, .iOS, .tvOS, .watchOS, .visionOS, .android: "arm64"
        case .linux, .windows: "x86_64"
        }
    }

    /// Modules every compiler for this platform can import: `canImport` of one is true.
    package var importableModules: Set<String> {
        let swift: Set<String> = ["Foundation", "Dispatch", "XCTest", "Testing", "Observation", "RegexBuilder"]
        let corelibs: Set<String> = [
            "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking", "FoundationXML"
        ]
        let apple: Set<String> = [
            "Darwin", "ObjectiveC", "CoreFoundation", "os", "OSLog", "Combine", "SwiftUI", "CoreGraphics", "CoreData",
            "CoreLocation", "Security", "CryptoKit", "Network", "UserNotifications", "CloudKit", "StoreKit",
            "UniformTypeIdentifiers", "AuthenticationServices", "simd"
        ]
        switch self {
        case .macOS:
            return swift.union(apple).union([
                "AppKit", "Cocoa", "IOKit", "CoreServices", "Carbon", "WebKit", "Metal", "QuartzCore", "AVFoundation",
                "AVKit", "MapKit"
            ])
        case .iOS:
            return swift.union(apple).union([
                "UIKit", "WebKit", "Metal", "QuartzCore", "AVFoundation", "AVKit", "MapKit", "ARKit", "CoreTelephony",
                "MobileCoreServices", "MessageUI", "WidgetKit", "ActivityKit"
            ])
        case .tvOS:
            return swift.union(apple).union(["UIKit", "TVUIKit", "Metal", "QuartzCore", "AVFoundation", "AVKit"])
        case .watchOS:
            return swift.union(apple).union(["UIKit", "WatchKit", "ClockKit", "WidgetKit"])
        case .visionOS:
            return swift.union(apple).union([
                "UIKit", "RealityKit", "ARKit", "Metal", "QuartzCore", "AVFoundation", "AVKit", "WebKit", "MapKit"
            ])
        case .linux: return swift.union(corelibs).union(["Glibc"])
        case .windows: return swift.union(corelibs).union(["WinSDK", "ucrt", "CRT"])
        case .android: return swift.union(corelibs).union(["Android"])
        }
    }

    /// Modules no compiler for this platform has: `canImport` of one is false. A module in
    /// neither set (a package's, or a framework Strata does not list) cannot be decided.
    package var missingModules: Set<String> {
        let systems: Set<String> = ["Darwin", "Glibc", "Musl", "WinSDK", "ucrt", "CRT", "Android", "Bionic", "WASILibc"]
        let appleOnly: Set<String> = [
            "ObjectiveC", "os", "OSLog", "Combine", "SwiftUI", "UIKit", "AppKit", "Cocoa", "WatchKit", "ClockKit",
            "TVUIKit", "CoreGraphics", "CoreData", "CoreLocation", "CoreText", "CoreImage", "Security", "CryptoKit",
            "Network", "UserNotifications", "CloudKit", "StoreKit", "UniformTypeIdentifiers", "AuthenticationServices",
            "IOKit", "CoreServices", "Carbon", "WebKit", "Metal", "QuartzCore", "AVFoundation", "AVKit", "MapKit",
            "ARKit", "RealityKit", "CoreTelephony", "MobileCoreServices", "MessageUI", "WidgetKit", "ActivityKit",
            "SwiftData", "HealthKit", "simd"
        ]
        let corelibs: Set<String> = [
            "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking", "FoundationXML"
        ]
        let appleMissing = systems.subtracting(["Darwin"]).union(corelibs)
        switch self {
        case .macOS:
            return appleMissing.union([
                "UIKit", "WatchKit", "ClockKit", "TVUIKit", "ARKit", "CoreTelephony", "MessageUI"
            ])
        case .iOS:
            return appleMissing.union(["AppKit", "Cocoa", "Carbon", "WatchKit", "ClockKit", "TVUIKit"])
        case .tvOS:
            return appleMissing.union([
                "AppKit", "Cocoa", "Carbon", "WatchKit", "ClockKit", "WebKit", "ARKit", "CoreTelephony", "MessageUI",
                "ActivityKit"
            ])
        case .watchOS:
            return appleMissing.union(["AppKit", "Cocoa", "Carbon", "TVUIKit", "WebKit", "ARKit", "MessageUI"])
        case .visionOS:
            return appleMissing.union(["AppKit", "Cocoa", "Carbon", "WatchKit", "ClockKit", "TVUIKit"])
        case .linux: return appleOnly.union(systems.subtracting(["Glibc"]))
        case .windows: return appleOnly.union(systems.subtracting(["WinSDK", "ucrt", "CRT"]))
        // Bionic and Glibc are left undecided: which of them an Android SDK has changed with Swift 6.
        case .android: return appleOnly.union(systems.subtracting(["Android", "Bionic", "Glibc"]))
        }
    }
}
