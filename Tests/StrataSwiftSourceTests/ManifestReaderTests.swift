import StrataCore
import Testing

@testable import StrataSwiftSource

private let linux = CompilationConditions(
    operatingSystem: "Linux", architecture: "x86_64", importableModules: ["Glibc", "Foundation"],
    missingModules: ["Darwin"], compilerVersion: [6, 3]
)

private func read(_ body: String, environment: [String: String] = [:]) -> ManifestReader.Result {
    ManifestReader(conditions: linux, environment: environment)
        .read(
            text: "// swift-tools-version:6.0\nimport PackageDescription\n\n" + body, path: "Package.swift",
            packageDirectory: "/work/p")
}

private func manifest(
    _ body: String, environment: [String: String] = [:], sourceLocation: Testing.SourceLocation = #_sourceLocation
) -> PackageManifest? {
    switch read(body, environment: environment) {
    case .manifest(let manifest): return manifest
    case .unresolved(let diagnostics), .invalid(let diagnostics):
        Issue.record("not read: \(diagnostics.map(\.description))", sourceLocation: sourceLocation)
        return nil
    }
}

private func dependencies(_ manifest: PackageManifest?, _ target: String) -> [String] {
    manifest?.target(named: target)?.dependencies.map { dependency in
        var text = "\(dependency.kind.rawValue):\(dependency.name)"
        if let package = dependency.package { text += "@\(package)" }
        if let condition = dependency.condition { text += " " + condition.description }
        return text
    } ?? []
}

@Suite struct ManifestReaderTests {
    @Test func everyTargetKind() {
        let read = manifest(
            """
            let package = Package(
                name: "Kinds",
                targets: [
                    .target(name: "A"),
                    .executableTarget(name: "B"),
                    .testTarget(name: "C"),
                    .systemLibrary(name: "D", pkgConfig: "d"),
                    .binaryTarget(name: "E", path: "E.xcframework"),
                    .plugin(name: "F", capability: .buildTool()),
                    .macro(name: "G"),
                ]
            )
            """)
        #expect(read?.name == "Kinds")
        #expect(read?.targets.map(\.kind) == [.regular, .executable, .test, .system, .binary, .plugin, .macro])
        #expect(read?.targets.map(\.location.line) == [7, 8, 9, 10, 11, 12, 13])
    }

