#!/usr/bin/env bash
# make bench: builds Strata in release mode and times `strata build` on generated layered
# packages (100, 500 and 2,000 modules) and on Strata's own docs, reporting the median of
# several runs for the whole build and for the diagrams (Graphviz layout), cold (no layout
# cache) and warm (layouts reused from the previous output). Then `strata serve` on a
# generated site of 1,000 pages: save-to-reload latency, and a wrk load test while it
# rebuilds. Prints Markdown tables.
set -euo pipefail
export LC_ALL=C  # decimal points, whatever the user's locale
cd "$(dirname "$0")/.."
RUNS=${RUNS:-5}
SIZES=${SIZES:-"100 500 2000"}
STRATA=${STRATA:-.build/release/strata}
case $STRATA in /*) ;; *) STRATA=$PWD/$STRATA ;; esac
WORK=$PWD/.build/bench
mkdir -p "$WORK"

median() { sort -g | awk '{ a[NR] = $1 } END { if (NR % 2) print a[(NR + 1) / 2]; else printf "%.3f\n", (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

# One build: prints "<total seconds> <diagram seconds> <diagrams> <laid out>".
# A failed build stops the benchmark with strata's own messages: it is never timed.
measure() {
    local project=$1 output=$2
    local start end printed line
    local strata=$STRATA
    start=$(date +%s.%N)
    if ! printed=$(cd "$project" && "$strata" build --output "$output" 2>"$WORK/stderr.txt"); then
        echo "bench: strata build failed in $project:" >&2
        cat "$WORK/stderr.txt" >&2
        return 1
    fi
    end=$(date +%s.%N)
    line=$(echo "$printed" | grep '^Diagrams:' || true)
    if [ -z "$line" ]; then
        echo "bench: strata build in $project drew no diagrams (no 'Diagrams:' line)" >&2
        return 1
    fi
    local total diagrams count laid
    total=$(printf "%.3f" "$(echo "$end - $start" | bc -l)")
    diagrams=$(echo "$line" | sed -n 's/.* in \([0-9.]*\) s\./\1/p')
    count=$(echo "$line" | sed -n 's/^Diagrams: \([0-9]*\) .*/\1/p')
    laid=$(echo "$line" | sed -n 's/.*(\([0-9]*\) laid out.*/\1/p')
    echo "$total ${diagrams:-0} ${count:-0} ${laid:-0}"
}

report() {
    local name=$1 project=$2 output=$3
    local cold=() warm=() cold_layout=() warm_layout=() count=0 total layout result
    for _ in $(seq "$RUNS"); do
        rm -rf "$output"
        result=$(measure "$project" "$output") || exit 1
        read -r total layout count _ <<< "$result"
        cold+=("$total"); cold_layout+=("$layout")
        result=$(measure "$project" "$output") || exit 1
        read -r total layout _ _ <<< "$result"
        warm+=("$total"); warm_layout+=("$layout")
    done
    printf "| %s | %s | %s | %s | %s | %s |\n" "$name" "$count" \
        "$(printf '%s\n' "${cold[@]}" | median)" "$(printf '%s\n' "${cold_layout[@]}" | median)" \
        "$(printf '%s\n' "${warm[@]}" | median)" "$(printf '%s\n' "${warm_layout[@]}" | median)"
}

command -v bc >/dev/null || { echo "bench: needs bc (apt-get install bc)" >&2; exit 1; }
echo "Strata $(git rev-parse --short HEAD 2>/dev/null || echo '?'), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), median of $RUNS runs, seconds"
echo
echo "| Project | Diagrams | Build, cold | Layout, cold | Build, warm | Layout, warm |"
echo "|---|---:|---:|---:|---:|---:|"
report "Strata's own docs" . "$WORK/out-strata"
for size in $SIZES; do
    python3 scripts/generate-layered-package.py "$WORK/app-$size" "$size" >/dev/null
    report "Generated app, $size modules" "$WORK/app-$size" "$WORK/out-$size"
done
echo
echo "Cold: no layouts from a previous build (each diagram is laid out by Graphviz). Warm: the same build again, layouts read from Output/.strata-cache."

# The preview server: save-to-reload latency (a page's file written → the `reload` event
# received by a browser's event stream) on a generated site of PAGES pages, then a load
# test while it rebuilds.
PAGES=${PAGES:-1000}
python3 scripts/generate-pages.py "$WORK/pages-$PAGES" "$PAGES"
page=Content/section-005/page-00201.md
echo
echo "Search index (goal: under 10% of the site's HTML):"
echo
echo "- Strata's own docs: $("$STRATA" build --output "$WORK/out-strata" | sed -n 's/^Search index: //p')"
echo "- Generated site of $PAGES pages: $("$STRATA" build -C "$WORK/pages-$PAGES" | sed -n 's/^Search index: //p')"
echo
echo "strata serve on a generated site of $PAGES Markdown pages (plus section pages), one page edited $((RUNS * 4 + 1)) times, milliseconds:"
echo
echo "| Save to reload | Median | p90 | Min | Max |"
echo "|---|---:|---:|---:|---:|"
read -r median p90 low high _ <<< "$(python3 scripts/serve-latency.py "$STRATA" "$WORK/pages-$PAGES" "$page" --runs $((RUNS * 4 + 1)))"
echo "| One page changed | $median | $p90 | $low | $high |"
if command -v wrk >/dev/null; then
    echo
    echo "Load test (wrk, 2 threads, 32 connections, 10 s on loopback) while the page is saved every 100 ms:"
    echo
    echo '```'
    scripts/serve-load.sh "$STRATA" "$WORK/pages-$PAGES" "$page" /section-005/page-00201.html
    echo '```'
fi
