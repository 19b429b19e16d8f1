#!/usr/bin/env bash
# Adds every public symbol that the PublicApiAnalyzers report as undeclared (RS0016) to the project's
# PublicAPI.Unshipped.txt, and drops lines it reports as no longer existing (RS0017). Run it after a deliberate change
# to the public surface, then review the diff of the .txt files: that diff IS the API change.
#   eng/update-public-api.sh [src/Project ...]     (default: every project under src/)
set -euo pipefail
cd "$(dirname "$0")/.."
projects=("$@")
[ ${#projects[@]} -gt 0 ] || projects=(src/*/)
for dir in "${projects[@]}"; do
  dir=${dir%/}
  [ -f "$dir/PublicAPI.Unshipped.txt" ] || continue
  log=$(mktemp)
  dotnet build "$dir" -c Release -p:TreatWarningsAsErrors=false --no-incremental > "$log" 2>&1 || true
  python3 - "$dir" "$log" <<'PY'
import re, sys
d, log = sys.argv[1], sys.argv[2]
text = open(log, encoding='utf-8', errors='replace').read()
add = set(re.findall(r"RS0016: Symbol '(.+?)' is not part of the declared public API", text))
gone = set(re.findall(r"RS0017: Symbol '(.+?)' is part of the declared API, but is either not public or could not be found", text))
path = f"{d}/PublicAPI.Unshipped.txt"
lines = [l.rstrip('\n') for l in open(path, encoding='utf-8')]
header = [l for l in lines if l.startswith('#')] or ['#nullable enable']
body = {l for l in lines if l and not l.startswith('#')}
body = (body | add) - gone
open(path, 'w', encoding='utf-8').write('\n'.join(header + sorted(body, key=lambda s: s.replace('~', ''))) + '\n')
print(f"{d}: +{len(add)} -{len(gone)} -> {len(body)} lines")
PY
  rm -f "$log"
done
