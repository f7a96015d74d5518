import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A headless Chromium for browser tests, speaking the DevTools protocol over
/// `--remote-debugging-pipe` (the child reads NUL-terminated JSON commands on fd 3 and writes
/// messages on fd 4): no port to find, and a dead browser is end-of-file, not a hang. One
/// process and temporary profile per instance. Several threads (tests sharing the browser,
/// each with its own tabs) may call at once: the lock is held only to send, and to read and
/// route what has arrived, never while waiting, so one test's slow page load does not hold
/// up another's commands. Every wait polls with a deadline.
///
/// Writing to a dead browser's pipe raises SIGPIPE, which would end the whole test process,
/// so creating a browser ignores SIGPIPE process-wide (the write fails with EPIPE instead,
/// reported as an error). Chromium itself gets the default disposition back.
public final class HeadlessBrowser: @unchecked Sendable {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        /// The browser did not answer in time (as opposed to refusing, or dying).
        public var timedOut = false
        public init(_ description: String, timedOut: Bool = false) {
            (self.description, self.timedOut) = (description, timedOut)
        }
    }

    /// Recursive, because a page's deinit can run inside dispatch (see post).
    private let lock = NSRecursiveLock()
    private let pid: pid_t
    private let commands: Int32
    private let messages: Int32
    private let directory: URL
    /// The temporary profile (`--user-data-dir`), removed by close(); it also names the process.
    public var userDataDirectory: String { directory.path }
    private var log: String { directory.appendingPathComponent("chromium.log").path }
    private var buffer: [UInt8] = []
    private var scanned = 0
    private var nextID = 0
    /// The commands sent and not yet answered, and the answers not yet taken.
    private var awaited: Set<Int> = []
    private var answers: [Int: [String: Any]] = [:]
    private var pages: [String: WeakPage] = [:]
    private var chunk = [UInt8](repeating: 0, count: 1 << 18)
    private var death: Failure?
    private var closed = false
    /// Whether this browser holds a slot of `gate`, given back by close().
    fileprivate var holdsSlot = false
    /// How many browsers the tests run at once.
    static let gate = AsyncGate(slots: 4)

    private struct WeakPage { weak var page: BrowserPage? }
    private static let spawnLock = NSLock()
    private static let ignoreSIGPIPE: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

    /// Starts chromium: `executable`, else the one `ChromiumLocator` finds.
    init(executable: String? = nil) throws {
        _ = Self.ignoreSIGPIPE
        let path = try ChromiumLocator().locate(executable)
        directory = TestScratch.path("chromium")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let arguments = [
            "--headless=new", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
            "--user-data-dir=\(directory.path)", "--no-first-run", "--no-default-browser-check",
            "--disable-extensions", "--disable-background-networking", "--disable-component-update",
            "--mute-audio", "--hide-scrollbars", "about:blank"
        ]
        do {
            (pid, commands, messages) = try Self.spawn(
                path, arguments, log: directory.appendingPathComponent("chromium.log").path)
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
        do { try call("Browser.getVersion", timeout: 30) } catch {
            close()
            throw error
        }
    }

    deinit { close() }

    /// A new tab in its own browser context (so pages share no cookies or storage), attached
    /// with a flat session, with the Page, Runtime and Log domains on.
    func newPageBlocking(width: Int, height: Int, mobile: Bool) throws -> BrowserPage {
        let context =
            try call("Target.createBrowserContext", ["disposeOnDetach": true])["browserContextId"] as? String ?? ""
        let target =
            try call("Target.createTarget", ["url": "about:blank", "browserContextId": context])["targetId"] as? String
            ?? ""
        guard
            let session = try call("Target.attachToTarget", ["targetId": target, "flatten": true])["sessionId"]
                as? String
        else {
            throw Failure("Target.attachToTarget returned no sessionId")
        }
        let page = BrowserPage(browser: self, context: context, session: session)
        lock.withLock { pages[session] = WeakPage(page: page) }
        for method in ["Page.enable", "Runtime.enable", "Log.enable"] { try page.call(method) }
        // Headless windows never have OS focus; without this, focus events and :focus-visible misbehave.
        try page.call("Emulation.setFocusEmulationEnabled", ["enabled": true])
        try page.setViewportBlocking(width: width, height: height, mobile: mobile)
        return page
    }

    /// Asks chromium to quit, kills its whole process group if it lingers, and removes the profile.
    public func close() {
        lock.withLock {
            guard !closed else { return }
            closed = true
            if death == nil {
                try? send(["id": nextID + 1, "method": "Browser.close"], deadline: Date(timeIntervalSinceNow: 1))
                // Returns at EOF (throws) or after 5 s; the lock stays held, so nothing else reads.
                _ = try? pump(until: Date(timeIntervalSinceNow: 5), evenIfClosed: true) { false }
            }
            // The leader is not reaped yet, so its group id cannot have been reused.
            kill(-pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            [commands, messages].forEach(closeDescriptor)
            try? FileManager.default.removeItem(at: directory)
            if holdsSlot { Self.gate.release() }
        }
    }

    // MARK: Protocol

    /// Sends one command and waits for its answer, handling the events that arrive meanwhile.
    @discardableResult
    func call(_ method: String, _ params: [String: Any] = [:], session: String? = nil, timeout: TimeInterval = 30)
        throws -> [String: Any]
    {
        let deadline = Date(timeIntervalSinceNow: timeout)
        let id: Int = try lock.withLock {
            guard !closed else { throw Failure("\(method): the browser is closed") }
            nextID += 1
            var message: [String: Any] = ["id": nextID, "method": method, "params": params]
            if let session { message["sessionId"] = session }
            try send(message, deadline: deadline)
            awaited.insert(nextID)  // the answer is read under the lock, so it cannot come first
            return nextID
        }
        defer {
            lock.withLock {
                awaited.remove(id)
                answers[id] = nil
            }
        }
        guard try pump(until: deadline, { self.answers[id] != nil }), let answer = lock.withLock({ answers[id] }) else {
            throw Failure("\(method) got no answer within \(timeout)s", timedOut: true)
        }
        if let error = answer["error"] as? [String: Any] {
            throw Failure(
                "\(method) failed: \(error["message"] as? String ?? "\(error)")"
                    + ((error["data"] as? String).map { " (\($0))" } ?? ""))
        }
        return answer["result"] as? [String: Any] ?? [:]
    }

    /// Sends without waiting for the answer, touching no read state: safe even from a page's
    /// deinit running inside dispatch, when the page's last reference was the dispatcher's.
    func post(_ method: String, _ params: [String: Any]) {
        lock.withLock {
            guard !closed else { return }
            nextID += 1
            try? send(["id": nextID, "method": method, "params": params], deadline: Date(timeIntervalSinceNow: 1))
        }
    }

    var hasDied: Bool { lock.withLock { death != nil } }

    /// Whether the browser can still be used: not closed, not known dead, and its process
    /// has not exited (a Chromium that crashed while idle is noticed here, not by the next
    /// test's first command).
    public var isUsable: Bool {
        guard lock.withLock({ death == nil && !closed }) else { return false }
        var info = siginfo_t()
        // WNOWAIT leaves the child unreaped for close(); ECHILD or a SIGCHLD both mean gone.
        guard waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 else { return false }
        return info.si_signo != SIGCHLD
    }

    func withLock<T>(_ body: () throws -> T) rethrows -> T { try lock.withLock(body) }

    /// Handles events until `condition` holds (true) or `deadline` passes (false); with a past
    /// deadline, it handles whatever has already arrived.
    func wait(until deadline: Date, for condition: () -> Bool) throws -> Bool {
        try pump(until: deadline, condition)
    }

    /// Handles what arrives until `condition` (read under the lock) holds, or `deadline`
    /// passes. The lock is taken to read and route what has arrived, and let go while
    /// poll() waits for more, so that other threads' calls go on meanwhile; several threads
    /// may wait at once, and whichever takes the lock first routes the messages for all.
    private func pump(until deadline: Date, evenIfClosed: Bool = false, _ condition: () -> Bool) throws -> Bool {
        var pastDeadline = false
        while true {
            let holds: Bool = try lock.withLock {
                // Checked before every read: close() closes the descriptors.
                guard evenIfClosed || !closed else { throw Failure("the browser is closed") }
                if condition() { return true }
                try readAvailable()
                return condition()
            }
            if holds { return true }
            // Once past the deadline, one last look (so a flood cannot stall us).
            let remaining = deadline.timeIntervalSinceNow
            if remaining <= 0 {
                if pastDeadline { return false }
                pastDeadline = true
                continue
            }
            // Wait for more without the lock; short slices, since another thread may read
            // what woke us. (After close() the number may name another file: a spurious
            // wake-up at most, as the next look under the lock throws.)
            var descriptor = pollfd(fd: messages, events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, Int32(min(remaining, 0.02) * 1000) + 1)
        }
    }

    /// Reads whatever has arrived without blocking, and routes every complete message.
    /// Lock held: all reads happen under it, so a read after poll() said "ready" cannot block.
    private func readAvailable() throws {
        while true {
            while let end = buffer[scanned...].firstIndex(of: 0) {
                let message = buffer[..<end]
                dispatch(message)
                buffer.removeSubrange(...end)
                scanned = 0
            }
            scanned = buffer.count
            var descriptor = pollfd(fd: messages, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, 0)
            if ready == 0 { return }
            if ready < 0 { if errno == EINTR { continue } else { throw died() } }
            let count = read(messages, &chunk, chunk.count)
            if count > 0 {
                buffer += chunk[0..<count]
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                throw died()
            }
        }
    }

    private func send(_ message: [String: Any], deadline: Date) throws {
        if let death { throw death }
        var bytes = [UInt8](try JSONSerialization.data(withJSONObject: message))
        bytes.append(0)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { write(commands, $0.baseAddress, $0.count) }
            if count > 0 {
                sent += count
                continue
            }
            guard count < 0, errno == EAGAIN || errno == EINTR else { throw died() }
            var descriptor = pollfd(fd: commands, events: Int16(POLLOUT), revents: 0)
            guard deadline.timeIntervalSinceNow > 0, poll(&descriptor, 1, 100) >= 0 || errno == EINTR else {
                throw Failure("chromium is not reading its commands (\(message["method"] ?? ""))")
            }
        }
    }

    /// Routes an event to its page by session id; keeps the awaited answer.
    private func dispatch(_ bytes: ArraySlice<UInt8>) {
        guard let message = (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any] else { return }
        if let id = message["id"] as? Int {
            if awaited.contains(id) { answers[id] = message }
        } else if let method = message["method"] as? String, let session = message["sessionId"] as? String {
            pages[session]?.page?.handle(method, message["params"] as? [String: Any] ?? [:])
        }
    }

    /// The error for a browser that stopped talking, with the end of its log (minus D-Bus noise).
    private func died() -> Failure {
        if let death { return death }
        var state = "closed its pipe"
        for _ in 0..<50 {
            // WNOWAIT leaves the child unreaped, so close() can still kill its process group safely.
            var info = siginfo_t()
            if waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0, info.si_signo == SIGCHLD {
                #if canImport(Darwin)
                    let code = info.si_status
                #else
                    let code = info._sifields._sigchld.si_status
                #endif
                state =
                    Int(info.si_code) == Int(CLD_EXITED) ? "exited with status \(code)" : "was killed by signal \(code)"
                break
            }
            usleep(20_000)
        }
        let lines = ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").filter {
            !$0.contains("dbus")
        }
        death = Failure(
            "chromium (pid \(pid)) \(state); the end of \(log):\n" + lines.suffix(20).joined(separator: "\n"))
        return death ?? Failure(state)
    }

    // MARK: Process

    /// posix_spawn, because Foundation's Process cannot hand the child fds 3 and 4. The child
    /// leads a new process group so that close() can kill its helpers along with it.
    private static func spawn(_ path: String, _ arguments: [String], log: String) throws -> (pid_t, Int32, Int32) {
        // Until marked close-on-exec, a pipe would leak into a browser started by a parallel test.
        spawnLock.lock()
        defer { spawnLock.unlock() }
        var toChild: [Int32] = [-1, -1]
        var fromChild: [Int32] = [-1, -1]
        guard makePipe(&toChild), makePipe(&fromChild) else {
            [toChild[0], toChild[1]].filter { $0 >= 0 }.forEach(closeDescriptor)
            throw Failure("pipe() failed: \(String(cString: strerror(errno)))")
        }
        // Moved above 4 first, so that dup2 onto 3 cannot clobber the descriptor meant for 4.
        let childEnds = [fcntl(toChild[0], F_DUPFD_CLOEXEC, 10), fcntl(fromChild[1], F_DUPFD_CLOEXEC, 10)]
        [toChild[0], fromChild[1]].forEach(closeDescriptor)
        defer { childEnds.forEach(closeDescriptor) }
        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t? = nil
            var attributes: posix_spawnattr_t? = nil
        #else
            var actions = posix_spawn_file_actions_t()
            var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        posix_spawn_file_actions_adddup2(&actions, childEnds[0], 3)
        posix_spawn_file_actions_adddup2(&actions, childEnds[1], 4)
        // Nothing else goes to the browser: a pipe or socket a parallel test opened this
        // very moment would otherwise stay open as long as Chromium runs.
        closeFrom(5, in: &actions)
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var signals = sigset_t()
        sigemptyset(&signals)
        posix_spawnattr_setsigmask(&attributes, &signals)
        sigaddset(&signals, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &signals)
        posix_spawnattr_setpgroup(&attributes, 0)
        #if canImport(Darwin)
            // Darwin's twin of closeFrom: only the descriptors set up above go to the child.
            let closeOthers = POSIX_SPAWN_CLOEXEC_DEFAULT
        #else
            let closeOthers: Int32 = 0
        #endif
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | closeOthers))
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let environment = ProcessInfo.processInfo.environment.map { strdup("\($0)=\($1)") } + [nil]
        defer { (argv + environment).forEach { free($0) } }
        var pid = pid_t()
        let result = posix_spawn(&pid, path, &actions, &attributes, argv, environment)
        guard result == 0 else {
            [toChild[1], fromChild[0]].forEach(closeDescriptor)
            throw Failure("cannot start \(path): \(String(cString: strerror(result)))")
        }
        _ = fcntl(toChild[1], F_SETFL, fcntl(toChild[1], F_GETFL) | O_NONBLOCK)
        return (pid, toChild[1], fromChild[0])
    }
}

