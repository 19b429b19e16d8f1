using Gen0.Pools;
using Xunit;

namespace Gen0.Tests.Pools;

/// <summary>Every option validated with the BCL's exception, and every member's behaviour after Dispose.</summary>
public class PoolOptionAndDisposalTests
{
    private static PoolOptions<PooledThing> Options(Action<PoolOptions<PooledThing>> configure)
    {
        var options = new PoolOptions<PooledThing> { Factory = () => new PooledThing(), TrimAfter = Timeout.InfiniteTimeSpan };
        configure(options);
        return options;
    }

    public static TheoryData<string, Action<PoolOptions<PooledThing>>> OutOfRange => new()
    {
        { "MaxSize 0", o => o.MaxSize = 0 },
        { "MaxSize -1", o => o.MaxSize = -1 },
        { "MaxSize int.MinValue", o => o.MaxSize = int.MinValue },
        { "MaxRetained -1", o => o.MaxRetained = -1 },
        { "MaxRetained int.MinValue", o => o.MaxRetained = int.MinValue },
        { "MaxRetained int.MaxValue (would reserve gigabytes of rings)", o => o.MaxRetained = int.MaxValue },
        { "MaxRetained MaxRetainedLimit + 1", o => o.MaxRetained = PoolOptions<PooledThing>.MaxRetainedLimit + 1 },
        { "Prewarm -1", o => o.Prewarm = -1 },
        { "Prewarm > MaxRetained", o => { o.MaxRetained = 2; o.Prewarm = 3; } },
        { "Prewarm > MaxSize", o => { o.MaxSize = 2; o.Prewarm = 3; } },
        { "WhenExhausted undefined", o => o.WhenExhausted = (PoolExhaustedBehavior)3 },
        { "WhenExhausted negative", o => o.WhenExhausted = (PoolExhaustedBehavior)(-1) },
        { "WaitTimeout -2 ms", o => o.WaitTimeout = TimeSpan.FromMilliseconds(-2) },
        { "WaitTimeout int.MaxValue + 1 ms", o => o.WaitTimeout = TimeSpan.FromMilliseconds(int.MaxValue + 1.0) },
        { "WaitTimeout MaxValue", o => o.WaitTimeout = TimeSpan.MaxValue },
        { "TrimAfter 0", o => o.TrimAfter = TimeSpan.Zero },
        { "TrimAfter -2 ms", o => o.TrimAfter = TimeSpan.FromMilliseconds(-2) },
        { "ProcessorCountOverride 0", o => o.ProcessorCountOverride = 0 },
    };

    [Theory]
    [MemberData(nameof(OutOfRange))]
    public void OutOfRangeOption_ThrowsArgumentOutOfRange(string what, Action<PoolOptions<PooledThing>> configure)
    {
        ArgumentOutOfRangeException ex = Assert.Throws<ArgumentOutOfRangeException>(() => new Pool<PooledThing>(Options(configure)));
        Assert.False(string.IsNullOrEmpty(ex.Message), what);
    }

    [Fact]
    public void MissingFactoryOrOptions_ThrowsArgumentNull()
    {
        Assert.Throws<ArgumentNullException>(() => new Pool<PooledThing>((PoolOptions<PooledThing>)null!));
        Assert.Throws<ArgumentNullException>(() => new Pool<PooledThing>((Func<PooledThing>)null!));
        Assert.Throws<ArgumentNullException>(() => new Pool<PooledThing>(new PoolOptions<PooledThing>()));
    }

    [Theory]
    [InlineData(0, null)]
    [InlineData(PoolOptions<PooledThing>.MaxRetainedLimit, null)]
    [InlineData(1, 1)]
    [InlineData(int.MaxValue, 1)]
    [InlineData(64, int.MaxValue)]
    public void BoundaryOptions_AreAccepted_AndWork(int maxRetained, int? maxSize)
    {
        using var pool = new Pool<PooledThing>(Options(o => { o.MaxRetained = maxRetained; o.MaxSize = maxSize; o.WaitTimeout = TimeSpan.Zero; }));
        PooledThing item = pool.Rent();
        ReturnResult result = pool.Return(item);
        Assert.Equal(maxRetained == 0 ? ReturnResult.Dropped : ReturnResult.Kept, result);
        Assert.Equal(maxRetained > 0, ReferenceEquals(item, pool.Rent()));
    }

    [Fact]
    public void ReturnNull_ThrowsArgumentNull_StateIntact()
    {
        using var pool = new Pool<PooledThing>(Options(_ => { }));
        Assert.Throws<ArgumentNullException>(() => pool.Return(null!));
        Assert.Equal(0, pool.LiveCount);
    }

    [Fact]
    public async Task AfterDispose_RentsThrowObjectDisposed_ReturnsDrop_DisposeIsIdempotent()
    {
        var pool = new Pool<PooledThing>(Options(o => o.MaxSize = 2));
        PooledThing rented = pool.Rent();
        Lease<PooledThing> lease = pool.Lease();
        pool.Dispose();
        pool.Dispose();
        Assert.Throws<ObjectDisposedException>(() => pool.Rent());
        Assert.Throws<ObjectDisposedException>(() => pool.TryRent(out _));
        Assert.Throws<ObjectDisposedException>(() => pool.Lease());
        await Assert.ThrowsAsync<ObjectDisposedException>(async () => await pool.RentAsync());
        Assert.Equal(ReturnResult.DroppedPoolDisposed, pool.Return(rented));
        lease.Dispose();
        Assert.Throws<InvalidOperationException>(lease.Dispose);
        Assert.Equal(0, pool.LiveCount);
        Assert.Equal(0, pool.Count);
        pool.Trim();
    }
}
