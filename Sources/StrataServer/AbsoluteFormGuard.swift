import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypesHTTP1

/// Hummingbird's HTTP/1 server, with one handler more before requests become HTTPTypes:
/// the conversion keeps only the path of a request target in absolute form
/// (`GET http://evil.example/ HTTP/1.1`) and takes the host from the `Host` header, while
/// HTTP says the target's host is the one that counts. So the handler moves the target's
/// host into `Host` (the only one) before the conversion, where the server's checks see it.
struct GuardedHTTP1Channel: ServerChildChannel {
    let inner: HTTP1Channel

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<HTTP1Channel.Value> {
        inner.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let codec = try channel.pipeline.syncOperations.handler(type: HTTP1ToHTTPServerCodec.self)
            try channel.pipeline.syncOperations.addHandler(AbsoluteFormGuard(), position: .before(codec))
            return value
        }
    }

    func handle(value: HTTP1Channel.Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }
}

/// Rewrites `GET scheme://host[:port]/path HTTP/1.1` to `GET /path` with `Host: host[:port]`,
/// and answers a request that carries a body at once, closing the connection: the preview
/// serves GET and HEAD only, and a body sent a byte at a time would keep the connection
/// open past the idle timeout (each part read counts as activity).
final class AbsoluteFormGuard: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    /// Set once a request with a body has been answered: what else arrives is dropped.
    private var closing = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !closing else { return }
        let part = unwrapInboundIn(data)
        guard case .head(var head) = part else {
            context.fireChannelRead(data)
            return
        }
        if Self.hasBody(head) {
            closing = true
            let isServed = head.method == .GET || head.method == .HEAD
            var headers = HTTPHeaders([("Connection", "close"), ("Content-Length", "0")])
            if !isServed { headers.add(name: "Allow", value: "GET, HEAD") }
            context.write(
                wrapOutboundOut(
                    .head(
                        HTTPResponseHead(
                            version: head.version, status: isServed ? .badRequest : .methodNotAllowed, headers: headers)
                    )), promise: nil)
            context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in context.close(promise: nil) }
            return
        }
        if let rewritten = Self.originForm(of: head.uri) {
            head.uri = rewritten.target
            head.headers.remove(name: "Host")
            head.headers.add(name: "Host", value: rewritten.authority)
            context.fireChannelRead(wrapInboundOut(.head(head)))
            return
        }
        context.fireChannelRead(data)
    }

    /// Whether the request says a body follows.
    static func hasBody(_ head: HTTPRequestHead) -> Bool {
        if !head.headers["Transfer-Encoding"].isEmpty { return true }
        return head.headers["Content-Length"].contains {
            Int($0.trimmingCharacters(in: .whitespaces)).map { $0 != 0 } ?? true
        }
    }

    /// The authority and origin-form target of an absolute-form target; nil for any other.
    static func originForm(of uri: String) -> (authority: String, target: String)? {
        guard let schemeEnd = uri.range(of: "://"), !uri.hasPrefix("/"),
            uri[..<schemeEnd.lowerBound].allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) })
        else { return nil }
        let rest = uri[schemeEnd.upperBound...]
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        let authority = String(rest[..<authorityEnd])
        var target = String(rest[authorityEnd...])
        if !target.hasPrefix("/") { target = "/" + target }
        return (authority, target)
    }
}
