#!/usr/bin/env bash
# Runs each named benchmark class in a process of its own (BenchmarkDotNet's in-process toolchain, `--job short`),
# three times, and prints the ranges. One class per process because tiered PGO compiles a method shared by several
# classes (the pools' Rent and Return) with the profile of whichever class ran first (docs/benchmarks.md, issue 24).
#   eng/bench-classes.sh OUT_DIR [--project bench/Gen0.Benchmarks] ClassName... [-- extra BenchmarkDotNet arguments]
# Check `uptime` first: benchmark only on a quiet machine (load average below 1), with nothing else running.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:?output folder}; shift
project=bench/Gen0.Benchmarks
if [ "${1:-}" = "--project" ]; then project=$2; shift 2; fi
classes=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do classes+=("$1"); shift; done
[ "${1:-}" = "--" ] && shift
mkdir -p "$out"
uptime | tee "$out/uptime.txt"
dotnet build "$project" -c Release -nologo -v q > "$out/build.log" 2>&1
dotnet build-server shutdown > /dev/null 2>&1 || true
assembly="$project/bin/Release/net10.0/$(basename "$project").dll"
for run in 1 2 3; do
  mkdir -p "$out/run$run"
  for class in "${classes[@]}"; do
    rm -rf BenchmarkDotNet.Artifacts
    dotnet "$assembly" --filter "*.$class.*" --job short --inProcess "$@" >> "$out/run$run.log" 2>&1
    cp BenchmarkDotNet.Artifacts/results/*-report-github.md "$out/run$run/"
  done
  uptime | tee -a "$out/uptime.txt"
done
python3 eng/bench-ranges.py "$out"/run1 "$out"/run2 "$out"/run3 | tee "$out/ranges.md"
