import Foundation
import StrataCore
import StrataDiagrams
import StrataGraphviz

/// Lays out the site's diagrams through Graphviz, reusing every layout whose DOT has not
/// changed: from the previous build's memory (a preview server builds again and again) and
/// from the layouts the previous build left in its output folder. The layouts used are
/// written back there, so the cache holds exactly the current site's diagrams (with the
/// drawings tried before a diagram's fallback) and never grows.
struct DiagramLayout {
    /// Where layouts are kept, inside the output folder (Strata writes nowhere else).
    static let cacheFolder = ".strata-cache/layouts"

    /// The output folder of the previous build, when there is one.
    let previousOutput: URL?
    /// Layouts of the previous build in this process (`strata serve`), by cache key. Never
    /// shared between projects or concurrent builds.
    var cache: ItemCache<LayoutFingerprint, Laid> = .none

    /// A diagram laid out: its SVG, or why Graphviz could not draw it. Graphviz gives the
    /// same answer for the same DOT, failures included.
    typealias Laid = (svg: String?, error: String?)

    /// A layout depends on nothing but its key (the hash of its DOT and of the Graphviz that
    /// drew it), which the memo is keyed by.
    struct LayoutFingerprint: MemoFingerprint {
        func matches(_ previous: LayoutFingerprint) -> Bool { true }
    }

    struct Result {
        /// The diagrams as drawn: each, or the fallback drawn in its place.
        var diagrams: [Diagram]
        var drawings: [String: DiagramDrawing]
        /// The cache, to be written with the site.
        var cacheFiles: [OutputFile]
        var statistics: DiagramStatistics
        /// Diagram id → why Graphviz could not draw it.
        var failures: [String: String]

        /// This result and `other`'s, as one layout of both sets of diagrams.
        mutating func add(_ other: Result) {
            diagrams += other.diagrams
            drawings.merge(other.drawings) { first, _ in first }
            let written = Set(cacheFiles.map(\.path))
            cacheFiles += other.cacheFiles.filter { !written.contains($0.path) }
            failures.merge(other.failures) { first, _ in first }
            statistics.count += other.statistics.count
            statistics.laidOut += other.statistics.laidOut
            statistics.reused += other.statistics.reused
            statistics.seconds += other.statistics.seconds
        }
    }

    /// What a layout depends on besides its DOT: the Graphviz release, its plugins, and how
    /// Strata cleans its SVG (bump the number when `GraphvizSVG` changes). A cached layout
    /// from any other combination is never reused.
    static var cacheIdentity: String { "strata-svg 3; \(GraphvizRenderer.shared.identity)" }

    /// Why Graphviz runs with the system's plugins rather than its own; nil when it does not.
    static var pluginProblem: String? { GraphvizRenderer.shared.pluginNote }

    /// The cache key of a diagram.
    static func key(of dot: String) -> String {
        SHA256.hex(cacheIdentity + "\n" + dot)
    }

    /// - Parameter fallbacks: what to draw instead of a diagram too small to read at the
    ///   page's width, in order (each with the diagram's id); asked only for those.
    func layOut(_ diagrams: [Diagram], fallbacks: @escaping @Sendable (Diagram) -> [Diagram] = { _ in [] }) -> Result {
        let clock = ContinuousClock()
        let start = clock.now
        let previous = previousOutput
        let cache = self.cache
        typealias Attempt = (key: String, svg: String?, error: String?, source: DiagramStatistics.Source)
        @Sendable func attempt(_ diagram: Diagram) -> Attempt {
            let key = Self.key(of: diagram.dot)
            var source = DiagramStatistics.Source.memory
            let laid = cache.value(for: key, fingerprint: { LayoutFingerprint() }) { () -> Laid in
                if let previous,
                    let data = FileManager.default.contents(
                        atPath: previous.appendingPathComponent("\(Self.cacheFolder)/\(key).svg").path),
                    let svg = String(data: data, encoding: .utf8), svg.hasPrefix("<svg"), svg.hasSuffix("</svg>\n")
                {
                    source = .disk
                    return (svg, nil)
                }
                source = .graphviz
                do {
                    // Once Graphviz has placed the modules: layer bands stretched across the drawing,
                    // then arrows' labels moved off any text they cover.
                    return (
                        LabelSpreader.spread(
                            BandStretcher.stretch(GraphvizSVG.inline(try GraphvizRenderer.shared.svg(dot: diagram.dot)))
                        ), nil
                    )
                } catch {
                    return (nil, (error as? GraphvizError)?.message ?? "\(error)")
                }
            }
            return (key, laid.svg, laid.error, source)
        }
        // Each diagram, or the first of its fallbacks that reads well at the page's width.
        let drawn = ParallelMap.map(diagrams) { diagram -> (chosen: Diagram, attempts: [Attempt]) in
            var attempts = [attempt(diagram)]
            // A diagram Graphviz could not draw stays as it is: its page says why.
            guard let svg = attempts[0].svg, !DiagramLegibility.readsWell(svg) else { return (diagram, attempts) }
            let candidates = fallbacks(diagram)
            for (index, candidate) in candidates.enumerated() {
                let laid = attempt(candidate)
                attempts.append(laid)
                if index == candidates.count - 1 || (laid.svg.map { DiagramLegibility.readsWell($0) } ?? false) {
                    return (candidate, attempts)
                }
            }
            return (diagram, attempts)
        }
        var result = Result(diagrams: [], drawings: [:], cacheFiles: [], statistics: DiagramStatistics(), failures: [:])
        var written: Set<String> = []
        for (chosen, attempts) in drawn {
            result.diagrams.append(chosen)
            for attempt in attempts {
                if let svg = attempt.svg, written.insert(attempt.key).inserted {
                    result.cacheFiles.append(OutputFile(path: "\(Self.cacheFolder)/\(attempt.key).svg", text: svg))
                }
            }
            // A diagram counts once: laid out when Graphviz drew any of its attempts.
            if attempts.contains(where: { $0.source == .graphviz }) {
                result.statistics.laidOut += 1
            } else {
                result.statistics.reused += 1
            }
            guard let outcome = attempts.last else { continue }
            if let svg = outcome.svg {
                result.drawings[chosen.id] = .svg(svg)
            } else {
                let reason = outcome.error ?? "unknown error"
                result.drawings[chosen.id] = .failed(reason)
                result.failures[chosen.id] = reason
            }
        }
        result.statistics.count = diagrams.count
        let elapsed = clock.now - start
        result.statistics.seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return result
    }
}

/// How the diagrams of a build were drawn, for the build's summary and `make bench`.
package struct DiagramStatistics: Sendable, Hashable {
    enum Source { case memory, disk, graphviz }

    package var count = 0
    /// Drawn by Graphviz in this build.
    package var laidOut = 0
    /// Taken from the cache.
    package var reused = 0
    /// Wall time spent on diagrams, cache lookups included.
    package var seconds = 0.0
}

/// One DOT graph drawn as a standalone SVG (`strata graph --format svg`).
package enum StandaloneDiagram {
    package static func svg(dot: String) throws -> String {
        do {
            return GraphvizSVG.inline(try GraphvizRenderer.shared.svg(dot: dot))
        } catch {
            throw Diagnostic.error("diagram.layout-failed", "Graphviz could not draw the graph: \(error.message)")
        }
    }
}
