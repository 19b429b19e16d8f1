#!/usr/bin/env bash
# The bounded soak, outside CI's ten minutes: the core suite's randomized, stress and fault-injection tests with
# GEN0_SOAK=ci (longer sequences, more threads' work, three fresh seeds each; a failure names its seed and
# GEN0_SEED=<n> replays it), beside a second copy of the whole core suite as its load. GEN0_SOAK=1 runs the long soak
# (tens of minutes, gigabytes in the contract sweep): `eng/soak.sh 1`. docs/reliability.md.
set -euo pipefail
cd "$(dirname "$0")/.."
level="${1:-ci}"
soak_filter='FullyQualifiedName~Differential|FullyQualifiedName~Fuzz|FullyQualifiedName~Stress|FullyQualifiedName~RandomSequence|FullyQualifiedName~RandomOperations|FullyQualifiedName~Interleaving|FullyQualifiedName~Adversarial|FullyQualifiedName~BoundedConcurrentQueueCapacityTests|FullyQualifiedName~FaultInjection'
dotnet build tests/Gen0.Tests -c Release
started=$(date +%s)
loaded_log=$(mktemp)
soak_log=$(mktemp)
set +e
timeout --kill-after=30s 20m dotnet test tests/Gen0.Tests -c Release --no-build --results-directory "$(mktemp -d)" > "$loaded_log" 2>&1 &
loaded_pid=$!
GEN0_SOAK="$level" timeout --kill-after=30s 60m dotnet test tests/Gen0.Tests -c Release --no-build --results-directory "$(mktemp -d)" --filter "$soak_filter" > "$soak_log" 2>&1
soak_status=$?
wait "$loaded_pid"
loaded_status=$?
set -e
grep -E '^(Passed|Failed)!' "$loaded_log" | sed 's/^/loaded pass: /'
grep -E '^(Passed|Failed)!' "$soak_log" | sed 's/^/soak: /'
if [ "$loaded_status" -ne 0 ]; then cat "$loaded_log"; echo "the loaded pass failed"; exit 1; fi
if [ "$soak_status" -ne 0 ]; then cat "$soak_log"; echo "the soak failed"; exit 1; fi
echo "soak ($level) and loaded pass: $(( $(date +%s) - started )) s"
