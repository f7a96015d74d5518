import StrataCore
import Testing

@testable import StrataSwiftSource

/// `#if` decided as the compiler for each platform decides it: in manifests (custom flags
/// unset, a module outside the platform's lists unreadable) and around imports (custom
/// flags and the project's modules undecided, so the import stays conditional).
@Suite struct CompilationConditionsTests {
    /// A manifest's `#if <condition>` read for `platform`: the branch taken, or nil when
    /// the manifest cannot be read.
    static func branch(_ condition: String, on platform: TargetPlatform) -> Bool? {
        let text = """
            // swift-tools-version:6.0
            import PackageDescription
            var package = Package(name: "P", targets: [])
            #if \(condition)
            package.targets.append(.target(name: "Taken"))
            #endif
            """
        let reader = ManifestReader(conditions: CompilationConditions(platform: platform))
        guard case .manifest(let manifest) = reader.read(text: text, path: "Package.swift", packageDirectory: "/p")
        else { return nil }
        return manifest.targets.contains { $0.name == "Taken" }
    }

    static func source(_ condition: String, on platform: TargetPlatform, projectModules: Set<String> = ["Kit"])
        -> ImportConditions.Outcome
    {
        var conditions = ImportConditions(platform: platform, projectModules: projectModules)
        return conditions.outcome(of: condition)
    }

    @Test(arguments: TargetPlatform.allCases)
    func osIsThePlatformsOwn(platform: TargetPlatform) {
        for other in TargetPlatform.allCases {
            #expect(Self.branch("os(\(other.name))", on: platform) == (other == platform), "\(other) on \(platform)")
            #expect(Self.source("os(\(other.name))", on: platform) == (other == platform ? .compiled : .leftOut))
        }
        // Android is not Linux to the compiler, and the old names still work.
        #expect(Self.branch("os(Linux) || os(Android)", on: platform) == [.linux, .android].contains(platform))
        #expect(Self.branch("os(OSX)", on: platform) == (platform == .macOS))
        #expect(Self.branch("os(xrOS)", on: platform) == (platform == .visionOS))
        #expect(Self.branch("os(FreeBSD)", on: platform) == false)
    }

