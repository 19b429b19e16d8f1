#!/usr/bin/env bash
# Issue 42's heap-limit pair: the web demo's upload burst (64 connections POSTing 4 MiB bodies, read through the request
# pipe in 960 KiB batches) twice in a row (warm-up, then measured) against servers that run under a GC heap limit, N times
# (default 25; each run starts two servers, so 50 server processes). Prints how many runs finished, how many had failed
# requests (out of memory in the handlers: expected at this limit with either pool) and how many lost a server (the
# runtime ended it: "Out of memory.", "Fatal error." and the like, kept in the log directory it prints).
#   eng/transport-heap-limit.sh [runs] [gen0|kestrel] [limit MiB]      e.g. eng/transport-heap-limit.sh 25 gen0 128
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-25}
pool=${2:-gen0}
limit=${3:-128}
dotnet build samples/Gen0.WebDemo -c Release -nologo -v q > /dev/null
dll=samples/Gen0.WebDemo/bin/Release/net10.0/Gen0.WebDemo.dll
log=$(mktemp -d)
finished=0; request_errors=0; died=0; other=0
for run in $(seq "$runs"); do
  set +e
  timeout --kill-after=5s 180s dotnet "$dll" --memory-pool "$pool" --upload 4 --connections 64 --warmup 3 --duration 3 \
    --server-heap-limit "$limit" > "$log/$run.out" 2> "$log/$run.err"
  status=$?
  set -e
  if grep -qE "died with exit code|Fatal error|Out of memory\.|Unhandled exception" "$log/$run.err"; then
    died=$((died + 1))
    echo "run $run: exit $status: $(grep -hE 'died with exit code|Fatal error|Out of memory\.' "$log/$run.err" | head -3 | tr '\n' ' ')"
  elif [ "$status" -eq 0 ]; then
    finished=$((finished + 1))
  elif [ "$status" -eq 1 ]; then
    request_errors=$((request_errors + 1))
  else
    other=$((other + 1))
    echo "run $run: exit $status (see $log/$run.err)"
  fi
done
echo "$runs runs of two $pool servers under a $limit MiB heap limit: $finished without an error, $request_errors with failed requests, $died lost a server, $other ended otherwise (logs: $log)"
