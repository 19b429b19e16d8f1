#!/usr/bin/env bash
# Opt-in: builds the peer libraries that the served package registry does not hold (Collections.Pooled 1.0.x and
# Dispose.Scope 0.0.x) from public source snapshots that live OUTSIDE this repository, into one assembly
# Gen0.Peers.dll, and points bench/Gen0.PeerBenchmarks at it. Their source is never copied into the repo.
#
#   bench/peers/build-peers.sh <Collections.Pooled git dir or folder> <Dispose.Scope git dir or folder> [out dir]
#   dotnet run -c Release --project bench/Gen0.PeerBenchmarks -- --filter '*'
#
# A git dir is a bare snapshot (for example what a `fetch` of the public repository produced); a folder is a
# checkout. The peers are compiled for net10.0 as they are, with their own nullable/warning settings.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
pooled=${1:?Collections.Pooled snapshot (git dir or folder)}
scope=${2:?Dispose.Scope snapshot (git dir or folder)}
out=${3:-${TMPDIR:-/tmp}/gen0-peers}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export_tree() { # $1 = git dir or folder, $2 = path inside it, $3 = destination
  mkdir -p "$3"
  if [ -d "$1/objects" ] || [ -f "$1/HEAD" ]; then
    git --git-dir="$1" archive HEAD "$2" | tar -x -C "$3"
  else
    (cd "$1" && tar -c "$2") | tar -x -C "$3"
  fi
}
export_tree "$pooled" Collections.Pooled "$work/src"
export_tree "$scope" src/Dispose.Scope "$work/src"
rm -f "$work"/src/Collections.Pooled/*.csproj "$work"/src/src/Dispose.Scope/*.csproj

cat > "$work/Gen0.Peers.csproj" <<'PROJ'
<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup>
    <TargetFramework>net10.0</TargetFramework>
    <AssemblyName>Gen0.Peers</AssemblyName>
    <Nullable>disable</Nullable>
    <LangVersion>latest</LangVersion>
    <AllowUnsafeBlocks>true</AllowUnsafeBlocks>
    <TreatWarningsAsErrors>false</TreatWarningsAsErrors>
    <NoWarn>$(NoWarn);CS0618;CS8632;SYSLIB0051;CA1416</NoWarn>
    <ImplicitUsings>disable</ImplicitUsings>
    <ManagePackageVersionsCentrally>false</ManagePackageVersionsCentrally>
    <Optimize>true</Optimize>
  </PropertyGroup>
</Project>
PROJ
# The work folder is outside the repo, so none of the repo's Directory.*.props apply to the peers' build.
dotnet build "$work/Gen0.Peers.csproj" -c Release -o "$out" -nologo -v q
cat > "$here/../Gen0.PeerBenchmarks/Peers.local.props" <<PROPS
<Project>
  <!-- Written by bench/peers/build-peers.sh on $(date -u +%F); not committed. -->
  <PropertyGroup>
    <PeerAssemblyDir>$out</PeerAssemblyDir>
  </PropertyGroup>
</Project>
PROPS
echo "peers built into $out; now: dotnet run -c Release --project bench/Gen0.PeerBenchmarks -- --filter '*'"
