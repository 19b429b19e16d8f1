using System.Diagnostics;
using BenchmarkDotNet.Attributes;
using Gen0.Diagnostics;

namespace Gen0.Benchmarks.Diagnostics;

/// <summary>
/// The cost of one poll of the runtime's GC figures, which <see cref="GcMonitor"/> pays once per polling interval.
/// Baseline: what monitoring code usually does to read private bytes, <c>Process.GetCurrentProcess().PrivateMemorySize64</c>.
/// <c>GcMonitor.Poll</c> runs with the default options (private bytes re-read at most every 5 s, so most polls reuse
/// the value); the two variants show the poll with a private-bytes read every time and with none.
/// The monitor's window is 1 ms here so that every poll also closes a window and runs every rule: a worst case for the
/// rule work, while the sample ring stays small.
/// </summary>
public class GcMonitorPollBenchmarks
{
    private GcMonitor _monitor = null!;
    private GcMonitor _monitorWithoutPrivateBytes = null!;
    private GcMonitor _monitorPrivateBytesEveryPoll = null!;
    private GcMonitor _monitorDefaultWindow = null!;

    [GlobalSetup]
    public void GlobalSetup()
    {
        _monitor = new GcMonitor(new GcMonitorOptions { PollingInterval = TimeSpan.Zero, Window = TimeSpan.FromMilliseconds(1) });
        _monitorPrivateBytesEveryPoll = new GcMonitor(new GcMonitorOptions { PollingInterval = TimeSpan.Zero, Window = TimeSpan.FromMilliseconds(1), PrivateBytesRefreshInterval = TimeSpan.Zero });
        _monitorWithoutPrivateBytes = new GcMonitor(new GcMonitorOptions { PollingInterval = TimeSpan.Zero, Window = TimeSpan.FromMilliseconds(1), ReadPrivateBytes = false });

        // The default one-minute window polled far faster than one slice (0.5 s): every poll coalesces into the newest sample.
        _monitorDefaultWindow = new GcMonitor(new GcMonitorOptions { PollingInterval = TimeSpan.Zero });
    }

    [GlobalCleanup]
    public void GlobalCleanup()
    {
        _monitor.Dispose();
        _monitorWithoutPrivateBytes.Dispose();
        _monitorPrivateBytesEveryPoll.Dispose();
        _monitorDefaultWindow.Dispose();
    }

    [Benchmark(Baseline = true, Description = "Process.PrivateMemorySize64")]
    public long ProcessPrivateMemorySize64()
    {
        using Process process = Process.GetCurrentProcess();
        return process.PrivateMemorySize64;
    }

    [Benchmark(Description = "Environment.WorkingSet")]
    public long EnvironmentWorkingSet() => Environment.WorkingSet;

    [Benchmark(Description = "GC.GetGCMemoryInfo(Any)")]
    public long GetGCMemoryInfo() => GC.GetGCMemoryInfo(GCKind.Any).HeapSizeBytes;

    [Benchmark(Description = "GcMonitor.Poll")]
    public int Poll()
    {
        _monitor.Poll();
        return 0;
    }

    [Benchmark(Description = "GcMonitor.Poll (private bytes every poll)")]
    public int PollPrivateBytesEveryPoll()
    {
        _monitorPrivateBytesEveryPoll.Poll();
        return 0;
    }

    [Benchmark(Description = "GcMonitor.Poll (no private bytes)")]
    public int PollWithoutPrivateBytes()
    {
        _monitorWithoutPrivateBytes.Poll();
        return 0;
    }

    [Benchmark(Description = "GcMonitor.Poll (1 min window, coalescing)")]
    public int PollCoalescing()
    {
        _monitorDefaultWindow.Poll();
        return 0;
    }

    [Benchmark(Description = "GcMonitor.Snapshot (1 min window, coalescing)")]
    public GcHealthReport SnapshotCoalescing() => _monitorDefaultWindow.Snapshot();

    [Benchmark(Description = "GcMonitor.Snapshot")]
    public GcHealthReport Snapshot() => _monitor.Snapshot();
}
