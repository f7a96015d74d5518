import Foundation
import PackagePlugin

/// Embeds `Themes/default` into the target it is applied to, so the default theme travels
/// with the binary instead of being looked up next to it or in the current folder.
@main
struct EmbedThemePlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let themeDirectory = context.package.directoryURL.appending(path: "Themes/default")
        var inputs: [URL] = []
        if let enumerator = FileManager.default.enumerator(
            at: themeDirectory, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles]
        ) {
            for case let url as URL in enumerator where !url.hasDirectoryPath {
                inputs.append(url)
            }
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "DefaultThemeFiles.swift")
        let tool = try context.tool(named: "strata-embed-theme")
        return [
            .buildCommand(
                displayName: "Embedding the default theme",
                executable: tool.url,
                arguments: [themeDirectory.path, output.path],
                inputFiles: inputs.sorted { $0.path < $1.path },
                outputFiles: [output]
            )
        ]
    }
}
