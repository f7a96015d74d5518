import Dispatch
import Foundation
import StrataBuild
import StrataCore
import StrataSwiftPM
import StrataSwiftReference
import StrataSwiftSource

// `make accuracy`: compares Strata's module graph with SwiftPM's on real packages, and
// times both. Usage: strata-accuracy [--runs N] PACKAGE_FOLDER...
//
// Per package it prints: targets (Strata/SwiftPM), declared edges matched/missed/extra,
// Swift files per target matched against `swift package describe`, imports found by the
// fast scanner against swift-syntax's parser, whether the SwiftPM fallback was used and
// why, and the time to read the graph against `swift package dump-package`.
//
// A folder holding an `expected-graph.txt` is a project fixture (Xcode projects, with or
// without packages): what Strata reads from it, as `ProjectListing` prints it, must be the
// listing written there by reading the project by hand in Xcode's terms.

var arguments = Array(CommandLine.arguments.dropFirst())
var runs = 5
if let index = arguments.firstIndex(of: "--runs"), index + 1 < arguments.count, let count = Int(arguments[index + 1]) {
    runs = max(1, count)
    arguments.removeSubrange(index...(index + 1))
}
// `--strata PATH`: also time the whole `strata graph --format json` process, as a user
// runs it, against `swift package dump-package`.
var strataExecutable: String?
if let index = arguments.firstIndex(of: "--strata"), index + 1 < arguments.count {
    strataExecutable = arguments[index + 1]
    arguments.removeSubrange(index...(index + 1))
}
// `--api SYMBOLGRAPHS FOLDER:MODULE[,MODULE...]...`: each module's API as Strata reads it
// from the package at FOLDER against `swift symbolgraph-extract`'s symbol graph for it in
// SYMBOLGRAPHS (see scripts/accuracy.sh): symbols matched by path and kind, and of those the
// doc comments and declarations that agree; SAMPLES=N differences of each kind shown.
if arguments.first == "--api", arguments.count >= 3 {
    let graphs = URL(fileURLWithPath: arguments[1])
    let samples = Int(ProcessInfo.processInfo.environment["SAMPLES"] ?? "") ?? 5
    var totalMatched = 0
    var totalMissed = 0
    var totalExtra = 0
    var totalComments = 0
    var totalDeclarations = 0
    print("API: Strata's symbols against swift symbolgraph-extract's (DocC's), per module\n")
    for argument in arguments.dropFirst(2) {
        let parts = argument.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { continue }
        let url = URL(fileURLWithPath: parts[0]).standardizedFileURL
        let project = ProjectFiles(root: url, workingDirectory: url)
        guard let loaded = try? PackageGraphLoader(project: project, mode: .syntax).load() else {
            print("\(parts[0]): Strata cannot read the package")
            continue
        }
        for module in parts[1].split(separator: ",").map(String.init) {
            guard let node = loaded.graph.nodes.first(where: { $0.id == module }),
                let reference = try? APIAgreement.reference(module: module, folder: graphs)
            else {
                print("\(module): no target or no symbol graph")
                continue
            }
            let agreement = APIAgreement(
                module: module, reference: reference.symbols, synthesized: reference.synthesized,
                strata: APIAgreement.strata(module: module, files: node.sourceFiles, project: project))
            totalMatched += agreement.matched
            totalMissed += agreement.missed.count
            totalExtra += agreement.extra.count
            totalComments += agreement.sameComment + agreement.inheritedComment
            totalDeclarations += agreement.sameDeclaration
            let percent = { (value: Double) in String(format: "%.1f%%", value * 100) }
            print(
                "\(module): \(agreement.matched) matched, \(agreement.missed.count) missed, \(agreement.extra.count) "
                    + "extra (precision \(percent(agreement.precision)), recall \(percent(agreement.recall))); "
                    + "\(agreement.synthesized) synthesized by the compiler, not in the source; doc comments alike "
                    + "\(agreement.sameComment)/\(agreement.matched) (and \(agreement.inheritedComment) inherited by "
                    + "DocC from a requirement), declarations alike "
                    + "\(agreement.sameDeclaration)/\(agreement.matched)")
            for (title, list) in [
                ("missed", agreement.missed), ("extra", agreement.extra),
                ("doc comment differs", agreement.commentDifferences),
                ("declaration differs", agreement.declarationDifferences)
            ] where !list.isEmpty {
                print("  \(title):")
                for item in list.prefix(samples) { print("    \(item)") }
            }
        }
    }
    let matched = Double(totalMatched)
    let precision = matched / Double(max(1, totalMatched + totalExtra))
    let recall = matched / Double(max(1, totalMatched + totalMissed))
    print(
        String(
            format: "\nAll: precision %.2f%%, recall %.2f%% of %d symbols; doc comments alike %.2f%%, declarations "
                + "alike %.2f%%",
            precision * 100, recall * 100, totalMatched + totalMissed, Double(totalComments) / max(1, matched) * 100,
            Double(totalDeclarations) / max(1, matched) * 100))
    exit(precision >= 0.99 && recall >= 0.99 ? 0 : 1)
}

