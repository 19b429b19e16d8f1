using System.Buffers;
using Gen0.IO;

namespace Gen0.Tests.IO.Conformance;

/// <summary>
/// <see cref="PooledMemoryStream"/> with 7-byte blocks from a pool that rounds every rent up (ArrayPool.Shared), so
/// every operation crosses block boundaries and every copy meets arrays longer than the block (at most 100,000 rents).
/// </summary>
public sealed class PooledMemoryStreamSmallBlockConformanceTests : SeekableStreamConformanceTests
{
    protected override long MaxPosition => PooledMemoryStream.MaxLength;

    protected override int BoundarySize => 7;

    protected override Stream CreateWritable() => new PooledMemoryStream(new RentLimitedPool(100_000, ArrayPool<byte>.Shared), 7);
}
