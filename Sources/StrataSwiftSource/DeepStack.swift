import Foundation

/// Runs swift-syntax's parser, and the walks over what it parsed, with the stack Linux gives
/// every thread (8 MiB).
///
/// They recurse once per level of nesting, and Strata's reading limits (`ReadingLimits`)
/// were set where a debug build on Linux stays clear of the stack's end. macOS gives its
/// main thread 8 MiB, but dispatch's threads and Swift concurrency's 512 KiB: there a
/// manifest or a Swift file within the limits (200 nested parentheses, 500 `else if`)
/// ended the process with SIGSEGV, release builds too, where Linux read or reported it
/// (measured on Linux with threads of 512 KiB). On a thread with less than half of 8 MiB,
/// the work is done on a new thread that has it, and waited for.
package enum DeepStack {
    package static let size = 8 << 20

    /// `body`, on this thread when it has at least half of `size`, else on a new one.
    package static func run<T, Failure: Error>(_ body: () throws(Failure) -> T) throws(Failure) -> T {
        guard let current = currentStackSize(), current < size / 2 else { return try body() }
        return try onNewThread(body)
    }

    /// The calling thread's stack size, when the system says.
    static func currentStackSize() -> Int? {
        #if canImport(Darwin)
            return Int(pthread_get_stacksize_np(pthread_self()))
        #elseif canImport(Glibc)
            var attributes = pthread_attr_t()
            guard let getAttributes, getAttributes(pthread_self(), &attributes) == 0 else { return nil }
            defer { pthread_attr_destroy(&attributes) }
            var size = 0
            guard pthread_attr_getstacksize(&attributes, &size) == 0 else { return nil }
            return size
        #else
            return nil
        #endif
    }

    #if canImport(Glibc)
        private typealias GetAttributes = @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32
        /// glibc's `pthread_getattr_np`, which Swift's Glibc module does not declare.
        private static let getAttributes: GetAttributes? = {
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pthread_getattr_np") else { return nil }
            return unsafeBitCast(symbol, to: GetAttributes.self)
        }()
    #endif

    /// `body` on a new thread with `size` bytes of stack, the caller waiting for it.
    static func onNewThread<T, Failure: Error>(_ body: () throws(Failure) -> T) throws(Failure) -> T {
        let result = withoutActuallyEscaping(body) { body in
            let work = Work(body)
            let done = DispatchSemaphore(value: 0)
            let thread = Thread {
                work.result = work.body.map { body in Result { () throws(Failure) -> T in try body() } }
                work.body = nil  // let go of it before the caller returns: it must not escape
                done.signal()
            }
            thread.stackSize = size
            thread.start()
            done.wait()
            return work.result!
        }
        return try result.get()
    }

    /// The work and its result, handed between the two threads (one at a time: the caller
    /// waits while the thread runs).
    private final class Work<T, Failure: Error>: @unchecked Sendable {
        var body: (() throws(Failure) -> T)?
        var result: Result<T, Failure>?
        init(_ body: @escaping () throws(Failure) -> T) { self.body = body }
    }
}
