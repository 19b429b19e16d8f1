namespace Gen0.IO;

/// <summary>
/// The finalizable companion of a <see cref="PooledMemoryStream"/> watched for leaks: only the stream references it,
/// so it becomes unreachable with the stream, and its finalizer reports a stream that was never disposed.
/// </summary>
/// <remarks>
/// The stream itself has no finalizer: a finalizable object costs every allocation a registration with the finalizer
/// queue and every <c>Dispose</c> a <see cref="GC.SuppressFinalize(object)"/>, which unwatched streams should not pay.
/// A leaked stream's blocks are not returned from here: a caller may still hold one of them (through
/// <c>GetBuffer</c>, <c>GetMemory</c> or a sequence) while the stream is unreachable, and the pool would hand it to
/// another renter; the GC reclaims them instead.
/// </remarks>
internal sealed class StreamLeakTracker
{
    public StreamLeakTracker(long streamId, string? tag, string? creationStack)
    {
        StreamId = streamId;
        Tag = tag;
        CreationStack = creationStack;
    }

    /// <summary>Finalizes the tracker: reports the leak, unless the process is shutting down.</summary>
    ~StreamLeakTracker()
    {
        if (Environment.HasShutdownStarted)
        {
            return;
        }

        StreamCounters.OnLeaked();
        if (IOEventSource.Log.IsEnabled(System.Diagnostics.Tracing.EventLevel.Error))
        {
            IOEventSource.Log.StreamFinalized(StreamId, Tag ?? string.Empty, CreationStack ?? string.Empty);
        }
    }

    public long StreamId { get; }

    /// <summary>Gets or sets the stream's tag, kept in step with <see cref="PooledMemoryStream.Tag"/>.</summary>
    public string? Tag { get; set; }

    public string? CreationStack { get; }

    /// <summary>Gets the stack of the stream's first dispose, when stacks are captured.</summary>
    public string? FirstDisposeStack { get; private set; }

    /// <summary>Records the stream's first dispose: no leak to report any more.</summary>
    public void OnDisposed(string? disposeStack)
    {
        FirstDisposeStack = disposeStack;
        GC.SuppressFinalize(this);
    }
}
