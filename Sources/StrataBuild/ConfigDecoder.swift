import StrataCore

/// Turns the `DataNode` tree of a `strata.yml` into a `StrataConfig`, strictly: an unknown
/// key or a value of the wrong shape is an error at its line, never silently ignored.
struct ConfigDecoder {
    private(set) var diagnostics: [Diagnostic] = []

    mutating func decode(_ root: DataNode?, path configPath: String) -> StrataConfig {
        var config = StrataConfig(sourcePath: configPath)
        guard let root else { return config }
        guard let pairs = mapping(root, "the configuration") else { return config }
        for pair in pairs {
            guard let key = pair.key.scalar else {
                unexpectedKey(pair.key, in: "the configuration")
                continue
            }
            switch key {
            case "site": decodeSite(pair.value, into: &config.site)
            case "content": config.contentDirectory = path(pair.value, key) ?? config.contentDirectory
            case "theme": config.themeDirectory = path(pair.value, key)
            case "output": config.outputDirectory = path(pair.value, key) ?? config.outputDirectory
            case "markdown": decodeMarkdown(pair.value, into: &config.markdown)
            case "packages":
                config.packagesLocation = pair.value.location
                config.packages = decodePackages(pair.value)
            default: unknownKey(pair.key, known: ["site", "content", "theme", "output", "markdown", "packages"], in: "the configuration")
            }
        }
        return config
    }

    private mutating func decodeSite(_ node: DataNode, into site: inout SiteSettings) {
        guard let pairs = mapping(node, "site") else { return }
        for pair in pairs {
            guard let key = pair.key.scalar else {
                unexpectedKey(pair.key, in: "site")
                continue
            }
            switch key {
            case "title": site.title = string(pair.value, "site.title") ?? site.title
            case "description": site.description = string(pair.value, "site.description")
            case "language": site.language = string(pair.value, "site.language") ?? site.language
            case "repository": site.repositoryURL = string(pair.value, "site.repository")
            case "base_url":
                if let value = string(pair.value, "site.base_url") {
                    if let normalized = Self.normalizedBaseURL(value) {
                        site.baseURL = normalized
                    } else {
                        diagnostics.append(.error(
                            "config.invalid-value",
                            "site.base_url must be a path starting with '/' or an http(s) URL, not '\(value)'",
                            at: pair.value.location
                        ))
                    }
                }
            default:
                unknownKey(pair.key, known: ["title", "description", "base_url", "language", "repository"], in: "site")
            }
        }
    }

    /// `packages: [., ../Shared]`: package folders (a path ending in `Package.swift` names its folder).
    private mutating func decodePackages(_ node: DataNode) -> [String]? {
        let items = node.items ?? (node.scalar != nil ? [node] : nil)
        guard let items else {
            diagnostics.append(.error("config.type", "packages must be a list of package folders, found \(node.kindName)", at: node.location))
            return nil
        }
        var folders: [String] = []
        for item in items {
            guard var folder = path(item, "packages") else { continue }
            if folder == "Package.swift" {
                folder = "."
            } else if folder.hasSuffix("/Package.swift") {
                folder = String(folder.dropLast("/Package.swift".count))
            }
            folders.append(folder)
        }
        return folders
    }

    private mutating func decodeMarkdown(_ node: DataNode, into markdown: inout MarkdownSettings) {
        guard let pairs = mapping(node, "markdown") else { return }
        for pair in pairs {
            guard let key = pair.key.scalar else {
                unexpectedKey(pair.key, in: "markdown")
                continue
            }
            switch key {
            case "unsafe_html": markdown.unsafeHTML = bool(pair.value, "markdown.unsafe_html") ?? markdown.unsafeHTML
            case "smart_punctuation": markdown.smartPunctuation = bool(pair.value, "markdown.smart_punctuation") ?? markdown.smartPunctuation
            default: unknownKey(pair.key, known: ["unsafe_html", "smart_punctuation"], in: "markdown")
            }
        }
    }

    /// `/docs` → `/docs/`; `https://x.io/docs` → `https://x.io/docs/`.
    static func normalizedBaseURL(_ value: String) -> String? {
        let trimmed = value.trimmingWhitespace
        guard trimmed.hasPrefix("/") || trimmed.hasPrefix("https://") || trimmed.hasPrefix("http://") else { return nil }
        guard !trimmed.contains(where: { $0 == " " || $0 == "\"" || $0 == "<" || $0 == ">" }) else { return nil }
        return trimmed.hasSuffix("/") ? trimmed : trimmed + "/"
    }

    private mutating func mapping(_ node: DataNode, _ what: String) -> [DataNode.Pair]? {
        if case .null = node.value { return [] }
        guard let pairs = node.pairs else {
            diagnostics.append(.error("config.type", "\(what) must be a mapping of keys to values, found \(node.kindName)", at: node.location))
            return nil
        }
        return pairs
    }

    private mutating func string(_ node: DataNode, _ key: String) -> String? {
        guard let text = node.scalar else {
            diagnostics.append(.error("config.type", "\(key) must be a single value, found \(node.kindName)", at: node.location))
            return nil
        }
        return text
    }

    private mutating func path(_ node: DataNode, _ key: String) -> String? {
        guard let text = string(node, key) else { return nil }
        guard !text.trimmingWhitespace.isEmpty else {
            diagnostics.append(.error("config.invalid-value", "\(key) must name a folder", at: node.location))
            return nil
        }
        return text
    }

    private mutating func bool(_ node: DataNode, _ key: String) -> Bool? {
        if !node.isQuoted, let text = node.scalar {
            switch text {
            case "true", "True", "TRUE", "yes", "on": return true
            case "false", "False", "FALSE", "no", "off": return false
            default: break
            }
        }
        diagnostics.append(.error("config.type", "\(key) must be true or false, found \(node.scalar.map { "'\($0)'" } ?? node.kindName)", at: node.location))
        return nil
    }

    private mutating func unknownKey(_ key: DataNode, known: [String], in section: String) {
        let name = key.scalar ?? key.displayText
        var message = "unknown key '\(name)' in \(section)"
        if let suggestion = Suggestion.closest(to: name, in: known) {
            message += "; did you mean '\(suggestion)'?"
        } else {
            message += " (known keys: \(known.joined(separator: ", ")))"
        }
        diagnostics.append(.error("config.unknown-key", message, at: key.location))
    }

    private mutating func unexpectedKey(_ key: DataNode, in section: String) {
        diagnostics.append(.error("config.type", "keys in \(section) must be plain names, found \(key.kindName)", at: key.location))
    }
}
