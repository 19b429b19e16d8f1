#!/usr/bin/env bash
# Runs the memory-limit workload (tests/Gen0.MemoryLimit.Workload) under DOTNET_GCHeapHardLimit, each case N times
# (default 20), with no pool, the BCL's and Gen0's, and prints a table of outcomes (docs/container.md).
#   eng/memory-limit.sh [runs] [shapes...]        e.g. eng/memory-limit.sh 20 threads big streams objects chunked
# Each run is a child process killed after 120 s (counted as hung). Outcomes: survived (exit 0), out of memory (the
# program caught OutOfMemoryException, exit 3), aborted (the runtime ended it: "Out of memory." and exit 134, or other).
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-20}
shift || true
shapes=${*:-threads big streams objects chunked}
dotnet build tests/Gen0.MemoryLimit.Workload -c Release -nologo -v q > /dev/null
dll=tests/Gen0.MemoryLimit.Workload/bin/Release/net10.0/Gen0.MemoryLimit.Workload.dll
log=$(mktemp -d)
echo "| shape | limit | pool | survived | out of memory | aborted | hung |"
echo "|---|---:|---|---:|---:|---:|---:|"
for shape in $shapes; do
  for limit in 256 512 1024; do
    for pool in none bcl gen0; do
      # The BCL's shared pool has no streams, object pool or chunked list: those rows compare Gen0 with no pool.
      if [ "$pool" = bcl ] && [ "$shape" != threads ] && [ "$shape" != big ]; then continue; fi
      survived=0; oom=0; aborted=0; hung=0
      for run in $(seq "$runs"); do
        set +e
        env -u GEN0_SHAREDARRAYPOOL_MAXRETAINEDBYTES DOTNET_GCHeapHardLimit=$(printf '0x%X' $((limit << 20))) \
          timeout --kill-after=5s 120s dotnet "$dll" "$pool" "$shape" > "$log/$shape-$limit-$pool-$run.txt" 2>&1
        status=$?
        set -e
        case $status in
          0) survived=$((survived + 1)) ;;
          3) oom=$((oom + 1)) ;;
          124|137) hung=$((hung + 1)) ;;
          *) aborted=$((aborted + 1)) ;;
        esac
      done
      echo "| $shape | $limit MB | $pool | $survived | $oom | $aborted | $hung |"
    done
  done
done
echo "logs: $log" >&2
