import StrataCore

/// Writes the components inside modules and the type references between them as JSON
/// (`components.json` in the site, beside `graph.json`): for each component its files and
/// types with the layer each is in and why, and every reference from one type (or file) to a
/// declared type with its place, so a script can ask what names what without parsing Swift.
/// Keys sorted, paths relative to the project: the same code gives the same bytes.
package struct ComponentJSONWriter: Sendable {
    package init() {}

    /// Where it goes in the site.
    package static let path = "components.json"

    package func write(_ graph: ComponentGraph) -> String {
        var output = JSONOutput(
            capacity: 4096 + 160 * graph.references.count + 120
                * graph.components.reduce(0) { $0 + $1.files.count + $1.types.count })
        output.object { output in
            output.key("components")
            output.array { output in
                for component in graph.components {
                    output.object { output in
                        output.key("files")
                        output.array { output in
                            for file in component.files { member(file, into: &output) }
                        }
                        output.entry("layer", component.layer)
                        output.entry("module", component.module)
                        output.key("types")
                        output.array { output in
                            for type in component.types { member(type, into: &output) }
                        }
                    }
                }
            }
            output.key("references")
            output.array { output in
                for reference in graph.references {
                    output.object { output in
                        output.key("from")
                        output.object { output in
                            output.entry("layer", reference.from.layer)
                            output.entry("module", reference.from.module)
                            output.entry("type", reference.fromType)
                        }
                        output.entry("kind", reference.kind.rawValue)
                        output.entry("location", reference.location.description)
                        output.key("to")
                        output.object { output in
                            output.entry("layer", reference.to.layer)
                            output.entry("module", reference.to.module)
                            output.entry("type", reference.toType)
                        }
                    }
                }
            }
            output.key("version")
            output.int(1)
        }
        return output.text()
    }

    private func member(_ member: ComponentGraph.Member, into output: inout JSONOutput) {
        output.object { output in
            output.entry("kind", member.kind?.rawValue)
            output.entry("layer", member.layer)
            output.entry("location", member.location?.description)
            output.entry("name", member.name)
            output.entry("origin", member.origin)
        }
    }
}
