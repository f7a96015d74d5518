import StrataBuild
import StrataCore

extension SiteBuilder {
    /// The project's module graph for a command that needs one (`graph`, `affected`): bad
    /// input or no package or project to read is a diagnostic and exit 2.
    func requiredGraph(project: ProjectFiles) throws -> PackageGraphLoader.Loaded {
        try DiagnosticPrinter.exitingOnBadInput { () throws -> PackageGraphLoader.Loaded in
            let config = try configuration()
            guard let found = try loadGraph(config: config, readsSiteDetails: false) else {
                throw Diagnostic.error(
                    "package.missing-manifest", PackageRoots.nothingFoundMessage(project: project, config: config),
                    at: nil)
            }
            return found
        }
    }
}
