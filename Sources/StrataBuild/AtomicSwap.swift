import Foundation

/// Exchanges two paths in one step: Linux's `renameat2(…, RENAME_EXCHANGE)`, macOS's
/// `renamex_np(…, RENAME_SWAP)`. Replacing a folder with two renames leaves a moment with
/// no folder at all; a build killed in it left no `Output/`.
enum AtomicSwap {
    /// Whether `first` and `second` (both existing) were exchanged. False where the system
    /// or the file system cannot (the caller then renames twice).
    static func exchange(_ first: String, _ second: String) -> Bool {
        #if os(Linux)
            guard let renameat2 else { return false }
            let renameExchange: UInt32 = 2  // RENAME_EXCHANGE in <linux/fs.h>
            return renameat2(AT_FDCWD, first, AT_FDCWD, second, renameExchange) == 0
        #elseif canImport(Darwin)
            return renamex_np(first, second, UInt32(RENAME_SWAP)) == 0
        #else
            return false
        #endif
    }

    #if os(Linux)
        private typealias RenameAt2 =
            @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
        /// glibc has had it since 2.28, but Swift's Glibc module does not declare it.
        private static let renameat2: RenameAt2? = {
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") else { return nil }
            return unsafeBitCast(symbol, to: RenameAt2.self)
        }()
    #endif
}
