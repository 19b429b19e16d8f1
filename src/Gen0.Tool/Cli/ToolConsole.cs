using Spectre.Console;

namespace Gen0.Tool;

/// <summary>
/// The tool's standard streams, replaceable so that tests run the verbs in process: whether standard output is a
/// terminal decides between Spectre.Console tables and plain text.
/// </summary>
internal sealed class ToolConsole(TextWriter output, TextWriter error, bool isTerminal)
{
    public TextWriter Out { get; } = output;

    public TextWriter Error { get; } = error;

    public bool IsTerminal { get; } = isTerminal;

    public static ToolConsole System => new(Console.Out, Console.Error, !Console.IsOutputRedirected);

    public IAnsiConsole CreateAnsiConsole() => AnsiConsole.Create(new AnsiConsoleSettings
    {
        Out = new AnsiConsoleOutput(Out),
        Ansi = IsTerminal ? AnsiSupport.Detect : AnsiSupport.No,
        ColorSystem = IsTerminal ? ColorSystemSupport.Detect : ColorSystemSupport.NoColors,
        Interactive = IsTerminal ? InteractionSupport.Detect : InteractionSupport.No,
    });

    /// <summary>A progress line on standard error (never on standard output, which may carry JSON).</summary>
    public void Progress(string message) => Error.WriteLine(message);
}
