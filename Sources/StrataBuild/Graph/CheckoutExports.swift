import Foundation
import StrataCore
import StrataSwiftSource

/// What the products of remote packages bring into a file that imports them, read from
/// their checked-out sources when they are there (SwiftPM's `.build/checkouts`, Xcode's
/// `SourcePackages/checkouts`): a product's own modules, and what their `@_exported
/// import`s re-export, followed across checkouts. ComposableArchitecture brings
/// Dependencies and CasePaths this way, so importing them through it is verified.
struct CheckoutExports {
    let project: ProjectFiles
    let reader: ManifestReader

    /// A checked-out package: its manifest and the folder it is in.
    struct Checkout {
        var folder: URL
        var manifest: PackageManifest
    }

    /// Package identity → product name → modules an import of the product makes visible;
    /// only for the products the packages and projects use, of packages whose checkout
    /// could be read.
    func read(for packages: [PackageSources]) -> [String: [String: Set<String>]] {
        var used: [String: Set<String>] = [:]
        for package in packages {
            let remote = Set(
                package.manifest.dependencies.filter { if case .url = $0.source { true } else { false } }.map(
                    \.identity))
            for target in package.manifest.targets {
                for dependency in target.dependencies {
                    switch dependency.kind {
                    case .product:
                        if let name = dependency.package?.lowercased(),
                            let identity = package.manifest.dependency(named: name)?.identity, remote.contains(identity)
                        {
                            used[identity, default: []].insert(dependency.name)
                        }
                    case .byName:
                        // SwiftPM looks a product named alone up among the remote dependencies.
                        for identity in remote { used[identity, default: []].insert(dependency.name) }
                    case .target: continue
                    }
                }
            }
        }
        var checkouts = CheckoutFolders(folders: checkoutFolders(for: packages), reader: reader, project: project)
        guard checkouts.hasAny else { return [:] }
        var exportsOfTarget: [String: Set<String>] = [:]
        func exports(of target: String, preferring identity: String) -> Set<String> {
            if let known = exportsOfTarget[target] { return known }
            exportsOfTarget[target] = []
            guard let (checkout, declaration) = checkouts.target(named: target, preferring: identity) else { return [] }
            let resolver = SourceFileResolver(
                packageDirectory: checkout.folder, manifest: checkout.manifest, project: project)
            guard let resolved = try? resolver.resolve(declaration) else { return [] }
            var found: Set<String> = []
            let scanner = ImportScanner()
            for file in resolved.files {
                let url = checkout.folder.appendingPathComponent(resolved.folder).appendingPathComponent(file)
                // Most files re-export nothing: a byte search decides before any scan.
                guard let bytes = try? project.readBytes(at: url, displayPath: file), Self.mentionsExported(bytes),
                    let imports = try? scanner.imports(in: bytes, path: file)
                else { continue }
                for item in imports where item.isExported { found.insert(item.module) }
            }
            exportsOfTarget[target] = found
            return found
        }
        var result: [String: [String: Set<String>]] = [:]
        for identity in used.keys.sorted() {
            guard let checkout = checkouts.checkout(identity) else { continue }
            for product in checkout.manifest.products where used[identity]?.contains(product.name) == true {
                var brings: Set<String> = []
                var queue = product.targets
                while let next = queue.popLast() {
                    guard brings.insert(next).inserted else { continue }
                    queue += exports(of: next, preferring: identity).filter { !brings.contains($0) }
                }
                result[identity, default: [:]][product.name] = brings
            }
        }
        return result
    }

    /// The checkout folders of a run, their manifests read only when a product or a
    /// re-exported module leads to them.
    struct CheckoutFolders {
        /// Identity → folder, for every checkout found.
        let folders: [String: URL]
        let reader: ManifestReader
        let project: ProjectFiles
        var read: [String: Checkout?] = [:]

        init(folders: [String: URL], reader: ManifestReader, project: ProjectFiles) {
            self.folders = folders
            self.reader = reader
            self.project = project
        }

        var hasAny: Bool { !folders.isEmpty }

        mutating func checkout(_ identity: String) -> Checkout? {
            if let known = read[identity] { return known }
            var checkout: Checkout?
            if let folder = folders[identity] {
                let manifestURL = folder.appendingPathComponent("Package.swift")
                if let bytes = try? project.readBytes(at: manifestURL, displayPath: manifestURL.path),
                    case .manifest(let manifest) = reader.read(
                        bytes: bytes, path: manifestURL.path, packageDirectory: folder.path)
                {
                    checkout = Checkout(folder: folder, manifest: manifest)
                }
            }
            read[identity] = checkout
            return checkout
        }

        /// The target of that name: in the package it is looked for from first, else in
        /// any checkout (a re-export of another package's module).
        mutating func target(named name: String, preferring identity: String) -> (Checkout, TargetDeclaration)? {
            if let checkout = checkout(identity), let target = checkout.manifest.target(named: name) {
                return (checkout, target)
            }
            for other in folders.keys.sorted() where other != identity {
                if let checkout = checkout(other), let target = checkout.manifest.target(named: name) {
                    return (checkout, target)
                }
            }
            return nil
        }
    }

    static let exportedMarker = Array("@_exported".utf8)

    static func mentionsExported(_ bytes: [UInt8]) -> Bool {
        ByteSearch.contains(bytes, exportedMarker)
    }

    /// The checkout folders in the repository, by identity (the folder's name, lowercased):
    /// SwiftPM's `.build/checkouts` and Xcode's `SourcePackages/checkouts`, at the root and
    /// in each package or project folder.
    func checkoutFolders(for packages: [PackageSources]) -> [String: URL] {
        var folders: [URL] = [project.url(".build/checkouts"), project.url("SourcePackages/checkouts")]
        for package in packages {
            folders.append(project.url(package.directory).appendingPathComponent(".build/checkouts"))
            folders.append(project.url(package.directory).appendingPathComponent("SourcePackages/checkouts"))
        }
        var found: [String: URL] = [:]
        var seen: Set<String> = []
        for folder in folders where seen.insert(folder.standardizedFileURL.path).inserted {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { continue }
            for name in names.sorted() where !name.hasPrefix(".") && found[name.lowercased()] == nil {
                found[name.lowercased()] = folder.appendingPathComponent(name)
            }
        }
        return found
    }
}
