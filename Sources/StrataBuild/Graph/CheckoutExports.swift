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
    /// only for packages whose checkout could be read.
    func read(for packages: [PackageSources]) -> [String: [String: Set<String>]] {
        let checkouts = findCheckouts(for: packages)
        guard !checkouts.isEmpty else { return [:] }
        // Every target of every checkout, by name, to follow re-exports across packages.
        var ownerOfTarget: [String: String] = [:]
        for (identity, checkout) in checkouts.sorted(by: { $0.key < $1.key }) {
            for target in checkout.manifest.targets where ownerOfTarget[target.name] == nil { ownerOfTarget[target.name] = identity }
        }
        var exportsOfTarget: [String: Set<String>] = [:]
        func exports(of target: String) -> Set<String> {
            if let known = exportsOfTarget[target] { return known }
            exportsOfTarget[target] = []
            guard let identity = ownerOfTarget[target], let checkout = checkouts[identity],
                  let declaration = checkout.manifest.target(named: target) else { return [] }
            let resolver = SourceFileResolver(packageDirectory: checkout.folder, manifest: checkout.manifest)
            guard let resolved = try? resolver.resolve(declaration) else { return [] }
            var found: Set<String> = []
            let scanner = ImportScanner()
            for file in resolved.files {
                let url = checkout.folder.appendingPathComponent(resolved.folder).appendingPathComponent(file)
                guard let bytes = try? ProjectFiles.readBytes(at: url, displayPath: file),
                      let imports = try? scanner.imports(in: bytes, path: file) else { continue }
                for item in imports where item.isExported { found.insert(item.module) }
            }
            exportsOfTarget[target] = found
            return found
        }
        var result: [String: [String: Set<String>]] = [:]
        for (identity, checkout) in checkouts {
            for product in checkout.manifest.products {
                var brings: Set<String> = []
                var queue = product.targets
                while let next = queue.popLast() {
                    guard brings.insert(next).inserted else { continue }
                    queue += exports(of: next).filter { !brings.contains($0) }
                }
                result[identity, default: [:]][product.name] = brings
            }
        }
        return result
    }

    /// The checkouts of the remote packages the packages and projects depend on, by
    /// identity; manifests that cannot be read from their syntax are left out (the imports
    /// through them stay unverified).
    func findCheckouts(for packages: [PackageSources]) -> [String: Checkout] {
        var wanted: Set<String> = []
        for package in packages {
            for dependency in package.manifest.dependencies {
                if case .url = dependency.source { wanted.insert(dependency.identity) }
            }
        }
        guard !wanted.isEmpty else { return [:] }
        var folders: [URL] = [project.url(".build/checkouts"), project.url("SourcePackages/checkouts")]
        for package in packages {
            folders.append(project.url(package.directory).appendingPathComponent(".build/checkouts"))
            folders.append(project.url(package.directory).appendingPathComponent("SourcePackages/checkouts"))
        }
        var found: [String: Checkout] = [:]
        var seen: Set<String> = []
        for folder in folders where seen.insert(folder.standardizedFileURL.path).inserted {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { continue }
            for name in names.sorted() {
                let identity = name.lowercased()
                guard found[identity] == nil else { continue }
                let packageFolder = folder.appendingPathComponent(name)
                let manifestURL = packageFolder.appendingPathComponent("Package.swift")
                guard let bytes = try? ProjectFiles.readBytes(at: manifestURL, displayPath: manifestURL.path),
                      case .manifest(let manifest) = reader.read(text: String(decoding: bytes, as: UTF8.self), path: manifestURL.path, packageDirectory: packageFolder.path)
                else { continue }
                found[identity] = Checkout(folder: packageFolder, manifest: manifest)
            }
        }
        return found
    }
}
