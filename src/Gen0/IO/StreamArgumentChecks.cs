namespace Gen0.IO;

/// <summary>
/// The argument checks .NET 5 put on <see cref="Stream"/> (same exceptions), for netstandard2.0's stream, which lacks
/// them, and for the byte-array overloads of <see cref="PooledMemoryStreamManager"/> on every target.
/// </summary>
internal static class StreamArgumentChecks
{
    /// <summary>Validates the arguments of a byte-array read or write.</summary>
    /// <param name="buffer">The array.</param>
    /// <param name="offset">The offset into it.</param>
    /// <param name="count">The number of bytes.</param>
    public static void ValidateBufferArguments(byte[] buffer, int offset, int count)
    {
        if (buffer is null)
        {
            throw new ArgumentNullException(nameof(buffer));
        }

        if (offset < 0)
        {
            throw new ArgumentOutOfRangeException(nameof(offset), "Non-negative number required.");
        }

        // Compared as long, as .NET's check does (uint against int): an offset past the end makes the room negative,
        // which a uint comparison would read as huge and let a zero count through.
        if ((uint)count > (long)buffer.Length - offset)
        {
            throw new ArgumentOutOfRangeException(nameof(count), "Offset and length were out of bounds for the array or count is greater than the number of elements from index to the end of the source collection.");
        }
    }

    /// <summary>Validates the arguments of a copy to another stream.</summary>
    /// <param name="destination">The destination stream.</param>
    /// <param name="bufferSize">The buffer size.</param>
    public static void ValidateCopyToArguments(Stream destination, int bufferSize)
    {
        if (destination is null)
        {
            throw new ArgumentNullException(nameof(destination));
        }

        if (bufferSize <= 0)
        {
            throw new ArgumentOutOfRangeException(nameof(bufferSize), "Positive number required.");
        }

        if (!destination.CanWrite)
        {
            throw destination.CanRead ? new NotSupportedException("Stream does not support writing.") : new ObjectDisposedException(destination.GetType().Name, "Cannot access a closed Stream.");
        }
    }
}
