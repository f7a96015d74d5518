import Foundation

/// What identifies a version of a file without reading it.
struct FileStamp: Hashable, Sendable {
    var modified: Int64
    var changed: Int64
    var size: Int64
    var inode: UInt64
    /// When the stamp was taken (wall clock, nanoseconds).
    var takenAt: Int64 = FileStamp.now()

    /// Whether a later change to the file is sure to change the stamp. On file systems
    /// that keep times to the second or two (FAT, some network and container mounts), a
    /// file written again within the same tick, at the same size, keeps its stamp; so a
    /// file changed less than two seconds before it was looked at is read again next time
    /// (git's "racily clean" rule).
    func isSettled(after settleTime: Int64) -> Bool {
        takenAt - max(modified, changed) >= settleTime
    }

    static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    static func == (lhs: FileStamp, rhs: FileStamp) -> Bool {
        lhs.modified == rhs.modified && lhs.changed == rhs.changed && lhs.size == rhs.size && lhs.inode == rhs.inode
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(modified)
        hasher.combine(changed)
        hasher.combine(size)
        hasher.combine(inode)
    }

    /// nil when the file cannot be looked at (it is then read, and reported, as usual).
    static func of(_ path: String) -> FileStamp? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileStamp(info)
    }

    init(_ info: stat) {
        #if canImport(Darwin)
            let modified = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
            let changed = Int64(info.st_ctimespec.tv_sec) * 1_000_000_000 + Int64(info.st_ctimespec.tv_nsec)
        #else
            let modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
            let changed = Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
        #endif
        self.init(modified: modified, changed: changed, size: Int64(info.st_size), inode: UInt64(info.st_ino))
    }

    init(modified: Int64, changed: Int64, size: Int64, inode: UInt64) {
        self.modified = modified
        self.changed = changed
        self.size = size
        self.inode = inode
    }
}
