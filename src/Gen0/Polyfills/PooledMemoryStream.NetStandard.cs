namespace Gen0.IO;

/// <content>
/// netstandard2.0: its <see cref="Stream"/> has no span members, so the span pair is plain public methods here (the
/// byte-array overrides call them, as on .NET) and <see cref="Stream"/>'s protected argument checks are local.
/// </content>
public sealed partial class PooledMemoryStream
{
    /// <summary>Reads bytes into <paramref name="buffer"/> and advances the position by the number read.</summary>
    /// <param name="buffer">The destination.</param>
    /// <returns>The number of bytes read: less than the buffer's length at the end of the stream, 0 there.</returns>
    /// <exception cref="ObjectDisposedException">The stream is closed.</exception>
    public int Read(Span<byte> buffer) => ReadCore(buffer);

    /// <summary>Writes <paramref name="buffer"/> at the position and advances it.</summary>
    /// <param name="buffer">The bytes to write.</param>
    /// <exception cref="ObjectDisposedException">The stream is closed.</exception>
    /// <exception cref="NotSupportedException">The stream is not writable.</exception>
    public void Write(ReadOnlySpan<byte> buffer) => WriteCore(buffer);

    private static void ValidateBufferArguments(byte[] buffer, int offset, int count) =>
        StreamArgumentChecks.ValidateBufferArguments(buffer, offset, count);

    private static void ValidateCopyToArguments(Stream destination, int bufferSize) =>
        StreamArgumentChecks.ValidateCopyToArguments(destination, bufferSize);
}
