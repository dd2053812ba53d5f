#!/usr/bin/env bash
# Proves the browser suite stable before you stop (docs/decisions/080-e2e-stability.md, 188-a-set-clock.md):
# builds, then runs every test three ways with no retries, so a test that fails even once fails the run:
#   1. on the suite's set clock (a Wednesday morning, as npm test runs it);
#   2. the same with every core kept busy by a CPU burner (a busy CI machine);
#   3. on a clock in the small hours of a Saturday (02:00 UTC).
# Each way runs every test REPEAT times (default 1).
#   npm run test:e2e:stability                      # the whole suite, three ways
#   npm run test:e2e:stability -- e2e/tasks.spec.ts # only what you changed
#   E2E_CPU_QUOTA=0.5 npm run test:e2e:stability    # as root: the whole run capped at half a core (cgroup),
#                                                   # the slow machine on which the suite once failed
set -euo pipefail
cd "$(dirname "$0")/.."
npx vite build --logLevel warn

if [ -n "${E2E_CPU_QUOTA:-}" ]; then
  quota_us=$(awk -v cores="$E2E_CPU_QUOTA" 'BEGIN { printf "%d", cores * 100000 }')
  if [ -d /sys/fs/cgroup/cpu ] && [ -w /sys/fs/cgroup/cpu ]; then # cgroup v1
    group=/sys/fs/cgroup/cpu/studypilot-e2e
    mkdir -p "$group"
    echo 100000 >"$group/cpu.cfs_period_us"
    echo "$quota_us" >"$group/cpu.cfs_quota_us"
    echo $$ >"$group/cgroup.procs"
  elif [ -w /sys/fs/cgroup/cgroup.subtree_control ]; then # cgroup v2
    group=/sys/fs/cgroup/studypilot-e2e
    echo +cpu >/sys/fs/cgroup/cgroup.subtree_control 2>/dev/null || true
    mkdir -p "$group"
    echo "$quota_us 100000" >"$group/cpu.max"
    echo $$ >"$group/cgroup.procs"
  else
    echo "E2E_CPU_QUOTA needs a writable cgroup (run as root); running without a cap." >&2
  fi
fi

suite_clock="${E2E_CLOCK:-2026-11-25 10:00:00}"
run() { bash scripts/e2e-clock.sh "$1" --repeat-each="${REPEAT:-1}" --retries=0 "${@:2}"; }

burners=()
stop_burners() {
  if [ "${#burners[@]}" -gt 0 ]; then kill "${burners[@]}" 2>/dev/null || true; fi
  burners=()
}
trap stop_burners EXIT

echo "== 1/3: on the suite's clock ($suite_clock UTC)"
run "$suite_clock" "$@"

echo "== 2/3: on the suite's clock, every core kept busy by another process"
for _ in $(seq "$(nproc)"); do
  node -e 'for (;;) {}' &
  burners+=($!)
done
run "$suite_clock" "$@"
stop_burners

echo "== 3/3: in the small hours of a Saturday (2026-11-28 02:00 UTC)"
run "2026-11-28 02:00:00" "$@"
