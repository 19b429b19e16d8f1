namespace Gen0.MemoryLimit.Tests;

/// <summary>ScalableArrayPool<lt;byte>gt;.Shared, 8 threads renting one array of a sixteenth of the limit each, then a working set of 60 % of the limit.</summary>
public sealed class FewThreadsBigArraysUnderLimitTests : UnderLimitTests
{
    protected override string Shape => "big";
}
