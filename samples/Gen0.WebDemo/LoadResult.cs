namespace Gen0.WebDemo;

/// <summary>
/// One endpoint's measured load: throughput, latency percentiles, and what its server process reported before any
/// load (<see cref="Idle"/>: the fixed cost of the process), after the warm-up and after the measured phase, and its
/// memory sampled from outside over the measured phase (<see cref="Memory"/>, with the private part before any load in
/// <see cref="IdlePrivateBytes"/>), and, when the run asks for it, after an idle period following the measured phase
/// (<see cref="AfterIdle"/>, <see cref="AfterIdlePrivateBytes"/>). <see cref="Label"/> names the row: the endpoint, with
/// the transport memory pool when the run compares pools.
/// </summary>
public sealed record LoadResult(
    string Endpoint,
    long Requests,
    long Errors,
    double Seconds,
    double MeanMilliseconds,
    double P95Milliseconds,
    double P99Milliseconds,
    ServerStats Before,
    ServerStats After,
    ServerStats? Idle = null,
    MemorySample? Memory = null,
    long IdlePrivateBytes = 0,
    ServerStats? AfterIdle = null,
    long AfterIdlePrivateBytes = 0,
    string? Label = null)
{
    public double RequestsPerSecond => Requests / Seconds;

    public double PeakWorkingSetMegabytes => After.PeakWorkingSetBytes / (1024.0 * 1024.0);

    public double PeakPrivateMegabytes => (Memory?.PeakPrivateBytes ?? 0) / (1024.0 * 1024.0);

    public double AllocatedKilobytesPerRequest => Requests == 0 ? 0 : (After.AllocatedBytes - Before.AllocatedBytes) / 1024.0 / Requests;
}
