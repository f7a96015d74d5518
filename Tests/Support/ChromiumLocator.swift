import Foundation

/// Where the browser tests find Chromium: the executable named by the caller or by
/// `$STRATA_CHROMIUM` (a path, or a name looked up on PATH); else the first of `chromium`,
/// `chromium-browser` and `google-chrome` on PATH; else, on macOS, Google Chrome or Chromium
/// installed as an app, in /Applications or ~/Applications. The environment, the file system
/// and the platform are given, so the search is tested on any system.
public struct ChromiumLocator: Sendable {
    /// The names looked up on PATH, in order.
    public static let names = ["chromium", "chromium-browser", "google-chrome"]

    public var environment: [String: String]
    public var isMacOS: Bool
    public var isExecutable: @Sendable (String) -> Bool

    public init(
        environment: [String: String] = ProcessInfo.processInfo.environment, isMacOS: Bool = Self.runsOnMacOS,
        isExecutable: @escaping @Sendable (String) -> Bool = { FileManager.default.isExecutableFile(atPath: $0) }
    ) {
        (self.environment, self.isMacOS, self.isExecutable) = (environment, isMacOS, isExecutable)
    }

    public static var runsOnMacOS: Bool {
        #if os(macOS)
            true
        #else
            false
        #endif
    }

    /// The apps' executables looked at on macOS, in order: /Applications first, then the
    /// user's own (`$HOME/Applications`).
    public var applications: [String] {
        let apps = [
            "Google Chrome.app/Contents/MacOS/Google Chrome", "Chromium.app/Contents/MacOS/Chromium"
        ]
        let folders = ["/Applications"] + (environment["HOME"].map { [$0 + "/Applications"] } ?? [])
        return folders.flatMap { folder in apps.map { folder + "/" + $0 } }
    }

    /// The path of the Chromium to run.
    /// - Throws: `HeadlessBrowser.Failure` saying what was looked for, when none is found
    ///   or the one asked for is not an executable.
    public func locate(_ explicit: String? = nil) throws -> String {
        if let chosen = explicit ?? environment["STRATA_CHROMIUM"].flatMap({ $0.isEmpty ? nil : $0 }) {
            guard let path = resolve(chosen) else {
                throw HeadlessBrowser.Failure(
                    "'\(chosen)' (the executable argument or STRATA_CHROMIUM) is not an executable")
            }
            return path
        }
        for name in Self.names { if let path = resolve(name) { return path } }
        if isMacOS, let app = applications.first(where: isExecutable) { return app }
        let looked = "STRATA_CHROMIUM unset; no \(Self.names.joined(separator: ", ")) on PATH"
        throw HeadlessBrowser.Failure(
            isMacOS
                ? "no Chromium found (\(looked); neither Google Chrome nor Chromium in /Applications or "
                    + "~/Applications): install Google Chrome, or set STRATA_CHROMIUM to a Chromium executable"
                : "no Chromium found (\(looked)): run `make deps`, or `apt-get install chromium`"
        )
    }

    /// A path as it is, a name on PATH; nil when it is not an executable.
    private func resolve(_ name: String) -> String? {
        if name.contains("/") { return isExecutable(name) ? name : nil }
        let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        return folders.map { "\($0)/\(name)" }.first(where: isExecutable)
    }
}
