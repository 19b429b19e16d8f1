using System.Runtime.ConstrainedExecution;

namespace Gen0.Memory;

/// <summary>
/// Calls back after every gen 2 collection, the way the BCL's own pools learn of them: an unreachable object whose
/// finalizer re-registers itself. After its first collections it lives in gen 2, so only a gen 2 collection finds it
/// unreachable and queues its finalizer again. Nothing is allocated per collection.
/// </summary>
internal sealed class Gen2GcCallback : CriticalFinalizerObject
{
    private readonly Action _callback;

    private Gen2GcCallback(Action callback) => _callback = callback;

    /// <summary>Finalizes the object: runs the callback, then asks to be finalized again after the next gen 2 collection.</summary>
    ~Gen2GcCallback()
    {
        try
        {
            _callback();
        }
        catch (Exception)
        {
            // A callback that throws (even out of memory) must not end the notifications, nor the process: an
            // exception escaping a finalizer is fatal.
        }
        finally
        {
            // Not while the runtime shuts down: a re-registered object would keep the finalizer thread busy.
            if (!Environment.HasShutdownStarted)
            {
                GC.ReRegisterForFinalize(this);
            }
        }
    }

    /// <summary>Starts calling <paramref name="callback"/> after every gen 2 collection, for the life of the process.</summary>
    /// <param name="callback">The callback; it runs on the finalizer thread.</param>
    public static void Register(Action callback) => _ = new Gen2GcCallback(callback);
}
