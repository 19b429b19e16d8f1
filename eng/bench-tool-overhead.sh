#!/usr/bin/env bash
# What an attached `dotnet-gen0 diagnose` session costs a process: the demo's requests/s in each mode, alone and with a
# session attached from its warm-up to its end, alternating, RUNS times each. Run on a quiet machine; the goal is at
# most 5 % fewer requests/s. Prints one line per run and the medians; the numbers go into docs/dotnet-gen0.md
# ("How it attaches, and what it costs").
#   RUNS=3 DURATION=20 THREADS=2 eng/bench-tool-overhead.sh
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-3}
DURATION=${DURATION:-20}
THREADS=${THREADS:-2}
MODES=${MODES:-"baseline gen0"}

dotnet build samples/Gen0.Demo -c Release -v quiet -nologo > /dev/null
dotnet build src/Gen0.Tool -c Release -v quiet -nologo > /dev/null
demo=samples/Gen0.Demo/bin/Release/net10.0/Gen0.Demo.dll
tool=src/Gen0.Tool/bin/Release/net10.0/dotnet-gen0.dll
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

rate() { python3 -c 'import json,sys; print("%.1f" % json.load(open(sys.argv[1]))["requestsPerSecond"])' "$1"; }

# One demo run of $1 (mode); with $2 = attached, a diagnose session is opened as soon as the demo starts warming up
# and runs until the demo exits. Prints the demo's requests/s.
run() {
  local mode=$1 how=$2 result="$work/$1-$2.json" log="$work/$1-$2.log"
  rm -f "$result"
  dotnet "$demo" --mode "$mode" --duration "$DURATION" --threads "$THREADS" --result "$result" 2> "$log" &
  local pid=$!
  if [ "$how" = attached ]; then
    for _ in $(seq 1 200); do grep -q "warming up" "$log" 2> /dev/null && break; sleep 0.05; done
    dotnet "$tool" diagnose -p "$pid" --duration $((DURATION + 120)) --json > "$work/report.json" 2> "$work/tool.log" || {
      echo "dotnet-gen0 failed:" >&2; cat "$work/tool.log" >&2; exit 1; }
  fi
  wait "$pid"
  rate "$result"
}

echo "demo: $DURATION s per run, $THREADS threads, $RUNS runs per mode and setting; $(nproc) cores, $(dotnet --version) SDK, $(date -u +%Y-%m-%d)"
printf '%-9s %4s %12s %12s\n' mode run alone attached
for mode in $MODES; do
  alone=() attached=()
  for i in $(seq 1 "$RUNS"); do
    a=$(run "$mode" alone)
    b=$(run "$mode" attached)
    alone+=("$a") attached+=("$b")
    printf '%-9s %4s %12s %12s\n' "$mode" "$i" "$a" "$b"
  done
  python3 - "$mode" "${alone[*]}" "${attached[*]}" <<'PY'
import statistics, sys
mode, alone, attached = sys.argv[1], [float(x) for x in sys.argv[2].split()], [float(x) for x in sys.argv[3].split()]
a, b = statistics.median(alone), statistics.median(attached)
print(f"{mode:<9} median {a:12.1f} {b:12.1f}   change {100.0 * (b - a) / a:+.1f} % (goal: no worse than -5 %)")
PY
done
