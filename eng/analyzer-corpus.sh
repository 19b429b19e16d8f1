#!/usr/bin/env bash
# Opt-in: runs the Gen0 analyzers over the real-code corpus of docs/analyzers.md ("Real-code corpus").
#
# Expects one snapshot per library as a bare git directory at $GEN0_CORPUS_MIRROR/<owner>+<name>/repo (default
# /work/.mirror, where the research `fetch` tool puts them): Cysharp/MemoryPack, dotnet/Nerdbank.Streams,
# icsharpcode/SharpZipLib, mgravell/Pipelines.Sockets.Unofficial, nats-io/nats.net, nietras/Sep. Each is exported at
# the commit named in eng/analyzer-corpus/CorpusCatalog.cs (git archive, nothing is checked out or committed) into
# $GEN0_CORPUS_WORK (default /tmp/gen0-analyzer-corpus), compiled with Roslyn and analysed. Prints one line per
# finding (project, file:line, rule, severity, message) and a summary; the verdicts live in docs/analyzers.md.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
mirror="${GEN0_CORPUS_MIRROR:-/work/.mirror}"
work="${GEN0_CORPUS_WORK:-/tmp/gen0-analyzer-corpus}"
rm -rf "$work"
mkdir -p "$work"
missing=0
while IFS='|' read -r repository commit; do
  gitdir="$mirror/$repository/repo"
  if [ ! -d "$gitdir" ]; then
    echo "missing snapshot: $gitdir (fetch github:${repository/+//} first)" >&2
    missing=1
    continue
  fi
  if ! git --git-dir="$gitdir" cat-file -e "$commit^{commit}" 2>/dev/null; then
    echo "note: $repository lacks commit $commit; using its HEAD (verdicts in docs/analyzers.md may not match)" >&2
    commit=HEAD
  fi
  mkdir -p "$work/$repository"
  git --git-dir="$gitdir" archive "$commit" src | tar -x -C "$work/$repository"
done < <(grep -oE '"[A-Za-z0-9.-]+\+[A-Za-z0-9._-]+", "[0-9a-f]{40}"' "$root/eng/analyzer-corpus/CorpusCatalog.cs" | tr -d '" ' | tr ',' '|' | sort -u)
if [ "$missing" = 1 ] && [ "${GEN0_CORPUS_ALLOW_MISSING:-0}" != 1 ]; then
  echo "set GEN0_CORPUS_ALLOW_MISSING=1 to run over the snapshots present" >&2
  exit 1
fi
dotnet run --project "$root/eng/analyzer-corpus/AnalyzerCorpus.csproj" -c Release -- "$work"
