#!/usr/bin/env bash
# Proves the browser suite stable before you stop (docs/decisions/080-e2e-stability.md): builds, then runs
# every test REPEAT times (default 3) with no retries, so a test that fails even once fails the run.
#   npm run test:e2e:stability                      # the whole suite, 3 times each
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

exec npx playwright test --repeat-each="${REPEAT:-3}" --retries=0 "$@"
