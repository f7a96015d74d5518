import StrataCore
import Testing

@testable import StrataSwiftSource

/// Every declaration form the API reference reads, one case each: its name as DocC titles
/// it, its kind, its access, its declaration as a page shows it, and what DocC leaves out.
@Suite struct APIExtractorTests {
    func api(_ text: String) -> APIFile { APIExtractor().api(in: text, path: "F.swift") }

    func described(_ text: String) -> [String] {
        api(text).symbols.map { symbol in
            "\(symbol.kind.rawValue) \(symbol.path.joined(separator: "/")) \(symbol.access)"
                + (symbol.isHidden ? " hidden" : "")
        }
    }

    func declarations(_ text: String) -> [String] { api(text).symbols.map(\.declaration) }

    @Test func everyKindOfDeclarationHasItsDocCName() {
        #expect(
            described(
                """
                public struct S {
                    public init(name: String) {}
                    public init?(rawValue: Int) {}
                    public func run(_ a: Int, with b: Int) {}
                    public static func make() -> S { S(name: "") }
                    public subscript(index: Int) -> Int { 0 }
                    public subscript(key key: String) -> Int { 0 }
                    public static subscript(all: Int) -> Int { 0 }
                    public var count: Int { 0 }
                    public static let shared = 1
                    public static func == (lhs: S, rhs: S) -> Bool { true }
                    public typealias ID = Int
                }
                public enum E: String { case a, `default`, b(Int, label: String) }
                public protocol P { associatedtype Item; func go() }
                public actor A {}
                public final class C {}
                public func global(_ x: Int) {}
                public var version = "1"
                public prefix func - (value: S) -> S { value }
                @freestanding(expression)
                public macro stringify<T>(_ value: T) -> (T, String) = #externalMacro(module: "M", type: "N")
                """) == [
                    "struct S public", "init S/init(name:) public", "init S/init(rawValue:) public",
                    "method S/run(_:with:) public", "type.method S/make() public", "subscript S/subscript(_:) public",
                    "subscript S/subscript(key:) public", "type.subscript S/subscript(_:) public",
                    "property S/count public", "type.property S/shared public", "func.op S/==(_:_:) public",
                    "typealias S/ID public", "enum E public", "enum.case E/a public", "enum.case E/default public",
                    "enum.case E/b(_:label:) public", "protocol P public", "associatedtype P/Item public",
                    "method P/go() public", "actor A public", "class C public", "func global(_:) public",
                    "var version public", "func.op -(_:) public", "macro stringify(_:) public"
                ])
    }

    @Test func membersTakeTheAccessTheirContextGives() {
        #expect(
            described(
                """
                public extension Outer { func a() {} }
                extension Outer { func b() {}; public func c() {} }
                public struct Outer {
                    func internalByDefault() {}
                    public struct Inner { public func d() {} }
                }
                internal protocol Q { func e() }
                public enum F { case g }
                fileprivate struct H { public func i() {} }
                """) == [
                    "method Outer/a() public", "method Outer/b() internal", "method Outer/c() public",
                    "struct Outer public", "method Outer/internalByDefault() internal", "struct Outer/Inner public",
                    "method Outer/Inner/d() public", "protocol Q internal", "method Q/e() internal", "enum F public",
                    "enum.case F/g public", "struct H fileprivate", "method H/i() public"
                ])
    }

    @Test func whatDocCLeavesOutIsMarkedHidden() {
        #expect(
            described(
                """
                public func _underscored() {}
                @_spi(Private) public func spi() {}
                @_documentation(visibility: internal) public func internalDocs() {}
                @available(*, unavailable) public func gone() {}
                @available(*, deprecated) public func old() {}
                public func run(_deprecatedPath path: String) {}
                public func load(path _path: String) {}
                public func plain(_ value: Int) {}
                """) == [
                    "func _underscored() public hidden", "func spi() public hidden",
                    "func internalDocs() public hidden",
                    "func gone() public hidden", "func old() public", "func run(_deprecatedPath:) public hidden",
                    "func load(path:) public hidden", "func plain(_:) public"
                ])
    }

    @Test func aDeclarationIsShownAsWrittenWithoutBodyAccessOrCompilerAttributes() {
        #expect(
            declarations(
                """
                @frozen @available(iOS 15, *) public struct Box<T>: Equatable where T: Hashable {
                    @inlinable public func map<U>(
                        _ transform: (T) throws -> U
                    ) rethrows -> Box<U> { fatalError() }
                    @discardableResult public mutating func push(_ value: T) -> Int { 0 }
                    public private(set) var count: Int = 0
                    public var total: Int { get { 0 } set {} }
                    public var size: Int { 0 }
                    public var observed: Int = 0 { didSet {} }
                    public let name = "box", id = 42
                    public var made = Foo.Bar()
                }
                public protocol P { var value: Int { get set }; subscript(i: Int) -> Int { get } }
                """) == [
                    "struct Box<T> where T: Hashable",
                    "func map<U>(\n    _ transform: (T) throws -> U\n) rethrows -> Box<U>",
                    "@discardableResult mutating func push(_ value: T) -> Int",
                    "var count: Int", "var total: Int { get set }", "var size: Int { get }", "var observed: Int",
                    "let name: String", "let id: Int", "var made: Foo.Bar",
                    "protocol P", "var value: Int { get set }", "subscript(i: Int) -> Int { get }"
                ])
        let box = api("@available(iOS 15, macOS 12, *) public struct Box {}").symbols[0]
        #expect(box.availability == ["@available(iOS 15, macOS 12, *)"])
    }

    @Test func extensionsSayWhatTheyExtendAndOnWhichConditions() {
        let file = api(
            """
            extension Swift.Array: Greeting where Element: Equatable {
                public func greet() {}
            }
            """)
        #expect(file.extensions.map(\.extendedType) == [["Swift", "Array"]])
        #expect(file.extensions.map(\.conformances) == [["Greeting"]])
        #expect(file.symbols.map(\.parent) == [["Swift", "Array"]])
        #expect(file.symbols.first?.extensionConstraints == "where Element: Equatable")
        #expect(file.symbols.first?.extensionLocation == SourceLocation(path: "F.swift", line: 1, column: 1))
    }

    @Test func nothingInsideAFunctionBodyOrAClosureIsAPI() {
        #expect(
            described(
                """
                public func outer() { struct Local { public func no() {} } }
                public let value = { () -> Int in struct AlsoLocal {}; return 1 }()
                if true { public struct NotTopLevel {} }
                """) == ["func outer() public", "var value public"])
    }

    @Test func aDocCommentIsReadWithItsLinesWhereTheyAreWritten() throws {
        let symbols = api(
            """
            /// Ignored: a blank line separates it.

            /// Says hello.
            ///
            /// Greets `name`.
            // A plain comment does not end it.
            public func hello(name: String) {}

            /**
             * A block comment,
             * with stars.
             */
            public func block() {}

            /// Indented under a type.
            public struct T {
                /// A member's comment.
                public func member() {}
            }
            """
        ).symbols
        let hello = try #require(symbols.first?.docComment)
        #expect(hello.lines.map(\.text) == ["Says hello.", "", "Greets `name`."])
        #expect(hello.lines[0].location == SourceLocation(path: "F.swift", line: 3, column: 5))
        #expect(symbols[1].docComment?.lines.map(\.text) == ["A block comment,", "with stars."])
        #expect(symbols[1].docComment?.lines.first?.location == SourceLocation(path: "F.swift", line: 10, column: 4))
        #expect(symbols[3].docComment?.lines.map(\.text) == ["A member's comment."])
        #expect(symbols[3].docComment?.lines.first?.location == SourceLocation(path: "F.swift", line: 17, column: 9))
    }

    @Test func aFileNestedPastTheLimitGivesADiagnosticAndNoSymbols() {
        let deep = "public let x = " + String(repeating: "(", count: 10_000) + String(repeating: ")", count: 10_000)
        let file = api(deep)
        #expect(file.symbols.isEmpty)
        #expect(file.diagnostics.map(\.ruleID) == ["source.too-deep"])
    }
}
