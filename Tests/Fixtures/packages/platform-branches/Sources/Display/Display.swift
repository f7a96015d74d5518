import Core
#if canImport(UIKit)
import UIKit
#elseif canImport(AppKit)
import AppKit
#endif
#if os(Linux)
import LinuxSupport
#endif
#if os(iOS) || os(tvOS)
import TouchSupport
#endif
#if DEBUG && !os(Linux)
import OSLog
#endif
#if targetEnvironment(simulator)
import CoreLocation
#endif

public enum Display {
    public static let title = Core.name
}
