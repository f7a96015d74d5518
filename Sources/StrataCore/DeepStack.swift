import Synchronization

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Work that recurses once per level of nesting (swift-syntax's parser and the walks over
/// its trees, the template engine's partials), given the stack Linux gives every thread:
/// 8 MiB.
///
/// Strata's reading limits (`ReadingLimits`) were set where a debug build on Linux stays
/// clear of the stack's end. macOS gives its main thread 8 MiB, but dispatch's threads and
/// Swift concurrency's 512 KiB: there a manifest or a Swift file within the limits (200
/// nested parentheses, 500 `else if`) ended the process with SIGSEGV, release builds too,
/// where Linux read or reported it (measured on Linux with threads of 512 KiB). Work on a
/// thread with less than half of 8 MiB is done on new threads that have it, and waited for.
package enum DeepStack {
    package static let size = 8 << 20

    /// `body`, on this thread when it has at least half of `size`, else on a new one.
    package static func run<T, Failure: Error>(_ body: () throws(Failure) -> T) throws(Failure) -> T {
        guard needsMore else { return try body() }
        var result: Result<T, Failure>?
        onThreads(1, iterations: 1) { _ in result = Result { () throws(Failure) -> T in try body() } }
        return try result!.get()
    }

    /// Whether this thread has less than half of `size` (false when the system does not say).
    package static var needsMore: Bool {
        currentStackSize().map { $0 < size / 2 } ?? false
    }

    /// The calling thread's stack size, when the system says.
    package static func currentStackSize() -> Int? {
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

    /// Runs `body(0)` … `body(iterations - 1)` on `threads` new threads with `size` bytes of
    /// stack each, each taking the next index when it is done with one; returns when all
    /// are done (`DispatchQueue.concurrentPerform` on threads of this size). A thread the
    /// system refuses leaves its share to the others, or to this thread.
    /// On one of these threads already (a map inside a map), the iterations run here, one
    /// after another: the outer map keeps the cores busy.
    package static func onThreads(_ threads: Int, iterations: Int, _ body: (Int) -> Void) {
        if isOwnThread {
            for index in 0..<iterations { body(index) }
            return
        }
        withoutActuallyEscaping(body) { body in
            let work = Work(body: body, iterations: iterations)
            let context = Unmanaged.passRetained(work)
            var started: [pthread_t] = []
            for _ in 0..<max(1, min(threads, iterations)) {
                if let thread = start(context.toOpaque()) { started.append(thread) }
            }
            if started.isEmpty { work.run() }
            for thread in started { pthread_join(thread, nil) }
            context.release()
            work.body = nil  // let go of it before returning: it must not escape
        }
    }

    /// Whether this is one of the threads `onThreads` started.
    package static var isOwnThread: Bool { pthread_getspecific(ownThreadKey) != nil }

    /// Set on the threads `onThreads` starts.
    private static let ownThreadKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// A new thread of `size` running the work at `context`; nil when the system refuses.
    private static func start(_ context: UnsafeMutableRawPointer) -> pthread_t? {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, size)
        #if canImport(Darwin)
            var thread: pthread_t? = nil
        #else
            var thread = pthread_t()
        #endif
        let status = pthread_create(
            &thread, &attributes,
            { context in
                // Optional on Linux, not on Darwin.
                let raw: UnsafeMutableRawPointer? = context
                pthread_setspecific(DeepStack.ownThreadKey, UnsafeRawPointer(bitPattern: 1))
                Unmanaged<Work>.fromOpaque(raw!).takeUnretainedValue().run()
                return nil
            }, context)
        return status == 0 ? thread : nil
    }

    /// The body and the next index, shared by the threads (each index is taken once).
    private final class Work: @unchecked Sendable {
        var body: ((Int) -> Void)?
        let iterations: Int
        let next = Atomic<Int>(0)

        init(body: @escaping (Int) -> Void, iterations: Int) {
            (self.body, self.iterations) = (body, iterations)
        }

        func run() {
            guard let body else { return }
            while true {
                let index = next.add(1, ordering: .relaxed).oldValue
                if index >= iterations { return }
                body(index)
            }
        }
    }
}
