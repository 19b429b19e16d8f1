namespace Gen0.Demo.Workload;

/// <summary>
/// A write-only stream that keeps a 64-bit digest and a byte count of everything written to it: the response sink.
/// The digest depends only on the bytes, not on how they were split into writes, so the two modes can be compared.
/// </summary>
internal sealed class OutputDigest : Stream
{
    private const ulong Seed = 0x9E3779B97F4A7C15;

    private ulong _hash = Seed;
    private ulong _pending;
    private int _pendingBytes;

    public long BytesWritten { get; private set; }

    public override bool CanRead => false;

    public override bool CanSeek => false;

    public override bool CanWrite => true;

    public override long Length => BytesWritten;

    public override long Position
    {
        get => BytesWritten;
        set => throw new NotSupportedException();
    }

    /// <summary>Returns the digest of everything written so far.</summary>
    public ulong Digest() => Mix(_hash ^ _pending ^ ((ulong)BytesWritten << 3));

    public static ulong Mix(ulong value)
    {
        value ^= value >> 33;
        value *= 0xFF51AFD7ED558CCD;
        value ^= value >> 33;
        value *= 0xC4CEB9FE1A85EC53;
        value ^= value >> 33;
        return value;
    }

    public override void Write(ReadOnlySpan<byte> buffer)
    {
        BytesWritten += buffer.Length;
        while (_pendingBytes != 0 && !buffer.IsEmpty)
        {
            Push(buffer[0]);
            buffer = buffer[1..];
        }

        while (buffer.Length >= sizeof(ulong))
        {
            _hash = Mix(_hash ^ System.Buffers.Binary.BinaryPrimitives.ReadUInt64LittleEndian(buffer));
            buffer = buffer[sizeof(ulong)..];
        }

        foreach (byte b in buffer)
        {
            Push(b);
        }
    }

    public override void Write(byte[] buffer, int offset, int count) => Write(buffer.AsSpan(offset, count));

    public override void WriteByte(byte value)
    {
        BytesWritten++;
        Push(value);
    }

    public override void Flush()
    {
    }

    public override int Read(byte[] buffer, int offset, int count) => throw new NotSupportedException();

    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

    public override void SetLength(long value) => throw new NotSupportedException();

    private void Push(byte value)
    {
        _pending |= (ulong)value << (8 * _pendingBytes);
        if (++_pendingBytes == sizeof(ulong))
        {
            _hash = Mix(_hash ^ _pending);
            _pending = 0;
            _pendingBytes = 0;
        }
    }
}
