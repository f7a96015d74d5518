/// An order of modules in which the architecture reads top-down: the top layer first, and
/// inside a layer every module before the modules it uses, so that in a dependency structure
/// matrix (a row per module, using the columns) every dependency that keeps to the layers
/// lies right of the diagonal and one left of it goes up a layer or round a cycle.
///
/// Modules of one cycle (a strongly connected component) cannot be ordered by use: they
/// stand together, by name.
package struct DependencyOrder: Sendable, Equatable {
    /// The modules' indices, in order.
    package let order: [Int]
    /// Each module's strongly connected component; two modules share one only in a cycle.
    package let component: [Int]
    /// Each component's size, by component.
    package let componentSize: [Int]

    /// - Parameters:
    ///   - names: the modules, by index (ties are broken by name).
    ///   - level: each module's layer, bottom-up (higher is drawn first).
    ///   - successors: each module's dependencies, by index.
    package init(names: [String], level: [Int], successors: [[Int]]) {
        let count = names.count
        let (component, componentCount) = Self.components(count: count, successors: successors)
        var size = [Int](repeating: 0, count: componentCount)
        for node in 0..<count { size[component[node]] += 1 }
        // The height of a component: the longest chain of dependencies below it, counted
        // inside each layer (dependencies on other layers do not lift a module).
        var below = [[Int]](repeating: [], count: componentCount)
        for node in 0..<count {
            for next in successors[node] where component[next] != component[node] && level[next] == level[node] {
                below[component[node]].append(component[next])
            }
        }
        // Tarjan numbers components in reverse topological order: a component's dependencies
        // all have smaller numbers, so one pass upwards gives every height.
        var height = [Int](repeating: 0, count: componentCount)
        for index in 0..<componentCount {
            for next in below[index] { height[index] = max(height[index], height[next] + 1) }
        }
        // A cycle stands where its first name would.
        var firstName = [String?](repeating: nil, count: componentCount)
        for node in 0..<count where firstName[component[node]].map({ names[node] < $0 }) ?? true {
            firstName[component[node]] = names[node]
        }
        order = (0..<count).sorted { first, second in
            if level[first] != level[second] { return level[first] > level[second] }
            let (a, b) = (component[first], component[second])
            if height[a] != height[b] { return height[a] > height[b] }
            if a != b, let nameA = firstName[a], let nameB = firstName[b], nameA != nameB { return nameA < nameB }
            if a != b { return a < b }
            return names[first] == names[second] ? first < second : names[first] < names[second]
        }
        self.component = component
        componentSize = size
    }

    /// Whether the modules at `first` and `second` are on a cycle together.
    package func shareACycle(_ first: Int, _ second: Int) -> Bool {
        component[first] == component[second] && componentSize[component[first]] > 1
    }

    /// Tarjan's strongly connected components, without recursion (a chain of thousands of
    /// modules must not exhaust the stack). Components are numbered in the order they
    /// complete: every component a component reaches has a smaller number.
    static func components(count: Int, successors: [[Int]]) -> (component: [Int], count: Int) {
        var index = [Int](repeating: -1, count: count)
        var lowLink = [Int](repeating: 0, count: count)
        var onStack = [Bool](repeating: false, count: count)
        var component = [Int](repeating: -1, count: count)
        var stack: [Int] = []
        var counter = 0
        var components = 0
        for root in 0..<count where index[root] < 0 {
            var frames: [(node: Int, next: Int)] = [(root, 0)]
            index[root] = counter
            lowLink[root] = counter
            counter += 1
            stack.append(root)
            onStack[root] = true
            while let frame = frames.last {
                let next = successors[frame.node]
                if frame.next < next.count {
                    frames[frames.count - 1].next += 1
                    let other = next[frame.next]
                    if index[other] < 0 {
                        index[other] = counter
                        lowLink[other] = counter
                        counter += 1
                        stack.append(other)
                        onStack[other] = true
                        frames.append((other, 0))
                    } else if onStack[other] {
                        lowLink[frame.node] = min(lowLink[frame.node], index[other])
                    }
                    continue
                }
                frames.removeLast()
                if let parent = frames.last { lowLink[parent.node] = min(lowLink[parent.node], lowLink[frame.node]) }
                guard lowLink[frame.node] == index[frame.node] else { continue }
                while let member = stack.popLast() {
                    onStack[member] = false
                    component[member] = components
                    if member == frame.node { break }
                }
                components += 1
            }
        }
        return (component, components)
    }
}
