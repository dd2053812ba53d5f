#!/usr/bin/env bash
# The clock-sensitive browser spec (e2e/clock-edges.spec.ts) at each edge of the day, each in the zone
# where that instant is the edge (docs/decisions/188-a-set-clock.md). One Playwright run (and server) per
# edge, alternating the desktop and the 360 px projects to keep CI short, in two lanes side by side; the main run covers both
# projects at the suite's own set clock. Reports go to test-results/e2e-edge-<n>.json.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -n "${DATABASE_URL:-}" ]; then
  echo "DATABASE_URL is set: the database keeps its own clock, so the day's edges cannot be set; skipped (decision 188)." >&2
  exit 0
fi
# instant (UTC) | zone | project | what it is, locally
edges=(
  "2026-11-27 19:00:00|Asia/Kolkata|phone|Saturday 00:30, UTC+5:30"
  "2026-11-27 17:00:00|Asia/Tokyo|chromium|Saturday 02:00, UTC+9"
  "2026-11-28 09:00:00|UTC|phone|Saturday 09:00, UTC"
  "2026-11-29 09:30:00|Pacific/Honolulu|chromium|Saturday 23:30, UTC−10"
  "2027-01-31 22:30:00|Europe/Berlin|phone|the last day of a month (and a Sunday), 23:30"
  "2027-03-28 00:30:00|Europe/Berlin|chromium|01:30, half an hour before the clocks go forward"
  "2026-11-01 05:30:00|America/New_York|phone|01:30, before the clocks go back (the hour comes twice)"
)
# Two lanes side by side, each running its edges one after another: a run is mostly a server's and a
# browser's start on one core, and nothing else runs in this stage (136 s in one lane on two cores). Each
# run's output is kept and printed whole, in the edges' order, once both lanes are done.
logs=$(mktemp -d)
run_edge() {
  local index="$1" instant zone project what
  IFS='|' read -r instant zone project what <<<"${edges[$((index - 1))]}"
  {
    printf '\n-- edge %d: %s in %s (%s UTC), %s\n' "$index" "$what" "$zone" "$instant" "$project"
    E2E_CLOCK_ZONE="$zone" PLAYWRIGHT_JSON_OUTPUT_NAME="test-results/e2e-edge-$index.json" \
      E2E_OUTPUT_DIR="test-results/e2e-artifacts-edge-$index" \
      bash scripts/e2e-clock.sh "$instant" e2e/clock-edges.spec.ts --project "$project" --reporter=list,json "${@:2}"
  } >"$logs/$index.log" 2>&1 || echo "$index" >>"$logs/failed"
}
lane() {
  local index
  for ((index = $1; index <= ${#edges[@]}; index += 2)); do run_edge "$index" "${@:2}"; done
}
lane 1 "$@" &
first=$!
lane 2 "$@" &
second=$!
wait "$first" "$second" || true
for ((index = 1; index <= ${#edges[@]}; index += 1)); do cat "$logs/$index.log"; done
status=0
if [ -s "$logs/failed" ]; then
  echo "edges failed: $(sort -n "$logs/failed" | tr '\n' ' ')" >&2
  status=1
fi
rm -rf "$logs"
exit "$status"
