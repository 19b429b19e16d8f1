using Microsoft.Diagnostics.Tracing;
using Microsoft.Diagnostics.Tracing.Parsers.Clr;

namespace Gen0.Tool.Analysis;

/// <summary>Counts the objects the GCs found pinned, by type (the runtime's verbose <c>PinObjectAtGCTime</c> events).</summary>
internal sealed class PinFold
{
    private readonly Dictionary<string, (long Bytes, long Count)> _types = new(StringComparer.Ordinal);
    private long _total;

    public PinFold(TraceEventDispatcher source) => source.Clr.GCPinObjectAtGCTime += OnPin;

    private void OnPin(PinObjectAtGCTimeTraceData e)
    {
        string typeName = string.IsNullOrEmpty(e.TypeName) ? "(unknown type)" : e.TypeName;
        if (!_types.ContainsKey(typeName) && _types.Count >= AllocationFold.MaxTypes)
        {
            typeName = AllocationFold.OtherTypes;
        }

        _types.TryGetValue(typeName, out (long Bytes, long Count) t);
        _types[typeName] = (t.Bytes + e.ObjectSize, t.Count + 1);
        _total++;
    }

    /// <summary>Types by pin count (Share is the share of all pins seen), most pinned first.</summary>
    public IReadOnlyList<TypeAllocation> Types(int top) =>
        [.. _types
            .OrderByDescending(static t => t.Value.Count)
            .ThenBy(static t => t.Key, StringComparer.Ordinal)
            .Take(top)
            .Select(t => new TypeAllocation { TypeName = t.Key, SampledBytes = t.Value.Bytes, Samples = t.Value.Count, Share = _total == 0 ? 0 : (double)t.Value.Count / _total })];
}
