using System.Runtime.CompilerServices;
using Gen0.IO;

namespace Gen0.Tests.IO.Conformance;

/// <summary>
/// <see cref="Base64EncodingStream"/>: write-only, not seekable; what it produces must equal
/// <see cref="Convert.ToBase64String(byte[])"/> of everything written, however the writes were split.
/// </summary>
public sealed class Base64EncodingStreamConformanceTests : StreamConformanceTests
{
    private readonly ConditionalWeakTable<Stream, MemoryStream> _destinations = [];

    protected override bool CanReadAndSeek => false;

    // Base64 works in three-byte groups; the staging buffer holds 12 KiB of output (9 KiB of input).
    protected override int BoundarySize => 9 * 1024;

    protected override Stream CreateWritable()
    {
        var destination = new MemoryStream();
        var stream = new Base64EncodingStream(destination, leaveOpen: true);
        _destinations.Add(stream, destination);
        return stream;
    }

    protected override byte[] Finish(Stream stream)
    {
        stream.Dispose();
        Assert.True(_destinations.TryGetValue(stream, out MemoryStream? destination));
        return destination.ToArray();
    }

    protected override byte[] Expected(byte[] written) => Ascii(Convert.ToBase64String(written));
}
