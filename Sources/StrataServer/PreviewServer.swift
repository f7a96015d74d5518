import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import ServiceLifecycle
import StrataCore
import Synchronization

/// The HTTP side of `strata serve`: answers from the hub's current site (from memory; only
/// the large files a build publishes as copies, `FileCopy`, are read from disk), adds the live-reload script to HTML
/// pages, and streams build events. Built on
/// Hummingbird; stops cleanly on Ctrl-C (SIGINT) or SIGTERM.
package struct PreviewServer: Sendable {
    package let host: String
    package let port: Int
    /// The URL path the site is published under (`/` or, from `base_url`, e.g. `/docs/`).
    package let mountPath: String
    package let hub: LiveReloadHub
    /// How long a connection may stay without a whole request arriving (a request head sent
    /// a byte at a time, or nothing at all) before it is closed. Event streams, once asked
    /// for, stay open.
    package let idleTimeout: Duration

    package init(
        host: String, port: Int, mountPath: String = "/", hub: LiveReloadHub, idleTimeout: Duration = .seconds(30)
    ) {
        self.host = host
        self.port = port
        self.idleTimeout = idleTimeout
        var mount = mountPath.hasPrefix("/") ? mountPath : "/" + mountPath
        if !mount.hasSuffix("/") { mount += "/" }
        self.mountPath = mount
        // Requests are compared decoded, so the mount is too (`/caf%C3%A9/` → `café/`).
        if case .path(let decoded) = RequestTarget.parse(mount) {
            self.mountPrefix = decoded
        } else {
            self.mountPrefix = String(mount.dropFirst())
        }
        self.hub = hub
        self.isLoopback = ["127.0.0.1", "::1", "localhost"].contains(host) || host.hasPrefix("127.")
    }

    /// The mount path, decoded, without its leading `/` (`""` or `docs/`).
    let mountPrefix: String
    /// Listening on this machine only: then requests must name this machine, so that a web
    /// page whose domain is made to point at 127.0.0.1 (DNS rebinding) cannot read the preview.
    let isLoopback: Bool

    static func isLocalAuthority(_ authority: String?) -> Bool {
        guard let authority else { return false }
        var name = authority.lowercased()
        if name.hasPrefix("[") {
            name = String(name.dropFirst().prefix { $0 != "]" })
        } else if let colon = name.lastIndex(of: ":") {
            name = String(name[..<colon])
        }
        let octets = name.split(separator: ".", omittingEmptySubsequences: false)
        let isLoopbackIPv4 = octets.count == 4 && octets.first == "127" && octets.allSatisfy { UInt8($0) != nil }
        return name == "localhost" || name.hasSuffix(".localhost") || name == "::1" || isLoopbackIPv4
    }

    /// Runs until SIGINT/SIGTERM (or `background` ends by throwing). `onListening` gets the
    /// port actually bound (useful with port 0); `background` runs beside the server (the
    /// watch-and-rebuild loop) and is cancelled first when the server stops, after which
    /// every event stream is closed so no browser holds the shutdown up.
    /// - Throws: `PreviewServerError` when the port is taken or the address cannot be used.
    package func run(
        onListening: @escaping @Sendable (Int) -> Void,
        background: @escaping @Sendable () async throws -> Void
    ) async throws {
        var logger = Logger(label: "strata.serve")
        logger.logLevel = .critical
        let hub = self.hub
        let responder = CallbackResponder<BasicRequestContext> { request, _ in
            await self.respond(to: request)
        }
        let timeout = idleTimeout.components
        let app = Application(
            responder: responder,
            server: HTTPServerBuilder { responder in
                GuardedHTTP1Channel(
                    inner: HTTP1Channel(
                        responder: responder,
                        configuration: .init(
                            idleTimeout: .nanoseconds(
                                timeout.seconds * 1_000_000_000 + timeout.attoseconds / 1_000_000_000))
                    ))
            },
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: nil),
            onServerRunning: { channel in onListening(channel.localAddress?.port ?? port) },
            logger: logger
        )
        let stopping = StopFlag()
        let loop = BackgroundService(
            operation: background,
            onStop: {
                stopping.set()
                hub.finishAll()
            })
        let heartbeat = BackgroundService(
            operation: {
                while !Task.isCancelled {
                    try await Task.sleep(for: .seconds(15))
                    hub.ping()
                }
            }, onStop: {})
        var configuration = ServiceGroupConfiguration(
            services: [
                .init(service: app),
                .init(service: heartbeat, successTerminationBehavior: .ignore),
                .init(service: loop, successTerminationBehavior: .gracefullyShutdownGroup)
            ],
            gracefulShutdownSignals: [.sigint, .sigterm],
            cancellationSignals: [],
            logger: logger
        )
        // A connection that will not finish cannot hold Ctrl-C up for long.
        configuration.maximumGracefulShutdownDuration = .seconds(5)
        configuration.maximumCancellationDuration = .seconds(5)
        let group = ServiceGroup(configuration: configuration)
        do {
            try await group.run()
        } catch {
            if let failure = Self.bindFailure(error, host: host, port: port) { throw failure }
            // Once asked to stop, a service cut short on the way (a slow machine, a stuck
            // connection) is still a stop, not a failure.
            if stopping.isSet { return }
            throw error
        }
    }

    // MARK: Answering requests

    func respond(to request: Request) async -> Response {
        let rawTarget = request.head.path ?? "/"
        let pathOnly =
            rawTarget.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init)
            ?? rawTarget
        if let refusal = Self.refusal(of: request.head, isLoopback: isLoopback) {
            return Self.text(refusal.status, "Refused: \(refusal.reason).\n", method: request.method)
        }
        guard request.method == .get || request.method == .head else {
            var headers = Self.commonHeaders
            headers[.allow] = "GET, HEAD"
            return Self.text(
                .methodNotAllowed, "Only GET and HEAD are served.\n", headers: headers, method: request.method)
        }
        if pathOnly == LiveReloadScript.eventsPath { return eventStream() }
        if pathOnly == LiveReloadScript.scriptPath {
            return Self.body(
                .ok, Array(LiveReloadScript.source.utf8), contentType: "text/javascript; charset=utf-8",
                method: request.method)
        }
        let site = hub.current
        switch RequestTarget.parse(rawTarget) {
        case .refused(let status, let reason):
            return Self.text(HTTPResponse.Status(code: status), "Refused: \(reason).\n", method: request.method)
        case .path(let path):
            guard path.hasPrefix(mountPrefix) || path + "/" == mountPrefix else {
                if path.isEmpty { return Self.redirect(to: mountPath, method: request.method) }
                return await notFound(site, method: request.method)
            }
            if path + "/" == mountPrefix { return Self.redirect(to: mountPath, method: request.method) }
            let sitePath = String(path.dropFirst(mountPrefix.count))
            switch site.lookup(sitePath) {
            case .file(let file):
                return await serve(file, in: site, status: .ok, method: request.method)
            case .redirect(let folder):
                return Self.redirect(to: mountPath + SitePath.urlPath(folder), method: request.method)
            case .notFound:
                return await notFound(site, method: request.method)
            }
        }
    }

    private func serve(_ path: String, in site: ServedSite, status: HTTPResponse.Status, method: HTTPRequest.Method)
        async -> Response
    {
        let mediaType = MediaType.ofSiteFile(path)
        let contentType = mediaType.description
        if let copy = site.copies[path] {
            let body =
                method == .head ? (CopiedFileBody.isServable(copy) ? ResponseBody() : nil) : CopiedFileBody.body(copy)
            guard let body else { return await notFound(site, method: method) }
            var headers = Self.commonHeaders
            headers[.contentType] = contentType
            headers[.contentLength] = String(copy.size)
            return Response(status: status, headers: headers, body: body)
        }
        var bytes = await site.contents(of: path) ?? []
        if mediaType.isType(.textHtml) { bytes = LiveReloadScript.inject(into: bytes, buildTag: site.buildTag) }
        return Self.body(status, bytes, contentType: contentType, method: method)
    }

    private func notFound(_ site: ServedSite, method: HTTPRequest.Method) async -> Response {
        if site.files["404.html"] != nil { return await serve("404.html", in: site, status: .notFound, method: method) }
        return Self.text(.notFound, "Not found.\n", method: method)
    }

    private func eventStream() -> Response {
        let stream = hub.subscribe()
        var headers = Self.commonHeaders
        headers[.contentType] = "text/event-stream; charset=utf-8"
        return Response(
            status: .ok, headers: headers,
            body: ResponseBody { writer in
                for await text in stream {
                    try await writer.write(ByteBuffer(string: text))
                }
                try await writer.finish(nil)
            })
    }

    /// Why a request is not answered, before anything is looked up: a request with no
    /// `Host`, two of them, or a list in one (each can make a proxy and the server disagree on
    /// the host); a target in absolute form (`GET http://evil.example/`), whose host would
    /// otherwise go unchecked; a host that is not this machine when listening on loopback
    /// (a page whose domain is made to point at 127.0.0.1, DNS rebinding); and a browser's
    /// request made from another site for anything but opening a page (a `<script>` on
    /// evil.example loading the search index).
    static func refusal(of head: HTTPRequest, isLoopback: Bool) -> (status: HTTPResponse.Status, reason: String)? {
        guard let authority = head.authority, !authority.isEmpty else {
            return (.badRequest, "a request needs a Host header")
        }
        if !head.headerFields[values: Self.hostField].isEmpty { return (.badRequest, "a request has one Host header") }
        if authority.contains(where: { $0 == "," || $0 == " " || $0 == "\t" || $0 == "@" || $0 == "/" }) {
            return (.badRequest, "the Host header names one host")
        }
        if let target = head.path, !target.hasPrefix("/") { return (.badRequest, "the request target must be a path") }
        if isLoopback, !isLocalAuthority(authority) {
            return (.forbidden, "this preview answers requests for localhost only")
        }
        if head.headerFields[Self.fetchSiteField] == "cross-site", head.headerFields[Self.fetchModeField] != "navigate"
        {
            return (.forbidden, "another site may link to this preview, not load from it")
        }
        return nil
    }

    static let hostField = HTTPField.Name("Host")!
    static let fetchSiteField = HTTPField.Name("Sec-Fetch-Site")!
    static let fetchModeField = HTTPField.Name("Sec-Fetch-Mode")!

    /// On every answer: never cached, never sniffed, never framed by another page, never
    /// sending the preview's address to another site, never loaded by another origin.
    static let commonHeaders: HTTPFields = [
        .cacheControl: "no-store",
        HTTPField.Name("X-Content-Type-Options")!: "nosniff",
        HTTPField.Name("Content-Security-Policy")!:
            "frame-ancestors 'none'; base-uri 'self'; object-src 'none'; form-action 'self'",
        HTTPField.Name("X-Frame-Options")!: "DENY",
        HTTPField.Name("Referrer-Policy")!: "no-referrer",
        HTTPField.Name("Cross-Origin-Resource-Policy")!: "same-origin"
    ]

    static func body(
        _ status: HTTPResponse.Status, _ bytes: [UInt8], contentType: String, method: HTTPRequest.Method,
        headers: HTTPFields = commonHeaders
    ) -> Response {
        var headers = headers
        headers[.contentType] = contentType
        headers[.contentLength] = String(bytes.count)
        let body = method == .head ? ResponseBody() : ResponseBody(byteBuffer: ByteBuffer(bytes: bytes))
        return Response(status: status, headers: headers, body: body)
    }

    static func text(
        _ status: HTTPResponse.Status, _ message: String, headers: HTTPFields = commonHeaders,
        method: HTTPRequest.Method
    ) -> Response {
        body(status, Array(message.utf8), contentType: "text/plain; charset=utf-8", method: method, headers: headers)
    }

    static func redirect(to location: String, method: HTTPRequest.Method) -> Response {
        var headers = commonHeaders
        headers[.location] = location
        return body(
            .found, Array("Moved to \(location)\n".utf8), contentType: "text/plain; charset=utf-8", method: method,
            headers: headers)
    }

    // MARK: Errors

    /// The reason the server could not listen, in words, when that was the failure.
    static func bindFailure(_ error: any Error, host: String, port: Int) -> PreviewServerError? {
        if let ioError = error as? IOError {
            if ioError.errnoCode == EADDRINUSE { return .portInUse(host: host, port: port) }
            var reason = String(cString: strerror(ioError.errnoCode))
            if ioError.errnoCode == EADDRNOTAVAIL { reason += " (it is not an address of this machine)" }
            if ioError.errnoCode == EACCES { reason += " (ports below 1024 need administrator rights)" }
            return .cannotBind(host: host, port: port, reason: reason)
        }
        if error is SocketAddressError || error is SocketAddressError.UnknownHost {
            return .cannotBind(host: host, port: port, reason: "no such host")
        }
        return nil
    }
}

/// Why the preview server could not start.
package enum PreviewServerError: Error, CustomStringConvertible, Equatable {
    case portInUse(host: String, port: Int)
    case cannotBind(host: String, port: Int, reason: String)

    package var description: String {
        switch self {
        case .portInUse(let host, let port):
            "port \(port) on \(host) is already in use; stop the other server or choose another port, e.g. --port "
                + "\(port == 65535 ? 8001 : port + 1) (or --port 0 for any free port)"
        case .cannotBind(let host, let port, let reason):
            "cannot listen on \(host):\(port): \(reason)"
        }
    }
}

/// Whether the server was asked to stop.
final class StopFlag: Sendable {
    private let value = Mutex(false)
    func set() { value.withLock { $0 = true } }
    var isSet: Bool { value.withLock { $0 } }
}

/// A closure run as a ServiceLifecycle service, cancelled on graceful shutdown.
struct BackgroundService: Service {
    let operation: @Sendable () async throws -> Void
    let onStop: @Sendable () -> Void

    func run() async throws {
        defer { onStop() }
        try await cancelWhenGracefulShutdown {
            do {
                try await operation()
            } catch is CancellationError {
                // Stopping is not an error.
            }
        }
    }
}
