using System.Text.Encodings.Web;
using System.Text.Json;
using System.Text.Json.Serialization;
using Gen0.Tool.Rendering;

namespace Gen0.Tool;

/// <summary>Writes a verb's result: one JSON object, or a table on a terminal, or plain text to a pipe; and the HTML page when asked.</summary>
internal static class ReportOutput
{
    public static JsonSerializerOptions JsonOptions { get; } = new(JsonSerializerDefaults.Web)
    {
        WriteIndented = true,
        Encoder = JavaScriptEncoder.UnsafeRelaxedJsonEscaping,
        Converters = { new JsonStringEnumConverter(JsonNamingPolicy.CamelCase) },
        NumberHandling = JsonNumberHandling.AllowNamedFloatingPointLiterals,
    };

    public static void Write<T>(T model, ReportDocument document, OutputOptions options, ToolConsole console)
    {
        if (options.Json)
        {
            console.Out.WriteLine(JsonSerializer.Serialize(model, JsonOptions));
        }
        else if (console.IsTerminal)
        {
            TerminalRenderer.Write(document, console.CreateAnsiConsole());
        }
        else
        {
            PlainTextRenderer.Write(document, console.Out);
        }

        console.Out.Flush();
        if (options.HtmlPath is string path)
        {
            WriteHtml(path, document);
            console.Progress($"HTML report written to {Path.GetFullPath(path)}");
        }
    }

    private static void WriteHtml(string path, ReportDocument document)
    {
        try
        {
            File.WriteAllText(path, HtmlRenderer.Render(document));
        }
        catch (Exception ex) when (ex is IOException or UnauthorizedAccessException or ArgumentException or NotSupportedException)
        {
            throw new ToolException(ExitCodes.CannotWrite, $"Could not write the HTML report to '{path}': {ex.Message.TrimEnd('.')}. Give a path in a folder you can write to.", ex);
        }
    }
}
