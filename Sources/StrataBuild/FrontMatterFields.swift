import StrataCore

/// The front-matter keys Strata reads itself, checked for type, and the rest as metadata.
struct FrontMatterFields {
    var title: String?
    var description: String?
    var weight: Int?
    var metadata: [MetadataEntry] = []

    mutating func read(_ node: DataNode?, diagnostics: inout [Diagnostic]) {
        guard let node else { return }
        guard let pairs = node.pairs else {
            if case .null = node.value { return }
            diagnostics.append(
                .error(
                    "content.front-matter", "front matter must be a mapping of keys to values, found \(node.kindName)",
                    at: node.location))
            return
        }
        for pair in pairs {
            guard let key = pair.key.scalar else {
                diagnostics.append(
                    .error("content.front-matter", "front-matter keys must be plain names", at: pair.key.location))
                continue
            }
            switch key {
            case "title", "description":
                guard let text = pair.value.scalar else {
                    diagnostics.append(
                        .error(
                            "content.front-matter", "\(key) must be text, found \(pair.value.kindName)",
                            at: pair.value.location))
                    continue
                }
                if key == "title" { title = text } else { description = text }
            case "weight", "nav_order":
                guard let text = pair.value.scalar, let number = Int(text) else {
                    diagnostics.append(
                        .error(
                            "content.front-matter",
                            "\(key) must be a whole number, found "
                                + "\(pair.value.scalar.map { "'\($0)'" } ?? pair.value.kindName)",
                            at: pair.value.location))
                    continue
                }
                if weight != nil {
                    diagnostics.append(
                        .warning(
                            "content.front-matter", "both weight and nav_order are set; the later one wins",
                            at: pair.key.location))
                }
                weight = number
            default:
                metadata.append(
                    MetadataEntry(
                        key: key, value: pair.value.displayText, location: pair.key.location, origin: .frontMatter))
            }
        }
    }
}
