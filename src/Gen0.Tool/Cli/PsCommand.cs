using Gen0.Tool.Attach;
using Gen0.Tool.Rendering;

namespace Gen0.Tool;

/// <summary><c>dotnet-gen0 ps</c>: the .NET processes this user can attach to.</summary>
internal static class PsCommand
{
    public static int Run(OutputOptions output, ToolConsole console)
    {
        IReadOnlyList<ProcessEntry> processes = ProcessCatalog.List();
        var doc = new ReportDocument("dotnet-gen0 ps: .NET processes you can attach to");
        doc.Lead.Add(processes.Count == 0
            ? "No .NET process with a diagnostic port runs as this user (processes started with DOTNET_EnableDiagnostics=0, or in another container or TMPDIR, do not show)."
            : $"{processes.Count} process(es). Diagnose one with: dotnet-gen0 diagnose -p <pid>");
        var table = new ReportTable("PID", "Name", "Command line").Numeric(0);
        foreach (ProcessEntry p in processes)
        {
            table.Row(p.ProcessId.ToString(System.Globalization.CultureInfo.InvariantCulture), p.Name, p.CommandLine);
        }

        doc.Add("Processes").Table(table);
        ReportOutput.Write(new { processes }, doc, output, console);
        return ExitCodes.Success;
    }
}
