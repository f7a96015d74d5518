import StrataAnalysis
import StrataCore

/// What `strata init` writes: a commented `strata.yml` whose layers are proposed from the
/// module graph (so `strata check` passes on the code as it is), and a starter
/// `Content/index.md` that leads to the architecture pages.
package struct StarterFiles: Sendable {
    /// The site's title: the root package's or project's name, else the folder's.
    package let title: String
    package let graph: ModuleGraph?

    package init(title: String, graph: ModuleGraph?) {
        self.title = title
        self.graph = graph
    }

    /// `strata.yml`, with a comment on every section.
    package var configuration: String {
        var lines = [
            "# strata.yml, written by `strata init`. Every key is optional and explained in Strata's",
            "# manual (Reference > Configuration); editors complete this file from",
            "# schemas/v1/strata.schema.json.",
            "",
            "site:",
            "  title: \(Self.yaml(title))",
            "  # base_url: https://docs.example.com/   # an absolute address gives a sitemap and help links in reports",
            ""
        ]
        guard let graph else {
            lines += [
                "# No Swift package or Xcode project was found here, so the site is documentation only.",
                "# List them under packages: or projects: to read a module graph."
            ]
            return lines.joined(separator: "\n") + "\n"
        }
        let proposal = LayerProposal(graph: graph)
        let uses = Self.uses(in: graph)
        lines.append("# Layers, bottom-up: a module may use modules of its own layer and of the layers")
        lines.append("# listed before it (or exactly those of may_use:). `strata check` judges every")
        switch proposal.basis {
        case .sections:
            lines.append("# dependency against them. Proposed from the // MARK: sections of the manifests.")
        case .dependencyOrder:
            lines.append("# dependency against them. Proposed from the dependency order: each module sits in")
            lines.append(
                "# the layer of the deepest chain of modules below "
                    + "it\(proposal.sectionsSetAside.map { " (not from // MARK: sections: \($0))" } ?? "")."
            )
            lines.append("# Rename the layers, and move modules up as your architecture intends.")
        case .roles:
            lines.append("# dependency against them. Proposed from what the modules are named for (…Core, …Model,")
            lines.append("# …Client, …Live, DesignSystem, …Feature) and what they build (apps and extensions on top),")
            lines.append(
                "# each module at least as high as the modules it uses, so the code keeps to "
                    + "it\(proposal.sectionsSetAside.map { " (not from // MARK: sections: \($0))" } ?? "")."
            )
            lines.append(
                "# The comment beside each module says why it is there; move modules as your architecture intends.")
        }
        if proposal.layers.isEmpty {
            lines.append("# (The package has no modules but tests, so no layers are proposed.)")
            lines.append("layers: []")
        } else {
            lines.append("layers:")
            for layer in proposal.layers {
                lines.append("  - name: \(Self.yaml(layer.name))")
                lines.append("    modules:")
                for module in layer.modules {
                    let used = uses[module, default: []].sorted()
                    var note =
                        used.isEmpty
                        ? "uses none of these modules"
                        : "uses " + used.prefix(4).joined(separator: ", ")
                            + (used.count > 4 ? " and \(used.count - 4) more" : "")
                    if let reason = proposal.reasons[module], !reason.hasPrefix("uses ") {
                        note = reason + (used.isEmpty ? "" : "; " + note)
                    }
                    lines.append("      - \(Self.yaml(module))   # \(note)")
                }
            }
        }
        lines += [
            "",
            "rules:",
            "  layer-order: error         # a dependency against the order above",
            "  cycle: error",
            "  undeclared-import: warning # an import the manifest does not declare",
            "  unused-dependency: warning # a dependency no file imports",
            "  # forbid:                  # dependencies no layer order can say are wrong, with the reason",
            "  #   - { from: \(Self.yaml(proposal.layers.last?.name ?? "Features")), to: "
                + "\(Self.yaml(proposal.layers.first?.name ?? "Core")), because: \"...\" }",
            "",
            "tests:",
            "  follow_layers: false       # true: judge each test target in the layer of the module it tests"
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// `Content/index.md`: the home page, to be rewritten by its authors.
    package var homePage: String {
        var text =
            "# \(title)\n\nWhat this project is, who it is for, and where to start reading. This page "
            + "is\n`Content/index.md`: rewrite it, and add a Markdown page per guide beside it.\n"
        if graph != nil {
            text +=
                "\nThe [architecture overview](modules/index.html) draws the module graph by layer, and "
                + "the\n[violations](violations.html) page lists what breaks the layering rules of "
                + "`strata.yml`,\neach with the manifest and import lines that make it.\n"
        }
        return text
    }

    /// Which modules each module uses, among the graph's targets.
    static func uses(in graph: ModuleGraph) -> [String: Set<String>] {
        let targets = Set(graph.nodes.filter(\.isTarget).map(\.id))
        var uses: [String: Set<String>] = [:]
        for edge in graph.edges where edge.from != edge.to && targets.contains(edge.to) {
            uses[edge.from, default: []].insert(edge.to)
        }
        return uses
    }

    /// A YAML scalar: plain when it is a simple name, else double-quoted.
    static func yaml(_ text: String) -> String {
        let plain =
            !text.isEmpty
            && text.unicodeScalars.allSatisfy {
                $0.properties.isAlphabetic || ("0"..."9").contains($0) || "_-. ".unicodeScalars.contains($0)
            }
            && text.first.map { $0.isLetter || $0 == "_" } == true && !text.hasSuffix(" ")
            && !["true", "false", "null", "yes", "no", "on", "off", "~"].contains(text.lowercased())
        if plain { return text }
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    quoted += "\\x" + String(scalar.value, radix: 16).leftPadded(to: 2)
                } else {
                    quoted.unicodeScalars.append(scalar)
                }
            }
        }
        return quoted + "\""
    }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }
}
