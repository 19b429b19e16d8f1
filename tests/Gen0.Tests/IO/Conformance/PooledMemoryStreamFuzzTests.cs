using System.Buffers;
using Gen0.Buffers;
using Gen0.IO;
using Gen0.Tests.Infrastructure;

namespace Gen0.Tests.IO.Conformance;

/// <summary>
/// A seeded differential fuzzer: thousands of random operations per seed (every Stream member plus GetBuffer,
/// TryGetBuffer, ToArray, WriteTo, Capacity, GetSpan/Advance), with positions and lengths drawn mostly from the block
/// boundaries (-1/0/+1), run against a <see cref="MemoryStream"/> and a <see cref="PooledMemoryStream"/>; after every
/// step the result (or exception type), Position, Length and the whole contents must agree. Tiny blocks make every
/// operation cross boundaries; 64 KiB blocks come from the default pool. <c>GEN0_SOAK=ci</c> runs twice the steps, <c>GEN0_SOAK=1</c> 20 times.
/// </summary>
public class PooledMemoryStreamFuzzTests
{

    public static TheoryData<int, int> SeedsAndBlockSizes()
    {
        var data = new TheoryData<int, int>();
        foreach (int blockSize in new[] { 1, 7, 64, PooledMemoryStream.DefaultBlockSize })
        {
            foreach (int seed in Seeds.Range(1, 5))
            {
                data.Add(seed, blockSize);
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(SeedsAndBlockSizes))]
    public void RandomOperations_MatchMemoryStream(int seed, int blockSize) => Seeds.Run(seed, () => RunFuzz(seed, blockSize));

    private static void RunFuzz(int seed, int blockSize)
    {
        // Every step compares the whole contents in place (MemoryStream's buffer against the stream's blocks) and every
        // 16th step through ToArray as well: two copies per step, each in Mono's large object space for a 64 KiB-block
        // stream, made these cases 100 s of the Mono run. Mono runs a third of the 64 KiB-block steps still: its
        // operations on streams of 64 KiB blocks cost several times .NET's, and the run must fit in CI beside the others.
        int steps = Soak.Scale(blockSize >= 4096 ? 1_000 : 3_000, 2, 20);
        bool defaultPool = blockSize == PooledMemoryStream.DefaultBlockSize;
        var guarded = new GuardedArrayPool<byte>(ArrayPool<byte>.Create(), captureStackTraces: false);
        ArrayPool<byte> pool = defaultPool ? new RentLimitedPool(4096, StreamBlockPool.Instance) : guarded;
        var fuzz = new Fuzz(new Random((seed * 7919) + blockSize), blockSize);
        Watchdog.Run(
            () =>
            {
                using var actual = new PooledMemoryStream(pool, blockSize);
                var expected = new MemoryStream();
                for (int step = 0; step < steps; step++)
                {
                    string what = fuzz.Step(expected, actual);
                    string where = $"seed {seed}, block {blockSize}, step {step}: {what}";
                    Assert.True(expected.Length == actual.Length, $"{where}: Length {actual.Length}, MemoryStream {expected.Length}");
                    Assert.True(expected.Position == actual.Position, $"{where}: Position {actual.Position}, MemoryStream {expected.Position}");
                    Assert.True(SameContents(expected, actual), $"{where}: contents differ");
                    if (step % 16 == 0)
                    {
                        Assert.True(expected.ToArray().AsSpan().SequenceEqual(actual.ToArray()), $"{where}: ToArray differs");
                    }
                }

                SpanAssert.Equal(expected.ToArray(), actual.GetReadOnlySequence().ToArray());
            },
            TimeSpan.FromSeconds(60),
            $"fuzz seed {seed}, block {blockSize}");

        if (!defaultPool)
        {
            guarded.AssertAllReturned();
        }
        else
        {
            Assert.Equal(0, ((RentLimitedPool)pool).Outstanding);
        }
    }

    private static bool SameContents(MemoryStream expected, PooledMemoryStream actual)
    {
        ReadOnlySpan<byte> remaining = expected.GetBuffer().AsSpan(0, (int)expected.Length);
        ReadOnlySequence<byte> blocks = actual.GetReadOnlySequence();
        if (blocks.Length != remaining.Length)
        {
            return false;
        }

        foreach (ReadOnlyMemory<byte> segment in blocks)
        {
            if (!remaining.Slice(0, segment.Length).SequenceEqual(segment.Span))
            {
                return false;
            }

            remaining = remaining.Slice(segment.Length);
        }

        return true;
    }

    /// <summary>Draws the operations and their arguments.</summary>
    private sealed class Fuzz(Random random, int blockSize)
    {
        private readonly int _max = Math.Min((4 * blockSize) + 5, 300_000);

        public string Step(MemoryStream expected, PooledMemoryStream actual)
        {
            switch (random.Next(24))
            {
                case 0:
                case 1:
                {
                    int count = Size();
                    byte[] data = Bytes(count + 4);
                    int offset = random.Next(8) == 0 ? random.Next(-1, 6) : random.Next(0, 5);
                    if (random.Next(10) == 0)
                    {
                        count = random.Next(-1, data.Length + 2);
                    }

                    Differential.Same(() => expected.Write(data, offset, count), () => actual.Write(data, offset, count), "Write");
                    return $"Write(byte[{data.Length}], {offset}, {count})";
                }

                case 2:
                {
                    byte[] data = Bytes(Size());
                    Differential.Same(() => expected.Write(data.AsSpan()), () => actual.Write(data.AsSpan()), "Write(span)");
                    return $"Write(span {data.Length})";
                }

                case 3:
                {
                    byte value = (byte)random.Next(256);
                    Differential.Same(() => expected.WriteByte(value), () => actual.WriteByte(value), "WriteByte");
                    return "WriteByte";
                }

                case 4:
                case 5:
                {
                    int count = Size();
                    int offset = random.Next(8) == 0 ? random.Next(-1, 4) : random.Next(0, 3);
                    byte[] e = new byte[count + 2];
                    byte[] a = new byte[count + 2];
                    Differential.Same(() => expected.Read(e, offset, count), () => actual.Read(a, offset, count), "Read");
                    SpanAssert.Equal(e, a);
                    return $"Read(byte[{e.Length}], {offset}, {count})";
                }

                case 6:
                {
                    byte[] e = new byte[Size()];
                    byte[] a = new byte[e.Length];
                    Differential.Same(() => expected.Read(e.AsSpan()), () => actual.Read(a.AsSpan()), "Read(span)");
                    SpanAssert.Equal(e, a);
                    return $"Read(span {e.Length})";
                }

                case 7:
                    Differential.Same(expected.ReadByte, actual.ReadByte, "ReadByte");
                    return "ReadByte";

                case 8:
                case 9:
                {
                    var origin = (SeekOrigin)(random.Next(12) == 0 ? random.Next(-1, 5) : random.Next(0, 3));
                    long basis = origin switch { SeekOrigin.Current => expected.Position, SeekOrigin.End => expected.Length, _ => 0 };
                    long offset = Boundary() - basis;
                    if (random.Next(20) == 0)
                    {
                        offset = random.Next(2) == 0 ? long.MaxValue : long.MinValue;
                    }

                    Differential.Same(() => expected.Seek(offset, origin), () => actual.Seek(offset, origin), "Seek");
                    return $"Seek({offset}, {origin})";
                }

                case 10:
                {
                    long value = random.Next(20) == 0 ? -1 : Boundary();
                    Differential.Same(() => expected.Position = value, () => actual.Position = value, "Position");
                    return $"Position = {value}";
                }

                case 11:
                case 12:
                {
                    long value = random.Next(20) == 0 ? -1 : Boundary();
                    Differential.Same(() => expected.SetLength(value), () => actual.SetLength(value), "SetLength");
                    return $"SetLength({value})";
                }

                case 13:
                {
                    // Capacity differs by design (blocks vs one array); only growth to a value and the refusal agree.
                    int value = (int)Math.Min(Boundary(), int.MaxValue);
                    Differential.Same(() => { expected.Capacity = value; return 0; }, () => { actual.Capacity = value; return 0; }, "Capacity");
                    return $"Capacity = {value}";
                }

                case 14:
                {
                    byte[] e = expected.GetBuffer();
                    byte[] a = actual.GetBuffer();
                    Assert.True(e.AsSpan(0, (int)expected.Length).SequenceEqual(a.AsSpan(0, (int)actual.Length)), "GetBuffer");
                    return "GetBuffer";
                }

                case 15:
                {
                    if (!TestPlatform.BclMatchesNet && expected.Capacity == 0)
                    {
                        // Mono's MemoryStream.TryGetBuffer throws ArgumentNullException while it has no buffer.
                        return "TryGetBuffer (skipped: the twin has no buffer)";
                    }

                    Assert.True(expected.TryGetBuffer(out ArraySegment<byte> e));
                    if (actual.TryGetBuffer(out ArraySegment<byte> a))
                    {
                        Assert.True(e.AsSpan().SequenceEqual(a.AsSpan()), "TryGetBuffer");
                    }
                    else
                    {
                        Assert.True(actual.BlockCount > 1, "TryGetBuffer refused a single-block stream");
                    }

                    return "TryGetBuffer";
                }

                case 16:
                {
                    var e = new MemoryStream();
                    var a = new MemoryStream();
                    // Mono's MemoryStream.WriteTo throws ArgumentNullException when it never had a buffer (Differential tolerates that there).
                    Differential.Same(() => expected.WriteTo(e), () => actual.WriteTo(a), "WriteTo");
                    SpanAssert.Equal(e.ToArray(), a.ToArray());
                    return "WriteTo";
                }

                case 17:
                {
                    var e = new MemoryStream();
                    var a = new MemoryStream();
                    int bufferSize = random.Next(10) == 0 ? random.Next(-1, 1) : Math.Max(1, Size());
                    Differential.Same(() => expected.CopyTo(e, bufferSize), () => actual.CopyTo(a, bufferSize), "CopyTo");
                    SpanAssert.Equal(e.ToArray(), a.ToArray());
                    return $"CopyTo(bufferSize {bufferSize})";
                }

                case 18:
                {
                    var e = new MemoryStream();
                    var a = new MemoryStream();
                    int bufferSize = Math.Max(1, Size());
                    expected.CopyToAsync(e, bufferSize).GetAwaiter().GetResult();
                    actual.CopyToAsync(a, bufferSize).GetAwaiter().GetResult();
                    SpanAssert.Equal(e.ToArray(), a.ToArray());
                    return $"CopyToAsync(bufferSize {bufferSize})";
                }

                case 19:
                {
                    byte[] data = Bytes(Size());
                    expected.WriteAsync(data, 0, data.Length).GetAwaiter().GetResult();
                    actual.WriteAsync(data.AsMemory()).AsTask().GetAwaiter().GetResult();
                    return $"WriteAsync({data.Length})";
                }

                case 20:
                {
                    byte[] e = new byte[Size()];
                    byte[] a = new byte[e.Length];
                    Differential.Same(
                        () => expected.ReadAsync(e, 0, e.Length).GetAwaiter().GetResult(),
                        () => actual.ReadAsync(a.AsMemory()).AsTask().GetAwaiter().GetResult(),
                        "ReadAsync");
                    SpanAssert.Equal(e, a);
                    return $"ReadAsync({e.Length})";
                }

                case 21:
                {
                    // The IBufferWriter side, mirrored on MemoryStream as the write it amounts to.
                    int hint = random.Next(4) == 0 ? 0 : Size();
                    Span<byte> span = actual.GetSpan(hint);
                    Assert.True(span.Length >= Math.Max(1, hint), $"GetSpan({hint}) gave {span.Length}");
                    int count = random.Next(0, Math.Min(span.Length, Math.Max(hint, 1)) + 1);
                    byte[] data = Bytes(count);
                    data.CopyTo(span);
                    actual.Advance(count);
                    expected.Write(data, 0, count);
                    return $"GetSpan({hint}) + Advance({count})";
                }

                case 22:
                    SpanAssert.Equal(expected.ToArray(), actual.ToArray());
                    return "ToArray";

                default:
                {
                    expected.Flush();
                    actual.Flush();
                    SpanAssert.Equal(expected.ToArray(), actual.GetReadOnlySequence().ToArray());
                    return "Flush + GetReadOnlySequence";
                }
            }
        }

        /// <summary>Mostly a block boundary -1/0/+1 (up to four blocks), sometimes anything up to the maximum size.</summary>
        private long Boundary()
        {
            if (random.Next(4) == 0)
            {
                return random.Next(0, _max + 1);
            }

            long value = ((long)random.Next(0, 5) * blockSize) + random.Next(-1, 2);
            return Math.Max(0, value);
        }

        private int Size() => random.Next(6) switch
        {
            0 => random.Next(0, 3),
            1 => Math.Max(0, blockSize + random.Next(-1, 2)),
            2 => (2 * blockSize) + 1,
            _ => random.Next(0, Math.Min(_max, 3 * blockSize) + 1),
        };

        private byte[] Bytes(int length)
        {
            byte[] data = new byte[Math.Max(0, length)];
            random.NextBytes(data);
            return data;
        }
    }
}
