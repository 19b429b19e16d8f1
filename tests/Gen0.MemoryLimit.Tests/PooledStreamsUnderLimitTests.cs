namespace Gen0.MemoryLimit.Tests;

/// <summary>PooledMemoryStreamManager.Shared, 16 threads writing one stream each, then a working set of 60 % of the limit.</summary>
public sealed class PooledStreamsUnderLimitTests : UnderLimitTests
{
    protected override string Shape => "streams";
}
