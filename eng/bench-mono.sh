#!/usr/bin/env bash
# Builds bench/Gen0.MonoBenchmarks (net472, Gen0's netstandard2.0 asset) and runs it under Mono, printing a markdown
# table: ScalableArrayPool vs System.Buffers' ArrayPool.Shared and ArrayPool.Create() (1 and 2 threads; 16 B, 4 KB,
# 64 KB) and PooledList vs List (add 1,000 + iterate). Run it on a quiet machine; the numbers are Mono's, not .NET's.
#   eng/bench-mono.sh [rounds [operations-per-round]]      (defaults 15 and 200000; "3 2000" is a smoke run)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v mono > /dev/null || { echo "mono is not installed (Debian: apt-get install mono-complete)"; exit 1; }
dotnet build bench/Gen0.MonoBenchmarks -c Release -nologo -v q -clp:ErrorsOnly
mono --version | head -1
mono --server bench/Gen0.MonoBenchmarks/bin/Release/net472/Gen0.MonoBenchmarks.exe "$@"
