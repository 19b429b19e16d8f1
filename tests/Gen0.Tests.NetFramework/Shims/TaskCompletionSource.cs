namespace System.Threading.Tasks;

/// <summary>.NET 5's non-generic <c>TaskCompletionSource</c>, for .NET Framework 4.7.2.</summary>
internal sealed class TaskCompletionSource
{
    private readonly TaskCompletionSource<bool> _inner;

    /// <summary>Initializes the source.</summary>
    public TaskCompletionSource() => _inner = new TaskCompletionSource<bool>();

    /// <summary>Initializes the source with options.</summary>
    /// <param name="options">The options.</param>
    public TaskCompletionSource(TaskCreationOptions options) => _inner = new TaskCompletionSource<bool>(options);

    /// <summary>Gets the task.</summary>
    public Task Task => _inner.Task;

    /// <summary>Completes the task.</summary>
    public void SetResult() => _inner.SetResult(true);

    /// <summary>Tries to complete the task.</summary>
    /// <returns>Whether this call completed it.</returns>
    public bool TrySetResult() => _inner.TrySetResult(true);

    /// <summary>Faults the task.</summary>
    /// <param name="exception">The exception.</param>
    public void SetException(Exception exception) => _inner.SetException(exception);

    /// <summary>Tries to fault the task.</summary>
    /// <param name="exception">The exception.</param>
    /// <returns>Whether this call faulted it.</returns>
    public bool TrySetException(Exception exception) => _inner.TrySetException(exception);

    /// <summary>Cancels the task.</summary>
    public void SetCanceled() => _inner.SetCanceled();

    /// <summary>Tries to cancel the task.</summary>
    /// <returns>Whether this call canceled it.</returns>
    public bool TrySetCanceled() => _inner.TrySetCanceled();
}
