#!/usr/bin/env bash
# Runs the given BenchmarkDotNet filters three times (one process per run) and prints the ranges.
#   eng/bench-3runs.sh OUT_DIR [--project bench/Gen0.Benchmarks] -- <BenchmarkDotNet arguments>
# Check `uptime` first: benchmark only on a quiet machine (load average below 1), with nothing else running.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:?output folder}; shift
project=bench/Gen0.Benchmarks
if [ "${1:-}" = "--project" ]; then project=$2; shift 2; fi
[ "${1:-}" = "--" ] && shift
mkdir -p "$out"
uptime | tee "$out/uptime.txt"
dotnet build "$project" -c Release -nologo -v q > "$out/build.log" 2>&1
for run in 1 2 3; do
  rm -rf BenchmarkDotNet.Artifacts
  dotnet run -c Release --no-build --project "$project" -- "$@" > "$out/run$run.log" 2>&1
  mkdir -p "$out/run$run" && cp BenchmarkDotNet.Artifacts/results/*-report-github.md "$out/run$run/"
done
uptime | tee -a "$out/uptime.txt"
python3 eng/bench-ranges.py "$out"/run1 "$out"/run2 "$out"/run3 | tee "$out/ranges.md"
