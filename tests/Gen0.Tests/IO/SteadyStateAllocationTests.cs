using System.Diagnostics.Tracing;
using Gen0.Buffers;
using Gen0.IO;
using Gen0.Tests.Infrastructure;

namespace Gen0.Tests.IO;

/// <summary>
/// Issue 15's stream rows, on the allocation side (no timing): in steady state, building a stream of 100 B to 100 MB
/// with the default block supply, or writing 1 MB through a buffer writer, allocates nothing but the stream or writer
/// object itself (no block, no table); <see cref="PooledMemoryStream.ToArray"/> allocates only its result.
/// </summary>
[Collection(GcSensitiveCollection.Name)]
public class SteadyStateAllocationTests
{
    private const int Chunk = 64 * 1024;

    [AllocationTheory]
    [InlineData(100)]
    [InlineData(1024)]
    [InlineData(64 * 1024)]
    [InlineData(1_000_000)]
    [InlineData(1024 * 1024)]
    [InlineData(16 * 1024 * 1024)]
    [InlineData(100_000_000)]
    public void PooledMemoryStream_WriteThenRead_AllocatesOnlyTheStreamObject(int size)
    {
        byte[] chunk = new byte[Chunk];
        byte[] readBuffer = new byte[Chunk];
        new Random(size).NextBytes(chunk);
        long objectOnly = BestOfThree(() => new PooledMemoryStream().Dispose());

        WriteThenRead(size, chunk, readBuffer);
        WriteThenRead(size, chunk, readBuffer);
        long perOp = BestOfThree(() => WriteThenRead(size, chunk, readBuffer));

        Assert.True(perOp <= objectOnly, $"{size:N0} B: a stream cycle allocated {perOp:N0} B; the stream object alone is {objectOnly:N0} B.");
        Assert.True(objectOnly < 256, $"The stream object is {objectOnly} B.");
    }

    [AllocationFact]
    public void PooledMemoryStream_16MiB_WithAListenerAtInformational_AllocatesOnlyTheStreamObject()
    {
        // The block pool writes its events to Gen0-Buffers; at Informational nothing is written in steady state, and
        // enabling the source must not make the stream's rents and returns allocate.
        const int size = 16 * 1024 * 1024;
        byte[] chunk = new byte[Chunk];
        byte[] readBuffer = new byte[Chunk];
        using var listener = new InformationalBuffersListener();
        long objectOnly = BestOfThree(() => new PooledMemoryStream().Dispose());
        long perOp = Watchdog.Run(() =>
        {
            WriteThenRead(size, chunk, readBuffer);
            WriteThenRead(size, chunk, readBuffer);
            return BestOfThree(() => WriteThenRead(size, chunk, readBuffer));
        });

        Assert.True(listener.Enabled, "the listener saw the Gen0-Buffers source");
        Assert.True(perOp <= objectOnly, $"With a listener, a 16 MiB stream cycle allocated {perOp:N0} B; the stream object alone is {objectOnly:N0} B.");
    }

    [AllocationFact]
    public void PooledMemoryStream_ToArray_AllocatesOnlyItsResult()
    {
        const int size = 16 * 1024 * 1024;
        using var stream = new PooledMemoryStream();
        stream.Write(new byte[size]);
        stream.ToArray();
        long allocated = BestOfThree(() => GC.KeepAlive(stream.ToArray()));
        Assert.True(allocated <= size + 64, $"ToArray of 16 MiB allocated {allocated:N0} B.");
    }

    [AllocationTheory]
    [InlineData(1)]
    [InlineData(32)]
    [InlineData(1000)]
    public void PooledBufferWriter_Write1MB_AllocatesOnlyTheWriterObject(int spanSize)
    {
        long objectOnly = BestOfThree(() => new PooledBufferWriter<byte>().Dispose());
        Write1MB(spanSize);
        Write1MB(spanSize);
        long perOp = BestOfThree(() => Write1MB(spanSize));
        Assert.True(perOp <= objectOnly, $"A 1 MB writer cycle allocated {perOp:N0} B; the writer object alone is {objectOnly:N0} B.");

        // Reused (Clear between payloads), it allocates nothing at all.
        using var writer = new PooledBufferWriter<byte>();
        Fill(writer, spanSize);
        writer.Clear();
        Fill(writer, spanSize);
        writer.Clear();
        long reused = BestOfThree(() =>
        {
            Fill(writer, spanSize);
            writer.Clear();
        });
        Assert.Equal(0, reused);
    }

    private static void WriteThenRead(int size, byte[] chunk, byte[] readBuffer)
    {
        using var stream = new PooledMemoryStream();
        for (int written = 0; written < size; written += Chunk)
        {
            stream.Write(chunk, 0, Math.Min(Chunk, size - written));
        }

        stream.Position = 0;
        while (stream.Read(readBuffer, 0, Chunk) > 0)
        {
        }
    }

    private static void Write1MB(int spanSize)
    {
        using var writer = new PooledBufferWriter<byte>();
        Fill(writer, spanSize);
    }

    private static void Fill(PooledBufferWriter<byte> writer, int spanSize)
    {
        for (int written = 0; written < 1024 * 1024; written += spanSize)
        {
            Span<byte> span = writer.GetSpan(spanSize);
            span[..spanSize].Fill(1);
            writer.Advance(spanSize);
        }
    }

    // Informational only: the base constructor reports existing sources before a derived constructor could set a level.
    private sealed class InformationalBuffersListener : EventListener
    {
        private volatile bool _enabled;

        public bool Enabled => _enabled;

        protected override void OnEventSourceCreated(EventSource eventSource)
        {
            if (eventSource.Name == ArrayPoolEventSource.EventSourceName)
            {
                EnableEvents(eventSource, EventLevel.Informational);
                _enabled = true;
            }
        }

        protected override void OnEventWritten(EventWrittenEventArgs eventData)
        {
        }
    }

    // The least of three runs: the pools' idle timer may empty this thread's cache once in a while.
    private static long BestOfThree(Action action) => Allocations.FewestBytes(action, passes: 3);
}
