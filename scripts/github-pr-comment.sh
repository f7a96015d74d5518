#!/usr/bin/env bash
# Posts a Markdown file as the pull request's architecture comment, or updates the comment
# an earlier run posted (found by the hidden marker on its first line), so a pull request
# carries one comment that follows its pushes. Used by scripts/github-action.sh.
#
# Usage: scripts/github-pr-comment.sh FILE MARKER
# Needs GITHUB_TOKEN (pull-requests: write), GITHUB_REPOSITORY, GITHUB_EVENT_PATH (the
# pull_request event) and GITHUB_API_URL; curl and jq (both on GitHub's runners).
# Exit status: 0 posted or updated; 1 it could not (the reason on standard error).
set -uo pipefail

file=$1
marker=$2
api=${GITHUB_API_URL:-https://api.github.com}
repository=${GITHUB_REPOSITORY:?}
fail() { echo "strata: cannot comment on the pull request: $*" >&2; exit 1; }
[ -n "${GITHUB_TOKEN:-}" ] || fail "no token (give the action 'token', with pull-requests: write)"
command -v jq >/dev/null || fail "jq is not installed"
number=$(jq -r '.pull_request.number // empty' "${GITHUB_EVENT_PATH:-/dev/null}" 2>/dev/null)
[ -n "$number" ] || fail "this run is not for a pull request"

request() {
    curl -fsSL --retry 2 -H "Authorization: Bearer $GITHUB_TOKEN" -H "Accept: application/vnd.github+json" \
        -H "X-GitHub-Api-Version: 2022-11-28" "$@"
}
body=$(jq -Rsc '{body: .}' < "$file") || fail "cannot read $file"
# The first 100 comments are searched: the marker comment is posted early, by the first run.
comments=$(request "$api/repos/$repository/issues/$number/comments?per_page=100") || fail "cannot list the comments"
id=$(printf '%s' "$comments" | jq -r --arg marker "<!-- $marker -->" \
    '[.[] | select(.body | startswith($marker))][0].id // empty') || fail "cannot read the comments"
if [ -n "$id" ]; then
    request -X PATCH "$api/repos/$repository/issues/comments/$id" -d "$body" > /dev/null || fail "cannot update comment $id"
    echo "strata: updated the architecture comment on pull request #$number"
else
    request -X POST "$api/repos/$repository/issues/$number/comments" -d "$body" > /dev/null || fail "cannot post the comment"
    echo "strata: posted the architecture comment on pull request #$number"
fi
