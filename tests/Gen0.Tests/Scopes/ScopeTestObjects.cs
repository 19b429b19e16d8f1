using System.Runtime.CompilerServices;
using System.Collections.Concurrent;

namespace Gen0.Tests.Scopes;

/// <summary>Every Scopes test class joins this collection: they share <c>DisposeScope.ThrowExceptionWhenNotHaveDisposeScope</c>.</summary>
[CollectionDefinition(Name, DisableParallelization = true)]
public sealed class DisposeScopeCollection
{
    public const string Name = "DisposeScope statics";
}

/// <summary>A thread-safe log of what happened, in order.</summary>
public sealed class EventLog
{
    private readonly ConcurrentQueue<string> _entries = new();

    public void Add(string entry) => _entries.Enqueue(entry);

    public string[] Entries => [.. _entries];
}

/// <summary>001's NeedDispose: writes "{Name} Is Dispose" when disposed and counts its disposals.</summary>
public sealed class NeedDispose(string name, EventLog log) : IDisposable
{
    private int _disposeCount;

    public string Name { get; } = name;

    public int DisposeCount => Volatile.Read(ref _disposeCount);

    public void Dispose()
    {
        Interlocked.Increment(ref _disposeCount);
        log.Add($"{Name} Is Dispose");
    }
}

public sealed class ThrowingDisposable(string name, EventLog log) : IDisposable
{
    public void Dispose()
    {
        log.Add($"{name} Is Dispose");
        throw new InvalidOperationException(name);
    }
}

/// <summary>Implements only IAsyncDisposable; its disposal completes asynchronously (after a delay).</summary>
public sealed class AsyncOnlyDisposable(string name, EventLog log) : IAsyncDisposable
{
    public bool IsDisposed { get; private set; }

    public async ValueTask DisposeAsync()
    {
        await Task.Delay(5);
        IsDisposed = true;
        log.Add($"{name} Is DisposeAsync");
    }
}

/// <summary>Implements both interfaces and records which one was used.</summary>
public sealed class DualDisposable(string name, EventLog log) : IDisposable, IAsyncDisposable
{
    public void Dispose() => log.Add($"{name} Is Dispose");

    public async ValueTask DisposeAsync()
    {
        await Task.Yield();
        log.Add($"{name} Is DisposeAsync");
    }
}

/// <summary>A struct disposable whose disposals are counted in a shared box.</summary>
public struct CountingStruct(StrongBox<int> disposals) : IDisposable
{
    public bool DisposedThisCopy { get; private set; }

    public void Dispose()
    {
        DisposedThisCopy = true;
        Interlocked.Increment(ref disposals.Value);
    }
}

/// <summary>A synchronization context whose posted callbacks never run: awaiting on it deadlocks.</summary>
public sealed class NeverRunningSynchronizationContext : SynchronizationContext
{
    public int PostCount { get; private set; }

    public override void Post(SendOrPostCallback d, object? state) => PostCount++;
}
