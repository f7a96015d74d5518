/// The script the preview server adds to every HTML page it serves (never to a built
/// site): it listens to the server's events, reloads the page after a successful rebuild
/// keeping the scroll position, and shows a failed build's diagnostics in an overlay.
package enum LiveReloadScript {
    /// Where the server answers with the event stream and with the script.
    package static let eventsPath = "/__strata/events"
    package static let scriptPath = "/__strata/live.js"

    /// `html` with the script tag inserted before its last `</body>` (or at the end).
    package static func inject(into html: [UInt8], buildTag: String) -> [UInt8] {
        let tag = Array("<script src=\"\(scriptPath)\" data-build=\"\(buildTag)\" defer></script>\n".utf8)
        let closing = Array("</body>".utf8)
        var position = html.count
        if html.count >= closing.count {
            var index = html.count - closing.count
            while index >= 0 {
                if matchesIgnoringCase(html, at: index, closing) {
                    position = index
                    break
                }
                index -= 1
            }
        }
        var result = html
        result.insert(contentsOf: tag, at: position)
        return result
    }

    private static func matchesIgnoringCase(_ bytes: [UInt8], at index: Int, _ pattern: [UInt8]) -> Bool {
        for offset in 0..<pattern.count {
            let byte = bytes[index + offset]
            let lower = byte >= 65 && byte <= 90 ? byte + 32 : byte
            if lower != pattern[offset] { return false }
        }
        return true
    }

    package static let source = #"""
        // Strata preview: live reload and build errors. Added by `strata serve` only.
        (function () {
          "use strict";
          var script = document.currentScript;
          var pageBuild = script ? script.getAttribute("data-build") : null;
          var scrollKey = "strata-scroll:" + location.pathname;
          var overlay = null;

          // The position to return to after a reload: applied at once (the page is parsed) and
          // again once images and diagrams have loaded and the page has its full height. Until
          // then it is also what a further reload keeps, so two quick saves never lose it.
          var pending = null;
          try {
            var saved = sessionStorage.getItem(scrollKey);
            if (saved !== null) { sessionStorage.removeItem(scrollKey); pending = JSON.parse(saved); }
          } catch (e) {}
          function restoreScroll() { if (pending) window.scrollTo(pending[0], pending[1]); }
          restoreScroll();
          if (document.readyState === "complete") pending = null;
          else window.addEventListener("load", function () { restoreScroll(); pending = null; });

          function reload() {
            var position = pending || [window.scrollX, window.scrollY];
            try { sessionStorage.setItem(scrollKey, JSON.stringify(position)); } catch (e) {}
            location.reload();
          }

          function hideOverlay() {
            if (overlay) { overlay.remove(); overlay = null; }
          }

          function showOverlay(diagnostics) {
            hideOverlay();
            overlay = document.createElement("div");
            overlay.id = "strata-build-error";
            overlay.setAttribute("role", "alert");
            overlay.style.cssText = "position:fixed;inset:auto 1rem 1rem \#
        1rem;max-height:60vh;overflow:auto;z-index:2147483647;" +
              "background:#2b0b0e;color:#ffe4e6;border:2px solid #f43f5e;border-radius:8px;padding:1rem 1.25rem;" +
              "font:13px/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;box-shadow:0 8px 32px \#
        rgba(0,0,0,.45)";
            var title = document.createElement("strong");
            title.textContent = "strata serve: the last rebuild failed. This is the last good site; fix the errors \#
        below and save.";
            title.style.cssText = "display:block;margin-bottom:.5rem;font-family:system-ui,sans-serif;font-size:14px";
            var close = document.createElement("button");
            close.type = "button";
            close.textContent = "Dismiss";
            close.style.cssText = \#
        "float:right;margin-left:1rem;font:inherit;color:inherit;background:transparent;border:1px solid \#
        currentColor;border-radius:4px;cursor:pointer";
            close.addEventListener("click", hideOverlay);
            var list = document.createElement("pre");
            list.style.cssText = "margin:0;white-space:pre-wrap";
            list.textContent = diagnostics.join("\n");
            overlay.appendChild(close);
            overlay.appendChild(title);
            overlay.appendChild(list);
            (document.body || document.documentElement).appendChild(overlay);
          }

          if (!window.EventSource) return;
          function data(event) { try { return JSON.parse(event.data); } catch (e) { return {}; } }
          var source = null;
          function connect() {
            if (source) return;
            source = new EventSource("/__strata/events");
            source.addEventListener("hello", function (event) {
              var state = data(event);
              // For tests and curious readers: this page hears the server from now on.
              if (script) script.setAttribute("data-listening", "true");
              // A page older than the last good build reloads first (the new page shows the
              // overlay, if the build after it failed).
              if (pageBuild && state.build !== pageBuild) reload();
              else if (state.diagnostics) showOverlay(state.diagnostics);
              else hideOverlay();
            });
            source.addEventListener("reload", function () { reload(); });
            source.addEventListener("failed", function (event) { showOverlay(data(event).diagnostics || []); });
          }
          connect();
          window.addEventListener("pagehide", function () {
            if (source) { source.close(); source = null; }
            if (script) script.removeAttribute("data-listening");
          });
          // Back and forward restore a page from the browser's cache: listen again.
          window.addEventListener("pageshow", function (event) { if (event.persisted) connect(); });
        })();

        """#
}