/// One tab. Its events (load, script errors) are recorded whenever the browser reads messages.
public final class BrowserPage: @unchecked Sendable {
    /// CDP's modifier bit mask.
    public struct Modifiers: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let alt = Modifiers(rawValue: 1), control = Modifiers(rawValue: 2)
        public static let meta = Modifiers(rawValue: 4), shift = Modifiers(rawValue: 8)
    }

    let browser: HeadlessBrowser
    let context: String, session: String
    private var closed = false
    // Guarded by the browser's lock (written from its dispatch).
    private var loaded: Set<String> = []
    private var currentLoader: String?
    private var recordedErrors: [String] = []

    init(browser: HeadlessBrowser, context: String, session: String) {
        (self.browser, self.context, self.session) = (browser, context, session)
    }

    deinit { close() }

    /// Every script error since the page was created: uncaught exceptions, console.error
    /// calls and error log entries (such as failed resource loads), each with its location.
    /// Not the browser's own request for /favicon.ico, which a site need not serve.
    public var errors: [String] {
        _ = try? browser.wait(until: .distantPast) { false }
        return browser.withLock { recordedErrors }
    }

    @discardableResult
    func call(_ method: String, _ params: [String: Any] = [:], timeout: TimeInterval = 30) throws -> [String: Any] {
        guard !closed else { throw HeadlessBrowser.Failure("\(method): the page is closed") }
        return try browser.call(method, params, session: session, timeout: timeout)
    }

    /// Called by the browser with its lock held.
    func handle(_ method: String, _ params: [String: Any]) {
        switch method {
        case "Page.frameNavigated":
            if let frame = params["frame"] as? [String: Any], frame["parentId"] == nil {
                currentLoader = frame["loaderId"] as? String
            }
        case "Page.loadEventFired":
            if let currentLoader { loaded.insert(currentLoader) }
        case "Runtime.exceptionThrown":
            let details = params["exceptionDetails"] as? [String: Any] ?? [:]
            recordedErrors.append("\(Self.message(details))\(Self.location(details))")
        case "Runtime.consoleAPICalled" where params["type"] as? String == "error":
            let words = (params["args"] as? [[String: Any]] ?? []).map {
                "\($0["value"] ?? $0["description"] ?? $0["type"] ?? "")"
            }
            let frame = ((params["stackTrace"] as? [String: Any])?["callFrames"] as? [[String: Any]])?.first ?? [:]
            recordedErrors.append("console.error: \(words.joined(separator: " "))\(Self.location(frame))")
        case "Log.entryAdded":
            if let entry = params["entry"] as? [String: Any], entry["level"] as? String == "error",
                (entry["url"] as? String).flatMap({ URL(string: $0)?.path }) != "/favicon.ico"
            {
                recordedErrors.append("\(entry["text"] as? String ?? "") (\(entry["url"] as? String ?? ""))")
            }
        case "Inspector.targetCrashed":
            recordedErrors.append("the page crashed")
        default: break
        }
    }

    /// " (url:line)", one-based, from a CDP object with url and zero-based lineNumber.
    static func location(_ object: [String: Any]) -> String {
        " (\(object["url"] as? String ?? ""):\((object["lineNumber"] as? Int ?? -1) + 1))"
    }

    static func message(_ details: [String: Any]) -> String {
        let exception = details["exception"] as? [String: Any] ?? [:]
        let text =
            exception["description"] as? String ?? (exception["value"]).map { "\($0)" } ?? details["text"] as? String
            ?? "unknown error"
        return String(text.prefix { $0 != "\n" })
    }

    /// Navigates and waits for the load event of this navigation (its loader id), not of an
    /// earlier one. Same-document navigations return at once.
    func navigateBlocking(to url: String, timeout: TimeInterval = 30) throws {
        let deadline = Date(timeIntervalSinceNow: timeout)
        let result: [String: Any]
        // Chromium answers Page.navigate only once the navigation commits.
        // A pending navigation holds back every later command to the page, so it is cancelled.
        func stop() -> HeadlessBrowser.Failure {
            _ = try? call("Page.stopLoading", timeout: 2)
            return HeadlessBrowser.Failure("\(url) did not finish loading within \(timeout)s", timedOut: true)
        }
        do { result = try call("Page.navigate", ["url": url], timeout: timeout) } catch let error
            as HeadlessBrowser.Failure where error.timedOut
        { throw stop() }
        if let error = result["errorText"] as? String, !error.isEmpty {
            throw HeadlessBrowser.Failure("navigating to \(url) failed: \(error)")
        }
        guard let loader = result["loaderId"] as? String else { return }
        guard try browser.wait(until: deadline, for: { self.loaded.contains(loader) }) else { throw stop() }
    }

    /// The value of a JS expression (promises awaited): JSON-like Foundation values, nil for
    /// undefined and null. Throws with the JS message if it throws.
    func evaluateBlocking(_ expression: String, timeout: TimeInterval = 30) throws -> Any? {
        let result = try call(
            "Runtime.evaluate", ["expression": expression, "returnByValue": true, "awaitPromise": true],
            timeout: timeout)
        if let details = result["exceptionDetails"] as? [String: Any] {
            throw HeadlessBrowser.Failure("`\(expression)` threw \(Self.message(details))")
        }
        let value = result["result"] as? [String: Any] ?? [:]
        // NaN, -0, 1n…
        if let special = value["unserializableValue"] as? String { return Double(special).map { $0 as Any } ?? special }
        return value["value"] is NSNull ? nil : value["value"]
    }

    /// Polls a JS expression (every 50 ms, events handled between) until it is truthy.
    func waitForBlocking(_ condition: String, timeout: TimeInterval = 30) throws {
        let deadline = Date(timeIntervalSinceNow: timeout)
        var lastError = ""
        while true {
            do {
                // Newlines keep a trailing `//` comment in the condition from eating the rest.
                if try evaluateBlocking(
                    "Promise.resolve((\n\(condition)\n)).then(Boolean)", timeout: max(deadline.timeIntervalSinceNow, 1))
                    as? Bool == true
                {
                    return
                }
                lastError = ""
            } catch {
                if browser.hasDied { throw error }
                lastError = "; it last threw: \(error)"
            }
            guard deadline.timeIntervalSinceNow > 0 else {
                throw HeadlessBrowser.Failure(
                    "timed out after \(timeout)s waiting for `\(condition)`\(lastError)", timedOut: true)
            }
            _ = try browser.wait(until: min(deadline, Date(timeIntervalSinceNow: 0.05))) { false }
        }
    }

    /// A real key press (keyDown, keyUp), so page handlers and default actions (typing the
    /// character, Enter on a link, Tab moving focus) behave as for a user.
    func pressBlocking(_ key: String, modifiers: Modifiers = []) throws {
        guard let definition = Self.keyDefinition(key) else {
            throw HeadlessBrowser.Failure("press: unknown key '\(key)'")
        }
        var (name, code, keyCode, text) = definition
        if modifiers.contains(.shift), code.hasPrefix("Key") { (name, text) = (name.uppercased(), text?.uppercased()) }
        if !modifiers.isDisjoint(with: [.alt, .control, .meta]) { text = nil }
        var event: [String: Any] = [
            "type": text == nil ? "rawKeyDown" : "keyDown", "key": name, "code": code,
            "windowsVirtualKeyCode": keyCode, "nativeVirtualKeyCode": keyCode, "modifiers": modifiers.rawValue
        ]
        if let text {
            event["text"] = text
            event["unmodifiedText"] = text
        }
        try call("Input.dispatchKeyEvent", event)
        (event["type"], event["text"], event["unmodifiedText"]) = ("keyUp", nil, nil)
        try call("Input.dispatchKeyEvent", event)
    }

    /// Types into the focused element: a key press for each character with a key (so key
    /// handlers see it), Input.insertText for the rest; either way `input` events fire.
    func typeBlocking(_ text: String) throws {
        for character in text {
            let key = character == "\n" ? "Enter" : String(character)
            if let definition = Self.keyDefinition(key), definition.text != nil {
                try pressBlocking(key, modifiers: character.isUppercase ? .shift : [])
            } else {
                try call("Input.insertText", ["text": key])
            }
        }
    }

    static func keyDefinition(_ key: String) -> (key: String, code: String, keyCode: Int, text: String?)? {
        let named: [String: (String, Int)] = [
            "Enter": ("Enter", 13), "Tab": ("Tab", 9), "Escape": ("Escape", 27), "Backspace": ("Backspace", 8),
            "Delete": ("Delete", 46), "ArrowUp": ("ArrowUp", 38), "ArrowDown": ("ArrowDown", 40),
            "ArrowLeft": ("ArrowLeft", 37), "ArrowRight": ("ArrowRight", 39), "Home": ("Home", 36), "End": ("End", 35),
            "PageUp": ("PageUp", 33), "PageDown": ("PageDown", 34), " ": ("Space", 32), "/": ("Slash", 191),
            ".": ("Period", 190), ",": ("Comma", 188), "-": ("Minus", 189), "=": ("Equal", 187),
            ";": ("Semicolon", 186),
            "'": ("Quote", 222), "[": ("BracketLeft", 219), "]": ("BracketRight", 221), "\\": ("Backslash", 220),
            "`": ("Backquote", 192)
        ]
        if let entry = named[key] { return (key, entry.0, entry.1, key == "Enter" ? "\r" : key.count == 1 ? key : nil) }
        guard key.count == 1, let ascii = Character(key).asciiValue, Character(key).isLetter || Character(key).isNumber
        else { return nil }
        let upper = Character(key).isLetter ? ascii & ~0x20 : ascii
        return (key, Character(key).isLetter ? "Key\(key.uppercased())" : "Digit\(key)", Int(upper), key)
    }

    /// A real left click at the centre of the first element matching `selector`, scrolled into
    /// view first (instantly: a smooth-scrolling page would otherwise move it under the mouse).
    func clickBlocking(_ selector: String) throws {
        let literal = String(decoding: try JSONSerialization.data(withJSONObject: [selector]), as: UTF8.self)
        let box =
            try evaluateBlocking(
                """
                (() => { const element = document.querySelector(\(literal)[0]); if (!element) return null;
                  element.scrollIntoView({block: 'center', inline: 'center', behavior: 'instant'});
                  const r = element.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2, \
                r.width * r.height] })()
                """) as? [Any]
        guard let numbers = box?.compactMap({ ($0 as? NSNumber)?.doubleValue }), numbers.count == 3 else {
            throw HeadlessBrowser.Failure("click: no element matches '\(selector)'")
        }
        guard numbers[2] > 0 else { throw HeadlessBrowser.Failure("click: '\(selector)' has no size (hidden?)") }
        for type in ["mouseMoved", "mousePressed", "mouseReleased"] {
            try call(
                "Input.dispatchMouseEvent",
                [
                    "type": type, "x": numbers[0], "y": numbers[1], "button": type == "mouseMoved" ? "none" : "left",
                    "buttons": type == "mousePressed" ? 1 : 0, "clickCount": 1
                ])
        }
    }

    /// The viewport size; `mobile` also turns on touch emulation (so `(pointer: coarse)` matches)
    /// and, as on a phone, lays out a page without a viewport meta tag 980px wide.
    func setViewportBlocking(width: Int, height: Int, mobile: Bool) throws {
        try call(
            "Emulation.setDeviceMetricsOverride",
            ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile])
        let touch: [String: Any] = mobile ? ["enabled": true, "maxTouchPoints": 5] : ["enabled": false]
        try call("Emulation.setTouchEmulationEnabled", touch)
    }

    /// "dark", "light", or nil for the browser's default.
    func emulateColorSchemeBlocking(_ scheme: String?) throws {
        try call("Emulation.setEmulatedMedia", ["features": [["name": "prefers-color-scheme", "value": scheme ?? ""]]])
    }

    /// A PNG of the viewport, or of the whole document.
    func screenshotBlocking(to path: String, fullPage: Bool = false) throws {
        var params: [String: Any] = ["format": "png"]
        if fullPage {
            let metrics = try call("Page.getLayoutMetrics")
            let size = (metrics["cssContentSize"] ?? metrics["contentSize"]) as? [String: Any] ?? [:]
            let width = (size["width"] as? NSNumber)?.doubleValue ?? 0
            let height = (size["height"] as? NSNumber)?.doubleValue ?? 0
            params["clip"] = ["x": 0, "y": 0, "width": width.rounded(.up), "height": height.rounded(.up), "scale": 1]
            params["captureBeyondViewport"] = true
        }
        let result = try call("Page.captureScreenshot", params, timeout: 30)
        guard let data = (result["data"] as? String).flatMap({ Data(base64Encoded: $0) }) else {
            throw HeadlessBrowser.Failure("Page.captureScreenshot returned no image")
        }
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    /// Closes the tab by disposing of its browser context, without waiting.
    public func close() {
        guard !closed else { return }
        closed = true
        browser.post("Target.disposeBrowserContext", ["browserContextId": context])
    }
}

