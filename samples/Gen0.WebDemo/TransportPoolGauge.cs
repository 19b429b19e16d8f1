using System.Diagnostics.Metrics;

namespace Gen0.WebDemo;

/// <summary>
/// Reads, in the server process, how many bytes the transport's memory pool keeps for reuse, from the pool's own
/// metrics as an operator would: Kestrel's pinned-block pools count them in <c>aspnetcore.memory_pool.pooled</c> (meter
/// <c>Microsoft.AspNetCore.MemoryPool</c>, an up-down counter whose changes are summed here from the start), the pools
/// of <c>AddGen0MemoryPoolFactory()</c> in the <c>gen0.buffers.retained</c> gauge of their array pool (meter
/// <c>Gen0.Buffers</c>, pool <c>Gen0.AspNetCore.Transport</c>).
/// </summary>
public sealed class TransportPoolGauge : IDisposable
{
    private const string Gen0TransportPool = "Gen0.AspNetCore.Transport";

    private readonly MeterListener _listener = new();
    private long _kestrelPooled;
    private long _gen0Retained;

    public TransportPoolGauge()
    {
        _listener.InstrumentPublished = (instrument, listener) =>
        {
            if ((instrument.Meter.Name == "Microsoft.AspNetCore.MemoryPool" && instrument.Name == "aspnetcore.memory_pool.pooled")
                || (instrument.Meter.Name == "Gen0.Buffers" && instrument.Name == "gen0.buffers.retained"))
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
                        Volatile.Write(ref _gen0Retained, value);
                    }
                }
            }
            else
            {
                Interlocked.Add(ref _kestrelPooled, value);
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

    public void Dispose() => _listener.Dispose();
}