// `--highlight FOLDER...`: Swift highlighting by the lexer against swift-syntax's
// classification, on every Swift file and every ```swift block of the Markdown files under
// the folders: the share of characters coloured alike, the differences with their first
// lines (SAMPLES=N of each), both times. FOCUS="plain vs type" counts one difference by file.
if arguments.first == "--highlight" {
    let folders = arguments.dropFirst()
    var agreement = HighlightAgreement()
    agreement.focus = ProcessInfo.processInfo.environment["FOCUS"]
    agreement.samplesPerDifference = Int(ProcessInfo.processInfo.environment["SAMPLES"] ?? "") ?? 4
    var fastTime = 0.0
    var referenceTime = 0.0
    var snippets = 0
    var declined = 0
    var bytes = 0
    for folder in folders {
        let enumerator = FileManager.default.enumerator(atPath: folder)
        var paths: [String] = []
        while let path = enumerator?.nextObject() as? String {
            if path.hasSuffix(".swift") || path.hasSuffix(".md") { paths.append(path) }
        }
        for path in paths.sorted() {
            guard let text = try? String(contentsOfFile: folder + "/" + path, encoding: .utf8) else { continue }
            var codes: [String] = []
            if path.hasSuffix(".md") {
                var block: [Substring]?
                for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                    if var current = block {
                        if line.trimmingCharacters(in: .whitespaces) == "```" {
                            codes.append(current.joined(separator: "\n"))
                            block = nil
                        } else {
                            current.append(line)
                            block = current
                        }
                    } else if line.trimmingCharacters(in: .whitespaces).hasPrefix("```swift") {
                        block = []
                    }
                }
            } else {
                codes = [text]
            }
            for code in codes {
                snippets += 1
                bytes += code.utf8.count
                var runs: [HighlightRun] = []
                fastTime += time { runs = SwiftHighlighter().runs(code) }
                var reference: [HighlightRun]?
                referenceTime += time { reference = SyntaxHighlighter().runs(code) }
                guard let reference else {
                    declined += 1
                    continue
                }
                agreement.add(code: code, name: path, runs: runs, reference: reference)
            }
        }
    }
    for line in agreement.report { print(line) }
    for (file, count) in agreement.focusFiles.sorted(by: { $0.value > $1.value }).prefix(10) {
        print("  \(count) \(file)")
    }
    print(
        "Swift highlighting: \(snippets) files and blocks, \(bytes / 1024) KB; "
            + "\(String(format: "%.2f", agreement.fraction * 100))% of \(agreement.compared) characters coloured as "
            + "swift-syntax colours them (\(declined) declined by the parser's nesting check); lexer "
            + "\(milliseconds(fastTime)), swift-syntax \(milliseconds(referenceTime))."
    )
    exit(0)
}

guard !arguments.isEmpty else {
    FileHandle.standardError.write(Data("usage: strata-accuracy [--runs N] [--strata EXECUTABLE] FOLDER...\n".utf8))
    exit(2)
}

