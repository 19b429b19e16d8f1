namespace Gen0.MemoryLimit.Tests;

/// <summary>ChunkedList<lt;long>gt; with chunks from ScalableArrayPool<lt;long>gt;.Shared, 16 threads filling one each, then a working set of 60 % of the limit.</summary>
public sealed class PooledChunkedListsUnderLimitTests : UnderLimitTests
{
    protected override string Shape => "chunked";
}
