using System.Buffers;
using Gen0.IO;

namespace Gen0.Tests;

/// <summary>
/// .NET Framework 4.7.2: the span, memory and convenience members .NET Core put on <see cref="Stream"/>, for the shared
/// stream suites. On a <see cref="PooledMemoryStream"/> they call its own span members (so the suites test Gen0's
/// code); on any other stream they go through the byte-array members, as .NET's <see cref="Stream"/> base does.
/// </summary>
internal static class NetFrameworkStreamPolyfills
{
    extension(Stream stream)
    {
        /// <summary>Writes <paramref name="buffer"/>.</summary>
        /// <param name="buffer">The bytes.</param>
        public void Write(ReadOnlySpan<byte> buffer)
        {
            if (stream is PooledMemoryStream pooled)
            {
                pooled.Write(buffer);
                return;
            }

            byte[] array = ArrayPool<byte>.Shared.Rent(buffer.Length);
            try
            {
                buffer.CopyTo(array);
                stream.Write(array, 0, buffer.Length);
            }
            finally
            {
                ArrayPool<byte>.Shared.Return(array);
            }
        }

        /// <summary>Reads into <paramref name="buffer"/>.</summary>
        /// <param name="buffer">The destination.</param>
        /// <returns>The number of bytes read.</returns>
        public int Read(Span<byte> buffer)
        {
            if (stream is PooledMemoryStream pooled)
            {
                return pooled.Read(buffer);
            }

            byte[] array = ArrayPool<byte>.Shared.Rent(buffer.Length);
            try
            {
                int read = stream.Read(array, 0, buffer.Length);
                array.AsSpan(0, read).CopyTo(buffer);
                return read;
            }
            finally
            {
                ArrayPool<byte>.Shared.Return(array);
            }
        }

        /// <summary>Writes <paramref name="buffer"/> asynchronously (Gen0's netstandard2.0 polyfill, without a token).</summary>
        /// <param name="buffer">The bytes.</param>
        /// <returns>The write.</returns>
        public ValueTask WriteAsync(ReadOnlyMemory<byte> buffer) => stream.WriteAsync(buffer, CancellationToken.None);

        /// <summary>Reads into <paramref name="buffer"/> asynchronously.</summary>
        /// <param name="buffer">The destination.</param>
        /// <param name="cancellationToken">The token to monitor.</param>
        /// <returns>The number of bytes read.</returns>
        public async ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
        {
            if (System.Runtime.InteropServices.MemoryMarshal.TryGetArray(buffer, out ArraySegment<byte> segment))
            {
                return await stream.ReadAsync(segment.Array!, segment.Offset, segment.Count, cancellationToken).ConfigureAwait(false);
            }

            byte[] array = ArrayPool<byte>.Shared.Rent(buffer.Length);
            try
            {
                int read = await stream.ReadAsync(array, 0, buffer.Length, cancellationToken).ConfigureAwait(false);
                array.AsSpan(0, read).CopyTo(buffer.Span);
                return read;
            }
            finally
            {
                ArrayPool<byte>.Shared.Return(array);
            }
        }

        /// <summary>Reads exactly <c>buffer.Length</c> bytes.</summary>
        /// <param name="buffer">The destination.</param>
        /// <exception cref="EndOfStreamException">The stream ended first.</exception>
        public void ReadExactly(Span<byte> buffer)
        {
            while (!buffer.IsEmpty)
            {
                int read = stream.Read(buffer);
                if (read == 0)
                {
                    throw new EndOfStreamException();
                }

                buffer = buffer[read..];
            }
        }

        /// <summary>Reads exactly <paramref name="count"/> bytes into <paramref name="buffer"/> from <paramref name="offset"/>.</summary>
        /// <param name="buffer">The destination.</param>
        /// <param name="offset">Where in it.</param>
        /// <param name="count">How many bytes.</param>
        public void ReadExactly(byte[] buffer, int offset, int count) => stream.ReadExactly(buffer.AsSpan(offset, count));

        /// <summary>Disposes the stream (synchronously: .NET Framework's <see cref="Stream"/> is not asynchronously disposable).</summary>
        /// <returns>A completed task.</returns>
        public ValueTask DisposeAsync()
        {
            stream.Dispose();
            return default;
        }
    }
}
