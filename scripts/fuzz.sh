#!/usr/bin/env bash
# Fuzzes Strata's readers with libFuzzer for a bounded time each, and says what it found.
#
#   scripts/fuzz.sh [-t SECONDS] [TARGET ...]      (make fuzz FUZZ_SECONDS=… FUZZ_TARGETS="…")
#
# Targets (Sources/strata-fuzz): page (front matter, Markdown, guidance, highlighting),
# swift-source (imports and comment guidance), manifest (Package.swift), config (strata.yml),
# pbxproj (an Xcode project's project.pbxproj).
# Default: every target, 60 s each. The fuzzing build lives in .build-fuzz (release, with
# libFuzzer's coverage instrumentation); each target's corpus in .build-fuzz/corpus/<target>,
# seeded from this repository's own files and kept between runs; anything found (a crash, an
# input slower than 10 s, or one taking over 2 GB) in .build-fuzz/findings/<target>/.
# Exit status: 0 when nothing was found, 1 when something was, 2 on bad usage or build failure.
set -uo pipefail

seconds=60
while getopts "t:h" option; do
    case "$option" in
        t) seconds="$OPTARG" ;;
        h) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) exit 2 ;;
    esac
done
shift $((OPTIND - 1))
[[ "$seconds" =~ ^[1-9][0-9]*$ ]] || { echo "error: -t takes a number of seconds" >&2; exit 2; }
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(page swift-source manifest config pbxproj diagram)

# Checked before the build, which takes minutes from scratch.
for target in "${targets[@]}"; do
    case "$target" in page|swift-source|manifest|config|pbxproj|diagram) ;; *) echo "error: no target '$target' (page, swift-source, manifest, config, pbxproj, diagram)" >&2; exit 2 ;; esac
done

cd "$(dirname "$0")/.." || exit 2
root=.build-fuzz
mkdir -p "$root"
echo "Building the fuzz targets (release, with libFuzzer)"
# STRATA_FUZZING swaps strata-fuzz's own `main` (an ordinary build's) for libFuzzer's.
if ! swift build -c release --sanitize fuzzer --product strata-fuzz --scratch-path "$root" \
    -Xswiftc -DSTRATA_FUZZING > "$root/build.log" 2>&1; then
    tail -n 30 "$root/build.log" >&2
    echo "error: the fuzzing build failed (log: $root/build.log)" >&2
    exit 2
fi
fuzzer="$root/release/strata-fuzz"

# The seeds: real inputs of each kind, from this repository.
seed() {
    local target="$1" corpus="$2"
    mkdir -p "$corpus"
    deep_seeds "$target" "$corpus"  # every run: a kept corpus gains them too
    [ -n "$(ls -A "$corpus" | grep -v -e '^deep-' -e '^budget-')" ] && return
    case "$target" in
        page) find Content Tests/Fixtures -name '*.md' ;;
        swift-source) find Sources Tests -name '*.swift' -size -64k ;;
        manifest) echo Package.swift; find Tests/Fixtures -name 'Package*.swift' ;;
        config) echo strata.yml; find Tests/Fixtures -name 'strata.yml' ;;
        pbxproj) find Tests/Fixtures -name 'project.pbxproj' ;;
    esac | while read -r file; do cp "$file" "$corpus/$(echo "$file" | tr '/' '_')"; done
}

# Inputs just past each nesting limit (issue 45), generated, so mutations start where the
# readers once crashed: chains with no bracket, nested brackets, #if and interpolations.
deep_seeds() {
    local target="$1" corpus="$2" n
    rep() { local i; for ((i = 0; i < $2; i++)); do printf '%s' "$1"; done; }
    case "$target" in
        manifest|swift-source) ;;
        page) page_seeds "$corpus"; return ;;
        config) config_seeds "$corpus"; return ;;
        diagram) diagram_seeds "$corpus"; return ;;
        *) return ;;
    esac
    local package='let package = Package(name: "A", targets: [.target(name: "A")])'
    for n in 60 70 1100; do
        { printf 'let x: '; rep 'Array<' $n; printf 'Int'; rep '>' $n; printf ' = []\n%s\n' "$package"; } > "$corpus/deep-generic-$n"
        { printf 'let x: '; rep '() -> ' $n; printf 'Int\n%s\n' "$package"; } > "$corpus/deep-arrow-$n"
        { printf 'let x = 1'; rep ' + 1' $n; printf '\n%s\n' "$package"; } > "$corpus/deep-sum-$n"
        { printf 'let x = y'; rep '?' $n; printf '.z\n%s\n' "$package"; } > "$corpus/deep-optional-$n"
        { printf 'let x = y'; rep '[0]' $n; printf '\n%s\n' "$package"; } > "$corpus/deep-subscript-$n"
        { printf 'let x = f'; rep '()' $n; printf '\n%s\n' "$package"; } > "$corpus/deep-call-$n"
        { printf 'let x = y'; rep '.b' $n; printf '\n%s\n' "$package"; } > "$corpus/deep-member-$n"
        { printf 'let x = '; rep 'try ' $n; printf 'y\n%s\n' "$package"; } > "$corpus/deep-try-$n"
        { printf 'let x = a'; rep ' ? a' $n; rep ' : b' $n; printf '\n%s\n' "$package"; } > "$corpus/deep-ternary-$n"
        { printf 'func f() {\n if a {}'; rep ' else if a {}' $((n * 5)); printf '\n}\n%s\n' "$package"; } > "$corpus/deep-elseif-$n"
        { printf 'let x = '; rep '"\(' $((n * 3)); printf '1'; rep ')"' $((n * 3)); printf '\n%s\n' "$package"; } > "$corpus/deep-interpolation-$n"
        { rep $'#if A\n' $n; rep $'#endif\n' $n; printf '%s\n' "$package"; } > "$corpus/deep-if-$n"
    done
    for n in 11 12 13 199 201; do
        { printf 'let x = '; rep '[' $n; rep ']' $n; printf '\n%s\n' "$package"; } > "$corpus/deep-square-$n"
        { printf 'let x = '; rep '(' $n; printf '1'; rep ')' $n; printf '\n%s\n' "$package"; } > "$corpus/deep-paren-$n"
    done
    { printf 'var s = "x"\nfor _ in 0..<19 { s = s + s }\nlet names = (0..<10000).map { i in s + "\\(i)" }\n%s\n' "$package"; } \
        > "$corpus/budget-bytes"
    { printf 'var n = 0\nfor _ in 0..<1400 { for _ in 0..<1400 { n = n + 1 } }\n%s\n' "$package"; } > "$corpus/budget-steps"
}

