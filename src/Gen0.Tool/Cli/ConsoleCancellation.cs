using System.Runtime.InteropServices;

namespace Gen0.Tool;

/// <summary>
/// Ctrl+C and SIGTERM stop the session, not the tool: the first one cancels the token (the verb then writes the
/// partial report); a second Ctrl+C ends the tool as usual.
/// </summary>
internal sealed class ConsoleCancellation : IDisposable
{
    private readonly CancellationTokenSource _source = new();
    private readonly PosixSignalRegistration? _sigterm;

    public ConsoleCancellation()
    {
        Console.CancelKeyPress += OnCancelKeyPress;
        if (!OperatingSystem.IsWindows())
        {
            _sigterm = PosixSignalRegistration.Create(PosixSignal.SIGTERM, OnSigterm);
        }
    }

    public CancellationToken Token => _source.Token;

    public void Dispose()
    {
        Console.CancelKeyPress -= OnCancelKeyPress;
        _sigterm?.Dispose();
        _source.Dispose();
    }

    private void OnCancelKeyPress(object? sender, ConsoleCancelEventArgs e)
    {
        if (_source.IsCancellationRequested)
        {
            return; // the second Ctrl+C terminates
        }

        e.Cancel = true;
        _source.Cancel();
    }

    private void OnSigterm(PosixSignalContext context)
    {
        if (!_source.IsCancellationRequested)
        {
            context.Cancel = true;
            _source.Cancel();
        }
    }
}
