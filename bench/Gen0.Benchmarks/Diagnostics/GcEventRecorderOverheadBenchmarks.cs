using BenchmarkDotNet.Attributes;
using Gen0.Diagnostics;

namespace Gen0.Benchmarks.Diagnostics;

/// <summary>
/// What a running <see cref="GcEventRecorder"/> costs an allocation-heavy loop: 20,000 small arrays and 4 LOH arrays per
/// operation, so each operation triggers gen 0 GCs (and their events) and allocation-tick events. Baseline: the same
/// loop with no listener. GC is not forced between iterations: the collections and their events are what is measured.
/// </summary>
[GcForce(false)]
public class GcEventRecorderOverheadBenchmarks
{
    private const int SmallArrays = 20_000;
    private const int LargeArrays = 4;

    private GcEventRecorder? _recorder;

    [GlobalSetup(Target = nameof(WithRecorder))]
    public void StartRecorder() => Start(recordLargeObjects: true);

    [GlobalSetup(Target = nameof(WithRecorderNoAllocationTicks))]
    public void StartRecorderWithoutTicks() => Start(recordLargeObjects: false);

    [GlobalCleanup]
    public void GlobalCleanup() => _recorder?.Dispose();

    [Benchmark(Baseline = true, Description = "No recorder")]
    public long WithoutRecorder() => AllocationLoop();

    [Benchmark(Description = "Recorder (GC + allocation ticks)")]
    public long WithRecorder() => AllocationLoop();

    [Benchmark(Description = "Recorder (GC events only)")]
    public long WithRecorderNoAllocationTicks() => AllocationLoop();

    private void Start(bool recordLargeObjects)
    {
        _recorder = new GcEventRecorder(new GcEventRecorderOptions { MaxDuration = Timeout.InfiniteTimeSpan, RecordLargeObjectAllocations = recordLargeObjects });
        _recorder.Start();
    }

    private static long AllocationLoop()
    {
        long sum = 0;
        for (int i = 0; i < SmallArrays; i++)
        {
            byte[] small = new byte[64 + (i & 255)];
            sum += small.Length;
        }

        for (int i = 0; i < LargeArrays; i++)
        {
#pragma warning disable GEN0001 // Deliberate: the LOH allocation whose recording is measured.
            byte[] large = new byte[100_000];
#pragma warning restore GEN0001
            sum += large.Length;
        }

        return sum;
    }
}
