namespace Gen0.Pools;

/// <summary>Waiting for an object when the pool is exhausted under <see cref="PoolExhaustedBehavior.Wait"/>.</summary>
/// <remarks>
/// Waiters queue in arrival order under a lock that only the slow paths take. A waiter is served either an
/// idle object or, when an object was dropped, the right to create one (a <see langword="null"/> result with
/// the claim already made). Registration increments <c>_waiterCount</c> with an interlocked operation and then
/// looks for an idle object; returners store their object, take a full fence and then read the count: so a
/// returned object is always seen by one side, and no waiter sleeps next to an idle object. Completion and
/// cancellation both happen under the lock, so a resource is never handed to a waiter that gave up.
/// </remarks>
public sealed partial class Pool<T>
{
    private readonly Queue<TaskCompletionSource<PoolEntry<T>?>>? _waiters;
    private int _waiterCount;
    private long _waits;

    /// <summary>The number of rents waiting for an object.</summary>
    public int WaitingCount => Volatile.Read(ref _waiterCount);

    private PoolEntry<T> WaitForEntry()
    {
        TaskCompletionSource<PoolEntry<T>?> waiter = RegisterWaiter();
        PoolEntry<T>? entry;
        if (!waiter.Task.IsCompleted && !WaitBlocking(waiter.Task))
        {
            if (TryCancelWaiter(waiter))
            {
                ThrowTimedOut();
            }
        }

        // Served, or failed with ObjectDisposedException when the pool was disposed during the wait.
        entry = waiter.Task.GetAwaiter().GetResult();
        return entry ?? Create();
    }

    private bool WaitBlocking(Task<PoolEntry<T>?> task)
    {
        try
        {
            return task.Wait(_waitTimeout);
        }
        catch (AggregateException)
        {
            return true; // faulted (the pool was disposed): GetResult rethrows the inner exception.
        }
    }

    private async ValueTask<T> WaitForEntryAsync(CancellationToken cancellationToken)
    {
        TaskCompletionSource<PoolEntry<T>?> waiter = RegisterWaiter();
        PoolEntry<T>? entry;
        if (waiter.Task.IsCompleted)
        {
            entry = await waiter.Task.ConfigureAwait(false);
        }
        else
        {
            try
            {
                entry = await waiter.Task.WaitAsync(_waitTimeout, cancellationToken).ConfigureAwait(false);
            }
            catch (TimeoutException) when (TryCancelWaiter(waiter))
            {
                ThrowTimedOut();
                throw;
            }
            catch (OperationCanceledException) when (cancellationToken.IsCancellationRequested && TryCancelWaiter(waiter))
            {
                throw;
            }
            catch (Exception ex) when (ex is TimeoutException or OperationCanceledException)
            {
                // Served (or failed by Dispose) at the moment the wait gave up: an object served is ours, so
                // take it rather than lose it.
                entry = await waiter.Task.ConfigureAwait(false);
            }
        }

        PoolEntry<T> served = entry ?? Create();
        return CheckOutRaw(served, GetCache());
    }

    private TaskCompletionSource<PoolEntry<T>?> RegisterWaiter()
    {
        var waiter = new TaskCompletionSource<PoolEntry<T>?>(TaskCreationOptions.RunContinuationsAsynchronously);
        lock (_waiters!)
        {
            if (_disposed)
            {
                ThrowHelper.ThrowObjectDisposed(GetType());
            }

            _waiters.Enqueue(waiter);
            Interlocked.Increment(ref _waiterCount);
            Interlocked.Increment(ref _waits);

            // Returners read _waiterCount without a fence of their own (see CheckIn); this barrier makes sure that
            // either they see this registration or the scan below sees their object.
            Interlocked.MemoryBarrierProcessWide();

            // Whatever came back between the caller's miss and this registration is found here.
            ServeWaitersLocked();
        }

        return waiter;
    }

    private bool TryCancelWaiter(TaskCompletionSource<PoolEntry<T>?> waiter)
    {
        lock (_waiters!)
        {
            if (waiter.TrySetCanceled())
            {
                Interlocked.Decrement(ref _waiterCount);
                return true;
            }

            return false;
        }
    }

    private void ServeWaiters()
    {
        if (_waiters is null)
        {
            return;
        }

        lock (_waiters)
        {
            ServeWaitersLocked();
        }
    }

    private void ServeWaitersLocked()
    {
        Queue<TaskCompletionSource<PoolEntry<T>?>> waiters = _waiters!;
        while (waiters.Count > 0)
        {
            TaskCompletionSource<PoolEntry<T>?> waiter = waiters.Peek();
            if (waiter.Task.IsCompleted)
            {
                waiters.Dequeue(); // gave up (timed out or canceled); already uncounted
                continue;
            }

            PoolEntry<T>? entry = TryTakeShared() ?? TryStealFromThreads();
            if (entry is null && !TryReserve())
            {
                return;
            }

            waiters.Dequeue();
            Interlocked.Decrement(ref _waiterCount);
            waiter.SetResult(entry);
        }
    }

    private void FailWaiters()
    {
        if (_waiters is null)
        {
            return;
        }

        lock (_waiters)
        {
            while (_waiters.Count > 0)
            {
                TaskCompletionSource<PoolEntry<T>?> waiter = _waiters.Dequeue();
                if (waiter.TrySetException(new ObjectDisposedException(GetType().FullName, "The pool was disposed while this rent was waiting for an object.")))
                {
                    Interlocked.Decrement(ref _waiterCount);
                }
            }
        }
    }

    [System.Diagnostics.CodeAnalysis.DoesNotReturn]
    private void ThrowTimedOut() =>
        throw new TimeoutException(
            $"No {typeof(T).Name} came back to the pool within {_waitTimeout} (PoolOptions<T>.WaitTimeout): all {_maxSize} objects (MaxSize) stayed rented. " +
            "Return objects sooner, raise MaxSize or WaitTimeout, or set WhenExhausted to Allocate.");
}
