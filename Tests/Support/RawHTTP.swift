import Foundation

/// A deliberately plain HTTP/1.1 client for tests: it sends the request target exactly as
/// given (URLSession would normalise `..` away), and reads a Server-Sent Events stream.
public enum RawHTTP {
    public struct Response: Sendable {
        public var status: Int
        /// Header names in lower case.
        public var headers: [String: String]
        public var body: [UInt8]
        public var text: String { String(decoding: body, as: UTF8.self) }
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        public init(description: String) { self.description = description }
    }

    /// One request on a fresh connection (`Connection: close`), read to the end, on a thread
    /// of its own (the server under test answers on the cooperative pool).
    public static func request(
        port: Int, target: String, method: String = "GET", host: String? = "127.0.0.1", headers: [String] = [],
        timeout: TimeInterval = 30
    ) async throws -> Response {
        var head = "\(method) \(target) HTTP/1.1\r\n"
        if let host { head += "Host: \(host)\r\n" }
        for header in headers { head += header + "\r\n" }
        head += "Connection: close\r\n\r\n"
        return try await exchange(port: port, raw: head, method: method, timeout: timeout)
    }

    /// Sends `raw` bytes as they are (a request that no client would write) and reads the
    /// answer to the end.
    public static func exchange(port: Int, raw: String, method: String = "GET", timeout: TimeInterval = 30) async throws
        -> Response
    {
        try await OwnThread.run("HTTP \(method) to \(port)") {
            let bytes = try readToEnd(port: port, sending: raw, timeout: timeout)
            do {
                return try parse(bytes, method: method)
            } catch let failure as Failure {
                throw Failure(description: "\(failure.description) (request: \(raw.debugDescription))")
            }
        }
    }

