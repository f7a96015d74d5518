#!/usr/bin/env bash
# Runs the whole test suite N times from a fresh clone of the committed HEAD, optionally
# with busy loops competing for the cores, and prints every test that ever failed, with
# its message, and each run's test time.
#
#   scripts/flake-hunt.sh [--load K] [--loaded-runs M] [--commit REV] [--keep] N
#
#   --load K         run K busy loops (one per core they take) for the whole hunt
#   --loaded-runs M  run N runs on a quiet machine, then M more with the busy loops of
#                    --load (2 when not given), from the same build
#   --commit REV  test that commit instead of HEAD (to measure before and after a change)
#   --keep        keep the clone and the logs (they are removed otherwise, unless a run failed)
#
# The build is made once, as `make test` makes it (system packages included); the runs
# are `swift test --skip-build`, the same command `make test` ends with. Exit status: 0 when
# every run passed, 1 otherwise, 2 on bad usage or a build that failed.
set -uo pipefail

usage() { echo "usage: $0 [--load K] [--loaded-runs M] [--commit REV] [--keep] N" >&2; exit 2; }
load=0
loaded_runs=0
commit=HEAD
keep=0
runs=""
while [ $# -gt 0 ]; do
    case "$1" in
        --load) [ $# -ge 2 ] || usage; load="$2"; shift 2 ;;
        --keep) keep=1; shift ;;
        --loaded-runs) [ $# -ge 2 ] || usage; loaded_runs="$2"; shift 2 ;;
        --commit) [ $# -ge 2 ] || usage; commit="$2"; shift 2 ;;
        -h|--help) sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) [ -z "$runs" ] || usage; runs="$1"; shift ;;
    esac
done
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || usage
[[ "$load" =~ ^[0-9]+$ ]] || usage
[[ "$loaded_runs" =~ ^[0-9]+$ ]] || usage
if [ "$loaded_runs" -gt 0 ] && [ "$load" -eq 0 ]; then load=2; fi

repository="$(cd "$(dirname "$0")/.." && pwd)"
revision="$(git -C "$repository" rev-parse --short "$commit^{commit}" 2>/dev/null)" || { echo "error: no commit '$commit'" >&2; exit 2; }
if [ "$commit" = HEAD ] && [ -n "$(git -C "$repository" status --porcelain --untracked-files=no)" ]; then
    echo "note: uncommitted changes are not in the clone; the hunt tests $revision" >&2
fi
work="$(mktemp -d "${TMPDIR:-/tmp}/strata-flake-hunt.XXXXXX")"
clone="$work/strata"
logs="$work/logs"
mkdir -p "$logs"

loops=()
stop_loops() {
    for pid in "${loops[@]:-}"; do [ -n "$pid" ] && kill "$pid" 2>/dev/null; done
    loops=()
}
trap 'stop_loops' EXIT
trap 'stop_loops; exit 130' INT TERM

echo "Cloning $revision into $clone"
git clone --quiet --no-hardlinks "$repository" "$clone" || { echo "error: git clone failed" >&2; exit 2; }
cd "$clone" || exit 2
git checkout --quiet --detach "$revision" || { echo "error: cannot check out $revision" >&2; exit 2; }

echo "Building the tests (make test's build, once)"
build_start=$(date +%s)
if ! make deps check-theme-list > "$logs/build.log" 2>&1 \
    || ! scripts/install-deps.sh chromium >> "$logs/build.log" 2>&1 \
    || ! swift build --build-tests >> "$logs/build.log" 2>&1; then
    tail -n 30 "$logs/build.log" >&2
    echo "error: the build failed; its log is $logs/build.log" >&2
    exit 2
fi
echo "Built in $(( $(date +%s) - build_start )) s"

start_loops() {
    for _ in $(seq "$load"); do
        ( while :; do :; done ) &
        loops+=("$!")
    done
}

# Quiet runs first, then loaded ones; or every run loaded, or every run quiet.
quiet_runs=$runs
if [ "$loaded_runs" -gt 0 ]; then
    echo "Running $runs times on a quiet machine, then $loaded_runs times with $load busy loop(s)"
elif [ "$load" -gt 0 ]; then
    quiet_runs=0
    loaded_runs=$runs
    echo "Running $runs times with $load busy loop(s)"
else
    echo "Running $runs times"
fi
total=$((quiet_runs + loaded_runs))

failed_runs=0
summary="$logs/failures.txt"
: > "$summary"
for run in $(seq "$total"); do
    if [ "$run" -eq $((quiet_runs + 1)) ] && [ "$loaded_runs" -gt 0 ]; then
        start_loops
        echo "Busy loops started: $load"
    fi
    condition=quiet
    [ "$run" -gt "$quiet_runs" ] && condition="loaded ($load busy loops)"
    log="$logs/run-$run.log"
    start=$(date +%s.%N)
    swift test --skip-build > "$log" 2>&1
    status=$?
    wall=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.1f", e - s }')
    result=$(grep -E '^. Test run with [0-9]+ tests' "$log" | tail -n 1)
    if [ $status -eq 0 ]; then
        echo "run $run, $condition: passed, $wall s ($result)"
        continue
    fi
    failed_runs=$((failed_runs + 1))
    if [ -z "$result" ]; then
        echo "run $run, $condition: the test process ended with status $status before finishing ($wall s)"
        {
            echo "## run $run: ended with status $status before the run's summary; its last lines:"
            tail -n 15 "$log"
        } >> "$summary"
        continue
    fi
    echo "run $run, $condition: FAILED, $wall s ($result)"
    {
        echo "## run $run"
        # Each issue line, and the lines that continue its message.
        awk '
            /^✘ Test .* recorded an issue/ { printing = 1; count = 0; print; next }
            printing && /^(◇|✔|✘|↳ *$)/ { printing = 0 }
            printing && count < 20 { print; count++ }
        ' "$log"
        grep -E '^✘ Test .* failed after' "$log"
    } >> "$summary"
done
stop_loops

echo
if [ $failed_runs -eq 0 ]; then
    echo "All $total runs passed."
    [ $keep -eq 1 ] && echo "Logs: $logs" || rm -rf "$work"
    exit 0
fi
echo "$failed_runs of $total runs failed. Every failure:"
cat "$summary"
echo
echo "Logs: $logs"
exit 1
