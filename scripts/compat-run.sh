#!/usr/bin/env bash
# Runs the conformance suite (test/conformance) against another Claude Code CLI version, without
# touching the pinned dependency: the version is installed into a throw-away npm prefix and the
# harness is pointed at it through CLAUDE_BIN (see docs/conformance.md, "Checking a newer CLI").
#
#   scripts/compat-run.sh 2.1.332            # summary in bench/out/compat-2.1.332.txt
#   TEST_MAX_WORKERS=1 scripts/compat-run.sh 2.1.332
#
# Exit status: vitest's (non-zero when a row differs), or 2 when the version cannot be installed.
# Differences are findings to read in the summary, not something to "fix" in the suite.
set -euo pipefail

version="${1:-}"
if [[ ! "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+([-.+][0-9A-Za-z.-]+)?$ ]]; then
  echo "usage: scripts/compat-run.sh <exact version, e.g. 2.1.332>" >&2
  exit 2
fi

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# The repository's own Node (24): vitest needs 22+, the system node may be older.
export PATH="$repo/node_modules/.bin:$PATH"
out_dir="$repo/bench/out"
mkdir -p "$out_dir"
summary="$out_dir/compat-$version.txt"
json="$out_dir/compat-$version.json"
log="$out_dir/compat-$version.log"

tmp="$(mktemp -d "${TMPDIR:-/tmp}/claude-compat-XXXXXX")"
trap 'rm -rf "$tmp"' EXIT

echo "installing @anthropic-ai/claude-code@$version into $tmp" >&2
# The wrapper's postinstall (install.cjs) copies the platform binary from the optional dependency
# (@anthropic-ai/claude-code-<platform>, itself from the registry) over bin/claude.exe; nothing is
# downloaded from elsewhere. npm 11 warns that the script is "not yet covered by allowScripts" but
# still runs it; --foreground-scripts shows its output. The --version check below catches a
# placeholder left behind if it did not run.
if ! npm install --prefix "$tmp" --no-save --no-audit --no-fund --no-package-lock --foreground-scripts \
  "@anthropic-ai/claude-code@$version" >&2; then
  echo "npm could not install @anthropic-ai/claude-code@$version" >&2
  exit 2
fi
bin="$tmp/node_modules/.bin/claude"
if ! reported="$("$bin" --version 2>&1)" || [[ "$reported" != "$version"* ]]; then
  echo "the installed claude does not run as $version (postinstall skipped?): $reported" >&2
  exit 2
fi
echo "claude --version: $reported" >&2

status=0
(
  cd "$repo"
  CLAUDE_BIN="$bin" npx vitest run test/conformance \
    --maxWorkers "${TEST_MAX_WORKERS:-1}" \
    --reporter=default --reporter=json --outputFile.json="$json" 2>&1 | tee "$log"
) || status=$?

# The JSON report says which tests failed; the default reporter's log holds the expected/received diffs.
node "$repo/scripts/compat-summary.mjs" "$json" "$log" "$version" "$reported" >"$summary"
cat "$summary"
echo "summary written to $summary" >&2
exit "$status"
