namespace Gen0.Tests.Infrastructure;

/// <summary>
/// What a test needs that some runs of the core suite lack. The same sources run against Gen0's net10.0 asset on .NET
/// (tests/Gen0.Tests), its netstandard2.0 asset on .NET (tests/Gen0.Tests.NetStandard) and on .NET Framework or Mono
/// (tests/Gen0.Tests.NetFramework); a test that cannot hold in one of those runs says so with
/// <see cref="PlatformFactAttribute"/> or <see cref="PlatformTheoryAttribute"/>, and is reported there as skipped with
/// its reason (so that every <c>--filter</c> stays green and the skip count is visible).
/// </summary>
[Flags]
public enum Requires
{
    /// <summary>Nothing: runs everywhere.</summary>
    None = 0,

    /// <summary>Gen0's net8.0/net10.0 asset: what its netstandard2.0 asset degrades (docs/netstandard.md).</summary>
    NetAsset = 1,

    /// <summary>
    /// The .NET runtime's own events (GC, allocation ticks) delivered to an in-process <c>EventListener</c>: not on
    /// .NET Framework (ETW only) or Mono (none).
    /// </summary>
    RuntimeEvents = 2,

    /// <summary>
    /// The 85,000-byte Large Object Heap of CoreCLR and .NET Framework: not Mono, whose SGen GC puts every object over
    /// 8,000 bytes in its large object space.
    /// </summary>
    ClrLargeObjectHeap = 4,

    /// <summary>
    /// A per-thread allocation counter: <c>GC.GetAllocatedBytesForCurrentThread</c> counts nothing on .NET Framework and
    /// Mono, so an allocation test there would pass without measuring.
    /// </summary>
    AllocationCounter = 8,

    /// <summary>
    /// <c>EventSource</c> events delivered to an in-process <c>EventListener</c>: not on Mono, whose listeners never
    /// see a library's event source.
    /// </summary>
    EventListener = 16,

    /// <summary>
    /// .NET's BCL as the control: not .NET Framework's or Mono's, whose types differ in documented details (see
    /// <see cref="TestPlatform.BclMatchesNet"/>).
    /// </summary>
    NetBcl = 32,
}
