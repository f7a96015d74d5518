#!/usr/bin/env bash
# The work of Strata's GitHub Action (action.yml) once `strata` is built: check the
# architecture with annotations on the pull request, a SARIF file for code scanning and a
# Markdown job summary; optionally build the site for GitHub Pages. Reads the action's
# inputs from INPUT_* variables and GitHub's files (GITHUB_STEP_SUMMARY, GITHUB_OUTPUT,
# RUNNER_TEMP), so it runs (and is tested) outside GitHub too.
#
#   STRATA            the strata executable
#   INPUT_PROJECT     the project folder (default: .)
#   INPUT_CHECK       run strata check: true (default) or false
#   INPUT_STRICT      fail on warnings too: true or false (default)
#   INPUT_BASELINE    a baseline file, relative to the project (default: none)
#   INPUT_SITE        build the site: true or false (default)
#   INPUT_SITE_OUTPUT where the site goes (default: a folder in $RUNNER_TEMP)
#   INPUT_ARGS        more options for strata check, split on spaces
#   INPUT_BASE        compare with this git ref (check --base, and the diff); default: on a
#                     pull request, its base branch (origin/<base>); "none" for no comparison
#   INPUT_FAIL_ON     with a base: any (default: every error fails) or new
#   INPUT_COMMENT     on a pull request: post or update one comment with `strata diff`
#                     (true by default; needs GITHUB_TOKEN with pull-requests: write)
# Outputs (in GITHUB_OUTPUT): sarif, summary, errors, warnings, exit-code (strata
# check's), diff (the Markdown of strata diff, with a base), site, and status (the exit
# status below, for the action's last step).
# Exit status: strata check's (0 clean, 1 violations, 2 bad input); 2 when the site fails.
set -uo pipefail

strata=${STRATA:?STRATA must name the strata executable}
project=${INPUT_PROJECT:-.}
temp=${RUNNER_TEMP:-$(mktemp -d)}
summary_file=${GITHUB_STEP_SUMMARY:-/dev/null}
output_file=${GITHUB_OUTPUT:-/dev/null}
# A folder of its own per run: the action may run twice in a job (a monorepo's projects).
work=$(mktemp -d "$temp/strata.XXXXXX")
sarif="$work/strata.sarif"
markdown="$work/strata-summary.md"
json="$work/strata-check.json"

output() { printf '%s=%s\n' "$1" "$2" >> "$output_file"; }
# Inputs are "true" or "false", as action.yml's own conditions read them.
is_true() { [ "${1:-}" = "true" ]; }

if [ ! -d "$project" ]; then
    echo "::error title=Strata::the project folder '$project' does not exist in $(pwd)"
    printf '## Strata architecture check\n\n**Could not run**: the project folder `%s` does not exist.\n' "$project" >> "$summary_file"
    output status 2
    exit 2
fi

# The ref to compare with: given, or a pull request's base branch, fetched if the clone
# lacks it (actions/checkout fetches one commit by default).
base=${INPUT_BASE:-}
case "${GITHUB_EVENT_NAME:-}" in
    pull_request | pull_request_target)
        if [ -z "$base" ] && [ -n "${GITHUB_BASE_REF:-}" ]; then
            base="origin/$GITHUB_BASE_REF"
            if ! git rev-parse --verify --quiet "$base^{commit}" > /dev/null 2>&1; then
                deepen=()
                [ "$(git rev-parse --is-shallow-repository 2>/dev/null)" = true ] && deepen=(--unshallow)
                echo "::group::git fetch origin $GITHUB_BASE_REF"
                git fetch --no-tags ${deepen[@]+"${deepen[@]}"} origin \
                    "+refs/heads/$GITHUB_BASE_REF:refs/remotes/origin/$GITHUB_BASE_REF" \
                    || echo "::warning title=Strata::could not fetch $GITHUB_BASE_REF; strata will say what is missing"
                echo "::endgroup::"
            fi
        fi
        ;;
esac
[ "$base" = none ] && base=""

status=0
if is_true "${INPUT_CHECK:-true}"; then
    arguments=(check --format github --report "sarif:$sarif" --report "markdown:$markdown" --report "json:$json")
    [ -n "$base" ] && arguments+=(--base "$base" --fail-on "${INPUT_FAIL_ON:-any}")
    is_true "${INPUT_STRICT:-false}" && arguments+=(--strict)
    [ -n "${INPUT_BASELINE:-}" ] && arguments+=(--baseline "${INPUT_BASELINE}")
    if [ -n "${INPUT_ARGS:-}" ]; then
        # Split on spaces, as documented, with no wildcard expansion.
        set -f
        read -r -a extra <<< "${INPUT_ARGS}"
        set +f
        arguments+=("${extra[@]}")
    fi
    echo "::group::strata check"
    (cd "$project" && "$strata" "${arguments[@]}")
    status=$?
    echo "::endgroup::"
    if [ -f "$markdown" ]; then
        cat "$markdown" >> "$summary_file"
        output summary "$markdown"
    else
        printf '## Strata architecture check\n\n**Could not run** (exit code %s): see the job log for the diagnostics.\n' "$status" >> "$summary_file"
    fi
    [ -f "$sarif" ] && output sarif "$sarif"
    if [ -f "$json" ]; then
        errors=$(sed -n 's/^ *"errors" : \([0-9]*\).*/\1/p' "$json" | head -n 1)
        warnings=$(sed -n 's/^ *"warnings" : \([0-9]*\).*/\1/p' "$json" | head -n 1)
        output errors "${errors:-0}"
        output warnings "${warnings:-0}"
    fi
    output exit-code "$status"
fi

# The pull request's comment: what the change did to the architecture, from strata diff.
if [ -n "$base" ]; then
    diff="$work/strata-diff.md"
    echo "::group::strata diff $base...HEAD"
    if (cd "$project" && "$strata" diff "$base...HEAD" --format markdown --marker strata-architecture \
        --output "$diff"); then
        output diff "$diff"
        { echo; cat "$diff"; } >> "$summary_file"
        case "${GITHUB_EVENT_NAME:-}" in pull_request | pull_request_target) on_pull_request=true ;; *) on_pull_request=false ;; esac
        if is_true "${INPUT_COMMENT:-true}" && is_true "$on_pull_request"; then
            "$(dirname "$0")/github-pr-comment.sh" "$diff" strata-architecture \
                || echo "::warning title=Strata::the pull request comment was not posted; the diff is in the job summary"
        fi
    else
        echo "::warning title=Strata::strata diff failed; see the diagnostics above"
    fi
    echo "::endgroup::"
fi

if is_true "${INPUT_SITE:-false}"; then
    site=${INPUT_SITE_OUTPUT:-$work/site}
    case "$site" in /*) ;; *) site="$PWD/$site" ;; esac
    echo "::group::strata build"
    if (cd "$project" && "$strata" build --output "$site"); then
        output site "$site"
    else
        echo "::error title=Strata::strata build failed; see the diagnostics above"
        [ "$status" -eq 0 ] && status=2
    fi
    echo "::endgroup::"
fi

output status "$status"
exit "$status"
