import Hummingbird

extension MediaType {
    /// The media type of a site file, from its extension, by Hummingbird's table and the
    /// few types a documentation site uses that it lacks. Text types carry `charset=utf-8`,
    /// because Strata writes every text file as UTF-8; an unknown extension is served as
    /// bytes (with `nosniff`, a browser will not guess a script out of it).
    static func ofSiteFile(_ path: String) -> MediaType {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return .applicationBinary }
        let fileExtension = name[name.index(after: dot)...].lowercased()
        guard let found = getMediaType(forExtension: fileExtension) ?? missingFromHummingbird[fileExtension] else {
            return .applicationBinary
        }
        return found.isType(.text) ? found.withParameter(name: "charset", value: "utf-8") : found
    }

    static let missingFromHummingbird: [String: MediaType] = [
        "avif": MediaType(type: .image, subType: "avif"),
        "md": MediaType(type: .text, subType: "markdown"),
        "map": .applicationJson
    ]
}
