/// A diagram as its author drew it (a ```` ```mermaid ```` or ```` ```dot ```` fence in a
/// page): boxes and arrows with the lines they were written on, before any layout. The drift
/// check compares it with the real graph; the renderers turn it into DOT.
package struct DrawnGraph: Hashable, Sendable {
    package struct Node: Hashable, Sendable {
        /// The id the diagram's text uses.
        package var id: String
        /// What the box shows (the id when no label was written).
        package var label: String
        /// `box`, `rounded`, `stadium`, `circle`, `diamond`, `hexagon`, `cylinder`, `subroutine`.
        package var shape: String
        /// The 0-based line of the diagram's code where the node first appears.
        package var line: Int?

        package init(id: String, label: String, shape: String = "box", line: Int? = nil) {
            self.id = id
            self.label = label
            self.shape = shape
            self.line = line
        }
    }

    package struct Edge: Hashable, Sendable {
        package var from: String
        package var to: String
        package var label: String?
        /// `solid`, `dotted` or `thick`; `open` when the line has no arrow head.
        package var style: String
        package var hasArrow: Bool
        package var line: Int?

        package init(
            from: String, to: String, label: String? = nil, style: String = "solid", hasArrow: Bool = true,
            line: Int? = nil
        ) {
            self.from = from
            self.to = to
            self.label = label
            self.style = style
            self.hasArrow = hasArrow
            self.line = line
        }
    }

    /// A Mermaid `subgraph`, or a DOT cluster: a titled group of nodes.
    package struct Group: Hashable, Sendable {
        package var id: String
        package var label: String
        package var members: [String]

        package init(id: String, label: String, members: [String] = []) {
            self.id = id
            self.label = label
            self.members = members
        }
    }

    package var nodes: [Node]
    package var edges: [Edge]
    package var groups: [Group]
    /// `TB`, `BT`, `LR` or `RL`.
    package var direction: String

    package init(nodes: [Node] = [], edges: [Edge] = [], groups: [Group] = [], direction: String = "TB") {
        self.nodes = nodes
        self.edges = edges
        self.groups = groups
        self.direction = direction
    }

    package func node(_ id: String) -> Node? {
        nodes.first { $0.id == id }
    }
}
