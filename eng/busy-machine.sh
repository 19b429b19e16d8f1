#!/usr/bin/env bash
# Issue 41's check: the README's test command on a fresh clone, N times (default 3), each while a second build of the
# solution loops on another clone beside it (the load a developer's machine or a shared CI runner adds).
#   eng/busy-machine.sh [runs]
# Prints one line per run (exit code, seconds, load average) and each suite's result line; logs stay in the printed
# directory. Takes 12 to 20 minutes per run on the 2-core machine.
set -u
cd "$(dirname "$0")/.."
runs=${1:-3}
work=$(mktemp -d)
git clone -q . "$work/tests"
git clone -q . "$work/build"
(cd "$work/build" && dotnet restore Gen0.slnx > /dev/null 2>&1)
for run in $(seq "$runs"); do
  # The build loop in a session of its own, so that it and every compiler it starts stop together.
  setsid bash -c "cd '$work/build'; while true; do dotnet build Gen0.slnx -c Release --no-restore --no-incremental > /dev/null 2>&1; done" &
  loop=$!
  started=$(date +%s)
  (cd "$work/tests" && timeout 25m dotnet test -c Release > "$work/run$run.log" 2>&1)
  status=$?
  echo "run $run: exit $status, $(( $(date +%s) - started )) s, load $(cut -d' ' -f1-3 /proc/loadavg)"
  grep -E "Passed!|Failed!|^\s+Failed " "$work/run$run.log" | sed 's/^/  /'
  kill -- -"$loop" 2> /dev/null; sleep 2; kill -9 -- -"$loop" 2> /dev/null
done
echo "logs: $work"
