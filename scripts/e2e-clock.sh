#!/usr/bin/env bash
# Runs Playwright with the whole stack on a set clock (docs/decisions/188-a-set-clock.md): the test runner,
# the server it starts, the server's embedded PostgreSQL and Chromium all read the time through libfaketime,
# which starts at the instant given (UTC) and ticks from there, so that no browser test passes or fails by
# the hour or the day on which it runs.
#   bash scripts/e2e-clock.sh "2026-11-25 10:00:00" [playwright test arguments…]
set -euo pipefail
cd "$(dirname "$0")/.."
instant="$1"
shift
# shellcheck source=scripts/debian-package.sh
source scripts/debian-package.sh
need_debian_package faketime faketime "the browser tests' set clock"
# An external PostgreSQL server (DATABASE_URL) keeps its own clock: a server on a set clock beside it would
# see reminders and job times hours apart. There the suite runs on the real clock, and says so.
if [ -n "${DATABASE_URL:-}" ]; then
  echo "DATABASE_URL is set: the database keeps its own clock, so the browser tests run on the real clock (decision 188)." >&2
  exec npx playwright test "$@"
fi
# An offset from the real clock, not a start-at time: libfaketime starts a start-at clock anew in each
# process (the server would run seconds ahead of Chromium); an offset is the same in every process.
# Against the real clock, read without libfaketime, so that this also holds inside a faketime run.
offset=$(($(TZ=UTC date -d "$instant" +%s) - $(env -u LD_PRELOAD -u FAKETIME date +%s)))
# TZ=UTC for the processes too: every test sets the zones it means itself.
TZ=UTC exec faketime -f "$(printf '%+d' "$offset")" npx playwright test "$@"
