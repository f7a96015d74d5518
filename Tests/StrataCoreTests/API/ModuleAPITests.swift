import Testing

@testable import StrataCore

/// Which symbols of a module's files are documented, and where each is listed: as DocC
/// decides it for the module as a whole.
@Suite struct ModuleAPITests {
    func symbol(
        _ kind: APISymbol.Kind, _ name: String, in parent: [String] = [], access: APISymbol.Access = .public,
        declaration: String? = nil, inherits: [String] = [], comment: String? = nil, line: Int = 1,
        inExtension: Bool = false, hidden: Bool = false
    ) -> APISymbol {
        let place = SourceLocation(path: "F.swift", line: line)
        return APISymbol(
            kind: kind, name: name, parent: parent, declaration: declaration ?? "\(kind.rawValue) \(name)",
            docComment: comment.map { DocComment(lines: [DocComment.Line($0, at: place)]) }, location: place,
            access: access, inherits: inherits, extensionLocation: inExtension ? place : nil, isHidden: hidden)
    }

    func paths(_ api: ModuleAPI) -> [String] { api.symbols.map { $0.path.joined(separator: "/") } }

    @Test func aMemberIsDocumentedOnlyWhenEveryTypeAroundItIs() {
        let api = ModuleAPI(
            module: "M",
            files: [
                APIFile(symbols: [
                    symbol(.struct, "Open"), symbol(.method, "a()", in: ["Open"]),
                    symbol(.struct, "Closed", access: .internal), symbol(.method, "b()", in: ["Closed"]),
                    symbol(.struct, "Inner", in: ["Closed"]), symbol(.method, "c()", in: ["Closed", "Inner"]),
                    symbol(.method, "d()", in: ["Open"], access: .internal),
                    symbol(.struct, "_Hidden", hidden: true), symbol(.method, "e()", in: ["_Hidden"])
                ])
            ])
        #expect(paths(api) == ["Open", "Open/a()"])
        #expect(api.types.map(\.name) == ["Open"])
        let wider = ModuleAPI(
            module: "M", files: [APIFile(symbols: [symbol(.struct, "Closed", access: .internal)])],
            minimumAccess: .internal)
        #expect(paths(wider) == ["Closed"])
    }

    @Test func membersOfAnotherModulesTypesMakeExtendedTypes() {
        let api = ModuleAPI(
            module: "M",
            files: [
                APIFile(symbols: [
                    symbol(.method, "shout()", in: ["Swift", "String"]), symbol(.method, "own()", in: ["M", "Kit"]),
                    symbol(.struct, "Kit")
                ])
            ])
        #expect(api.extendedTypes == [["String"]])
        #expect(api.members(of: ["String"]).map(\.name) == ["shout()"])
        #expect(api.members(of: ["Kit"]).map(\.name) == ["own()"])
    }

    @Test func twoBranchesOfAnIfDeclaringTheSameAreOneSymbol() {
        let api = ModuleAPI(
            module: "M",
            files: [
                APIFile(symbols: [
                    symbol(.struct, "S", declaration: "struct S: Sendable"),
                    symbol(.struct, "S", declaration: "struct S"),
                    symbol(.method, "go()", in: ["S"], line: 2), symbol(.method, "go()", in: ["S"], line: 4),
                    symbol(.method, "go()", in: ["S"], declaration: "func go() async", line: 6)
                ])
            ])
        #expect(paths(api) == ["S", "S/go()", "S/go()"])
    }

    @Test func anExtensionOfATypeAliasExtendsTheTypeItNames() {
        var alias = symbol(.typealias, "Parameters")
        alias.inherits = ["FlatDictionary<Substring, Substring>"]
        let api = ModuleAPI(
            module: "M",
            files: [
                APIFile(symbols: [
                    symbol(.struct, "FlatDictionary"), alias, symbol(.method, "get(_:)", in: ["Parameters"])
                ])
            ])
        #expect(api.members(of: ["FlatDictionary"]).map(\.name) == ["get(_:)"])
    }

    /// `typealias Parameters = [String: Int]` names `Dictionary`: an extension of the alias
    /// extends it, as the compiler (and DocC) sees it.
    @Test func anExtensionOfAnAliasOfSugarExtendsTheStandardType() {
        #expect(ModuleAPI.namedType("[String: Int]") == "Dictionary")
        #expect(ModuleAPI.namedType("[[String: Int]]") == "Array")
        #expect(ModuleAPI.namedType("[String: [Int]]") == "Dictionary")
        #expect(ModuleAPI.namedType("Int?") == "Optional")
        #expect(ModuleAPI.namedType(" FlatDictionary<Substring, Substring> ") == "FlatDictionary")
        var dictionary = symbol(.typealias, "Parameters")
        dictionary.inherits = ["[String: Int]"]
        var list = symbol(.typealias, "Names")
        list.inherits = ["[String]"]
        let api = ModuleAPI(
            module: "M",
            files: [
                APIFile(symbols: [
                    dictionary, list, symbol(.method, "total()", in: ["Parameters"]),
                    symbol(.method, "joined()", in: ["Names"])
                ])
            ])
        #expect(api.members(of: ["Dictionary"]).map(\.name) == ["total()"])
        #expect(api.members(of: ["Array"]).map(\.name) == ["joined()"])
        #expect(api.extendedTypes == [["Array"], ["Dictionary"]])
    }

    @Test func theCompilersImplicitMembersAreListed() {
        let api = ModuleAPI(
            module: "M",
            files: [
                APIFile(symbols: [
                    symbol(.enum, "Level", inherits: ["String"]), symbol(.struct, "Event", inherits: ["Codable"]),
                    symbol(.struct, "Own", inherits: ["Decodable"]),
                    symbol(.initializer, "init(from:)", in: ["Own"], hidden: true)
                ])
            ])
        #expect(
            api.symbols.filter { $0.kind == .initializer }.map { $0.path.joined(separator: "/") + " " + $0.declaration }
                == [
                    "Event/init(from:) init(from decoder: any Decoder) throws",
                    "Level/init(rawValue:) init?(rawValue: String)"
                ])
    }

    @Test func aMemberWithoutACommentTakesTheOneOfWhatItImplements() {
        let api = ModuleAPI(
            module: "M",
            files: [
                APIFile(symbols: [
                    symbol(.protocol, "Shape"), symbol(.method, "area()", in: ["Shape"], comment: "The area."),
                    symbol(.struct, "Square", inherits: ["Shape"]), symbol(.method, "area()", in: ["Square"]),
                    symbol(.method, "side()", in: ["Square"])
                ])
            ])
        #expect(api.members(of: ["Square"]).map { $0.docComment?.summary ?? "-" } == ["The area.", "-"])
    }

    @Test func aDocumentationExtensionIsAddedOrReplaces() {
        var api = ModuleAPI(
            module: "M", files: [APIFile(symbols: [symbol(.struct, "Kit", comment: "From the source.")])])
        let added = [DocComment.Line("From the catalog.", at: SourceLocation(path: "Kit.md", line: 3))]
        #expect(api.symbolPath(for: ["M", "Kit"]) == ["Kit"])
        #expect(api.symbolPath(for: ["Nothing"]) == nil)
        api.attach(added, to: ["Kit"], override: false)
        #expect(api.types[0].docComment?.lines.map(\.text) == ["From the source.", "", "From the catalog."])
        api.attach(added, to: ["Kit"], override: true)
        #expect(api.types[0].docComment?.lines.map(\.text) == ["From the catalog."])
    }
}
