#!/usr/bin/env bash
# Writes the Homebrew formula of a release to standard output (the release workflow commits
# it as Formula/strata.rb and attaches it). It installs the release's universal macOS
# binary, checked against the release's SHA256SUMS, with Homebrew's cmark-gfm and Graphviz.
#
# Usage: scripts/homebrew-formula.sh --repository OWNER/NAME --version X.Y.Z --sums SHA256SUMS
set -euo pipefail

repository="" version="" sums=""
while [ $# -gt 0 ]; do
    case "$1" in
        --repository) repository=$2; shift 2 ;;
        --version) version=$2; shift 2 ;;
        --sums) sums=$2; shift 2 ;;
        *) echo "homebrew-formula: unknown option $1" >&2; exit 2 ;;
    esac
done
if [ -z "$repository" ] || [ -z "$version" ] || [ -z "$sums" ]; then
    echo "homebrew-formula: --repository, --version and --sums are needed" >&2
    exit 2
fi
asset=strata-$version-macos-universal.tar.gz
sha=$(awk -v name="$asset" '$2 == name || $2 == "*" name { print $1 }' "$sums")
if [ -z "$sha" ]; then
    echo "homebrew-formula: $sums does not list $asset" >&2
    exit 2
fi

cat <<FORMULA
# Strata $version, from https://github.com/$repository/releases/tag/v$version.
# Install: brew tap ${repository%%/*}/strata https://github.com/$repository && brew install strata
class Strata < Formula
  desc "Architecture documentation and layering checks for Swift codebases"
  homepage "https://github.com/$repository"
  url "https://github.com/$repository/releases/download/v$version/$asset"
  version "$version"
  sha256 "$sha"

  depends_on "cmark-gfm"
  depends_on "graphviz"
  depends_on :macos

  def install
    bin.install "bin/strata"
  end

  test do
    assert_equal version.to_s, shell_output("#{bin}/strata --version").strip
    (testpath/"Package.swift").write <<~SWIFT
      // swift-tools-version:6.0
      import PackageDescription
      let package = Package(name: "Demo", targets: [.target(name: "Core"), .target(name: "App", dependencies: ["Core"])])
    SWIFT
    (testpath/"Sources/Core").mkpath
    (testpath/"Sources/Core/Core.swift").write "public struct Model {}\n"
    (testpath/"Sources/App").mkpath
    (testpath/"Sources/App/App.swift").write "import Core\n"
    (testpath/"strata.yml").write <<~YAML
      layers:
        - name: Core
          modules: [Core]
        - name: App
          modules: [App]
          may_use: [Core]
    YAML
    system bin/"strata", "check"
  end
end
FORMULA
