using System.Collections.Concurrent;

namespace Gen0.AspNetCore.Tests;

/// <summary>
/// A list that behaves like a pooled collection: disposing it clears it (as returning its array to a pool would
/// make its contents unusable), so a response body serialized after disposal would be empty or truncated. It records
/// when it was disposed and whether the response had been written by then.
/// </summary>
public sealed class DisposeProbeList : List<int>, IDisposable
{
    private readonly TaskCompletionSource<bool> _disposed = new(TaskCreationOptions.RunContinuationsAsynchronously);

    public DisposeProbeList(IEnumerable<int> items, Func<bool>? responseCompleted = null)
        : base(items) => ResponseCompleted = responseCompleted;

    public Func<bool>? ResponseCompleted { get; }

    public int DisposeCount { get; private set; }

    /// <summary>Completes with whether the response had completed when the list was disposed.</summary>
    public Task<bool> Disposed => _disposed.Task;

    public void Dispose()
    {
        DisposeCount++;
        bool completed = ResponseCompleted?.Invoke() ?? true;
        Clear();
        _disposed.TrySetResult(completed);
    }
}

/// <summary>What the test endpoints saw, keyed by request id.</summary>
public sealed class ProbeRegistry
{
    public ConcurrentDictionary<string, DisposeProbeList> Lists { get; } = new();
}
