/// A diagram as its author drew it (a ```` ```mermaid ```` or ```` ```dot ```` fence in a
/// page): boxes and arrows with the lines they were written on, before any layout. The drift
/// check compares it with the real graph; the renderers turn it into DOT.
public struct DrawnGraph: Hashable, Sendable {
    public struct Node: Hashable, Sendable {
        /// The id the diagram's text uses.
        public var id: String
        /// What the box shows (the id when no label was written).
        public var label: String
        /// `box`, `rounded`, `stadium`, `circle`, `diamond`, `hexagon`, `cylinder`, `subroutine`.
        public var shape: String
        /// The 0-based line of the diagram's code where the node first appears.
        public var line: Int?

        public init(id: String, label: String, shape: String = "box", line: Int? = nil) {
            self.id = id
            self.label = label
            self.shape = shape
            self.line = line
        }
    }

    public struct Edge: Hashable, Sendable {
        public var from: String
        public var to: String
        public var label: String?
        /// `solid`, `dotted` or `thick`; `open` when the line has no arrow head.
        public var style: String
        public var hasArrow: Bool
        public var line: Int?

        public init(from: String, to: String, label: String? = nil, style: String = "solid", hasArrow: Bool = true, line: Int? = nil) {
            self.from = from
            self.to = to
            self.label = label
            self.style = style
            self.hasArrow = hasArrow
            self.line = line
        }
    }

    /// A Mermaid `subgraph`, or a DOT cluster: a titled group of nodes.
    public struct Group: Hashable, Sendable {
        public var id: String
        public var label: String
        public var members: [String]

        public init(id: String, label: String, members: [String] = []) {
            self.id = id
            self.label = label
            self.members = members
        }
    }

    public var nodes: [Node]
    public var edges: [Edge]
    public var groups: [Group]
    /// `TB`, `BT`, `LR` or `RL`.
    public var direction: String

    public init(nodes: [Node] = [], edges: [Edge] = [], groups: [Group] = [], direction: String = "TB") {
        self.nodes = nodes
        self.edges = edges
        self.groups = groups
        self.direction = direction
    }

    public func node(_ id: String) -> Node? {
        nodes.first { $0.id == id }
    }
}
