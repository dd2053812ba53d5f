#!/usr/bin/env bash
# `npm test`: every test, in the order that fails fastest. Type check, lint, unit and API tests (on the
# embedded PostgreSQL, or DATABASE_URL's server when set), then the production build and the Playwright
# suite in Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

# shellcheck source=scripts/debian-package.sh
source scripts/debian-package.sh
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
need_debian_package "$CHROMIUM" chromium "the browser tests of its PDF viewer and notifications (or set CHROMIUM_PATH)"
# The browser suite runs in Chromium's headless shell (decision 227: the same engine, 0.68× the time).
need_debian_package "${CHROMIUM_HEADLESS_SHELL_PATH:-/usr/bin/chromium-headless-shell}" chromium-headless-shell \
  "the browser tests (or set CHROMIUM_HEADLESS_SHELL_PATH)"
# Poppler (pdftoppm, pdftotext, pdffonts, pdfinfo) renders the template PDFs in
# server/features/templates/render-pdf.glyphs.unit.test.ts.
need_debian_package pdftoppm poppler-utils "the PDF rendering tests"
# PgBouncer in transaction mode in front of a PostgreSQL 15 primary and its replica (server/db/replica-cluster.test.ts);
# HAProxy for npm run cluster's balancer (its test is skipped without it).
need_debian_package /usr/sbin/pgbouncer pgbouncer "the PgBouncer and read replica tests"
need_debian_package /usr/sbin/haproxy haproxy "the local cluster's balancer test"

mkdir -p test-results
rm -f test-results/*.json test-results/stages.tsv
echo "Node $(node --version), $("$CHROMIUM" --version 2>/dev/null | head -1), $(nproc) cores"

# Each stage is timed; the times are printed at the end (and kept in test-results/stages.tsv for .ci/run).
stage_name=""
stage_start=0
step() {
  end_stage
  stage_name="$1"
  stage_start=$(date +%s)
  printf '\n== %s\n' "$1"
}
end_stage() {
  if [ -n "$stage_name" ]; then
    printf '%s\t%s\n' "$stage_name" "$(($(date +%s) - stage_start))" >>test-results/stages.tsv
    stage_name=""
  fi
}
finish() {
  end_stage
  echo
  echo "== Stage times (s)"
  column -t -s $'\t' test-results/stages.tsv 2>/dev/null || cat test-results/stages.tsv
  # The closing "N passed, N failed" line, also when a step fails.
  npx tsx scripts/test-summary.ts test-results/unit.json test-results/api.json test-results/e2e.json test-results/e2e-edge-*.json
}
trap finish EXIT
# The three static checks are independent and each uses one core: they run side by side, and each one's
# output is printed whole, in this order, once all have finished.
static_checks() {
  local dir names=("Type check" "Lint" "Format") pids=() failed=0 index
  dir=$(mktemp -d)
  npx tsc --noEmit -p tsconfig.json >"$dir/0" 2>&1 & pids+=($!)
  npx eslint --max-warnings 0 . >"$dir/1" 2>&1 & pids+=($!)
  npx prettier --check . --log-level warn >"$dir/2" 2>&1 & pids+=($!)
  for index in 0 1 2; do
    if wait "${pids[$index]}"; then
      echo "${names[$index]}: ok"
    else
      echo "${names[$index]}: FAILED"
      failed=1
    fi
    grep -v '^npm warn' "$dir/$index" || true
  done
  rm -rf "$dir"
  return "$failed"
}
step "Type check, lint, format"; static_checks
step "Unit tests";        npx vitest run --project unit --reporter=default --reporter=json --outputFile.json=test-results/unit.json
step "API tests";         npx vitest run --project api --reporter=default --reporter=json --outputFile.json=test-results/api.json
step "Build";             bash scripts/build.sh
# .ci/run starts its API pass against the PostgreSQL server once this stage's time is written (decision 227).
# Each signed-in page's JavaScript against its budget (decision 221): a size read from the build, not a time.
step "JS budgets";        npx tsx scripts/build/js-budget.ts
# Every browser test on a set clock, whatever the hour (docs/decisions/188-a-set-clock.md): a Wednesday
# morning for the whole suite, then the clock-sensitive spec at each of the day's edges.
step "Browser tests";     PLAYWRIGHT_JSON_OUTPUT_NAME=test-results/e2e.json bash scripts/e2e-clock.sh "${E2E_CLOCK:-2026-11-25 10:00:00}" --reporter=list,json
step "Browser tests at the day's edges"; bash scripts/e2e-clock-edges.sh
