import Foundation

extension TemporaryProject {
    /// The architecture diagrams the pages of the built site show, as they show them: page
    /// path and position → SVG (a diagram Strata drew, not one it tried and replaced).
    func shownDiagrams() -> [String: Data] {
        Self.shownDiagrams(in: url("Output"))
    }

    static func shownDiagrams(in output: URL) -> [String: Data] {
        var drawings: [String: Data] = [:]
        let base = output.standardizedFileURL
        guard let enumerator = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else {
            return drawings
        }
        for case let file as URL in enumerator where file.pathExtension == "html" {
            guard let data = try? Data(contentsOf: file) else { continue }
            let page = String(decoding: data, as: UTF8.self)
            let path = String(file.standardizedFileURL.path.dropFirst(base.path.count + 1))
            var search = page.startIndex
            while let open = page[search...].firstRange(of: "<svg "),
                let close = page[open.upperBound...].firstRange(of: "</svg>")
            {
                let svg = page[open.lowerBound..<close.upperBound]
                if svg.contains("id=\"svg.") { drawings["\(path)#\(drawings.count)"] = Data(svg.utf8) }
                search = close.upperBound
            }
        }
        return drawings
    }
}
