import Foundation
import StrataTestSupport
import Testing

@testable import StrataWatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Real files in a temporary folder, watched with each mechanism this machine has.
@Suite struct FileWatcherTests {
    static var mechanisms: [Bool] {
        #if os(Linux) || canImport(CoreServices)
            [false, true]  // file events (inotify, FSEvents), then forced polling
        #else
            [true]
        #endif
    }

    /// The file events this system has.
    static var events: FileWatcher.Mechanism {
        #if canImport(CoreServices)
            .fsevents
        #else
            .inotify
        #endif
    }

    final class Folder {
        let path: String
        init() throws {
            path = TestScratch.path("watch").standardizedFileURL.path
            try FileManager.default.createDirectory(atPath: path + "/Content/guides", withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: path + "/Output", withIntermediateDirectories: true)
            try Self.write("# Intro\n", to: path + "/Content/guides/intro.md")
        }
        deinit { try? FileManager.default.removeItem(atPath: path) }
        func write(_ relative: String, _ text: String) throws {
            try Self.write(text, to: path + "/" + relative)
        }

        /// Writes with `O_CLOEXEC`. Foundation's `String.write(toFile:)` opens without it, so
        /// a process another test starts at that moment (a `strata` run, Chromium) inherits
        /// the open file and closes it when it exits, seconds later: the kernel then reports
        /// a write to a file no one touched since the watcher started (`intro.md`, in 3
        /// failures of `make test`).
        static func write(_ text: String, to path: String) throws {
            let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path]) }
            defer { close(descriptor) }
            let bytes = Array(text.utf8)
            #if canImport(Glibc)
                let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            #else
                let written = bytes.withUnsafeBytes { Darwin.write(descriptor, $0.baseAddress, $0.count) }
            #endif
            guard written == bytes.count else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
            }
        }
    }

    func watcher(_ folder: Folder, polling: Bool) -> FileWatcher {
        var options = FileWatcher.Options()
        options.forcePolling = polling
        options.pollInterval = .milliseconds(50)
        let watcher = FileWatcher(roots: [folder.path], excluding: [folder.path + "/Output"], options: options)
        watcher.start()
        return watcher
    }

    func nextBatch(_ collector: Collector, seconds: Double = 30) async -> [String]? {
        await collector.next(seconds: seconds)
    }

    /// Every path reported until `expected` has been (a loaded machine may split a burst into
    /// two batches), plus any report arriving shortly after. Throws, naming the path, when it
    /// is not reported within 30 seconds.
    func changes(_ collector: Collector, until expected: String) async throws -> Set<String> {
        try await changes(collector, untilAny: { $0 == expected }, what: expected)
    }

    /// The same, until a path `isExpected` has been reported.
    func changes(_ collector: Collector, untilAny isExpected: (String) -> Bool, what: String) async throws -> Set<
        String
    > {
        var seen: Set<String> = []
        while !seen.contains(where: isExpected) {
            guard let batch = await collector.next(seconds: 30) else {
                throw WaitTimeout("a report of \(what) (reported meanwhile: \(seen.sorted()))", after: .seconds(30))
            }
            seen.formUnion(batch)
        }
        while let batch = await collector.next(seconds: 0.2) { seen.formUnion(batch) }
        return seen
    }

    /// Collects the watcher's batches on one long-lived task (cancelling a task that waits
    /// on an AsyncStream ends the stream, so each wait cannot have a task of its own).
    final class Collector: @unchecked Sendable {
        private let lock = NSLock()
        private var batches: [[String]] = []
        private var task: Task<Void, Never>?

        init(_ watcher: FileWatcher) {
            task = Task { [self] in
                for await batch in watcher.batches { lock.withLock { batches.append(batch) } }
            }
        }

        deinit { task?.cancel() }

        /// The next batch, or nil after `seconds` (looked for once more after the deadline:
        /// on a loaded machine this task may have slept past it).
        func next(seconds: Double = 30) async -> [String]? {
            let clock = ContinuousClock()
            let deadline = clock.now + .milliseconds(Int(seconds * 1000))
            while true {
                let batch: [String]? = lock.withLock { batches.isEmpty ? nil : batches.removeFirst() }
                if let batch { return batch }
                if clock.now >= deadline {
                    await Task.yield()
                    return lock.withLock { batches.isEmpty ? nil : batches.removeFirst() }
                }
                try? await Task.sleep(for: .milliseconds(10))
            }
        }
    }

    @Test(arguments: mechanisms)
    func reportsEditsCreationsAndDeletions(polling: Bool) async throws {
        let folder = try Folder()
        let watcher = watcher(folder, polling: polling)
        defer { watcher.stop() }
        let batches = Collector(watcher)
        #expect(watcher.mechanism == (polling ? .polling : Self.events))

        let intro = folder.path + "/Content/guides/intro.md"
        try folder.write("Content/guides/intro.md", "# Intro, edited\n")
        let edited = try await changes(batches, until: intro)
        #expect(edited == [intro])

        let new = folder.path + "/Content/new.md"
        try folder.write("Content/new.md", "# New\n")
        let created = try await changes(batches, until: new)
        #expect(created == [new])

        try FileManager.default.removeItem(atPath: new)
        let removed = try await changes(batches, until: new)
        #expect(removed == [new])
    }

    @Test(arguments: mechanisms)
    func watchesFoldersCreatedLater(polling: Bool) async throws {
        let folder = try Folder()
        let watcher = watcher(folder, polling: polling)
        defer { watcher.stop() }
        let batches = Collector(watcher)
        try FileManager.default.createDirectory(
            atPath: folder.path + "/Content/later", withIntermediateDirectories: true)
        try folder.write("Content/later/page.md", "# Later\n")
        let page = folder.path + "/Content/later/page.md"
        let seen = try await changes(batches, until: page)
        #expect(seen.contains(page))

        // A file saved in the new folder afterwards is seen too (its watch is in place).
        try folder.write("Content/later/page.md", "# Later, edited\n")
        let edited = try await changes(batches, until: page)
        #expect(edited == [page])
    }

    @Test(arguments: mechanisms)
    func foldersMovedAwayAndMadeAgainAreWatched(polling: Bool) async throws {
        let folder = try Folder()
        let watcher = watcher(folder, polling: polling)
        defer { watcher.stop() }
        let batches = Collector(watcher)
        let elsewhere = folder.path + "-moved"
        defer { try? FileManager.default.removeItem(atPath: elsewhere) }
        // Moved out of the watched tree (as a trash can does), then made again.
        // (inotify names the folder; polling sees only files, so it names the file that went.)
        let guides = folder.path + "/Content/guides"
        try FileManager.default.moveItem(atPath: guides, toPath: elsewhere)
        _ = try await changes(batches, untilAny: { $0 == guides || $0.hasPrefix(guides + "/") }, what: guides)
        try FileManager.default.createDirectory(atPath: guides, withIntermediateDirectories: true)
        if !polling { _ = try await changes(batches, until: guides) }
        try folder.write("Content/guides/again.md", "# Again\n")
        let made = try await changes(batches, until: folder.path + "/Content/guides/again.md")
        #expect(made.contains(folder.path + "/Content/guides/again.md"))
        // Saves in the moved folder are no longer reported.
        try Folder.write("# Moved\n", to: elsewhere + "/intro.md")
        let quiet = await nextBatch(batches, seconds: 0.5)
        #expect(quiet == nil, "\(quiet ?? [])")

        // Renamed inside the tree: its files are reported under the new name.
        let renamedFolder = folder.path + "/Content/renamed"
        try FileManager.default.moveItem(atPath: guides, toPath: renamedFolder)
        _ = try await changes(
            batches, untilAny: { $0 == renamedFolder || $0.hasPrefix(renamedFolder + "/") }, what: renamedFolder)
        try folder.write("Content/renamed/again.md", "# Again, edited\n")
        let renamed = try await changes(batches, until: folder.path + "/Content/renamed/again.md")
        #expect(renamed == [folder.path + "/Content/renamed/again.md"])
    }

    @Test(arguments: mechanisms)
    func ignoresHiddenFilesBackupsAndExcludedFolders(polling: Bool) async throws {
        let folder = try Folder()
        let watcher = watcher(folder, polling: polling)
        defer { watcher.stop() }
        let batches = Collector(watcher)
        try folder.write("Content/.intro.md.swp", "swap")
        try folder.write("Content/intro.md~", "backup")
        try folder.write("Output/index.html", "built")
        let ignored = await nextBatch(batches, seconds: 0.6)
        #expect(ignored == nil)
        try folder.write("strata.yml", "site:\n  title: X\n")
        let config = try await changes(batches, until: folder.path + "/strata.yml")
        #expect(config == [folder.path + "/strata.yml"])
    }

    @Test(arguments: mechanisms)
    func singleFilesAreWatchedWhereverTheyAre(polling: Bool) async throws {
        let folder = try Folder()
        let shared = try Folder()  // outside the watched folder, as `--config ../shared/strata.yml`
        try shared.write("strata.yml", "site:\n  title: A\n")
        let config = shared.path + "/strata.yml"
        let hidden = shared.path + "/.strata.yml"
        var options = FileWatcher.Options()
        options.forcePolling = polling
        options.pollInterval = .milliseconds(50)
        let watcher = FileWatcher(roots: [folder.path], files: [config, hidden], options: options)
        watcher.start()
        defer { watcher.stop() }
        let batches = Collector(watcher)

        try shared.write("notes.md", "# Not watched\n")
        let quiet = await nextBatch(batches, seconds: 0.6)
        #expect(quiet == nil, "the file's neighbours are not reported: \(quiet ?? [])")

        try shared.write("strata.yml", "site:\n  title: B\n")
        #expect(try await changes(batches, until: config) == [config])

        // An editor's save: a new file renamed over the old one.
        try shared.write("strata.yml.tmp", "site:\n  title: C\n")
        #expect(rename(config + ".tmp", config) == 0)
        #expect(try await changes(batches, until: config) == [config])

        try shared.write(".strata.yml", "hidden, but named\n")
        #expect(try await changes(batches, until: hidden) == [hidden])

        try FileManager.default.removeItem(atPath: config)
        #expect(try await changes(batches, until: config) == [config])
    }

    @Test(arguments: mechanisms)
    func aLinkedFileIsReportedWhenWhatItLeadsToChanges(polling: Bool) async throws {
        let folder = try Folder()
        let shared = try Folder()
        try shared.write("real.yml", "site:\n  title: A\n")
        let config = folder.path + "/.config.yml"  // hidden, in the watched tree: named, so reported
        try FileManager.default.createSymbolicLink(atPath: config, withDestinationPath: shared.path + "/real.yml")
        var options = FileWatcher.Options()
        options.forcePolling = polling
        options.pollInterval = .milliseconds(50)
        let watcher = FileWatcher(roots: [folder.path], files: [config], options: options)
        watcher.start()
        defer { watcher.stop() }
        let batches = Collector(watcher)
        try shared.write("real.yml", "site:\n  title: B, longer\n")
        #expect(try await changes(batches, until: config) == [config])
    }

    #if os(Linux)
        @Test func aWatchedFileWhoseFolderGoesIsStillSeenWhenTheFolderComesBack() async throws {
            let folder = try Folder()
            let shared = try Folder()
            try shared.write("strata.yml", "site:\n  title: A\n")
            let config = shared.path + "/strata.yml"
            var options = FileWatcher.Options()
            options.pollInterval = .milliseconds(50)
            let watcher = FileWatcher(roots: [folder.path], files: [config], options: options)
            watcher.start()
            defer { watcher.stop() }
            let batches = Collector(watcher)
            #expect(watcher.mechanism == .inotify)
            try FileManager.default.removeItem(atPath: shared.path)
            #expect(try await changes(batches, until: config).contains(config))
            #expect(watcher.mechanism == .polling, "a folder made again has no watch: polling takes over")
            try FileManager.default.createDirectory(atPath: shared.path, withIntermediateDirectories: true)
            try shared.write("strata.yml", "site:\n  title: B\n")
            #expect(try await changes(batches, until: config) == [config])
        }
    #endif

    @Test func aBurstOfSavesIsOneBatch() async throws {
        let folder = try Folder()
        // A generous quiet period, so that a loaded test machine cannot split the burst.
        var options = FileWatcher.Options()
        options.quietPeriod = .milliseconds(250)
        options.maximumWait = .seconds(2)
        let watcher = FileWatcher(roots: [folder.path], options: options)
        watcher.start()
        defer { watcher.stop() }
        let batches = Collector(watcher)
        // An editor's save: write a temporary file, rename it over the page, touch another.
        try folder.write("Content/guides/intro.md.tmp", "# Intro 2\n")
        rename(folder.path + "/Content/guides/intro.md.tmp", folder.path + "/Content/guides/intro.md")
        try folder.write("Content/other.md", "# Other\n")
        let batch = await nextBatch(batches)
        #expect(batch?.count == 3, "the temporary file, the page and the other page")
        #expect(batch?.contains(folder.path + "/Content/guides/intro.md") == true)
        #expect(batch?.contains(folder.path + "/Content/other.md") == true)
        let after = await nextBatch(batches, seconds: 0.5)
        #expect(after == nil, "one burst, one batch")
    }

    /// The limit guards against a hang only; on a loaded runner the pool can be busy for a minute.
    @Test(.timeLimit(.minutes(5))) func stoppingEndsTheBatches() async throws {
        let folder = try Folder()
        let watcher = watcher(folder, polling: false)
        watcher.stop()
        var iterator = watcher.batches.makeAsyncIterator()
        #expect(await iterator.next() == nil)
    }

    #if os(Linux)
        /// When the kernel drops events (its queue overflowed), folders made meanwhile have no
        /// watch yet: the rescan finds them, even below folders already watched.
        @Test func aRescanAfterLostEventsWatchesFoldersMadeMeanwhile() throws {
            let folder = try Folder()
            guard
                case .success(var watch) = InotifyWatch.open(
                    roots: [folder.path], excluded: [], isIgnored: FileWatcher.isIgnored)
            else {
                Issue.record("inotify could not be opened")
                return
            }
            defer { watch.close() }
            try FileManager.default.createDirectory(
                atPath: folder.path + "/Content/guides/deep/deeper", withIntermediateDirectories: true)
            // As if the events announcing them had been lost: nothing is read before the rescan.
            let watchedFolders = watch.rescan()
            #expect(watchedFolders.contains(folder.path + "/Content/guides/deep"), "\(watchedFolders)")
            #expect(watchedFolders.contains(folder.path + "/Content/guides/deep/deeper"), "\(watchedFolders)")
        }
    #endif
}