/// Closes every descriptor from `lowest` up in the child: glibc's
/// `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which Swift's Glibc module
/// does not declare; on Darwin, `POSIX_SPAWN_CLOEXEC_DEFAULT` does it (see spawn).
#if canImport(Glibc)
    private func closeFrom(_ lowest: Int32, in actions: inout posix_spawn_file_actions_t) {
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
        else { return }
        _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, lowest)
    }
#else
    private func closeFrom(_ lowest: Int32, in actions: inout posix_spawn_file_actions_t?) {}
#endif

/// A close-on-exec pipe (Glibc's module has no pipe2; spawnLock covers the gap before fcntl).
private func makePipe(_ ends: inout [Int32]) -> Bool {
    guard pipe(&ends) == 0 else { return false }
    ends.forEach { _ = fcntl($0, F_SETFD, FD_CLOEXEC) }
    return true
}

/// A free function, because inside the classes `close` means their own method.
private func closeDescriptor(_ descriptor: Int32) { _ = close(descriptor) }

// MARK: - The async face the tests use

extension HeadlessBrowser {
    /// Starts chromium (see `init`) on a thread of its own: it can take seconds.
    /// At most four run at once (see `AsyncGate`): a launch waits for a slot first. Tests
    /// mostly share one (`SharedBrowser`).
    public static func launch(executable: String? = nil) async throws -> HeadlessBrowser {
        await gate.acquire()
        do {
            let browser = try await OwnThread.run("start chromium") { try HeadlessBrowser(executable: executable) }
            browser.withLock { browser.holdsSlot = true }
            return browser
        } catch {
            gate.release()
            throw error
        }
    }

