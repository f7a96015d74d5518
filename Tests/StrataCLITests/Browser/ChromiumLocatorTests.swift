import StrataTestSupport
import Testing

/// Where the browser tests look for Chromium, with a made-up environment and file system.
@Suite struct ChromiumLocatorTests {
    func locator(_ environment: [String: String], executables: Set<String>, macOS: Bool = false) -> ChromiumLocator {
        ChromiumLocator(environment: environment, isMacOS: macOS, isExecutable: { executables.contains($0) })
    }

    func failure(_ locator: ChromiumLocator) -> String? {
        do {
            _ = try locator.locate()
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func theOverrideComesFirstAsAPathOrANameOnPath() throws {
        let found: Set = ["/usr/bin/chromium", "/opt/chrome/chrome", "/usr/local/bin/my-chrome"]
        let path = "/usr/local/bin:/usr/bin"
        #expect(try locator(["PATH": path], executables: found).locate() == "/usr/bin/chromium")
        #expect(
            try locator(["PATH": path, "STRATA_CHROMIUM": "/opt/chrome/chrome"], executables: found).locate()
                == "/opt/chrome/chrome")
        #expect(
            try locator(["PATH": path, "STRATA_CHROMIUM": "my-chrome"], executables: found).locate()
                == "/usr/local/bin/my-chrome")
        // An empty override is no override; the caller's executable comes before it.
        #expect(try locator(["PATH": path, "STRATA_CHROMIUM": ""], executables: found).locate() == "/usr/bin/chromium")
        #expect(
            try locator(["PATH": path, "STRATA_CHROMIUM": "my-chrome"], executables: found).locate(
                "/opt/chrome/chrome") == "/opt/chrome/chrome")
        let missing = failure(locator(["PATH": path, "STRATA_CHROMIUM": "/nowhere/chrome"], executables: found))
        #expect(missing?.contains("'/nowhere/chrome' (the executable argument or STRATA_CHROMIUM) is not") == true)
    }

    @Test func namesOnPathAreTriedInOrderFolderByFolder() throws {
        let path = "/a:/b"
        #expect(try locator(["PATH": path], executables: ["/b/chromium", "/a/google-chrome"]).locate() == "/b/chromium")
        #expect(
            try locator(["PATH": path], executables: ["/b/chromium-browser", "/a/google-chrome"]).locate()
                == "/b/chromium-browser")
        #expect(try locator(["PATH": path], executables: ["/b/google-chrome"]).locate() == "/b/google-chrome")
    }

    @Test func appsAreLookedAtOnMacOSOnly() throws {
        let chrome = "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome"
        let ownChromium = "/Users/me/Applications/Chromium.app/Contents/MacOS/Chromium"
        let environment = ["PATH": "/usr/bin", "HOME": "/Users/me"]
        #expect(try locator(environment, executables: [chrome, ownChromium], macOS: true).locate() == chrome)
        #expect(try locator(environment, executables: [ownChromium], macOS: true).locate() == ownChromium)
        // PATH still comes first.
        #expect(
            try locator(environment, executables: ["/usr/bin/chromium", chrome], macOS: true).locate()
                == "/usr/bin/chromium")
        // Elsewhere apps are not looked for, and the message says how to install Chromium.
        let linux = failure(locator(environment, executables: [chrome]))
        #expect(linux?.contains("apt-get install chromium") == true, "\(linux ?? "")")
        let mac = failure(locator(environment, executables: [], macOS: true))
        #expect(mac?.contains("install Google Chrome") == true, "\(mac ?? "")")
    }
}
