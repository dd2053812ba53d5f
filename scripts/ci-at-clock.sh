#!/usr/bin/env bash
# Runs .ci/run in a fresh clone with the whole machine's clock, as the run sees it, set to an instant (UTC)
# and ticking from there: the run's own processes through libfaketime (as scripts/e2e-clock.sh does for
# the browser tests) and the machine's PostgreSQL server on 127.0.0.1:5432, restarted on the same clock
# for the run and on the real one after it. Issue 33 asks for a clean CI run started between 00:00 and
# 04:00 UTC; a session that runs by day proves it with this (decision 242). As root, on Debian's
# PostgreSQL 15 cluster `main`:
#   bash scripts/ci-at-clock.sh "2026-12-04 01:47:00" /tmp/fresh-clone
# What the faked clock cannot make agree (decision 242): Node's fs.stat reads file times with its own
# system call, outside libfaketime, so a clock set ahead makes new files look hours old; set it behind.
set -euo pipefail
instant="$1"
clone="$2"
offset=$(($(TZ=UTC date -d "$instant" +%s) - $(env -u LD_PRELOAD -u FAKETIME date +%s)))
faked=$(printf '%+d' "$offset")
library=$(ls /usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1)
pg_bin=/usr/lib/postgresql/15/bin
pg_data=/var/lib/postgresql/15/main
pg_conf=/etc/postgresql/15/main/postgresql.conf
back_on_the_real_clock() {
  su postgres -c "$pg_bin/pg_ctl -D $pg_data -m fast -w stop" || true
  pg_ctlcluster 15 main start
}
# Set before the restart: a start that fails on the set clock still leaves the server running on the real one.
trap back_on_the_real_clock EXIT
pg_ctlcluster 15 main stop || true
su postgres -c "env LD_PRELOAD=$library FAKETIME='$faked' $pg_bin/pg_ctl -D $pg_data -o '-c config_file=$pg_conf' -l /tmp/postgresql-on-a-set-clock.log -w start"
echo "PostgreSQL's clock: $(psql -h 127.0.0.1 -U postgres -d postgres -Atc 'select now()')"
cd "$clone"
faketime -f "$faked" bash -c 'echo "the run'"'"'s clock: $(date -u)"; bash .ci/run'