    @Test func canImportFollowsEachPlatformsModules() {
        let table: [(String, [TargetPlatform])] = [
            ("UIKit", [.iOS, .tvOS, .watchOS, .visionOS]),
            ("AppKit", [.macOS]),
            ("Darwin", [.macOS, .iOS, .tvOS, .watchOS, .visionOS]),
            ("Glibc", [.linux]),
            ("WinSDK", [.windows]),
            ("Android", [.android]),
            ("FoundationNetworking", [.linux, .windows, .android]),
            ("FoundationEssentials", [.linux, .windows, .android]),
            ("SwiftUI", [.macOS, .iOS, .tvOS, .watchOS, .visionOS]),
            ("Combine", [.macOS, .iOS, .tvOS, .watchOS, .visionOS]),
            ("WatchKit", [.watchOS]),
            ("Foundation", TargetPlatform.allCases)
        ]
        for (module, importable) in table {
            // Which of Glibc and Bionic an Android SDK has changed with Swift 6: not decided.
            for platform in TargetPlatform.allCases where !(module == "Glibc" && platform == .android) {
                let expected = importable.contains(platform)
                #expect(Self.branch("canImport(\(module))", on: platform) == expected, "\(module) on \(platform)")
                #expect(
                    Self.source("canImport(\(module))", on: platform) == (expected ? .compiled : .leftOut),
                    "\(module) on \(platform)")
            }
        }
        #expect(Self.source("canImport(Glibc)", on: .android) == .undecided)
        // A submodule of a missing module is missing; a version of one is not decided.
        #expect(Self.branch("canImport(Glibc.stdio)", on: .iOS) == false)
        #expect(Self.source("canImport(UIKit, _version: 17)", on: .iOS) == .undecided)
        #expect(Self.source("canImport(UIKit, _version: 17)", on: .macOS) == .leftOut)
    }

    @Test func theListsOfEveryPlatformAgree() {
        for platform in TargetPlatform.allCases {
            #expect(platform.importableModules.isDisjoint(with: platform.missingModules), "\(platform)")
            #expect(TargetPlatform(name: platform.name.uppercased()) == platform)
            #expect(TargetPlatform(name: platform.swiftPMName) == platform)
        }
        #expect(TargetPlatform(name: "iPadOS") == nil)
        #expect(TargetPlatform(sdk: "iphonesimulator") == .iOS)
        #expect(TargetPlatform(sdk: "iphoneos17.2") == .iOS)
        #expect(TargetPlatform(sdk: "macosx") == .macOS)
        #expect(TargetPlatform(sdk: "xros") == .visionOS)
        #expect(TargetPlatform(sdk: "auto") == nil)
    }

    /// What is not the platform's own to say: in a manifest, a custom flag is unset and an
    /// unknown module makes the manifest unreadable; around an import, both are undecided,
    /// as is a module of the project (importable where it is depended on).
    @Test func whatCannotBeKnownDependsOnWhereItIsWritten() {
        #expect(Self.branch("DEBUG", on: .iOS) == false)
        #expect(Self.branch("!DEBUG", on: .iOS) == true)
        #expect(Self.branch("canImport(SomeVendorKit)", on: .iOS) == nil)
        #expect(Self.source("DEBUG", on: .iOS) == .undecided)
        #expect(Self.source("!DEBUG", on: .iOS) == .undecided)
        #expect(Self.source("canImport(SomeVendorKit)", on: .iOS) == .undecided)
        #expect(Self.source("canImport(Kit)", on: .iOS) == .undecided)
        // A project module named like a platform's is the project's.
        #expect(Self.source("canImport(UIKit)", on: .linux, projectModules: ["UIKit"]) == .undecided)
        // What the importing target depends on for the platform it can import; what it
        // depends on only for others, it cannot.
        var conditions = ImportConditions(platform: .iOS, projectModules: ["Kit"])
        #expect(conditions.outcome(of: "canImport(Kit)", target: .init(unavailable: ["Kit"])) == .leftOut)
        #expect(conditions.outcome(of: "canImport(Kit)", target: .init(available: ["Kit"])) == .compiled)
        #expect(conditions.outcome(of: "canImport(Crypto)", target: .init(available: ["Crypto"])) == .compiled)
        #expect(
            conditions.outcome(of: "canImport(Crypto, _version: 3)", target: .init(available: ["Crypto"])) == .undecided
        )
    }

    /// `&&`, `||` and `!` with an undecided side: false and anything is false, true or
    /// anything is true, whichever side is undecided.
    @Test func operatorsWithAnUndecidedSide() {
        #expect(Self.source("DEBUG && os(Linux)", on: .iOS) == .leftOut)
        #expect(Self.source("os(Linux) && DEBUG", on: .iOS) == .leftOut)
        #expect(Self.source("DEBUG && os(iOS)", on: .iOS) == .undecided)
        #expect(Self.source("DEBUG || os(iOS)", on: .iOS) == .compiled)
        #expect(Self.source("os(Linux) || DEBUG", on: .iOS) == .undecided)
        #expect(Self.source("!(canImport(AppKit)) && (os(iOS) || os(tvOS))", on: .iOS) == .compiled)
        #expect(Self.branch("os(macOS) && canImport(SomeVendorKit)", on: .iOS) == false)
        #expect(Self.branch("os(iOS) || canImport(SomeVendorKit)", on: .iOS) == true)
    }

    @Test func architectureRuntimeAndEnvironment() {
        for platform in TargetPlatform.allCases {
            let arm = platform.isApple || platform == .android
            #expect(Self.branch("arch(arm64)", on: platform) == arm)
            #expect(Self.branch("arch(x86_64)", on: platform) == !arm)
            #expect(Self.branch("_runtime(_ObjC)", on: platform) == platform.isApple)
            #expect(Self.branch("_runtime(_Native)", on: platform) == !platform.isApple)
            #expect(Self.branch("_endian(little) && _pointerBitWidth(_64)", on: platform) == true)
            #expect(Self.branch("targetEnvironment(simulator)", on: platform) == false)
            #expect(Self.branch("targetEnvironment(macCatalyst)", on: platform) == false)
            // A build for iOS may be a simulator's; one for a Mac or Linux has none.
            let hasSimulator = platform.isApple && platform != .macOS
            #expect(
                Self.source("targetEnvironment(simulator)", on: platform) == (hasSimulator ? .undecided : .leftOut))
        }
    }

    @Test func compilerVersionsAreStratasOwn() {
        #expect(Self.branch("compiler(>=6.0) && swift(>=5.9)", on: .linux) == true)
        #expect(Self.branch("compiler(<6.0)", on: .iOS) == false)
        #expect(Self.branch("compiler(>=99)", on: .macOS) == false)
        #expect(Self.source("swift(>=5.0)", on: .android) == .compiled)
        #expect(Self.source("hasFeature(Embedded)", on: .macOS) == .undecided)
    }

    /// What an import's conditions become: nil when the compiler would not see it, else
    /// those it cannot decide.
    @Test func anImportKeepsOnlyItsUndecidedConditions() {
        var conditions = ImportConditions(platform: .iOS, projectModules: [])
        #expect(conditions.remaining(["canImport(UIKit)"]) == [])
        #expect(conditions.remaining(["!(canImport(UIKit)) && canImport(AppKit)"]) == nil)
        #expect(conditions.remaining(["os(iOS)", "DEBUG"]) == ["DEBUG"])
        #expect(conditions.remaining(["DEBUG", "os(macOS)"]) == nil)
        // What is not a condition is left as it is.
        #expect(conditions.remaining(["os(iOS"]) == ["os(iOS"])
        #expect(conditions.remaining(["os(iOS)\n#endif"]) == ["os(iOS)\n#endif"])
        let deep = String(repeating: "(", count: 40) + "os(iOS)" + String(repeating: ")", count: 40)
        #expect(conditions.remaining([deep]) == [deep])
        #expect(conditions.remaining(["((os(iOS)))"]) == [])
    }

    /// `platforms:` in order, the entries that name a platform Strata reads for.
    @Test func declaredPlatformsAreReadInOrder() throws {
        let text = """
            // swift-tools-version:6.0
            import PackageDescription
            let package = Package(
                name: "P",
                platforms: [.macCatalyst(.v17), .iOS(.v17), .macOS("14.0"), .custom("linux", versionString: "1")],
                targets: []
            )
            """
        guard
            case .manifest(let manifest) = ManifestReader().read(
                text: text, path: "Package.swift", packageDirectory: "/p")
        else {
            Issue.record("not read")
            return
        }
        #expect(manifest.platforms.map(\.platform) == [.iOS, .macOS, .linux])
        #expect(manifest.platforms.first?.location == SourceLocation(path: "Package.swift", line: 5, column: 37))
        // One Strata cannot evaluate leaves the manifest readable, declaring nothing.
        let written = #"[.macCatalyst(.v17), .iOS(.v17), .macOS("14.0"), .custom("linux", versionString: "1")]"#
        let computed = text.replacingOccurrences(of: "platforms: " + written, with: "platforms: Platforms.all")
        guard
            case .manifest(let lenient) = ManifestReader().read(
                text: computed, path: "Package.swift", packageDirectory: "/p")
        else {
            Issue.record("not read")
            return
        }
        #expect(lenient.platforms.isEmpty)
    }
}