    @Test func everyDependencyForm() {
        let read = manifest(
            """
            let package = Package(
                name: "Forms",
                dependencies: [
                    .package(url: "https://github.com/apple/swift-log.git", from: "1.0.0"),
                    .package(name: "Other", path: "../other-package"),
                ],
                targets: [
                    .target(name: "Base"),
                    .target(
                        name: "A",
                        dependencies: [
                            "Base",
                            .target(name: "Base"),
                            .byName(name: "Base", condition: .when(platforms: [.linux])),
                            .product(name: "Logging", package: "swift-log"),
                            .product(name: "Thing", package: "Other", condition: .when(platforms: [.macOS, .iOS], \
            traits: ["Fast"])),
                        ]
                    ),
                ]
            )
            """)
        #expect(
            dependencies(read, "A") == [
                "byName:Base", "target:Base", "byName:Base when platforms: linux", "product:Logging@swift-log",
                "product:Thing@Other when platforms: macos, ios; traits: Fast"
            ])
        #expect(read?.target(named: "A")?.dependencies.map(\.location.line) == [15, 16, 17, 18, 19])
        #expect(read?.target(named: "A")?.dependencies.first?.location.column == 17)
        #expect(read?.dependencies.map(\.identity) == ["swift-log", "other-package"])
        #expect(read?.dependency(named: "Other")?.source == .path("../other-package"))
    }

    @Test func productsPathsExcludesSourcesAndResources() {
        let read = manifest(
            """
            let package = Package(
                name: "P",
                products: [
                    .library(name: "Lib", type: .dynamic, targets: ["A", "B"]),
                    .executable(name: "tool", targets: ["Tool"]),
                    .plugin(name: "Gen", targets: ["GenPlugin"]),
                ],
                targets: [
                    .target(name: "A", path: "Code/A", exclude: ["Old", "README.md"], sources: ["Main", \
            "Extra.swift"], resources: [.copy("Fixtures"), .process("Assets")]),
                ]
            )
            """)
        #expect(read?.products.map(\.name) == ["Lib", "tool", "Gen"])
        #expect(read?.products.map(\.kind) == [.library, .executable, .plugin])
        #expect(read?.products.first?.targets == ["A", "B"])
        let target = read?.target(named: "A")
        #expect(target?.path == "Code/A")
        #expect(target?.exclude == ["Old", "README.md"])
        #expect(target?.sources == ["Main", "Extra.swift"])
        #expect(target?.resources == ["Fixtures", "Assets"])
    }

    @Test func markSectionsNameTheLayerHint() {
        let read = manifest(
            """
            // MARK: Outside the list (ignored)
            let package = Package(
                name: "P",
                targets: [
                    .target(name: "First"),
                    // MARK: - Core
                    .target(name: "Core"),
                    .target(name: "Models"),
                    // MARK: UI
                    .target(name: "UI"),
                    // MARK: -
                ]
            )
            """)
        #expect(read?.targets.map(\.section) == [nil, "Core", "Core", "UI"])
    }

    /// A target appended after the package's list takes only a MARK written right above its
    /// statement, not the last one of the list before it.
    @Test func aTargetAppendedAfterThePackageTakesOnlyTheMarkAboveIt() {
        let read = manifest(
            """
            let package = Package(
                name: "P",
                targets: [
                    // MARK: App
                    .target(name: "App"),
                ]
            )
            package.targets.append(.target(name: "Late"))
            // MARK: Tools
            package.targets.append(.target(name: "Tool"))
            """)
        #expect(read?.targets.map(\.name) == ["App", "Late", "Tool"])
        #expect(read?.targets.map(\.section) == ["App", nil, "Tools"])
    }

    @Test func constantsHelpersAndStaticShortcuts() {
        let read = manifest(
            """
            let logging: Target.Dependency = .product(name: "Logging", package: "swift-log")
            let coreName = "Core"
            let names = ["A", "B"]

            extension Target.Dependency {
                static var nio: Self { .product(name: "NIO", package: "swift-nio") }
                static let atomics = Target.Dependency.product(name: "Atomics", package: "swift-atomics")
            }

            func feature(_ name: String, dependencies extra: [Target.Dependency] = []) -> Target {
                .target(name: name, dependencies: [.target(name: coreName)] + extra, path: "Features/\\(name)")
            }

            let package = Package(
                name: "P",
                dependencies: [],
                targets: [
                    .target(name: coreName, dependencies: [logging, .nio, .atomics]),
                    feature("Search"),
                    feature("Cart", dependencies: ["Search"]),
                ] + names.map { .target(name: $0, dependencies: [.byName(name: coreName)]) }
            )
            """)
        #expect(
            dependencies(read, "Core") == [
                "product:Logging@swift-log", "product:NIO@swift-nio", "product:Atomics@swift-atomics"
            ])
        #expect(dependencies(read, "Cart") == ["target:Core", "byName:Search"])
        #expect(read?.target(named: "Cart")?.path == "Features/Cart")
        // A target made by a helper is placed where the helper is called.
        #expect(read?.target(named: "Search")?.location.line == 22)
        #expect(read?.targets.map(\.name) == ["Core", "Search", "Cart", "A", "B"])
    }

    @Test func mutationsLoopsConditionsAndEnvironment() {
        let body = """
            var package = Package(name: "P", targets: [.target(name: "Core")])

            #if os(Linux)
            package.targets.append(.target(name: "LinuxOnly"))
            #elseif canImport(Darwin)
            package.targets.append(.target(name: "DarwinOnly"))
            #endif

            for name in ["X", "Y"] where name != "Y" {
                package.targets += [.target(name: name, dependencies: ["Core"])]
            }

            if Context.environment["WITH_BENCH"] != nil {
                package.targets.append(contentsOf: [.executableTarget(name: "Bench")])
            }

            for target in package.targets where target.type == .regular {
                target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("ExistentialAny")]
                switch target.name {
                case "Core": target.linkerSettings = []
                default: break
                }
            }
            """
        #expect(manifest(body)?.targets.map(\.name) == ["Core", "LinuxOnly", "X"])
        #expect(
            manifest(body, environment: ["WITH_BENCH": "1"])?.targets.map(\.name) == ["Core", "LinuxOnly", "X", "Bench"]
        )
    }

    @Test func targetsFoundWithFirstOrLastWhereAreChangedInThePackage() {
        // As the package manager's own manifest writes it.
        let read = manifest(
            """
            let package = Package(name: "P", targets: [.target(name: "Build"), .target(name: "Support"), \
            .target(name: "Bridge")])
            package.targets.first(where: { $0.name == "Build" })!.dependencies += ["Support"]
            let bridge: Target = package.targets.last(where: { ["Bridge", "Other"].contains($0.name) })!
            bridge.dependencies += [.product(name: "SwiftBuild", package: "swift-build")]
            if let missing = package.targets.first(where: { $0.name == "Nowhere" }) { missing.dependencies = ["Build"] }
            """)
        #expect(dependencies(read, "Build") == ["byName:Support"])
        #expect(dependencies(read, "Bridge") == ["product:SwiftBuild@swift-build"])
        #expect(dependencies(read, "Support") == [])
        // Without `where:`, nothing says which element: unresolved where it is written.
        guard
            case .unresolved(let diagnostics) = StrataSwiftSourceTests.read(
                """
                let package = Package(name: "P", targets: [.target(name: "A")])
                package.targets.first(where: nil)!.dependencies += ["B"]
                """)
        else {
            Issue.record("a `first` without a closure is not evaluated")
            return
        }
        #expect(diagnostics.contains { $0.message.contains("`first` without `where:`") })
    }

    @Test func tuplesAreReadByLabelAndPosition() {
        let read = manifest(
            """
            let dataModel = (
                name: "DataModel",
                targets: ["Model", "Graph"]
            )
            let whole = (name: "Whole", targets: dataModel.targets + ["Build"])
            let pair = ("Pair", ["Model"])
            let package = Package(
                name: "P",
                products: [
                    .library(name: dataModel.name, targets: dataModel.targets),
                    .library(name: whole.name, type: .dynamic, targets: whole.targets),
                    .library(name: pair.0, targets: pair.1),
                ],
                targets: [.target(name: "Model"), .target(name: "Graph"), .target(name: "Build")]
            )
            """)
        #expect(
            read?.products.map { "\($0.name): \($0.targets.joined(separator: ","))" } == [
                "DataModel: Model,Graph", "Whole: Model,Graph,Build", "Pair: Model"
            ])
    }

    @Test func computedSettingsThatDoNotTouchTheGraphAreIgnored() {
        let read = manifest(
            """
            let settings: [SwiftSetting] = makeSettings(strict: ProcessInfo.processInfo.environment["STRICT"] != nil)
            let package = Package(name: "P", targets: [.target(name: "A", swiftSettings: settings + unknownThing)])
            """)
        #expect(read?.targets.map(\.name) == ["A"])
    }

    /// A struct the manifest declares is read by its arguments, its defaults, its methods and
    /// its computed properties (Tuist's helpers are made of them too).
    @Test func aStructTheManifestDeclaresIsReadLikeItsCalls() {
        let read = manifest(
            """
            struct Module {
                var name: String
                var dependencies: [String] = []
                var testName: String { name + "Tests" }
                func target() -> Target { .target(name: name, dependencies: dependencies.map { .byName(name: $0) }) }
            }
            let modules = [Module(name: "A"), Module(name: "B", dependencies: ["A"])]
            let package = Package(name: "P", targets: modules.map { $0.target() } + [.testTarget(name: \
            modules[0].testName)])
            """)
        #expect(read?.targets.map(\.name) == ["A", "B", "ATests"])
        #expect(read?.targets.map { $0.dependencies.map(\.name) } == [[], ["A"], []])
    }

    @Test func anUnresolvableFormIsReportedWhereItIs() {
        guard
            case .unresolved(let reasons) = read(
                """
                enum Module: String, CaseIterable { case a = "A", b = "B" }
                let package = Package(name: "P", targets: Module.allCases.map { .target(name: $0.rawValue) })
                """)
        else {
            Issue.record("expected an unresolved manifest")
            return
        }
        #expect(reasons.first?.location?.line == 5)
        #expect(reasons.first?.ruleID == "manifest.unresolved")
        #expect(reasons.first?.message.contains("`Module.allCases`, the cases of an enum") == true, "\(reasons)")
    }

    @Test func anUndecidableBranchThatChangesTargetsIsUnresolved() {
        guard
            case .unresolved(let reasons) = read(
                """
                var package = Package(name: "P", targets: [])
                if someFlag() {
                    package.targets.append(.target(name: "A"))
                }
                """)
        else {
            Issue.record("expected an unresolved manifest")
            return
        }
        #expect(reasons.contains { $0.location?.line == 5 })
    }

    /// A branch Strata cannot decide that may leave early (`return`, `continue`, `break`)
    /// makes what follows it unknown too: the helper's result, the rest of the loop.
    @Test(arguments: [
        (
            """
            func vendored() -> [String] {
                guard FileManager.default.fileExists(atPath: "/opt/vendor/Zed") else { return [] }
                return ["Zed"]
            }
            let package = Package(name: "P", targets: vendored().map { .target(name: $0) })
            """, "guard"
        ),
        (
            """
            var targets: [Target] = []
            for name in ["Zed", "Ok"] {
                if name.first == "Z" { continue }
                targets.append(.target(name: name))
            }
            let package = Package(name: "P", targets: targets)
            """, "continue"
        ),
        (
            """
            func target(_ name: String) -> Target? {
                if name.first == "Z" { return nil }
                return .target(name: name)
            }
            let package = Package(name: "P", targets: ["Zed", "Ok"].compactMap { target($0) })
            """, "return nil"
        )
    ])
    func anUndecidableBranchThatMayLeaveEarlyIsUnresolved(body: String, shape: String) {
        guard case .unresolved(let reasons) = read(body) else {
            Issue.record("\(shape): expected an unresolved manifest, got \(read(body))")
            return
        }
        #expect(reasons.first?.ruleID == "manifest.unresolved", "\(shape)")
    }

    /// Leaving early is only a doubt when the branch cannot be decided, and a doubt only
    /// about what the graph is made of matters.
    @Test func aDecidableGuardAndAnUndecidableSettingStillRead() {
        let read = manifest(
            """
            func names(_ all: Bool) -> [String] {
                guard all else { return ["A"] }
                return ["A", "B"]
            }
            func more() -> [String] {
                // Undecidable, but its `break`s and `continue` stay in their own loops and switch.
                if someFlag() {
                    for _ in [1] { break }
                    while someFlag() { continue }
                    switch 1 { default: break }
                }
                return ["C"]
            }
            var swiftSettings: [SwiftSetting] = []
            for flag in ["X"] {
                if someFlag() { continue }
                swiftSettings.append(.define(flag))
            }
            let package = Package(name: "P", targets: (names(true) + more()).map { .target(name: $0) })
            """)
        #expect(read?.targets.map(\.name) == ["A", "B", "C"])
    }

    @Test func canImportOfAnUnknownModuleIsUndecidable() {
        guard
            case .unresolved = read(
                """
                var package = Package(name: "P", targets: [])
                #if canImport(SomeVendorKit)
                package.targets.append(.target(name: "A"))
                #endif
                """)
        else {
            Issue.record("expected an unresolved manifest")
            return
        }
    }

    @Test func syntaxErrorsAreInvalidWithTheirLine() {
        guard
            case .invalid(let errors) = read(
                "let package = Package(\n    name: \"P\",\n    targets: [.target(name: \"A\"]\n)\n")
        else {
            Issue.record("expected an invalid manifest")
            return
        }
        #expect(errors.first?.ruleID == "manifest.syntax")
        #expect(errors.first?.location?.line == 6)
    }

    @Test func aTargetDeclaredTwiceIsInvalid() {
        guard
            case .invalid(let errors) = read(
                "let package = Package(name: \"P\", targets: [.target(name: \"A\"), .target(name: \"A\")])\n")
        else {
            Issue.record("expected an invalid manifest")
            return
        }
        #expect(errors.first?.ruleID == "manifest.duplicate-target")
    }

    @Test func versionSpecificManifestsFollowSwiftPMsRule() {
        let names = [
            "Package.swift", "Package@swift-5.9.swift", "Package@swift-6.1.swift", "Package@swift-6.4.swift",
            "Package@swift-x.swift"
        ]
        // The tools version each file declares on its first line.
        func declared(regular: [Int]) -> (String) -> [Int]? {
            { name in name == "Package.swift" ? regular : name == "Package@swift-6.1.swift" ? [6, 1] : [5, 9] }
        }
        // The highest one below the toolchain, when it is newer than Package.swift's tools version…
        #expect(
            ManifestFileSelector.select(
                from: names, toolsVersion: [6, 3], declaredToolsVersion: declared(regular: [5, 9]))
                == "Package@swift-6.1.swift")
        // …but not when Package.swift is newer.
        #expect(
            ManifestFileSelector.select(
                from: names, toolsVersion: [6, 3], declaredToolsVersion: declared(regular: [6, 2])) == "Package.swift")
        #expect(ManifestFileSelector.select(from: names, toolsVersion: [5, 8]) == "Package.swift")
        // An exact match of the toolchain's version always wins.
        #expect(
            ManifestFileSelector.select(
                from: names, toolsVersion: [6, 4], declaredToolsVersion: declared(regular: [6, 4]))
                == "Package@swift-6.4.swift")
        #expect(
            ManifestFileSelector.select(from: ["Package.swift", "Package@swift-6.swift"], toolsVersion: [6, 3])
                == "Package@swift-6.swift")
        #expect(ManifestFileSelector.select(from: ["README.md"], toolsVersion: [6, 3]) == nil)
        #expect(
            ManifestFileSelector.toolsVersion(ofManifest: "// swift-tools-version: 6.2\nimport PackageDescription") == [
                6, 2
            ])
        #expect(
            ManifestFileSelector.toolsVersion(ofManifest: "// swift-tools-version:5.9.1;(experimentalFeature)\n") == [
                5, 9, 1
            ])
        #expect(ManifestFileSelector.toolsVersion(ofManifest: "import PackageDescription\n") == nil)
    }

    @Test func compilerAndPlatformConditions() {
        let read = manifest(
            """
            var package = Package(name: "P", targets: [])
            #if compiler(>=6.0) && !compiler(>=7.0) && swift(>=5.9)
            package.targets.append(.target(name: "Modern"))
            #endif
            #if arch(x86_64) || arch(arm64)
            package.targets.append(.target(name: "Arch"))
            #endif
            #if DEBUG || targetEnvironment(simulator)
            package.targets.append(.target(name: "Never"))
            #endif
            """)
        #expect(read?.targets.map(\.name) == ["Modern", "Arch"])
    }
}

