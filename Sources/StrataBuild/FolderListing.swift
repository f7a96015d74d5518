import Foundation
import StrataCore

/// A folder's entries as the file system names them, in bytes. Foundation's listing drops
/// a name that is not UTF-8 without a word, so a page named in Latin-1 vanished from the
/// site with exit 0; here such a name is kept, to be reported.
enum FolderListing {
    struct Entry {
        /// The name, when it is valid UTF-8.
        var name: String?
        /// The name for a diagnostic: invalid bytes as `\xE9`.
        var printable: String
        /// The name as the file system has it.
        var bytes: [UInt8]
        /// What `readdir` says it is (`DT_DIR`, `DT_REG`, `DT_LNK`…; `DT_UNKNOWN` on file
        /// systems that do not say): most entries need no `stat` then.
        var type: UInt8 = 0
    }

    /// Whether `entry` of the folder `path` is a folder, or a link to one: asked by the
    /// entry's bytes, so that it works for names that are not UTF-8.
    /// `followingLinks: false` says no for a symbolic link to a folder (a search for
    /// packages does not follow one out of the project, as `find` does not).
    static func isFolder(_ entry: Entry, in path: String, followingLinks: Bool = true) -> Bool {
        if entry.type == UInt8(DT_DIR) { return true }
        if entry.type == UInt8(DT_REG) { return false }
        if entry.type == UInt8(DT_LNK), !followingLinks { return false }
        var full = Array(path.utf8) + [UInt8(ascii: "/")] + entry.bytes + [0]
        var info = stat()
        let found = full.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                followingLinks ? stat($0.baseAddress!, &info) == 0 : lstat($0.baseAddress!, &info) == 0
            }
        }
        return found && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Whether `entry` of the folder `path` is a symbolic link (one `lstat` only where the
    /// listing does not say).
    static func isLink(_ entry: Entry, in path: String) -> Bool {
        if entry.type == UInt8(DT_LNK) { return true }
        guard entry.type == UInt8(DT_UNKNOWN) else { return false }
        var full = Array(path.utf8) + [UInt8(ascii: "/")] + entry.bytes + [0]
        var info = stat()
        let found = full.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { lstat($0.baseAddress!, &info) == 0 }
        }
        return found && (info.st_mode & S_IFMT) == S_IFLNK
    }

    /// The entries of `path` except `.` and `..`, sorted as Strata sorts paths (by name,
    /// then by bytes for names that are not text).
    /// - Throws: `ReadBoundary.Outside` when the folder opened resolves outside `boundary`
    ///   (one system call per folder: its entries are then inside, links aside).
    static func entries(of path: String, inside boundary: ReadBoundary) throws -> [Entry] {
        guard let folder = opendir(path) else {
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: String(cString: strerror(errno))])
        }
        defer { closedir(folder) }
        if let real = boundary.outside(descriptor: dirfd(folder), path: path) { throw ReadBoundary.Outside(real: real) }
        var entries: [Entry] = []
        while let entry = readdir(folder) {
            let bytes: [UInt8] = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                Array(raw.prefix { $0 != 0 })
            }
            if bytes == [UInt8(ascii: ".")] || bytes == [UInt8(ascii: "."), UInt8(ascii: ".")] { continue }
            let name = String(validating: bytes, as: UTF8.self)
            entries.append(
                Entry(name: name, printable: name ?? printable(bytes), bytes: bytes, type: entry.pointee.d_type))
        }
        return entries.sorted {
            ($0.name ?? "\u{10FFFF}" + $0.printable, $0.printable) < (
                $1.name ?? "\u{10FFFF}" + $1.printable, $1.printable
            )
        }
    }

    /// Bytes as text, each byte that is not part of valid UTF-8 as `\xHH`.
    static func printable(_ bytes: [UInt8]) -> String {
        var result = ""
        var index = 0
        while index < bytes.count {
            // The longest valid sequence starting here, else one escaped byte.
            var decoded: String?
            for length in (1...4).reversed() where index + length <= bytes.count {
                if let text = String(validating: bytes[index..<(index + length)], as: UTF8.self) {
                    decoded = text
                    index += length
                    break
                }
            }
            if let decoded {
                result += decoded
            } else {
                result += "\\x" + String(bytes[index], radix: 16, uppercase: true).leftPadded(to: 2)
                index += 1
            }
        }
        return result
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
