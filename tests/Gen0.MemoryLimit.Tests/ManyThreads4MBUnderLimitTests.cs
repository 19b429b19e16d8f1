namespace Gen0.MemoryLimit.Tests;

/// <summary>ScalableArrayPool<lt;byte>gt;.Shared, 16 threads renting 4 MB arrays, then a working set of 60 % of the limit.</summary>
public sealed class ManyThreads4MBUnderLimitTests : UnderLimitTests
{
    protected override string Shape => "threads";
}
