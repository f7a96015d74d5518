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

    /// One request on a fresh connection (`Connection: close`), read to the end.
    public static func request(port: Int, target: String, method: String = "GET", host: String = "127.0.0.1", timeout: TimeInterval = 10) throws -> Response {
        let socket = try connect(port: port, timeout: timeout)
        defer { close(socket) }
        try send(socket, "\(method) \(target) HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n")
        var raw: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count <= 0 { break }
            raw += buffer[0 ..< count]
        }
        return try parse(raw, method: method)
    }

    static func parse(_ raw: [UInt8], method: String) throws -> Response {
        let separator = Array("\r\n\r\n".utf8)
        guard let end = raw.firstRange(of: separator) else { throw Failure(description: "no response head in \(raw.count) bytes") }
        let head = String(decoding: raw[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = head.first?.split(separator: " ") ?? []
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { throw Failure(description: "bad status line '\(head.first ?? "")'") }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
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
            let size = Int(String(decoding: bytes[index ..< lineEnd.lowerBound], as: UTF8.self), radix: 16) ?? 0
            if size == 0 { break }
            let start = lineEnd.upperBound
            result += bytes[start ..< min(bytes.count, start + size)]
            index = start + size + 2
        }
        return result
    }

    /// A live `text/event-stream` connection.
    public final class EventStream {
        let socket: Int32
        private var received = ""

        public init(port: Int, path: String = "/__strata/events", timeout: TimeInterval = 10) throws {
            socket = try RawHTTP.connect(port: port, timeout: timeout)
            try RawHTTP.send(socket, "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
        }

        deinit { close(socket) }

        /// Waits for the next event called `name` and returns its data, or nil on timeout or
        /// when the server closes the stream. Events before it are skipped.
        public func next(_ name: String, timeout: TimeInterval = 10) -> String? {
            let deadline = Date().addingTimeInterval(timeout)
            let marker = "event: \(name)\ndata: "
            while true {
                if let range = received.range(of: marker), let end = received[range.upperBound...].range(of: "\n") {
                    let data = String(received[range.upperBound ..< end.lowerBound])
                    received = String(received[end.upperBound...])
                    return data
                }
                let remaining = deadline.timeIntervalSinceNow
                if remaining <= 0 { return nil }
                var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
                guard poll(&descriptor, 1, Int32(remaining * 1000)) > 0 else { return nil }
                var buffer = [UInt8](repeating: 0, count: 65536)
                let count = recv(socket, &buffer, buffer.count, 0)
                if count <= 0 { return nil }
                received += String(decoding: buffer[0 ..< count], as: UTF8.self)
            }
        }

        /// Whether the server ended the stream within `timeout`.
        public func waitForClose(timeout: TimeInterval = 10) -> Bool {
            let deadline = Date().addingTimeInterval(timeout)
            var buffer = [UInt8](repeating: 0, count: 65536)
            while deadline.timeIntervalSinceNow > 0 {
                var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
                guard poll(&descriptor, 1, Int32(deadline.timeIntervalSinceNow * 1000)) > 0 else { return false }
                if recv(socket, &buffer, buffer.count, 0) <= 0 { return true }
            }
            return false
        }
    }

    static func connect(port: Int, timeout: TimeInterval) throws -> Int32 {
        #if canImport(Darwin)
        let socket = Darwin.socket(AF_INET, SOCK_STREAM, 0)
        #else
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        guard socket >= 0 else { throw Failure(description: "socket() failed") }
        var time = timeval(tv_sec: Int(timeout), tv_usec: 0)
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
            let count = bytes[sent...].withUnsafeBytes { Foundation.send(socket, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { throw Failure(description: "send failed") }
            sent += count
        }
    }
}
