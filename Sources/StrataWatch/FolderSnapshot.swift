import Foundation

/// Every file under some folders with what identifies its version (modification and
/// change times, size, inode): what polling compares from one look to the next.
struct FolderSnapshot: Equatable {
    struct Stamp: Equatable {
        var modified: Int64
        var changed: Int64
        var size: Int64
        var inode: UInt64

        init(_ info: stat) {
            #if canImport(Darwin)
                let (modified, changed) = (info.st_mtimespec, info.st_ctimespec)
            #else
                let (modified, changed) = (info.st_mtim, info.st_ctim)
            #endif
            self.modified = Int64(modified.tv_sec) * 1_000_000_000 + Int64(modified.tv_nsec)
            self.changed = Int64(changed.tv_sec) * 1_000_000_000 + Int64(changed.tv_nsec)
            self.size = Int64(info.st_size)
            self.inode = UInt64(info.st_ino)
        }
    }

    private(set) var stamps: [String: Stamp] = [:]

    var paths: [String] { stamps.keys.sorted() }

    static func take(roots: [String], files: [String] = [], excluded: Set<String>, isIgnored: (String) -> Bool)
        -> FolderSnapshot
    {
        var snapshot = FolderSnapshot()
        var visited: Set<String> = []
        for root in roots { snapshot.walk(root, excluded: excluded, isIgnored: isIgnored, visited: &visited) }
        for file in files {
            var info = stat()
            if stat(file, &info) == 0, (info.st_mode & S_IFMT) != S_IFDIR { snapshot.stamps[file] = Stamp(info) }
        }
        return snapshot
    }

    private mutating func walk(
        _ folder: String, excluded: Set<String>, isIgnored: (String) -> Bool, visited: inout Set<String>
    ) {
        guard !excluded.contains(folder) else { return }
        guard let resolved = realpath(folder, nil) else { return }
        let real = String(cString: resolved)
        free(resolved)
        guard visited.insert(real).inserted else { return }
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where !isIgnored(name) {
            let path = folder + "/" + name
            guard !excluded.contains(path) else { continue }
            var info = stat()
            guard stat(path, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                walk(path, excluded: excluded, isIgnored: isIgnored, visited: &visited)
            default:
                stamps[path] = Stamp(info)
            }
        }
    }

    /// Paths added, removed or changed between `self` and `next`, sorted.
    func changes(to next: FolderSnapshot) -> [String] {
        var changed: [String] = []
        for (path, stamp) in next.stamps where stamps[path] != stamp { changed.append(path) }
        for path in stamps.keys where next.stamps[path] == nil { changed.append(path) }
        return changed.sorted()
    }
}