# Pages near the page reader's bounds: many guidance blocks (once quadratic), deep lists and
# quotes, deep front-matter aliases, large written diagrams (drawn simplified past 250).
page_seeds() {
    local corpus="$1" i
    { printf '# G\n\n'; for ((i = 0; i < 3000; i++)); do printf 'CHECK: thing %d\nIF: a\nTHEN: b\n\n' $i; done; } > "$corpus/deep-guidance"
    { for ((i = 0; i < 500; i++)); do rep '  ' $i; printf -- '- x\n'; done; } > "$corpus/deep-list"
    { rep '>' 5000; printf ' x\n'; } > "$corpus/deep-quote"
    { printf -- '---\na0: &a0 [x, x, x, x, x, x, x, x, x, x]\n'
      for ((i = 1; i < 8; i++)); do printf 'a%d: &a%d [*a%d, *a%d, *a%d, *a%d]\n' $i $i $((i-1)) $((i-1)) $((i-1)) $((i-1)); done
      printf -- '---\n# F\n'; } > "$corpus/deep-aliases"
    { printf '```mermaid\nflowchart TD\n'; for ((i = 0; i < 300; i++)); do printf '  N%d --> N%d\n' $i $(((i * 7) % 300)); done; printf '```\n'; } \
        > "$corpus/deep-mermaid"
}

# Diagrams of the shapes that crashed Graphviz 2.42 in process (first byte: 'm' Mermaid,
# 'd' DOT): labelled arrows with groups, unconstrained arrows, a box in two groups or rank
# sets, merged, clipped and joined arrows, orthogonal splines.
diagram_seeds() {
    local corpus="$1"
    printf 'mflowchart LR
  subgraph S1[G]
    N4
    N5
  end
  N0 -->|a| N2
  N5 -->|b| N2
  N2 -->|c| N4
  N0 -->|d| N4
' > "$corpus/deep-mermaid-groups"
    printf 'ddigraph G { rankdir=LR; subgraph cluster_1 { N4; N5; } N0 -> N2 [label="a"]; N5 -> N2 [label="b"]; N2 -> N4 [label="c"]; N0 -> N4 [label="d"]; }
' > "$corpus/deep-dot-groups"
    printf 'ddigraph G { n3 -> n1 [dir=both]; n0 -> n3 [label="L1", constraint=false, minlen=3, samehead="x"]; n0 -> n1 [label="L2", headport=e]; n2 -> n3 [label="L3", constraint=false]; }
' > "$corpus/deep-dot-flat"
    printf 'ddigraph G { concentrate=true; compound=true; splines=ortho; subgraph cluster_0 { a; subgraph cluster_1 { b; } } { rank=same; a; c; } { rank=max; c; d; } a -> b [lhead="cluster_1", label="x"]; b -> c; b -> c; c -> d [constraint=false]; }
' > "$corpus/deep-dot-mixed"
    printf 'ddigraph G { subgraph cluster_a { X; } subgraph cluster_b { X; Y; } X -> Y; }
' > "$corpus/deep-dot-two-groups"
}

