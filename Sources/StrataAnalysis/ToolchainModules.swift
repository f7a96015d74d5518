/// Modules that come with the Swift toolchain or the operating system: importing them
/// needs no declared dependency.
package enum ToolchainModules {
    package static let names: Set<String> = [
        // Swift and its toolchain
        "Swift", "_Concurrency", "_StringProcessing", "_Differentiation", "Distributed", "Observation",
        "RegexBuilder", "Synchronization", "Cxx", "CxxStdlib", "SwiftShims", "_Builtin_float",
        "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking", "FoundationXML",
        "Dispatch", "XCTest", "Testing", "PackageDescription", "PackagePlugin", "CompilerPluginSupport",
        // C libraries of each platform
        "Glibc", "Musl", "Darwin", "WinSDK", "ucrt", "CRT", "Android", "Bionic", "WASILibc", "wasi_pthread",
        "SwiftGlibc", "SwiftWASILibc", "MSVCRT",
        // Apple's frameworks
        "os", "ObjectiveC", "CoreFoundation", "Combine", "SwiftUI", "UIKit", "AppKit", "CoreGraphics", "CoreData",
        "CoreServices", "CoreText", "CoreImage", "CoreLocation", "CoreMotion", "CoreBluetooth", "CoreML", "CoreVideo",
        "CoreMedia", "CoreAudio", "AVFoundation", "AVKit", "Accelerate", "Network", "Security", "CryptoKit",
        "CommonCrypto", "OSLog", "MetricKit", "QuartzCore", "Metal", "MetalKit", "MapKit", "StoreKit", "WebKit",
        "UserNotifications", "SystemConfiguration", "IOKit", "CFNetwork", "LocalAuthentication",
        "AuthenticationServices",
        "SafariServices", "Photos", "PhotosUI", "Contacts", "EventKit", "GameKit", "SpriteKit", "SceneKit", "ARKit",
        "RealityKit", "WidgetKit", "ActivityKit", "AppIntents", "SwiftData", "Charts", "TipKit", "XCUIAutomation",
        "MachO", "zlib", "libkern", "Darwin.C", "simd", "UniformTypeIdentifiers", "BackgroundTasks", "LinkPresentation",
        "QuickLook", "PDFKit", "Vision", "NaturalLanguage", "Speech", "SoundAnalysis", "HealthKit", "HomeKit",
        "CloudKit", "GameController", "MultipeerConnectivity", "NetworkExtension", "ExternalAccessory", "WatchKit",
        "ClockKit", "TVUIKit", "Intents", "IntentsUI", "MessageUI", "Messages", "PassKit", "CarPlay", "ImageIO",
        "OpenGLES", "GLKit", "CoreHaptics", "DeviceCheck", "FileProvider", "JavaScriptCore", "Cocoa", "Carbon"
    ]
}
