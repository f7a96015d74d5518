import StrataCore

/// The modules the architecture views show (those the diagrams draw), in dependency order,
/// and each dependency between two of them as a cell of the dependency structure matrix:
/// the matrix page, the map's focus and path views and their data file all read this one
/// value, so a cell's number is the same edge everywhere.
struct ModuleMatrix: Sendable {
    struct Cell: Sendable {
        var row: Int
        var column: Int
        var edge: ModuleEdge
        /// The rules the dependency breaks.
        var rules: [String]
        /// Left of the diagonal: the row's module uses one drawn above it, a layer up or on a cycle.
        var isAgainstOrder: Bool { column < row }
        var isCycle: Bool
    }

    /// The modules, top layer first, users before what they use.
    let modules: [String]
    /// Each module's group (`ArchitectureModel.groups`), by position; -1 for none.
    let groups: [Int]
    /// By row, then column.
    let cells: [Cell]

    init(model: ArchitectureModel) {
        let drawn = model.graph.nodes.filter { $0.isTarget && model.isDrawn($0) }.map(\.id)
        let index = Dictionary(drawn.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        var successors = [[Int]](repeating: [], count: drawn.count)
        var edges: [(from: Int, to: Int, edge: ModuleEdge)] = []
        for edge in model.graph.edges where edge.from != edge.to {
            guard let from = index[edge.from], let to = index[edge.to] else { continue }
            successors[from].append(to)
            edges.append((from, to, edge))
        }
        let level = drawn.map { model.groupOfModule[$0] ?? -1 }
        let order = DependencyOrder(names: drawn, level: level, successors: successors)
        var row = [Int](repeating: 0, count: drawn.count)
        for (position, module) in order.order.enumerated() { row[module] = position }
        modules = order.order.map { drawn[$0] }
        groups = order.order.map { level[$0] }
        cells = edges.map { from, to, edge in
            Cell(
                row: row[from], column: row[to], edge: edge, rules: model.rules(of: edge),
                isCycle: order.shareACycle(from, to))
        }.sorted { ($0.row, $0.column) < ($1.row, $1.column) }
    }
}