# Configurations near the config reader's bounds: a thousand layers, long names, deep YAML,
# both spellings of a rule.
config_seeds() {
    local corpus="$1" i
    { printf 'layers:\n'; for ((i = 0; i < 1001; i++)); do printf '  - name: L%d\n    modules: [M%d]\n' $i $i; done; } > "$corpus/deep-layers"
    { printf 'layers:\n  - name: '; rep 'L' 201; printf '\n    modules: [A]\n'; } > "$corpus/deep-layer-name"
    { printf 'x: '; rep '[' 2000; rep ']' 2000; printf '\n'; } > "$corpus/deep-flow"
    { printf 'rules:\n  layer-order: error\n  layer_order: off\n'; } > "$corpus/deep-rule-spellings"
    { printf 'layers:\n'; for ((i = 0; i < 500; i++)); do printf '  - name: L%d\n    may_use: [L%d]\n' $i $(((i + 1) % 500)); done; } > "$corpus/deep-cycle"
}

# Words each reader gives meaning to, so mutations reach past its first checks.
dictionary() {
    local file="$root/dictionaries/$1.dict"
    mkdir -p "$root/dictionaries"
    case "$1" in
        page) printf '%s\n' '"---"' '"CHECK:"' '"IF:"' '"THEN:"' '"ANTI_PATTERN:"' '"FIX:"' '"READ_ALSO:"' '"APPLIES_TO:"' '"ID:"' \
            '"LAST_VERIFIED:"' '"```swift"' '"```"' '"[a](b.md)"' '"# "' '"\\x0a"' '"title:"' '"&a "' '"*a"' '"\\\\("' '"#if "' ;;
        swift-source) printf '%s\n' '"import "' '"@testable "' '"\\\\("' '"#\\""' '"\\"\\"\\""' '"/*"' '"*/"' '"//"' '"#if "' '"#endif"' \
            '"// CHECK: "' '"IF: "' '"THEN: "' '"/// "' ;;
        manifest) printf '%s\n' '"Package("' '".target("' '"name:"' '"dependencies:"' '".product("' '"package:"' '"for "' '"in "' \
            '"+="' '"append("' '"#if "' '"let "' '"var "' '"func "' '"\\\\("' '"["' '"]"' '"// MARK: "' ;;
        config) printf '%s\n' '"layers:"' '"modules:"' '"may_use:"' '"rules:"' '"forbid:"' '"from:"' '"to:"' '"tests:"' \
            '"support:"' '"site:"' '"base_url:"' '"&a "' '"*a"' '"- "' '"diagrams:"' '"guidance:"' ;;
        diagram) printf '%s\n' '"digraph G {"' '"subgraph cluster_"' '"rank=same;"' '"rank=min;"' '"label=\"x\""' '"constraint=false"' '"minlen=0"' \
            '"concentrate=true;"' '"lhead="' '"samehead="' '"splines=ortho;"' '"->"' '"flowchart LR\x0a"' '"subgraph "' '"end\x0a"' '"-->|x|"' '"[box]"' ;;
        pbxproj) printf '%s\n' '"isa = "' '"PBXNativeTarget"' '"PBXGroup"' '"PBXFileReference"' '"PBXBuildFile"' \
            '"PBXSourcesBuildPhase"' '"PBXFileSystemSynchronizedRootGroup"' '"PBXFileSystemSynchronizedBuildFileExceptionSet"' \
            '"XCSwiftPackageProductDependency"' '"XCLocalSwiftPackageReference"' '"PBXTargetDependency"' '"rootObject = "' \
            '"objects = {"' '"children = ("' '"files = ("' '"sourceTree = "' '"<group>"' '"SOURCE_ROOT"' '"path = "' \
            '"productType = "' '"exceptions = ("' '"membershipExceptions = ("' '"/* "' '" */"' '"{"' '"}"' '"("' '")"' '";"' '"\""' ;;
    esac > "$file"
    echo "$file"
}

found=0
summary=()
for target in "${targets[@]}"; do
    corpus="$root/corpus/$target"
    findings="$root/findings/$target"
    mkdir -p "$findings"
    seed "$target" "$corpus"
    before=$(ls "$findings" | wc -l)
    echo "Fuzzing $target for $seconds s"
    log="$root/$target.log"
    # Swift's own crash handler would catch the signal before libFuzzer saves the input.
    SWIFT_BACKTRACE=enable=no STRATA_FUZZ_TARGET="$target" "$fuzzer" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
        -dict="$(dictionary "$target")" -artifact_prefix="$findings/" -print_final_stats=1 "$corpus" > "$log" 2>&1
    status=$?
    after=$(ls "$findings" | wc -l)
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$')
    coverage=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1 | grep -o '[0-9]*')
    inputs=$(ls "$corpus" | wc -l)
    if [ $status -ne 0 ] || [ "$after" -gt "$before" ]; then
        found=1
        summary+=("$target: FOUND $((after - before)) (exit $status) after ${runs:-?} runs; see $findings and $log")
        grep -E '^==[0-9]+== ERROR|SUMMARY|Test unit written' "$log" | head -n 5
    else
        summary+=("$target: nothing found in ${runs:-?} runs ($seconds s), coverage ${coverage:-?} edges, corpus $inputs inputs")
    fi
done

echo
printf '%s\n' "${summary[@]}"
exit $found
