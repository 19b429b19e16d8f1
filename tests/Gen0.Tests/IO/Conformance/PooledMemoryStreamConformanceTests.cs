using Gen0.IO;

namespace Gen0.Tests.IO.Conformance;

/// <summary>
/// <see cref="PooledMemoryStream"/> with its defaults: 64 KiB blocks from the default pool, through a pass-through
/// pool that fails after 256 rents, so that a stream growing without bound fails the test rather than the test host.
/// </summary>
public sealed class PooledMemoryStreamConformanceTests : SeekableStreamConformanceTests
{
    protected override long MaxPosition => PooledMemoryStream.MaxLength;

    protected override int BoundarySize => PooledMemoryStream.DefaultBlockSize;

    protected override Stream CreateWritable() => new PooledMemoryStream(new RentLimitedPool(256, StreamBlockPool.Instance));
}
