namespace Gen0.Diagnostics.Tests.Infrastructure;

/// <summary>A clock that moves only when the test says so.</summary>
internal sealed class FakeTimeProvider : TimeProvider
{
    private long _timestamp = 1_000_000;
    private DateTimeOffset _utcNow = new(2026, 1, 1, 0, 0, 0, TimeSpan.Zero);

    public override long TimestampFrequency => TimeSpan.TicksPerSecond;

    public override long GetTimestamp() => _timestamp;

    public override DateTimeOffset GetUtcNow() => _utcNow;

    public void Advance(TimeSpan by)
    {
        _timestamp += by.Ticks;
        _utcNow += by;
    }
}