    /// A new tab in its own browser context (so pages share no cookies or storage), attached
    /// with a flat session, with the Page, Runtime and Log domains on.
    public func newPage(width: Int = 1280, height: Int = 800, mobile: Bool = false) async throws -> BrowserPage {
        try await OwnThread.run("open a tab") { try self.newPageBlocking(width: width, height: height, mobile: mobile) }
    }

    /// Closes the browser (see `close`), waiting on a thread of its own.
    public func shutDown() async {
        await OwnThread.run("close chromium") { self.close() }
    }
}

extension BrowserPage {
    /// Navigates and waits for the load event of this navigation (its loader id), not of an
    /// earlier one. Same-document navigations return at once.
    public func navigate(to url: String, timeout: TimeInterval = 30) async throws {
        try await OwnThread.run("navigate") { try self.navigateBlocking(to: url, timeout: timeout) }
    }

    /// The value of a JS expression (promises awaited): JSON-like Foundation values, nil for
    /// undefined and null. Throws with the JS message if it throws.
    public func evaluate(_ expression: String, timeout: TimeInterval = 30) async throws -> Any? {
        try await OwnThread.run("evaluate") { Handed(try self.evaluateBlocking(expression, timeout: timeout)) }.value
    }

    /// Waits until the JS expression is true; the failure names it.
    public func waitFor(_ condition: String, timeout: TimeInterval = 30) async throws {
        try await OwnThread.run("wait in the page") { try self.waitForBlocking(condition, timeout: timeout) }
    }

