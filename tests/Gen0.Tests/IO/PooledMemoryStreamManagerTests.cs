using Gen0.Tests.Infrastructure;
using Gen0.Buffers;
using Gen0.IO;

namespace Gen0.Tests.IO;

/// <summary>
/// Issue 26: one options object reusable across streams, as RecyclableMemoryStreamManager is: validation that names the
/// property and its range, the GetStream overloads, and the pool each manager owns (block size, budget, clear mode).
/// </summary>
public class PooledMemoryStreamManagerTests
{
    public static TheoryData<string, Action<PooledMemoryStreamOptions>> BadOptions() => new()
    {
        { nameof(PooledMemoryStreamOptions.BlockSize), o => o.BlockSize = 0 },
        { nameof(PooledMemoryStreamOptions.BlockSize), o => o.BlockSize = -1 },
        { nameof(PooledMemoryStreamOptions.BlockSize), o => o.BlockSize = 85_000 },
        { nameof(PooledMemoryStreamOptions.BlockSize), o => o.BlockSize = int.MaxValue },
        { nameof(PooledMemoryStreamOptions.MaxRetainedBytes), o => o.MaxRetainedBytes = -1 },
        { nameof(PooledMemoryStreamOptions.MaxRetainedBytes), o => o.MaxRetainedBytes = long.MinValue },
        { nameof(PooledMemoryStreamOptions.TrimAfter), o => o.TrimAfter = TimeSpan.Zero },
        { nameof(PooledMemoryStreamOptions.TrimAfter), o => o.TrimAfter = TimeSpan.FromMilliseconds(-2) },
        { nameof(PooledMemoryStreamOptions.TrimAfter), o => o.TrimAfter = TimeSpan.MaxValue },
        { nameof(PooledMemoryStreamOptions.MaximumStreamCapacity), o => o.MaximumStreamCapacity = 0 },
        { nameof(PooledMemoryStreamOptions.MaximumStreamCapacity), o => o.MaximumStreamCapacity = -1 },
        { nameof(PooledMemoryStreamOptions.MaximumStreamCapacity), o => o.MaximumStreamCapacity = PooledMemoryStream.MaxLength + 1 },
        { nameof(PooledMemoryStreamOptions.MaximumStreamCapacity), o => o.MaximumStreamCapacity = long.MaxValue },
        { nameof(PooledMemoryStreamOptions.ClearMode), o => o.ClearMode = (ClearMode)3 },
    };

    [Theory]
    [MemberData(nameof(BadOptions))]
    public void Validate_NamesThePropertyAndItsRange(string property, Action<PooledMemoryStreamOptions> spoil)
    {
        var options = new PooledMemoryStreamOptions();
        spoil(options);
        ArgumentOutOfRangeException error = Assert.Throws<ArgumentOutOfRangeException>(options.Validate);
        Assert.Equal(property, error.ParamName);
        Assert.Contains(property + " must be", error.Message, StringComparison.Ordinal);
        Assert.Equal(property, Assert.Throws<ArgumentOutOfRangeException>(() => new PooledMemoryStreamManager(options)).ParamName);
    }

    [Fact]
    public void Defaults_AreValid_AndBounded()
    {
        var options = new PooledMemoryStreamOptions();
        options.Validate();
        Assert.Equal(PooledMemoryStream.DefaultBlockSize, options.BlockSize);
        Assert.Equal(128L << 20, options.MaxRetainedBytes);
        Assert.Equal(TimeSpan.FromSeconds(60), options.TrimAfter);
        Assert.Equal(PooledMemoryStream.MaxLength, options.MaximumStreamCapacity);
        Assert.Equal(ClearMode.Auto, options.ClearMode);
        Assert.False(options.ThrowExceptionOnToArray || options.CaptureCreationStack || options.DetectLeaks);

        // The edges of every range are accepted.
        new PooledMemoryStreamOptions { BlockSize = 1, MaxRetainedBytes = 0, TrimAfter = Timeout.InfiniteTimeSpan, MaximumStreamCapacity = 1 }.Validate();
        new PooledMemoryStreamOptions { BlockSize = PooledMemoryStreamOptions.MaxBlockSize, MaxRetainedBytes = long.MaxValue, MaximumStreamCapacity = PooledMemoryStream.MaxLength }.Validate();
        Assert.Throws<ArgumentNullException>(() => new PooledMemoryStreamManager(null!));
    }

    [Fact]
    public void Manager_CopiesItsOptions()
    {
        var options = new PooledMemoryStreamOptions { BlockSize = 1000, Name = "copied" };
        using var manager = new PooledMemoryStreamManager(options);
        options.BlockSize = 5;
        options.ThrowExceptionOnToArray = true;
        Assert.Equal(1000, manager.BlockSize);
        Assert.False(manager.ThrowExceptionOnToArray);
        Assert.Equal("copied", manager.Pool.Name);
        PooledMemoryStreamOptions copy = manager.GetOptions();
        Assert.Equal(1000, copy.BlockSize);
        copy.BlockSize = 7;
        Assert.Equal(1000, manager.BlockSize);
    }

    [Theory]
    [InlineData(1)]
    [InlineData(100)]
    [InlineData(4096)]
    [InlineData(84_975)]
    public void Streams_UseTheManagersBlockSize_FromItsOwnPool(int blockSize)
    {
        using var manager = new PooledMemoryStreamManager(new PooledMemoryStreamOptions { BlockSize = blockSize });
        using PooledMemoryStream stream = manager.GetStream();
        byte[] data = new byte[(blockSize * 3) + 1];
        new Random(blockSize).NextBytes(data);
        stream.Write(data);
        Assert.Equal(blockSize, stream.BlockSize);
        Assert.Equal(4, stream.BlockCount);
        Assert.Equal(4L * blockSize, stream.Capacity64);
        Assert.Same(manager, stream.Manager);
        SpanAssert.Equal(data, stream.ToArray());
        Assert.True(manager.Pool.GetStatistics().Rents >= 4);
        Assert.Equal(blockSize, manager.Pool.MaxArrayLength);
    }

