import StrataCore
import StrataMarkdown

extension LinkResolver {
    /// A symbol a `doc:` or ``` ``Symbol`` ``` link names, from the page's module and the
    /// scope of the type it documents.
    func symbolTarget(_ destination: String, from page: SourcePage) -> DocTarget? {
        guard !symbols.isEmpty, let (path, fragment) = Self.symbolPath(destination) else { return nil }
        let module = page.api?.module ?? page.catalog
        let scope = page.api?.path ?? []
        guard let found = symbols.resolve(path, module: module, scope: scope) else { return nil }
        var anchors: [String: String] = [:]
        if let anchor = found.anchor { anchors[DocCLinkKey.anchorKey(anchor)] = anchor }
        let target = DocCCatalogLinks.Target(
            output: found.output, title: found.title, abstract: found.abstract, anchors: anchors)
        return .found(target, fragment: found.anchor ?? fragment)
    }

    /// Why a link to a symbol leads nowhere.
    func symbolMessage(_ destination: String, from page: SourcePage) -> String {
        let written = Self.symbolPath(destination)?.path ?? String(destination.dropFirst(4))
        if symbols.isEmpty {
            return "'\(written)' names a symbol, and Strata read no API here (no library target with public "
                + "declarations, or api: false)"
        }
        return "no documented symbol is named '\(written)' (Strata documents the declarations of the libraries it "
            + "reads at the access api: sets, public by default)"
    }

    /// `doc:Greeter/greet(_:)`, `doc://Greeter/documentation/Greeter/Greeter`: the symbol's
    /// path and the heading after `#`.
    static func symbolPath(_ destination: String) -> (path: String, fragment: String?)? {
        guard destination.hasPrefix("doc:") else { return nil }
        var rest = Substring(destination.dropFirst(4))
        if rest.hasPrefix("//") {
            rest = rest.dropFirst(2)
            rest = rest.firstIndex(of: "/").map { rest[rest.index(after: $0)...] } ?? ""
        }
        var fragment: String?
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        for prefix in ["documentation/", "/documentation/"] where rest.hasPrefix(prefix) {
            rest = rest.dropFirst(prefix.count)
        }
        guard !rest.isEmpty else { return nil }
        return (String(rest), fragment)
    }
}
