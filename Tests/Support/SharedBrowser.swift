import Foundation

/// One Chromium for all the browser tests of a test process. Starting Chromium costs about
/// a second of CPU, more than most browser tests spend in it, so the tests share one and
/// each works in tabs of its own (`newPage()`: a browser context each, so they share no
/// cookies or storage). Calls to the browser are serialised by its lock, so tests running
/// in parallel take turns per command, not per test.
///
/// A browser that died is replaced by the next test that asks. The browser is closed when
/// the test process exits; if the process is killed, Chromium quits by itself when its
/// DevTools pipe closes.
public actor SharedBrowser {
    public static let shared = SharedBrowser()

    private var current: Task<HeadlessBrowser, Error>?
    /// Counts launches, so that a caller replaces only the browser it saw fail.
    private var launches = 0

    /// The running browser, started on first use (or again after the last one died).
    public func browser() async throws -> HeadlessBrowser {
        while true {
            let launch = current ?? startLaunch()
            let seen = launches
            let browser: HeadlessBrowser
            do {
                browser = try await launch.value
            } catch {
                // This caller reports the failed launch; the next one tries again.
                if launches == seen { current = nil }
                throw error
            }
            if browser.isUsable { return browser }
            if launches == seen {
                current = nil
                await browser.shutDown()
            }
        }
    }

    /// At most four tests drive the browser at once, as when each had a browser of its own
    /// (`HeadlessBrowser.gate`): a two-core machine runs a few pages well and twelve badly.
    private static let turns = AsyncGate(slots: 4)

    /// Runs `body` once it is this test's turn to use the browser; waiting holds no thread.
    public static func takingTurns<T>(_ body: () async throws -> T) async rethrows -> T {
        await turns.acquire()
        defer { turns.release() }
        return try await body()
    }

    private func startLaunch() -> Task<HeadlessBrowser, Error> {
        launches += 1
        let launch = Task { () throws -> HeadlessBrowser in
            let browser = try await HeadlessBrowser.launch()
            Self.closeAtExit(browser)
            return browser
        }
        current = launch
        return launch
    }

    // The browsers to close at exit: atexit takes a C function, which captures nothing.
    private nonisolated(unsafe) static var open: [HeadlessBrowser] = []
    private static let openLock = NSLock()
    private static let registerExitHandler: Void = { atexit { SharedBrowser.closeAll() } }()

    private static func closeAtExit(_ browser: HeadlessBrowser) {
        _ = registerExitHandler
        openLock.withLock { open.append(browser) }
    }

    private static func closeAll() {
        let browsers = openLock.withLock { () -> [HeadlessBrowser] in
            defer { open = [] }
            return open
        }
        browsers.forEach { $0.close() }
    }
}