    /// Presses and releases a key (a name such as "Escape" or a character).
    public func press(_ key: String, modifiers: Modifiers = []) async throws {
        try await OwnThread.run("press \(key)") { try self.pressBlocking(key, modifiers: modifiers) }
    }

    /// Types text key by key.
    public func type(_ text: String) async throws {
        try await OwnThread.run("type") { try self.typeBlocking(text) }
    }

    /// A real left click at the centre of the first element matching `selector`.
    public func click(_ selector: String) async throws {
        try await OwnThread.run("click") { try self.clickBlocking(selector) }
    }

    /// The viewport size; `mobile` also turns on touch emulation.
    public func setViewport(width: Int, height: Int, mobile: Bool) async throws {
        try await OwnThread.run("set the viewport") {
            try self.setViewportBlocking(width: width, height: height, mobile: mobile)
        }
    }

    /// "dark", "light", or nil for the browser's default.
    public func emulateColorScheme(_ scheme: String?) async throws {
        try await OwnThread.run("emulate a colour scheme") { try self.emulateColorSchemeBlocking(scheme) }
    }

    /// A PNG of the viewport, or of the whole document.
    public func screenshot(to path: String, fullPage: Bool = false) async throws {
        try await OwnThread.run("screenshot") { try self.screenshotBlocking(to: path, fullPage: fullPage) }
    }
}
