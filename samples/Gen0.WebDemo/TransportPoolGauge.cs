using System.Diagnostics.Metrics;

namespace Gen0.WebDemo;

/// <summary>
/// Reads, in the server process, how many bytes the transport's memory pool keeps for reuse and how many it has
/// allocated, from the pool's own metrics as an operator would: Kestrel's pinned-block pools count them in
/// <c>aspnetcore.memory_pool.pooled</c> and <c>aspnetcore.memory_pool.allocated</c> (meter
/// <c>Microsoft.AspNetCore.MemoryPool</c>, counters whose changes are summed here from the start), the pools of
/// <c>AddGen0MemoryPoolFactory()</c> in the <c>gen0.buffers.retained</c> and <c>gen0.buffers.allocated</c> instruments
/// of their array pool (meter <c>Gen0.Buffers</c>, pool <c>Gen0.AspNetCore.Transport</c>).
/// </summary>
public sealed class TransportPoolGauge : IDisposable
{
    private const string Gen0TransportPool = "Gen0.AspNetCore.Transport";

    private readonly MeterListener _listener = new();
    private long _kestrelPooled;
    private long _kestrelAllocated;
    private long _gen0Retained;
    private long _gen0Allocated;

    public TransportPoolGauge()
    {
        _listener.InstrumentPublished = (instrument, listener) =>
        {
            if ((instrument.Meter.Name == "Microsoft.AspNetCore.MemoryPool" && instrument.Name is "aspnetcore.memory_pool.pooled" or "aspnetcore.memory_pool.allocated")
                || (instrument.Meter.Name == "Gen0.Buffers" && instrument.Name is "gen0.buffers.retained" or "gen0.buffers.allocated"))
            {
                listener.EnableMeasurementEvents(instrument);
            }
        };
        _listener.SetMeasurementEventCallback<long>((instrument, value, tags, _) =>
        {
            if (instrument.Meter.Name == "Gen0.Buffers")
            {
                foreach (KeyValuePair<string, object?> tag in tags)
                {
                    if (tag.Key == "pool.name" && (tag.Value as string) == Gen0TransportPool)
                    {
                        // Observable instruments report the running total.
                        Volatile.Write(ref instrument.Name == "gen0.buffers.retained" ? ref _gen0Retained : ref _gen0Allocated, value);
                    }
                }
            }
            else
            {
                Interlocked.Add(ref instrument.Name == "aspnetcore.memory_pool.pooled" ? ref _kestrelPooled : ref _kestrelAllocated, value);
            }
        });
        _listener.Start();
    }

    /// <summary>Returns the bytes the transport pools keep now (one of the two sources is always 0).</summary>
    public long Read()
    {
        _listener.RecordObservableInstruments();
        return Volatile.Read(ref _kestrelPooled) + Volatile.Read(ref _gen0Retained);
    }

    /// <summary>Returns the bytes of the blocks the transport pools have allocated since the server started.</summary>
    public long ReadAllocated()
    {
        _listener.RecordObservableInstruments();
        return Volatile.Read(ref _kestrelAllocated) + Volatile.Read(ref _gen0Allocated);
    }

    public void Dispose() => _listener.Dispose();
}
