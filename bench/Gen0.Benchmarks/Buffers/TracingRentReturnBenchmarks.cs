using System.Buffers;
using System.Diagnostics.Tracing;
using BenchmarkDotNet.Attributes;
using Gen0.Buffers;

namespace Gen0.Benchmarks.Buffers;

/// <summary>
/// Issue 15, the tracing row: rent+return of 4 KB with an in-process <see cref="EventListener"/> on the pools' event
/// sources (<c>Gen0-Buffers</c> and the BCL's <c>System.Buffers.ArrayPoolEventSource</c>) at no level, Informational
/// and Verbose. Goals: 0 B per pair at Informational; at Verbose nothing allocated by Gen0 beyond the listener's own
/// per-event objects; time with a listener &lt;= the BCL's. The Allocated column is the measure.
/// </summary>
public class TracingRentReturnBenchmarks
{
    private const int Operations = 4 * 1024;

    private Listener? _listener;

    /// <summary>The listener's level, or <c>None</c> for no listener.</summary>
    [Params("None", "Informational", "Verbose")]
    public string Level { get; set; } = "None";

    [GlobalSetup]
    public void GlobalSetup()
    {
        if (Level != "None")
        {
            _listener = new Listener(Enum.Parse<EventLevel>(Level));
        }
    }

    [GlobalCleanup]
    public void GlobalCleanup() => _listener?.Dispose();

    [Benchmark(Baseline = true, OperationsPerInvoke = Operations)]
    public int BclShared() => RentReturn(default(PoolCalls.BclShared));

    [Benchmark(OperationsPerInvoke = Operations)]
    public int ScalableShared() => RentReturn(default(PoolCalls.ScalableShared));

    private static int RentReturn<TPool>(TPool pool)
        where TPool : struct, IPoolCall
    {
        int sum = 0;
        for (int i = 0; i < Operations; i++)
        {
            byte[] array = pool.Rent(4096);
            array[0] = (byte)i;
            sum += array[0];
            pool.Return(array);
        }

        return sum;
    }

    private sealed class Listener(EventLevel level) : EventListener
    {
        protected override void OnEventSourceCreated(EventSource eventSource)
        {
            if (eventSource.Name is "Gen0-Buffers" or "System.Buffers.ArrayPoolEventSource")
            {
                EnableEvents(eventSource, level);
            }
        }

        protected override void OnEventWritten(EventWrittenEventArgs eventData)
        {
        }
    }
}