    static func readToEnd(port: Int, sending text: String, timeout: TimeInterval) throws -> [UInt8] {
        let socket = try connect(port: port, timeout: timeout)
        defer { close(socket) }
        try send(socket, text)
        var raw: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count < 0, errno == EINTR { continue }
            if count < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                throw Failure(
                    description: "no answer from 127.0.0.1:\(port) within \(timeout) s (\(raw.count) bytes read)")
            }
            if count <= 0 { break }
            raw += buffer[0..<count]
            if Date() > deadline {
                throw Failure(description: "the answer from 127.0.0.1:\(port) did not end within \(timeout) s")
            }
        }
        return raw
    }

    static func parse(_ raw: [UInt8], method: String) throws -> Response {
        let separator = Array("\r\n\r\n".utf8)
        guard let end = raw.firstRange(of: separator) else {
            throw Failure(description: "no response head in \(raw.count) bytes")
        }
        let head = String(decoding: raw[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = head.first?.split(separator: " ") ?? []
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
            throw Failure(description: "bad status line '\(head.first ?? "")'")
        }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        var body = Array(raw[end.upperBound...])
        if headers["transfer-encoding"] == "chunked" { body = dechunk(body) }
        return Response(status: status, headers: headers, body: method == "HEAD" ? [] : body)
    }

    static func dechunk(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var index = 0
        while index < bytes.count {
            guard let lineEnd = bytes[index...].firstRange(of: Array("\r\n".utf8)) else { break }
            let size = Int(String(decoding: bytes[index..<lineEnd.lowerBound], as: UTF8.self), radix: 16) ?? 0
            if size == 0 { break }
            let start = lineEnd.upperBound
            result += bytes[start..<min(bytes.count, start + size)]
            index = start + size + 2
        }
        return result
    }

    /// A live `text/event-stream` connection. Its waits run on a thread of their own.
    public final class EventStream: @unchecked Sendable {
        let socket: Int32
        let port: Int
        private let lock = NSLock()
        private var received = ""

        private init(socket: Int32, port: Int) {
            self.socket = socket
            self.port = port
        }

        /// Connects and asks for the stream at `path`.
        public static func open(port: Int, path: String = "/__strata/events", timeout: TimeInterval = 30) async throws
            -> EventStream
        {
            try await open(
                port: port, sending: "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n",
                timeout: timeout)
        }

        /// Connects and sends `text` as it is (part of a request, say), keeping the
        /// connection open.
        public static func open(port: Int, sending text: String, timeout: TimeInterval = 30) async throws -> EventStream
        {
            try await OwnThread.run("connect to \(port)") {
                let socket = try RawHTTP.connect(port: port, timeout: timeout)
                do {
                    try RawHTTP.send(socket, text)
                } catch {
                    close(socket)
                    throw error
                }
                return EventStream(socket: socket, port: port)
            }
        }

        deinit { close(socket) }

        /// The data of the next event called `name`; events before it are skipped. Throws,
        /// saying what arrived meanwhile, when the server closes the stream or `timeout` passes.
        public func next(_ name: String, timeout: TimeInterval = 30) async throws -> String {
            try await OwnThread.run("wait for event \(name)") { try self.nextNow(name, timeout: timeout) }
        }

        private func nextNow(_ name: String, timeout: TimeInterval) throws -> String {
            try lock.withLock {
                let deadline = Date().addingTimeInterval(timeout)
                let marker = "event: \(name)\ndata: "
                var everything = ""
                while true {
                    if let range = received.range(of: marker), let end = received[range.upperBound...].range(of: "\n") {
                        let data = String(received[range.upperBound..<end.lowerBound])
                        received = String(received[end.upperBound...])
                        return data
                    }
                    let remaining = deadline.timeIntervalSinceNow
                    func failure(_ what: String) -> Failure {
                        Failure(
                            description:
                                "\(what) while waiting for the event '\(name)' on port \(port); received: "
                                + "\((everything + received).debugDescription)"
                        )
                    }
                    if remaining <= 0 { throw failure("\(timeout) s passed") }
                    var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
                    let ready = poll(&descriptor, 1, Int32(remaining * 1000) + 1)
                    if ready < 0, errno == EINTR { continue }
                    if ready == 0 { continue }
                    var buffer = [UInt8](repeating: 0, count: 65536)
                    let count = recv(socket, &buffer, buffer.count, 0)
                    if count < 0, errno == EINTR || errno == EAGAIN { continue }
                    if count <= 0 { throw failure("the server closed the stream") }
                    // Skipped events are kept for the failure message, not searched again.
                    if let last = received.range(of: "\n\n", options: .backwards) {
                        everything += received[..<last.upperBound]
                        received = String(received[last.upperBound...])
                    }
                    received += String(decoding: buffer[0..<count], as: UTF8.self)
                }
            }
        }

        /// Waits until the server ends the stream; throws if it is still open after `timeout`.
        public func waitForClose(timeout: TimeInterval = 30) async throws {
            try await OwnThread.run("wait for the stream to close") {
                let deadline = Date().addingTimeInterval(timeout)
                var buffer = [UInt8](repeating: 0, count: 65536)
                while deadline.timeIntervalSinceNow > 0 {
                    var descriptor = pollfd(fd: self.socket, events: Int16(POLLIN), revents: 0)
                    let ready = poll(&descriptor, 1, Int32(deadline.timeIntervalSinceNow * 1000) + 1)
                    if ready <= 0 { continue }
                    let count = recv(self.socket, &buffer, buffer.count, 0)
                    if count < 0, errno == EINTR || errno == EAGAIN { continue }
                    if count <= 0 { return }
                }
                throw Failure(description: "the event stream on port \(self.port) was still open after \(timeout) s")
            }
        }
    }

    static func connect(port: Int, timeout: TimeInterval) throws -> Int32 {
        #if canImport(Darwin)
            let socket = Darwin.socket(AF_INET, SOCK_STREAM, 0)
            guard socket >= 0 else { throw Failure(description: "socket() failed") }
            // Darwin has neither SOCK_CLOEXEC nor MSG_NOSIGNAL: the same, set on the socket.
            _ = fcntl(socket, F_SETFD, FD_CLOEXEC)
            var one: Int32 = 1
            setsockopt(socket, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #else
            // Close-on-exec: a child started by a parallel test must not inherit it (and hold it open).
            let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard socket >= 0 else { throw Failure(description: "socket() failed") }
        #endif
        // tv_usec is an Int32 on Darwin, an Int on Linux.
        var time = timeval(
            tv_sec: Int(timeout), tv_usec: suseconds_t((timeout - timeout.rounded(.down)) * 1_000_000))
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                #if canImport(Darwin)
                    Darwin.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                #else
                    Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                #endif
            }
        }
        guard result == 0 else {
            close(socket)
            throw Failure(description: "cannot connect to 127.0.0.1:\(port): \(String(cString: strerror(errno)))")
        }
        return socket
    }

    static func send(_ socket: Int32, _ text: String) throws {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            #if canImport(Glibc)
                let flags = Int32(MSG_NOSIGNAL)  // a closed connection is an error, not a SIGPIPE
            #else
                let flags: Int32 = 0
            #endif
            let count = bytes[sent...].withUnsafeBytes { Foundation.send(socket, $0.baseAddress, $0.count, flags) }
            guard count > 0 else { throw Failure(description: "send failed") }
            sent += count
        }
    }
}