    [Fact]
    public void GetStream_Overloads_AsRecyclableMemoryStreamManagers()
    {
        using var manager = new PooledMemoryStreamManager(new PooledMemoryStreamOptions { BlockSize = 16 });
        byte[] data = [1, 2, 3, 4, 5];

        using (PooledMemoryStream stream = manager.GetStream())
        {
            Assert.Equal(0, stream.Length);
            Assert.Null(stream.Tag);
            Assert.True(stream.CanWrite);
        }

        using (PooledMemoryStream stream = manager.GetStream("tag"))
        {
            Assert.Equal("tag", stream.Tag);
        }

        using (PooledMemoryStream stream = manager.GetStream("sized", 100))
        {
            Assert.Equal("sized", stream.Tag);
            Assert.Equal(0, stream.Length);
            Assert.Equal(112, stream.Capacity64);
        }

        using (PooledMemoryStream stream = manager.GetStream("none", 0))
        {
            Assert.Equal(0, stream.Capacity64);
        }

        foreach (PooledMemoryStream stream in new[] { manager.GetStream(data), manager.GetStream(data.AsSpan()), manager.GetStream("t", data.AsSpan()), manager.GetStream("t", [0, .. data, 0], 1, 5) })
        {
            using (stream)
            {
                Assert.Equal(0, stream.Position);
                SpanAssert.Equal(data, stream.ToArray());
                Assert.True(stream.CanWrite);
            }
        }

        // The contents are a copy.
        using PooledMemoryStream copy = manager.GetStream(data);
        data[0] = 99;
        Assert.Equal(1, copy.ReadByte());
    }

    [Fact]
    public void GetStream_BadArguments_ThrowAndLeakNothing()
    {
        using var manager = new PooledMemoryStreamManager(new PooledMemoryStreamOptions { BlockSize = 16, MaximumStreamCapacity = 64 });
        Assert.Throws<ArgumentNullException>(() => manager.GetStream((byte[])null!));
        Assert.Throws<ArgumentNullException>(() => manager.GetStream("t", null!, 0, 0));
        Assert.Throws<ArgumentOutOfRangeException>(() => manager.GetStream("t", new byte[4], -1, 1));
        Assert.Throws<ArgumentOutOfRangeException>(() => manager.GetStream("t", new byte[4], 2, 3));
        Assert.Throws<ArgumentOutOfRangeException>(() => manager.GetStream("t", 65));
        Assert.Throws<IOException>(() => manager.GetStream(new byte[65]));

        // The streams those calls created were disposed: their blocks are back in the manager's pool.
        ScalableArrayPoolStatistics statistics = manager.Pool.GetStatistics();
        Assert.Equal(statistics.Rents, statistics.Returns);
    }

    [Fact]
    public void ThePool_KeepsNoMoreThanTheBudget_AndClearsWhenAsked()
    {
        using var manager = new PooledMemoryStreamManager(new PooledMemoryStreamOptions { BlockSize = 1024, MaxRetainedBytes = 4 * 1024, ClearMode = ClearMode.Always });
        using (PooledMemoryStream stream = manager.GetStream())
        {
            byte[] data = new byte[10 * 1024];
            data.AsSpan().Fill(0xEE);
            stream.Write(data);
        }

        ScalableArrayPoolStatistics statistics = manager.Pool.GetStatistics();
        Assert.True(statistics.RetainedBytes <= 4 * 1024, $"retained {statistics.RetainedBytes} B over a 4 KiB budget");
        Assert.True(statistics.RetainedBytes > 0);
        Assert.Equal(ClearMode.Always, manager.ClearMode);

        byte[] block = manager.Pool.Rent(1024);
        Assert.All(block, b => Assert.Equal(0, b));
        manager.Pool.Return(block);
    }

    [Fact]
    public void ADisposedManager_RefusesNewStreams_ItsStreamsCanStillBeReadAndDisposed()
    {
        var manager = new PooledMemoryStreamManager(new PooledMemoryStreamOptions { BlockSize = 16 });
        PooledMemoryStream stream = manager.GetStream(new byte[] { 1, 2, 3 });
        manager.Dispose();
        manager.Dispose();
        Assert.Throws<ObjectDisposedException>(() => manager.GetStream());
        Assert.Equal([1, 2, 3], stream.ToArray());
        Assert.Throws<ObjectDisposedException>(() => stream.Write(new byte[100]));
        stream.Dispose();

        // Shared cannot be disposed.
        PooledMemoryStreamManager.Shared.Dispose();
        using PooledMemoryStream shared = PooledMemoryStreamManager.Shared.GetStream();
        Assert.Same(PooledMemoryStreamManager.Shared, new PooledMemoryStream().Manager);
    }

    [Fact]
    public void Shared_IsTheManagerOfTheConstructors_WithDefaultOptions()
    {
        PooledMemoryStreamManager shared = PooledMemoryStreamManager.Shared;
        Assert.Equal(PooledMemoryStream.DefaultBlockSize, shared.BlockSize);
        Assert.Equal(PooledMemoryStream.MaxLength, shared.MaximumStreamCapacity);
        Assert.Equal("Gen0.IO.StreamBlocks", shared.Pool.Name);
        Assert.Equal(128L << 20, shared.Pool.MaxRetainedBytes);
        Assert.False(shared.ThrowExceptionOnToArray || shared.CaptureCreationStack || shared.DetectLeaks);
    }
}
