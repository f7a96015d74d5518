import Foundation
import StrataCore
import StrataSwiftPM
import StrataSwiftSource

func key(_ d: TargetDependencyDeclaration) -> String {
    var text = "\(d.kind.rawValue):\(d.name)"
    if let p = d.package { text += "@\(p)" }
    if let c = d.condition { text += "?\(c.platforms.sorted().joined(separator: ","))|\(c.traits.joined(separator: ","))" }
    return text
}

for dir in CommandLine.arguments.dropFirst() {
    let url = URL(fileURLWithPath: dir)
    let names = try FileManager.default.contentsOfDirectory(atPath: url.path)
    let manifestName = ManifestFileSelector.select(from: names, toolsVersion: CompilationConditions.host.compilerVersion) ?? "Package.swift"
    let text = try String(contentsOf: url.appendingPathComponent(manifestName), encoding: .utf8)
    let start = Date()
    let result = ManifestReader().read(text: text, path: dir + "/Package.swift", packageDirectory: url.path)
    let syntaxTime = Date().timeIntervalSince(start)
    let t2 = Date()
    let dumped = try SwiftPMClient().run(["package", "--package-path", url.path, "dump-package"], manifestPath: "x")
    let dumpTime = Date().timeIntervalSince(t2)
    let reference = try DumpPackageDecoder(manifestPath: "x", manifestText: text).decode(dumped)
    print("== \(url.lastPathComponent) syntax \(String(format: "%.1f", syntaxTime * 1000)) ms, dump \(String(format: "%.0f", dumpTime * 1000)) ms")
    switch result {
    case .invalid(let d), .unresolved(let d):
        print("  UNRESOLVED/INVALID"); d.forEach { print("   ", $0) }
    case .manifest(let m):
        let mine = Dictionary(uniqueKeysWithValues: m.targets.map { ($0.name, $0) })
        let theirs = Dictionary(uniqueKeysWithValues: reference.targets.map { ($0.name, $0) })
        for name in Set(mine.keys).union(theirs.keys).sorted() {
            guard let a = mine[name] else { print("  missing target \(name)"); continue }
            guard let b = theirs[name] else { print("  extra target \(name)"); continue }
            if a.kind != b.kind { print("  kind \(name) \(a.kind) vs \(b.kind)") }
            let ka = Set(a.dependencies.map(key)), kb = Set(b.dependencies.map(key))
            for x in kb.subtracting(ka).sorted() { print("  \(name): missed \(x)") }
            for x in ka.subtracting(kb).sorted() { print("  \(name): extra \(x)") }
            if a.path != b.path { print("  \(name): path \(a.path ?? "-") vs \(b.path ?? "-")") }
            if a.exclude != b.exclude { print("  \(name): exclude \(a.exclude) vs \(b.exclude)") }
            if a.sources != b.sources { print("  \(name): sources \(a.sources ?? []) vs \(b.sources ?? [])") }
        }
        if m.name != reference.name { print("  name \(m.name) vs \(reference.name)") }
        let pa = m.products.map { "\($0.name)=\($0.targets)" }.sorted(), pb = reference.products.map { "\($0.name)=\($0.targets)" }.sorted()
        if pa != pb { print("  products differ: \(Set(pa).symmetricDifference(pb))") }
        let da = m.dependencies.map(\.identity).sorted(), db = reference.dependencies.map(\.identity).sorted()
        if da != db { print("  deps differ: \(da) vs \(db)") }
        print("  targets \(m.targets.count) edges \(m.targets.map(\.dependencies.count).reduce(0, +))")
    }
}
