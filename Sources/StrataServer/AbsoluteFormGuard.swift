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

/// Rewrites `GET scheme://host[:port]/path HTTP/1.1` to `GET /path` with `Host: host[:port]`.
final class AbsoluteFormGuard: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(var head) = unwrapInboundIn(data), let rewritten = Self.originForm(of: head.uri) else {
            context.fireChannelRead(data)
            return
        }
        head.uri = rewritten.target
        head.headers.remove(name: "Host")
        head.headers.add(name: "Host", value: rewritten.authority)
        context.fireChannelRead(wrapInboundOut(.head(head)))
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