@Suite struct ManifestReaderLimitTests {
    @Test func hugeRangesAndDeepRecursionEndWithoutHanging() {
        let result = ManifestReader(environment: [:]).read(
            text: """
                import PackageDescription
                func deep(_ n: Int) -> [Target] { deep(n + 1) }
                let numbers = (0...1_000_000_000).map { $0 }
                let package = Package(name: "P", targets: deep(0))
                """, path: "Package.swift", packageDirectory: "/p")
        // The range is refused first, where it is written: a limit passed ends the evaluation.
        guard case .invalid(let reasons) = result else {
            Issue.record("expected a refused manifest")
            return
        }
        #expect(reasons.map(\.ruleID) == ["manifest.too-large"])
        #expect(reasons.first?.location?.line == 3)
    }

    /// swift-syntax's look-ahead overflowed the stack on 10,000 nested `[` and doubled its
    /// time with each of 22: such a manifest is refused, at the bracket past the limit.
    @Test(.timeLimit(.minutes(5))) func nestingPastWhatTheParserHandlesIsRefusedAtItsPlace() {
        let deep =
            "let package = Package(name: \"A\", targets: [.target(name: \"A\", dependencies: "
            + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000) + ")])"
        guard case .invalid(let errors) = read(deep) else {
            Issue.record("read")
            return
        }
        #expect(errors.map(\.ruleID) == ["manifest.too-deep"])
        // `targets: [` is one, the dependencies' first `[` two: the 12th of those is the 13th.
        #expect(errors.first?.location == SourceLocation(path: "Package.swift", line: 4, column: 76 + 12))
        #expect(
            errors.first?.message
                == "square brackets nest more than 12 deep; Strata does not read a manifest nested this deep")
        for body in [
            "let x = " + String(repeating: "[", count: 22) + String(repeating: "]", count: 22),
            "let x = " + String(repeating: "\\(", count: 320),
            String(repeating: "#if X\n", count: 2_100)
        ] {
            guard case .invalid(let errors) = read(body) else {
                Issue.record("read \(body.prefix(20))")
                continue
            }
            #expect(errors.map(\.ruleID) == ["manifest.too-deep"])
        }
    }

    /// A string doubled 40 times took gigabytes in seconds: a value past 1 MiB of text or
    /// 100,000 elements refuses the manifest (SwiftPM would not finish it either), where
    /// it was built.
    @Test(.timeLimit(.minutes(5))) func valuesThatGrowWithoutBoundRefuseTheManifest() {
        let doubling = """
            var name = "A"
            for _ in 0..<40 { name += name }
            let package = Package(name: name, targets: [])
            """
        guard case .invalid(let errors) = read(doubling) else {
            Issue.record("read")
            return
        }
        #expect(
            errors.map(\.description) == [
                "Package.swift:5:19: error: this builds a value larger than Strata evaluates (over 1 MiB of text, "
                    + "or 100,000 elements); SwiftPM would not finish it either (Strata's limit: 1048576 bytes in "
                    + "one string) [manifest.too-large]"
            ])
        let lists = """
            var names = ["A"]
            for _ in 0..<40 { names.append(contentsOf: names) }
            let package = Package(name: "A", targets: names.map { .target(name: $0) })
            """
        guard case .invalid(let more) = read(lists) else {
            Issue.record("read")
            return
        }
        #expect(more.map(\.ruleID) == ["manifest.too-large"])
        // An overflowing sum is a value Strata cannot know, not a crash.
        guard
            case .unresolved(let overflow) = read(
                "let n = 9223372036854775807 + 1\nlet package = Package(name: \"A\\(n)\", targets: [])")
        else {
            Issue.record("read")
            return
        }
        #expect(overflow.first?.message.contains("an integer overflow") == true)
    }

    /// `let let package = …` parses, but Swift rejects it: it was reported as no package
    /// at 1:1, and SwiftPM's raw output followed. It is an error at its line.
    @Test func aNestedLetIsASyntaxErrorAtItsPlace() {
        guard case .invalid(let errors) = read("let let package = Package(name: \"A\", targets: [])") else {
            Issue.record("read")
            return
        }
        #expect(
            errors.map(\.description) == [
                "Package.swift:4:5: error: 'let' cannot appear nested inside another 'var' or 'let' pattern "
                    + "[manifest.syntax]"
            ])
    }

    /// Found by fuzzing: swift-syntax's diagnostics generator traps (a Fix-It with no
    /// change) on an `=` the lexer flags for uneven whitespace while both sides hold one.
    @Test(arguments: ["let a =\u{0B} 1", "let a\t=\u{0C} 1"])
    func whitespaceAroundAnEqualsSignThatTrapsSwiftSyntaxIsASyntaxError(line: String) {
        guard case .invalid(let errors) = read(line + "\nlet package = Package(name: \"A\", targets: [])") else {
            Issue.record("read")
            return
        }
        #expect(
            errors.map(\.description) == [
                "Package.swift:4:7: error: '=' must have consistent whitespace on both sides [manifest.syntax]"
            ])
    }
}
