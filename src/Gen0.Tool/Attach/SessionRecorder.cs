using System.Diagnostics;
using Microsoft.Diagnostics.NETCore.Client;

namespace Gen0.Tool.Attach;

/// <summary>
/// Records an EventPipe session of a process into a <c>.nettrace</c> file until a duration passes, the process exits,
/// or the user presses Ctrl+C; then stops the session so that the runtime sends its rundown (the names of the methods
/// the stacks point into), and waits, bounded, for the file to be complete.
/// </summary>
internal static class SessionRecorder
{
    /// <summary>How long the runtime may take to send the rundown and close the stream after Stop.</summary>
    public static readonly TimeSpan StopTimeout = TimeSpan.FromSeconds(60);

    /// <param name="client">The target's diagnostics client.</param>
    /// <param name="processId">The target, for error messages.</param>
    /// <param name="path">The file to write.</param>
    /// <param name="duration">How long to record; null until the process exits (or Ctrl+C).</param>
    /// <param name="hasExited">Whether the target has exited (a started command); null to rely on the event stream's end.</param>
    /// <param name="afterStart">Run once the session is open (resumes a command started suspended).</param>
    /// <param name="cancellation">Ctrl+C.</param>
    public static RecordingEnd Record(
        DiagnosticsClient client,
        int processId,
        string path,
        TimeSpan? duration,
        Func<bool>? hasExited,
        Action? afterStart,
        CancellationToken cancellation)
    {
        EventPipeSession session;
        try
        {
            session = client.StartEventPipeSession(new EventPipeSessionConfiguration(GcProviders.Diagnose, 256, true, true));
        }
        catch (Exception ex) when (ex is not ToolException)
        {
            throw AttachErrors.Translate(ex, processId);
        }

        using (session)
        using (var file = new FileStream(path, FileMode.Create, FileAccess.Write, FileShare.Read, 1 << 16))
        {
            Task copy = session.EventStream.CopyToAsync(file, CancellationToken.None);
            afterStart?.Invoke();
            var clock = Stopwatch.StartNew();
            RecordingEnd end;
            while (true)
            {
                if (cancellation.IsCancellationRequested)
                {
                    end = RecordingEnd.Cancelled;
                    break;
                }

                if (copy.IsCompleted || hasExited?.Invoke() == true)
                {
                    end = RecordingEnd.TargetExited;
                    break;
                }

                if (duration is TimeSpan d && clock.Elapsed >= d)
                {
                    end = RecordingEnd.Duration;
                    break;
                }

                copy.Wait(TimeSpan.FromMilliseconds(100));
            }

            Stop(session, copy);
            if (!copy.Wait(StopTimeout))
            {
                // The runtime did not close the stream (it hangs, or it is suspended by a debugger): keep what arrived.
                session.Dispose();
            }

            file.Flush();
            return end;
        }
    }

    private static void Stop(EventPipeSession session, Task copy)
    {
        if (copy.IsCompleted)
        {
            return;
        }

        try
        {
            // Stop asks for the rundown; it fails when the process exited meanwhile, which ends the stream anyway.
            Task stop = session.StopAsync(CancellationToken.None);
            stop.Wait(StopTimeout);
        }
        catch (AggregateException ex) when (ex.InnerException is ServerNotAvailableException or IOException or ObjectDisposedException or TimeoutException or OperationCanceledException)
        {
        }
        catch (Exception ex) when (ex is ServerNotAvailableException or IOException or ObjectDisposedException or TimeoutException)
        {
        }
    }
}
