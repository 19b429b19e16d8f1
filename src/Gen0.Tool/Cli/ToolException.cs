namespace Gen0.Tool;

/// <summary>A failure the user can act on: the message is one line saying what went wrong and what to do; never a stack trace.</summary>
internal sealed class ToolException(int exitCode, string message, Exception? inner = null) : Exception(message, inner)
{
    public int ExitCode { get; } = exitCode;
}
