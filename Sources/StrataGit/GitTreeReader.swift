import Foundation
import StrataCore

/// One file of a commit's tree, as `git ls-tree` lists it.
package struct GitTreeEntry: Hashable, Sendable {
    /// The path from the repository's top.
    package var path: String
    /// The blob's id: the same content has the same id in every commit.
    package var blob: String
    package var isExecutable: Bool
    package var isSymbolicLink: Bool
}

extension GitRepository {
    /// The files of `commit` under `prefix` (a folder from the repository's top; empty for
    /// all), submodules left out (their commits are not in this repository).
    package func tree(of commit: String, under prefix: String) throws -> [GitTreeEntry] {
        var arguments = ["ls-tree", "-r", "-z", "--full-tree", commit]
        if !prefix.isEmpty { arguments += ["--", prefix.hasSuffix("/") ? prefix : prefix + "/"] }
        let output = try git.run(arguments)
        guard output.status == 0 else {
            throw Diagnostic.error("git.failed", "git ls-tree \(commit): \(output.stderr.trimmed)")
        }
        var entries: [GitTreeEntry] = []
        for record in output.stdout.split(separator: 0) {
            // "<mode> <type> <object>\t<path>"
            guard let tab = record.firstIndex(of: 9) else { continue }
            let fields = String(decoding: record[record.startIndex..<tab], as: UTF8.self).split(separator: " ")
            guard fields.count == 3, fields[1] == "blob" else { continue }
            let path = String(decoding: record[record.index(after: tab)...], as: UTF8.self)
            entries.append(
                GitTreeEntry(
                    path: path, blob: String(fields[2]), isExecutable: fields[0] == "100755",
                    isSymbolicLink: fields[0] == "120000"))
        }
        return entries
    }

    /// The contents of `blobs`, read in one `git cat-file --batch`, by id.
    package func contents(of blobs: [String]) throws -> [String: Data] {
        let unique = Array(Set(blobs)).sorted()
        guard !unique.isEmpty else { return [:] }
        let input = Data(unique.map { $0 + "\n" }.joined().utf8)
        let output = try git.run(["cat-file", "--batch"], input: input)
        guard output.status == 0 else {
            throw Diagnostic.error("git.failed", "git cat-file: \(output.stderr.trimmed)")
        }
        // Each object: "<id> <type> <size>\n<content>\n"; a missing one: "<id> missing\n".
        var contents: [String: Data] = [:]
        let bytes = output.stdout
        var index = bytes.startIndex
        while index < bytes.endIndex {
            guard let newline = bytes[index...].firstIndex(of: 10) else { break }
            let header = String(decoding: bytes[index..<newline], as: UTF8.self).split(separator: " ")
            index = bytes.index(after: newline)
            guard header.count == 3, let size = Int(header[2]), size >= 0,
                bytes.distance(from: index, to: bytes.endIndex) >= size
            else { continue }
            let end = bytes.index(index, offsetBy: size)
            contents[String(header[0])] = Data(bytes[index..<end])
            index = end < bytes.endIndex ? bytes.index(after: end) : end
        }
        return contents
    }
}
