#!/usr/bin/env bash
# Load test for `strata serve` (part of `make bench`): wrk on loopback for DURATION seconds
# against a page of a generated site, while a page's file is saved every 100 ms so that the
# server rebuilds throughout. Prints wrk's figures and the number of rebuilds; fails when
# any request failed (socket errors or a status other than 200).
#
# usage: serve-load.sh STRATA PROJECT PAGE_FILE URL_PATH
set -euo pipefail
export LC_ALL=C
STRATA=$1 PROJECT=$2 PAGE=$3 URL_PATH=$4
DURATION=${DURATION:-10}
CONNECTIONS=${CONNECTIONS:-32}
command -v wrk >/dev/null || { echo "serve-load: needs wrk (apt-get install wrk)" >&2; exit 1; }

log=$(mktemp)
original=$(mktemp)
cp "$PROJECT/$PAGE" "$original"
(cd "$PROJECT" && exec "$STRATA" serve --port 0) >"$log" 2>&1 &
server=$!
cleanup() {
    kill -INT "$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
    cp "$original" "$PROJECT/$PAGE"
    rm -f "$log" "$original"
}
trap cleanup EXIT

port=""
for _ in $(seq 6000); do
    # The port is bound before the first build; load it only once that build is served.
    port=$(sed -n 's|^Serving at http://127\.0\.0\.1:\([0-9]*\)/.*|\1|p' "$log")
    [ -n "$port" ] && grep -q '^Built ' "$log" && break
    port=""
    kill -0 "$server" 2>/dev/null || { echo "serve-load: strata serve stopped:" >&2; cat "$log" >&2; exit 1; }
    sleep 0.1
done
[ -n "$port" ] || { echo "serve-load: strata serve did not start" >&2; exit 1; }

# Saves while wrk runs: every save is a rebuild.
(
    end=$((SECONDS + DURATION))
    n=0
    while [ $SECONDS -lt $end ]; do
        n=$((n + 1))
        { cat "$original"; printf '\nLoad-test edit %d.\n' "$n"; } >"$PROJECT/$PAGE"
        sleep 0.1
    done
) &
editor=$!
result=$(wrk -t2 -c"$CONNECTIONS" -d"${DURATION}s" --latency "http://127.0.0.1:$port$URL_PATH")
wait "$editor"
sleep 0.5
rebuilds=$(grep -c '^Rebuilt in' "$log" || true)
echo "$result"
echo "Rebuilds during the run: $rebuilds"
if echo "$result" | grep -qE 'Non-2xx or 3xx responses|Socket errors'; then
    echo "serve-load: requests failed during rebuilds" >&2
    exit 1
fi
