namespace Gen0.IO;

/// <content>
/// The span and memory members that override <see cref="Stream"/>'s on .NET (netstandard2.0's <see cref="Stream"/> has
/// none of them; Polyfills/PooledMemoryStream.NetStandard.cs gives the span pair there as plain methods).
/// </content>
public sealed partial class PooledMemoryStream
{
    /// <inheritdoc/>
    public override int Read(Span<byte> buffer) => ReadCore(buffer);

    /// <inheritdoc/>
    public override void Write(ReadOnlySpan<byte> buffer) => WriteCore(buffer);

    /// <inheritdoc/>
    public override ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
    {
        if (cancellationToken.IsCancellationRequested)
        {
            return ValueTask.FromCanceled<int>(cancellationToken);
        }

        try
        {
            return new ValueTask<int>(Read(buffer.Span));
        }
        catch (Exception ex)
        {
            return ValueTask.FromException<int>(ex);
        }
    }

    /// <inheritdoc/>
    public override ValueTask WriteAsync(ReadOnlyMemory<byte> buffer, CancellationToken cancellationToken = default)
    {
        if (cancellationToken.IsCancellationRequested)
        {
            return ValueTask.FromCanceled(cancellationToken);
        }

        try
        {
            Write(buffer.Span);
            return default;
        }
        catch (Exception ex)
        {
            return ValueTask.FromException(ex);
        }
    }

    /// <inheritdoc/>
    public override void CopyTo(Stream destination, int bufferSize)
    {
        ValidateCopyToArguments(destination, bufferSize);
        EnsureNotClosed();
        long position = _position;
        if (position >= _length)
        {
            return;
        }

        _position = _length;
        WriteRange(destination, position, _length);
    }
}
