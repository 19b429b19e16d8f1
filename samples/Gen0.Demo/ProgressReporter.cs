using System.Globalization;

namespace Gen0.Demo;

/// <summary>
/// Writes progress as <see cref="ProgressStyle"/> says: a redrawn status line on a terminal, one line per phase when
/// redirected (a log gets no thousands of carriage returns), nothing for <c>--json</c>.
/// </summary>
internal sealed class ProgressReporter(ProgressStyle style, TextWriter writer)
{
    public ProgressStyle Style => style;

    /// <summary>The style for this process: live on a terminal, phases when standard error is redirected, none for JSON.</summary>
    public static ProgressStyle Detect(bool json) =>
        json ? ProgressStyle.None : Console.IsErrorRedirected ? ProgressStyle.Phases : ProgressStyle.Live;

    public void Phase(string message)
    {
        if (style != ProgressStyle.None)
        {
            writer.WriteLine(message);
        }
    }

    public void Status(string message)
    {
        if (style == ProgressStyle.Live)
        {
            writer.Write(string.Create(CultureInfo.InvariantCulture, $"\r{message}   "));
        }
    }

    /// <summary>Ends the status line (on a terminal) before the next phase line.</summary>
    public void EndStatus()
    {
        if (style == ProgressStyle.Live)
        {
            writer.WriteLine();
        }
    }
}
