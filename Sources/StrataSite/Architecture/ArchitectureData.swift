import StrataCore

/// `modules/architecture.js`: the modules and dependencies the map's focus and path views
/// and the matrix's evidence read, as a script that sets `window.strataArchitecture`. A
/// script rather than JSON because a page opened from `file://` may load a script but not
/// fetch a file.
///
/// ```
/// { "groups": [[name, toneClass, isLayer]],            bottom-up, as declared
///   "modules": [[name, group, href]],                  in dependency order (ModuleMatrix)
///   "edges": [[row, column, imports, relation, [rule], onACycle, [[place, what]], evidence]] }
/// ```
/// `href`s are relative to the modules folder; `evidence` counts what `[[place, what]]`
/// lists, of which at most `listedEvidence` are written.
struct ArchitectureData {
    let model: ArchitectureModel
    let siteMap: ArchitectureSiteMap
    let matrix: ModuleMatrix

    /// A dependency's evidence is listed up to this many lines: enough to show why, where a
    /// module imported in 400 files would otherwise make the file as large as the site.
    static let listedEvidence = 12

    func file() -> OutputFile {
        var text = "window.strataArchitecture = {\"groups\":["
        for (index, group) in model.groups.enumerated() {
            if index > 0 { text += "," }
            text += "[\(JSONString.quote(group.name)),\(JSONString.quote(group.toneClass)),\(group.isLayer)]"
        }
        text += "],\n\"modules\":["
        for (index, module) in matrix.modules.enumerated() {
            if index > 0 { text += ",\n" }
            let href = SitePath.relativeURL(from: ArchitectureSiteMap.mapPath, to: siteMap.path(of: module))
            text += "[\(JSONString.quote(module)),\(matrix.groups[index]),\(JSONString.quote(href))]"
        }
        text += "],\n\"edges\":["
        for (index, cell) in matrix.cells.enumerated() {
            if index > 0 { text += ",\n" }
            let evidence = cell.edge.evidence
            let listed = evidence.prefix(Self.listedEvidence).map {
                "[\(JSONString.quote($0.location.description)),\(JSONString.quote($0.summary))]"
            }
            let relation = JSONString.quote(cell.edge.relation.rawValue)
            text += "[\(cell.row),\(cell.column),\(cell.edge.imports.count),\(relation),"
            let rules = cell.rules.map(JSONString.quote).joined(separator: ",")
            text += "[\(rules)],\(cell.isCycle ? 1 : 0),[\(listed.joined(separator: ","))],\(evidence.count)]"
        }
        text += "]};\n"
        return OutputFile(path: ArchitectureSiteMap.dataPath, text: text)
    }
}
