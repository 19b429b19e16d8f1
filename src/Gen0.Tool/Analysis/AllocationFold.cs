using Microsoft.Diagnostics.Tracing;
using Microsoft.Diagnostics.Tracing.Parsers.Clr;

namespace Gen0.Tool.Analysis;

/// <summary>
/// Folds the runtime's allocation-tick events (one per ~100 KB allocated, with the type of the object that crossed
/// the mark and the stack of the allocating thread) into bytes per heap, per type and per culprit: the allocated type,
/// the application method, and the remedy the stack calls for.
/// </summary>
/// <remarks>
/// Memory is bounded whatever the trace holds: at most <see cref="MaxCulprits"/> culprits and <see cref="MaxTypes"/>
/// types per heap (the rest fold into one "(other)" entry), and at most <see cref="MaxStacksPerCulprit"/> distinct
/// stacks per culprit.
/// </remarks>
internal sealed class AllocationFold
{
    public const int MaxCulprits = 2_000;
    public const int MaxTypes = 1_000;
    public const int MaxStacksPerCulprit = 32;
    public const string OtherTypes = "(other types)";

    private readonly Func<TraceEvent, ResolvedStack?> _stacks;
    private readonly HeapTotals _loh = new();
    private readonly HeapTotals _poh = new();

    public AllocationFold(TraceEventDispatcher source, Func<TraceEvent, ResolvedStack?> stacks)
    {
        _stacks = stacks;
        source.Clr.GCAllocationTick += OnTick;
    }

    public long AllocatedBytes { get; private set; }

    public long LohBytes => _loh.Bytes;

    public long PohBytes => _poh.Bytes;

    /// <summary>Ticks whose stack the trace could not give (no stack, or no frame resolved).</summary>
    public long TicksWithoutStack { get; private set; }

    public long LargeTicks => _loh.Samples;

    private void OnTick(GCAllocationTickTraceData e)
    {
        long bytes = e.AllocationAmount64 > 0 ? e.AllocationAmount64 : e.AllocationAmount;
        AllocatedBytes += bytes;
        HeapTotals? heap = e.AllocationKind switch
        {
            GCAllocationKind.Large => _loh,
            GCAllocationKind.Pinned => _poh,
            _ => null,
        };

        if (heap is null)
        {
            return;
        }

        string typeName = string.IsNullOrEmpty(e.TypeName) ? "(unknown type)" : e.TypeName;
        ResolvedStack stack = _stacks(e) ?? ResolvedStack.Empty;
        if (stack.Frames.Count == 0 || stack.Frames.All(static f => f == CodeFrames.Unresolved))
        {
            TicksWithoutStack++;
        }

        heap.Add(typeName, stack, bytes, pinned: heap == _poh);
    }

    public IReadOnlyList<TypeAllocation> LohTypes(int top) => _loh.Types(top);

    public IReadOnlyList<Culprit> LohCulprits(int top) => _loh.Culprits(top);

    public IReadOnlyList<Culprit> PohCulprits(int top) => _poh.Culprits(top);

    private sealed class HeapTotals
    {
        private readonly Dictionary<string, (long Bytes, long Samples)> _types = new(StringComparer.Ordinal);
        private readonly Dictionary<(string Type, string Method, string Remedy, int Line), CulpritTotals> _culprits = [];

        public long Bytes { get; private set; }

        public long Samples { get; private set; }

        public void Add(string typeName, ResolvedStack resolved, long bytes, bool pinned)
        {
            IReadOnlyList<string> stack = resolved.Frames;
            Bytes += bytes;
            Samples++;
            string typeKey = _types.ContainsKey(typeName) || _types.Count < MaxTypes ? typeName : OtherTypes;
            _types.TryGetValue(typeKey, out (long Bytes, long Samples) t);
            _types[typeKey] = (t.Bytes + bytes, t.Samples + 1);

            (IReadOnlyList<string> library, string method) = CodeFrames.Split(stack);
            Remedy remedy = RemedyCatalog.For(typeName, library, pinned, resolved.Source?.Text);
            var key = (typeKey, method, remedy.Id, resolved.Source?.Line ?? 0);
            if (!_culprits.TryGetValue(key, out CulpritTotals? culprit))
            {
                if (_culprits.Count >= MaxCulprits)
                {
                    key = (typeKey, OtherTypes, RemedyCatalog.Unknown.Id, 0);
                    remedy = RemedyCatalog.Unknown;
                    if (!_culprits.TryGetValue(key, out culprit))
                    {
                        _culprits[key] = culprit = new CulpritTotals(remedy, null);
                    }
                }
                else
                {
                    _culprits[key] = culprit = new CulpritTotals(remedy, resolved.Source);
                }
            }

            culprit.Add(stack, bytes);
        }

        public IReadOnlyList<TypeAllocation> Types(int top) =>
            [.. _types
                .OrderByDescending(static t => t.Value.Bytes)
                .ThenBy(static t => t.Key, StringComparer.Ordinal)
                .Take(top)
                .Select(t => new TypeAllocation { TypeName = t.Key, SampledBytes = t.Value.Bytes, Samples = t.Value.Samples, Share = Share(t.Value.Bytes) })];

        public IReadOnlyList<Culprit> Culprits(int top) =>
            [.. _culprits
                .OrderByDescending(static c => c.Value.Bytes)
                .ThenBy(static c => c.Key.Type, StringComparer.Ordinal)
                .ThenBy(static c => c.Key.Method, StringComparer.Ordinal)
                .Take(top)
                .Select(c => c.Value.ToCulprit(c.Key.Type, c.Key.Method, Share(c.Value.Bytes)))];

        private double Share(long bytes) => Bytes == 0 ? 0 : (double)bytes / Bytes;
    }

    private sealed class CulpritTotals(Remedy remedy, SourceLine? source)
    {
        private readonly Dictionary<string, (string[] Frames, long Count)> _stacks = new(StringComparer.Ordinal);

        public long Bytes { get; private set; }

        public long Samples { get; private set; }

        public void Add(IReadOnlyList<string> stack, long bytes)
        {
            Bytes += bytes;
            Samples++;
            string key = string.Join('\n', stack);
            if (_stacks.TryGetValue(key, out (string[] Frames, long Count) seen))
            {
                _stacks[key] = (seen.Frames, seen.Count + 1);
            }
            else if (_stacks.Count < MaxStacksPerCulprit)
            {
                _stacks[key] = ([.. stack], 1);
            }
        }

        public Culprit ToCulprit(string typeName, string method, double share)
        {
            string[] stack = _stacks.Count == 0 ? [] : _stacks.Values.MaxBy(static s => s.Count).Frames;
            return new Culprit
            {
                TypeName = typeName,
                Method = method,
                Allocator = stack.Length > 0 ? stack[0] : method,
                SampledBytes = Bytes,
                Samples = Samples,
                Share = share,
                Remedy = remedy,
                SourceFile = source?.File,
                SourceLine = source?.Line,
                SourceText = source?.Text,
                Stack = stack,
                DistinctStacks = _stacks.Count,
            };
        }
    }
}
