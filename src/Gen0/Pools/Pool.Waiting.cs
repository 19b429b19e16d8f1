namespace Gen0.Pools;

/// <summary>Waiting for an object when the pool is exhausted under <see cref="PoolExhaustedBehavior.Wait"/>.</summary>
/// <remarks>
/// Waiters queue in arrival order under a lock that only the slow paths take. A waiter is served either an
/// idle object or, when an object was dropped, the right to create one (a <see langword="null"/> result with
/// the claim already made). Registration increments <c>_waiterCount</c> with an interlocked operation and then
/// looks for an idle object; returners store their object, take a full fence and then read the count: so a
/// returned object is always seen by one side, and no waiter sleeps next to an idle object. Completion and
/// cancellation both happen under the lock, so a resource is never handed to a waiter that gave up; and every
/// waiter that leaves without being served (timeout, cancellation, any exception, the pool's disposal) is
/// unlinked from the queue at once, so the queue holds only live waiters and cannot grow behind a stuck head.
/// </remarks>
public sealed partial class Pool<T>
{
    private readonly LinkedList<TaskCompletionSource<object?>>? _waiters;
    private int _waiterCount;
    private long _waits;

    /// <summary>The number of rents waiting for an object.</summary>
    public int WaitingCount => Volatile.Read(ref _waiterCount);

    private object WaitForEntry()
    {
        LinkedListNode<TaskCompletionSource<object?>> node = RegisterWaiter();
        Task<object?> task = node.Value.Task;
        bool completed;
        try
        {
            completed = task.IsCompleted || WaitBlocking(task);
        }
        catch when (TryCancelWaiter(node))
        {
            // The wait itself failed (an interrupted thread, say): leave the queue before the exception does.
            throw;
        }

        if (!completed && TryCancelWaiter(node))
        {
            ThrowTimedOut();
        }

        // Served (possibly just as the wait timed out), or failed with ObjectDisposedException by Dispose.
        object? item = task.GetAwaiter().GetResult();
        return item ?? Create();
    }

    private bool WaitBlocking(Task<object?> task)
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
        LinkedListNode<TaskCompletionSource<object?>> node = RegisterWaiter();
        Task<object?> task = node.Value.Task;
        object? item;
        if (task.IsCompleted)
        {
            item = await task.ConfigureAwait(false);
        }
        else
        {
            try
            {
                item = await task.WaitAsync(_waitTimeout, cancellationToken).ConfigureAwait(false);
            }
            catch (Exception ex) when (ex is not ObjectDisposedException && TryCancelWaiter(node))
            {
                // Timed out, canceled, or the wait failed: out of the queue, so nothing is handed to us later.
                if (ex is TimeoutException)
                {
                    ThrowTimedOut();
                }

                throw;
            }
            catch (Exception ex) when (ex is not ObjectDisposedException)
            {
                // Served at the moment the wait gave up: an object served is ours, so take it rather than lose it.
                item = await task.ConfigureAwait(false);
            }
        }

        object served = item ?? Create();
        T value = CheckOutRaw(served, GetCache());
        if (_leakTracker is not null)
        {
            TrackRent(value);
        }

        return value;
    }

    private LinkedListNode<TaskCompletionSource<object?>> RegisterWaiter()
    {
        var waiter = new TaskCompletionSource<object?>(TaskCreationOptions.RunContinuationsAsynchronously);
        LinkedListNode<TaskCompletionSource<object?>> node;
        lock (_waiters!)
        {
            if (_disposed)
            {
                ThrowHelper.ThrowObjectDisposed(GetType());
            }

            node = _waiters.AddLast(waiter);
            Interlocked.Increment(ref _waiterCount);
            Interlocked.Increment(ref _waits);

            // Returners read _waiterCount without a fence of their own (see CheckIn); this barrier makes sure that
            // either they see this registration or the scan below sees their object.
            Interlocked.MemoryBarrierProcessWide();

            // Whatever came back between the caller's miss and this registration is found here.
            ServeWaitersLocked();
        }

        return node;
    }

    /// <summary>Withdraws a waiter that gives up; false when it was served (or failed by Dispose) first.</summary>
    private bool TryCancelWaiter(LinkedListNode<TaskCompletionSource<object?>> node)
    {
        lock (_waiters!)
        {
            if (node.Value.TrySetCanceled())
            {
                _waiters.Remove(node);
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
        LinkedList<TaskCompletionSource<object?>> waiters = _waiters!;
        while (waiters.First is { } first)
        {
            object? item = TryTakeShared() ?? TryStealFromThreads();
            if (item is null && !TryReserve())
            {
                return;
            }

            // Waiters that give up unlink themselves under this lock, so the first one is still waiting.
            waiters.RemoveFirst();
            Interlocked.Decrement(ref _waiterCount);
            first.Value.SetResult(item);
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
            while (_waiters.First is { } first)
            {
                _waiters.RemoveFirst();
                Interlocked.Decrement(ref _waiterCount);
                first.Value.SetException(new ObjectDisposedException(GetType().FullName, "The pool was disposed while this rent was waiting for an object."));
            }
        }
    }

    [System.Diagnostics.CodeAnalysis.DoesNotReturn]
    private void ThrowTimedOut() =>
        throw new TimeoutException(
            $"No {typeof(T).Name} came back to the pool within {_waitTimeout} (PoolOptions<T>.WaitTimeout): all {_maxSize} objects (MaxSize) stayed rented. " +
            "Return objects sooner, raise MaxSize or WaitTimeout, or set WhenExhausted to Allocate.");
}
