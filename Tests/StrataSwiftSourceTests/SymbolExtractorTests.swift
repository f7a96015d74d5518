import StrataCore
import Testing

@testable import StrataSwiftSource

/// Every syntax form that declares or names a type, one case each, with its place.
@Suite struct SymbolExtractorTests {
    func symbols(_ text: String) -> SwiftSymbols {
        SymbolExtractor().symbols(in: text, path: "F.swift")
    }

    func references(_ text: String) -> [String] {
        symbols(text).references.map { "\($0.kind.rawValue) \($0.name)" + ($0.enclosingType.map { " in \($0)" } ?? "") }
    }

    @Test func eachReferenceKnowsTheTypeWhoseCodeItIs() {
        let found = symbols(
            """
            extension ProfileView {
                final class ViewModel {
                    var view: ProfileView?
                    struct Row { let item: Item }
                }
                func make() -> Store { Store() }
            }
            struct Feed { let item: Item }
            let top = Store()
            """)
        #expect(
            found.references.map { "\($0.name) \($0.declaredIn ?? "-") \($0.enclosingType ?? "-")" } == [
                "ProfileView - ProfileView",  // the extended type itself
                "ProfileView ProfileView.ViewModel ProfileView.ViewModel",
                "Item ProfileView.ViewModel.Row ProfileView.ViewModel.Row",
                "Store - ProfileView", "Store - ProfileView",  // directly in the extension
                "Item Feed Feed",
                "Store - -"
            ])
        #expect(
            found.declarations.map { "\($0.name) \($0.container ?? "-") \($0.isInExtension)" } == [
                "ProfileView - false", "ProfileView.ViewModel ProfileView true",
                "ProfileView.ViewModel.Row ProfileView.ViewModel false", "Feed - false"
            ])
    }

    @Test func declarationsOfEveryKindWithNestingInheritanceAndAttributes() {
        let found = symbols(
            """
            @Observable @MainActor
            final class FeedModel: ObservableObject, Sendable {
                struct Item: Identifiable {}
                enum State { case idle }
            }
            actor Store {}
            protocol Repository: AnyObject {}
            extension FeedModel.Item: Equatable {}
            typealias Items = [FeedModel.Item]
            """
        ).declarations
        #expect(
            found.map { "\($0.kind.rawValue) \($0.name)" } == [
                "class FeedModel", "struct FeedModel.Item", "enum FeedModel.State", "actor Store",
                "protocol Repository",
                "extension FeedModel.Item", "typealias Items"
            ])
        #expect(found[0].inherits == ["ObservableObject", "Sendable"])
        #expect(found[0].attributes == ["@Observable", "@MainActor"])
        #expect(found[0].location == SourceLocation(path: "F.swift", line: 2, column: 13))
        #expect(found[5].inherits == ["Equatable"])
    }

    @Test func aTypeAliasRecordsWhatItNames() {
        let found = symbols("typealias Panel = Identifiable & SwiftUI.View\ntypealias Items = [Item]\n").declarations
        #expect(found.map(\.inherits) == [["Identifiable", "SwiftUI.View"], ["[Item]"]])
    }

    @Test func publicOpenAndPackageDeclarationsAreVisibleToOtherModules() {
        let found = symbols(
            "public struct A {}\nopen class B {}\npackage enum C {}\nstruct D {}\nprivate typealias E = D\npublic "
                + "protocol F {}\n"
        ).declarations
        #expect(
            found.map { "\($0.name) \($0.isPublic)" } == ["A true", "B true", "C true", "D false", "E false", "F true"])
        // A member of a public extension takes its access; its own nested types do not.
        let members = symbols(
            "public extension Feed {\n    struct Item { struct Row {} }\n    private struct Cache {}\n}\nextension "
                + "Feed { struct Hidden {} }\n"
        ).declarations
        #expect(
            members.map { "\($0.name) \($0.isPublic)" } == [
                "Feed true", "Feed.Item true", "Feed.Item.Row false", "Feed.Cache false", "Feed false",
                "Feed.Hidden false"
            ])
    }

    /// What a type owns: the types its stored instance properties name, not its computed or
    /// static properties, its methods, or a local variable.
    @Test func referencesInStoredPropertiesAreMarked() {
        let found = symbols(
            """
            struct Screen {
                @State var model = FeedModel()
                let store: Store
                var observed: Cache? { didSet {} }
                var computed: Other { Other() }
                static var shared: Shared?
                func load() { let local = Local() }
            }
            enum Mode { case a(Payload) }
            """
        ).references
        #expect(found.filter(\.isInStoredProperty).map(\.name) == ["State", "FeedModel", "Store", "Cache"])
    }

    @Test func typesInAnnotationsSignaturesAndGenerics() {
        #expect(
            references(
                """
                struct Screen {
                    let model: FeedModel
                    var items: [Item] = []
                    var lookup: [String: Item?]
                    func load(from store: some Repository, clock: any Clock<Duration>) async throws -> Result<Page, \
                APIError> { fatalError() }
                }
                """) == [
                    "type FeedModel in Screen", "type Item in Screen", "type String in Screen", "type Item in Screen",
                    "type Repository in Screen", "type Clock in Screen", "type Duration in Screen",
                    "type Result in Screen", "type Page in Screen", "type APIError in Screen"
                ])
    }

    /// A type's own inheritance list and an extension's extended type belong to that type.
    @Test func inheritanceExtensionsAndQualifiedNames() {
        #expect(
            references(
                """
                final class Controller: UIViewController, Coordinating {}
                extension Models.Item: Codable {}
                let value: Feed.Item
                """) == [
                    "inheritance UIViewController in Controller", "inheritance Coordinating in Controller",
                    "extension Models.Item in Models.Item",
                    "type Models in Models.Item", "inheritance Codable in Models.Item", "type Feed.Item", "type Feed"
                ])
    }

    @Test func nestedTypesReachedThroughExpressionsAndEveryPartOfADottedName() {
        #expect(
            references(
                """
                func make() {
                    let getter = AppActions.DogImageGetter()
                    let request = API.RandomImageRequest.Single.Get()
                    let destination = Router.Destination(rawValue: "home")
                    let home = Router.Destination.home
                    let value: API.RandomImageRequest.Single? = nil
                }
                """) == [
                    "initializer AppActions.DogImageGetter", "static-member AppActions",
                    "initializer API.RandomImageRequest.Single.Get", "static-member API.RandomImageRequest.Single",
                    "static-member API.RandomImageRequest", "static-member API",
                    "initializer Router.Destination", "static-member Router",
                    "static-member Router.Destination", "static-member Router",
                    "type API.RandomImageRequest.Single", "type API.RandomImageRequest", "type API"
                ])
    }

    @Test func typesWrittenAsCollectionsOptionalsAndSubscriptsInExpressions() {
        #expect(
            references(
                """
                func make<Service>(_ service: Service) {
                    var owners = [MemberDetails]()
                    var byKey = [Key: Task<Data, Error>]()
                    var ranges = [(range: NSRange, styles: CountedSet<Style>)]()
                    let types = [Task].self
                    await group(of: Specifier?.self)
                    let remote = GitRemote?(nil)
                    let general = Settings[\\.general]
                    let name = String(describing: Service.self)
                }
                """) == [
                    "type MemberDetails", "type Key", "type Task", "type Data", "type Error", "type NSRange",
                    "type CountedSet", "type Style", "type Task",
                    "static-member Specifier", "initializer GitRemote", "static-member Settings",
                    "initializer String"
                ])
    }

    @Test func typesWrittenInExpressions() {
        #expect(
            references(
                """
                func make() {
                    let store = Store(client: APIClient.live)
                    let list = Array<Item>()
                    let made = Item.init(id: 1)
                    let path = \\Item.title
                    let small = url.lastPathComponent
                    let nothing = .none
                }
                """) == [
                    "initializer Store", "static-member APIClient", "initializer Array", "type Item",
                    "initializer Item", "key-path Item"
                ])
    }

    @Test func customAttributesAreReferencesAndTheCompilersAreNot() {
        #expect(
            references(
                """
                struct Form {
                    @State private var name = ""
                    @Environment(\\.dismiss) var dismiss
                    @Injected(Container.api) var api: API
                    @available(iOS 17, *) @discardableResult func go() -> Int { 0 }
                }
                """) == [
                    "attribute State in Form", "attribute Environment in Form", "attribute Injected in Form",
                    "static-member Container in Form", "type API in Form", "type Int in Form"
                ])
    }

    @Test func selfAndAnyNameNoType() {
        #expect(references("struct A { func copy() -> Self { self }; var x: Any }").isEmpty)
    }

    @Test func genericParametersAndAssociatedTypesNameNoType() {
        #expect(
            references(
                """
                struct Memo<Fingerprint: Hashable, Value> {
                    var items: [String: (Fingerprint, Value)]
                    func map<Other>(_ transform: (Value) -> Other) -> [Other] { [] }
                }
                protocol Store {
                    associatedtype Item
                    func all() -> [Item]
                }
                func first<T>(_ values: [T]) -> T? { values.first }
                let fingerprint: Fingerprint
                """) == [
                    "type Hashable in Memo", "type String in Memo", "type Fingerprint"
                ])
    }
}