func edgeKey(_ target: String, _ dependency: TargetDependencyDeclaration) -> String {
    var text = "\(target) -> \(dependency.kind.rawValue):\(dependency.name)"
    if let package = dependency.package { text += "@\(package.lowercased())" }
    if let condition = dependency.condition {
        let platforms = condition.platforms.map { $0.lowercased() }.sorted().joined(separator: ",")
        text += " when[\(platforms)|\(condition.traits.sorted().joined(separator: ","))]"
    }
    return text
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

func milliseconds(_ seconds: Double) -> String {
    seconds < 0.01 ? String(format: "%.2f ms", seconds * 1000) : String(format: "%.1f ms", seconds * 1000)
}

func time(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

struct Totals {
    var packages = 0
    var exact = 0
    var fallbacks = 0
    var missed = 0
    var extra = 0
    var fileMismatches = 0
    var importMismatches = 0
    var speedups: [Double] = []
    var endToEndSpeedups: [Double] = []
}

/// Runs a process to its end with its output thrown away, timed from spawn to exit; nil
/// when it failed. `posix_spawn` and `waitpid`, because Foundation's `Process` on Linux
/// notices the exit only at its run loop's next turn, which added about 50 ms to each run.
func runQuietly(_ executable: String, _ arguments: [String], in folder: URL) -> Double? {
    let previous = FileManager.default.currentDirectoryPath
    guard FileManager.default.changeCurrentDirectoryPath(folder.path) else { return nil }
    defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
    // An opaque pointer on Darwin, a struct on Linux.
    #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t? = nil
    #else
        var actions = posix_spawn_file_actions_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    // Darwin's C library declares no `environ` for Swift; this environment is the same.
    let environment = ProcessInfo.processInfo.environment.map { strdup("\($0)=\($1)") } + [nil]
    defer { (argv + environment).forEach { free($0) } }
    var pid = pid_t()
    let start = DispatchTime.now().uptimeNanoseconds
    guard posix_spawnp(&pid, executable, &actions, nil, argv, environment) == 0 else { return nil }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1, errno == EINTR {}
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    return status == 0 ? seconds : nil
}

var totals = Totals()
let swiftPM = SwiftPMClient()
let fixtures = arguments.filter {
    FileManager.default.fileExists(atPath: URL(fileURLWithPath: $0).appendingPathComponent("expected-graph.txt").path)
}
let packageFolders = arguments.filter { !fixtures.contains($0) }
if !packageFolders.isEmpty {
    print("Strata module graph vs SwiftPM, \(runs) timed runs each (median); times are for this machine and build.\n")
}

for folder in packageFolders {
    let url = URL(fileURLWithPath: folder).standardizedFileURL
    let name = url.lastPathComponent
    totals.packages += 1
    let project = ProjectFiles(root: url, workingDirectory: url)
    // The interpreter first; a manifest it cannot evaluate is then read as a user who trusts
    // it would, with `--manifest swiftpm` (these are the machine's own packages).
    // Read for this machine, as SwiftPM reads the manifest here.
    let host = PlatformChoice(platform: CompilationConditions.hostPlatform, origin: .commandLine)
    var loader = PackageGraphLoader(project: project, mode: .syntax)
    loader.platform = host

    // SwiftPM's view: dump-package for the manifest, describe for the files.
    let manifestName =
        ManifestFileSelector.select(
            from: (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? [],
            toolsVersion: CompilationConditions.strataCompilerVersion,
            declaredToolsVersion: { name in
                ManifestFileSelector.toolsVersion(
                    ofManifest: Substring(
                        (try? String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)) ?? ""))
            }
        ) ?? "Package.swift"
    let manifestText = (try? String(contentsOf: url.appendingPathComponent(manifestName), encoding: .utf8)) ?? ""
    let reference: PackageManifest
    let described: [String: (path: String, files: [String])]
    do {
        let common = ["package", "--package-path", url.path]
        // Also warms SwiftPM's manifest cache.
        let dump = try swiftPM.run(common + ["dump-package"], manifestPath: manifestName)
        reference = try DumpPackageDecoder(manifestPath: manifestName, manifestText: manifestText).decode(dump)
        described = try DescribeDecoder().sources(
            from: try swiftPM.run(common + ["describe", "--type", "json"], manifestPath: manifestName),
            packageDirectory: url.path)
    } catch {
        print("\(name): SwiftPM failed: \(error)\n")
        continue
    }

    // Strata's view.
    let loaded: PackageGraphLoader.Loaded
    do {
        do {
            loaded = try loader.load()
        } catch let error as DiagnosticsError
            where error.diagnostics.contains(where: { $0.ruleID == "manifest.unresolved" })
        {
            loader = PackageGraphLoader(project: project, mode: .swiftpm)
            loader.platform = host
            loaded = try loader.load()
        }
    } catch let error as DiagnosticsError {
        print("\(name): Strata failed:")
        error.diagnostics.forEach { print("  \($0)") }
        print("")
        continue
    }
    guard let root = loaded.packages.first(where: \.isRoot) else { continue }
    let manifest = root.manifest

    // Targets and declared edges.
    let ours = Set(manifest.targets.flatMap { target in target.dependencies.map { edgeKey(target.name, $0) } })
    // SwiftPM's dump keeps every `.when(platforms:)` dependency; Strata's graph only this platform's.
    let theirs = Set(
        PlatformFilter(platform: host.platform).filtered(reference).targets.flatMap { target in
            target.dependencies.map { edgeKey(target.name, $0) }
        })
    let matched = ours.intersection(theirs).count
    let missed = theirs.subtracting(ours).sorted()
    let extra = ours.subtracting(theirs).sorted()
    let targetNames = Set(manifest.targets.map { "\($0.name) (\($0.kind.rawValue))" })
    let referenceNames = Set(reference.targets.map { "\($0.name) (\($0.kind.rawValue))" })

    // Files per target, against describe (Swift files only).
    var fileProblems: [String] = []
    for target in root.targets {
        guard let (path, files) = described[target.name] else { continue }
        let theirFiles = Set(files.filter { $0.hasSuffix(".swift") }.map { path + "/" + $0 })
        let ourFiles = Set(target.files)
        if theirFiles != ourFiles {
            fileProblems.append(
                "\(target.name): \(ourFiles.subtracting(theirFiles).count) extra, "
                    + "\(theirFiles.subtracting(ourFiles).count) missed"
            )
        }
    }

    // Imports: the fast scanner against swift-syntax's parser, file by file.
    var importProblems: [String] = []
    let fast = ImportScanner()
    let reference_ = SyntaxImportScanner()
    var importCount = 0
    for file in root.targets.flatMap(\.files) {
        guard let text = try? String(contentsOf: url.appendingPathComponent(file), encoding: .utf8) else { continue }
        let b = reference_.imports(in: text, path: file)
        guard let a = try? fast.imports(in: text, path: file) else {
            importProblems.append(file)
            continue
        }
        importCount += b.count
        if a != b { importProblems.append(file) }
    }

    // Timing: Strata in process (manifest only, and the whole graph with imports) against
    // `swift package dump-package` as a user runs it, warm (its manifest cache is filled).
    let reader = ManifestReader()
    var manifestTimes: [Double] = []
    var graphTimes: [Double] = []
    var dumpTimes: [Double] = []
    var processTimes: [Double] = []
    for _ in 0..<runs {
        if let strataExecutable,
            let seconds = runQuietly(strataExecutable, ["graph", "--format", "json", "--quiet"], in: url)
        {
            processTimes.append(seconds)
        }
        manifestTimes.append(
            time { _ = reader.read(text: manifestText, path: manifestName, packageDirectory: url.path) })
        graphTimes.append(time { _ = try? loader.load() })
        // Timed as the whole process, spawned and reaped directly, as strata graph is.
        if let seconds = runQuietly("swift", ["package", "--package-path", url.path, "dump-package"], in: url) {
            dumpTimes.append(seconds)
        }
    }

    let fellBack = manifest.origin != .syntax
    let exact = missed.isEmpty && extra.isEmpty && targetNames == referenceNames
    if exact { totals.exact += 1 }
    if fellBack { totals.fallbacks += 1 }
    totals.missed += missed.count
    totals.extra += extra.count
    totals.fileMismatches += fileProblems.count
    totals.importMismatches += importProblems.count

    print("\(name)  [\(manifestName)]")
    print(
        "  targets     \(manifest.targets.count) (SwiftPM \(reference.targets.count))"
            + (targetNames == referenceNames
                ? "" : "  DIFFERENT: \(targetNames.symmetricDifference(referenceNames).sorted())"))
    print(
        "  edges       \(matched) matched, \(missed.count) missed, \(extra.count) extra (of \(theirs.count) declared)")
    for line in missed { print("    missed  \(line)") }
    for line in extra { print("    extra   \(line)") }
    print(
        "  files       \(root.targets.flatMap(\.files).count) Swift files"
            + (fileProblems.isEmpty
                ? ", same as `swift package describe`" : "; differ in: " + fileProblems.joined(separator: "; ")))
    print(
        "  imports     \(importCount) imports"
            + (importProblems.isEmpty
                ? ", same as swift-syntax's parser"
                : "; differ from swift-syntax in \(importProblems.count) files: "
                    + importProblems.prefix(5).joined(separator: ", ")))
    if case .swiftPM(let reasons) = manifest.origin {
        print("  reader      SwiftPM fallback, because:")
        for reason in reasons.prefix(4) { print("    \(reason)") }
        if reasons.count > 4 { print("    … and \(reasons.count - 4) more") }
    } else {
        print("  reader      syntax")
    }
    let dump = dumpTimes.isEmpty ? Double.nan : median(dumpTimes)
    let speedup = dump / median(manifestTimes)
    if !fellBack { totals.speedups.append(speedup) }
    if !processTimes.isEmpty {
        let whole = median(processTimes)
        totals.endToEndSpeedups.append(dump / whole)
        print(
            "  end to end  strata graph --format json \(milliseconds(whole)), whole process; dump-package "
                + "\(milliseconds(dump)) → \(String(format: "%.1f", dump / whole))× faster"
        )
    }
    print(
        "  time        manifest \(milliseconds(median(manifestTimes))), whole graph with imports "
            + "\(milliseconds(median(graphTimes))); dump-package \(milliseconds(dump)) → manifest "
            + "\(String(format: "%.0f", speedup))× faster, graph "
            + "\(String(format: "%.1f", dump / median(graphTimes)))× faster"
    )
    print("")
}

var fixtureMismatches = 0
if !fixtures.isEmpty {
    print("Project fixtures: what Strata reads against the listing written by hand (expected-graph.txt).\n")
}
for folder in fixtures {
    let url = URL(fileURLWithPath: folder).standardizedFileURL
    let project = ProjectFiles(root: url, workingDirectory: url)
    let builder = SiteBuilder(project: project, options: BuildOptions())
    let expected = (try? String(contentsOf: url.appendingPathComponent("expected-graph.txt"), encoding: .utf8)) ?? ""
    var listing = ""
    var times: [Double] = []
    do {
        let config = try builder.configuration()
        for _ in 0..<runs {
            var loaded: PackageGraphLoader.Loaded?
            times.append(try time { loaded = try builder.loadGraph(config: config) })
            listing = loaded.map { ProjectListing.text($0.packages) } ?? ""
        }
    } catch let error as DiagnosticsError {
        listing = error.diagnostics.map(\.description).joined(separator: "\n")
    } catch {
        listing = "\(error)"
    }
    let ours = listing.split(separator: "\n").map(String.init)
    let theirs = expected.split(separator: "\n").map(String.init)
    let missing = theirs.filter { !ours.contains($0) }
    let extra = ours.filter { !theirs.contains($0) }
    let same = ours == theirs
    if !same { fixtureMismatches += 1 }
    let targets = theirs.filter { $0.hasPrefix("  target ") }.count
    let files = theirs.filter { $0.hasPrefix("    file ") }.count
    let dependencies = theirs.filter { $0.hasPrefix("    depends ") }.count
    print("\(url.lastPathComponent)")
    print(
        "  \(same ? "matches" : "DIFFERS"): \(targets) targets, \(dependencies) dependencies, \(files) files"
            + (times.isEmpty ? "" : "; read in \(milliseconds(median(times)))"))
    for line in missing { print("    missed  \(line.trimmingCharacters(in: .whitespaces))") }
    for line in extra { print("    extra   \(line.trimmingCharacters(in: .whitespaces))") }
    if !same, missing.isEmpty, extra.isEmpty { print("    the same lines, in another order") }
    print("")
}
if !fixtures.isEmpty {
    print(
        "Project fixtures: \(fixtures.count - fixtureMismatches) of \(fixtures.count) match their hand-written listing."
    )
}
guard !packageFolders.isEmpty else { exit(fixtureMismatches == 0 ? 0 : 1) }

print(
    "Summary: \(totals.packages) packages; \(totals.exact) with every target and edge matching SwiftPM; "
        + "\(totals.fallbacks) read through the SwiftPM fallback; \(totals.missed) edges missed, \(totals.extra) "
        + "extra; \(totals.fileMismatches) targets whose files differ; \(totals.importMismatches) files whose "
        + "imports differ from swift-syntax."
)
if !totals.speedups.isEmpty {
    if !totals.endToEndSpeedups.isEmpty {
        print(
            "strata graph --format json, whole process, vs dump-package: median "
                + "\(String(format: "%.1f", median(totals.endToEndSpeedups)))× faster, slowest package "
                + "\(String(format: "%.1f", totals.endToEndSpeedups.min() ?? 0))×."
        )
    }
    print(
        "Manifest reading from syntax vs dump-package: median \(String(format: "%.0f", median(totals.speedups)))× "
            + "faster, slowest package \(String(format: "%.0f", totals.speedups.min() ?? 0))×."
    )
}
exit(totals.missed + totals.extra + totals.fileMismatches + totals.importMismatches + fixtureMismatches == 0 ? 0 : 1)
