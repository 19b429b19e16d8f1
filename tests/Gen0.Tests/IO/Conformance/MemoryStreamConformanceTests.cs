using Gen0.Tests.Infrastructure;

namespace Gen0.Tests.IO.Conformance;

/// <summary>
/// The control: .NET 10's own <see cref="MemoryStream"/> through the same suite, so an expectation the BCL itself
/// does not meet shows up here (and is recorded as such) rather than being blamed on Gen0.
/// </summary>
public sealed class MemoryStreamConformanceTests : SeekableStreamConformanceTests
{
    protected override long MaxPosition => int.MaxValue;

    // MemoryStream.WriteByte at int.MaxValue computes position + 1 unchecked and throws IndexOutOfRangeException.
    protected override bool WriteByteAtMaxPositionThrowsIOException => false;

    // .NET Framework's and Mono's MemoryStream throw IOException ("stream too long") for some seeks past int.MaxValue.
    protected override bool IsSeekPastMaxPositionFailure(Exception? error) =>
        error is ArgumentOutOfRangeException || (!TestPlatform.BclMatchesNet && error is IOException);

    protected override int BoundarySize => 256;

    protected override Stream CreateWritable() => new MemoryStream();
}
