#!/usr/bin/env python3
"""Summarise several BenchmarkDotNet runs of the same classes as ranges.

Usage: eng/bench-ranges.py RUN_DIR [RUN_DIR ...]
Each RUN_DIR holds the *-report-github.md files of one run (BenchmarkDotNet.Artifacts/results). For every benchmark
row (class, method, parameters) it prints the mean's and the ratio's minimum-maximum over the runs, the largest
error/stddev-based CV seen, and the allocation, as a Markdown table per class.
"""
import glob, os, re, sys
from collections import OrderedDict

def parse_time(text):
    text = text.strip().replace(',', '')
    m = re.match(r'([\d.]+)\s*(ns|μs|us|ms|s)$', text)
    if not m:
        return None
    scale = {'ns': 1, 'μs': 1e3, 'us': 1e3, 'ms': 1e6, 's': 1e9}[m.group(2)]
    return float(m.group(1)) * scale

def fmt_time(ns):
    for unit, scale in (('s', 1e9), ('ms', 1e6), ('µs', 1e3)):
        if ns >= scale:
            return f'{ns / scale:.3g} {unit}'
    return f'{ns:.3g} ns'

rows = OrderedDict()
for run in sys.argv[1:]:
    for path in sorted(glob.glob(os.path.join(run, '*-report-github.md'))):
        cls = os.path.basename(path).replace('-report-github.md', '').split('.')[-1]
        lines = [l for l in open(path, encoding='utf-8') if l.startswith('|')]
        if len(lines) < 3:
            continue
        header = [h.strip() for h in lines[0].strip('|\n').split('|')]
        for line in lines[2:]:
            cells = [c.strip().strip('*') for c in line.strip('|\n').split('|')]
            if len(cells) != len(header):
                continue
            rec = dict(zip(header, cells))
            if not rec.get('Method'):
                continue
            keys = [h for h in header if h not in ('Mean', 'Error', 'StdDev', 'Median', 'Ratio', 'RatioSD', 'Rank', 'Gen0',
                                                    'Gen1', 'Gen2', 'Allocated', 'Alloc Ratio', 'Code Size', 'Categories')
                    and not h.startswith('Job') and h not in ('IterationCount', 'LaunchCount', 'WarmupCount', 'Toolchain', 'Runtime', 'InvocationCount', 'UnrollFactor')]
            ident = (cls, tuple((k, rec[k]) for k in keys), rec.get('Categories', ''))
            mean = parse_time(rec.get('Mean', ''))
            sd = parse_time(rec.get('StdDev', '') or '')
            ratio = rec.get('Ratio', '')
            # The Gen0 config prints ratios in BenchmarkDotNet's trend style ("1.30x faster", "1.20x slower", "baseline").
            try:
                if ratio.endswith('x faster'):
                    ratio = 1 / float(ratio[:-len('x faster')])
                elif ratio.endswith('x slower'):
                    ratio = float(ratio[:-len('x slower')])
                elif ratio == 'baseline':
                    ratio = 1.0
                else:
                    ratio = float(ratio) if ratio not in ('', '?', '-') else None
            except ValueError:
                ratio = None
            r = rows.setdefault(ident, {'mean': [], 'ratio': [], 'cv': [], 'alloc': rec.get('Allocated', '')})
            if mean is not None:
                r['mean'].append(mean)
                if sd is not None and mean > 0:
                    r['cv'].append(100 * sd / mean)
            if ratio is not None:
                r['ratio'].append(ratio)

current = None
for (cls, ident, cat), r in rows.items():
    if cls != current:
        current = cls
        print(f'\n**{cls}**\n')
        print('| Case | Mean (min–max) | Ratio (min–max) | CV max | Allocated | Runs |')
        print('|---|---|---|---:|---|---:|')
    case = ', '.join(v for k, v in ident if v and v != '-')
    if cat:
        case = f'{cat}: {case}'
    mean = f"{fmt_time(min(r['mean']))}–{fmt_time(max(r['mean']))}" if r['mean'] else '—'
    ratio = f"{min(r['ratio']):.2f}–{max(r['ratio']):.2f}" if r['ratio'] else '—'
    cv = f"{max(r['cv']):.0f} %" if r['cv'] else '—'
    print(f"| {case} | {mean} | {ratio} | {cv} | {r['alloc']} | {len(r['mean'])} |")
