namespace Gen0.MemoryLimit.Tests;

/// <summary>a Pool<lt;T>gt; at its defaults, 16 threads renting an object that holds a thirty-second of the limit, then a working set of 60 % of the limit.</summary>
public sealed class ObjectPoolOfBigObjectsUnderLimitTests : UnderLimitTests
{
    protected override string Shape => "objects";
}
