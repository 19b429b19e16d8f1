using System.CommandLine;
using System.CommandLine.Parsing;
using System.Text.Json;
using Gen0.Demo;
using Gen0.Demo.Reporting;
using Gen0.Demo.Running;
using Gen0.Demo.Workload;

// The main job: the same service-like workload written two ways, each run in its own child process, compared.
// Exit codes: 0 done, 1 the two modes' outputs differ, 2 bad arguments.
ParseResult parsed = DemoOptions.Parse(args, out DemoOptions? parsedOptions);
if (parsedOptions is null)
{
    foreach (ParseError parseError in parsed.Errors)
    {
        Console.Error.WriteLine($"error: {parseError.Message}");
    }

    Console.Error.WriteLine("Run with --help to see the options.");
    return 2;
}

if (parsed.Action is not null)
{
    return parsed.Invoke(); // --help, --version
}

DemoOptions options = parsedOptions;
var progress = new ProgressReporter(options.Progress ?? ProgressReporter.Detect(options.Json), Console.Error);

if (options.Mode is string mode)
{
    // Child: run one mode here and hand the result to the parent (or print it when run by hand).
    ClientCacheData data = ClientCacheData.Create(options.Seed);
    IRequestHandler handler = mode == WorkloadModes.Baseline ? new BaselineRequestHandler(data) : new Gen0RequestHandler(data);
    ModeResult result = ModeRunner.Run(mode, handler, data, options, progress);
    string json = JsonSerializer.Serialize(result, DemoJson.Options);
    if (options.ResultPath is string path)
    {
        File.WriteAllText(path, json);
    }
    else
    {
        Console.WriteLine(json);
    }

    return 0;
}

progress.Phase($"Gen0 demo: running each mode for {options.DurationSeconds:F0} s on {options.Threads} threads, in its own process.");
ModeResult baseline = ChildProcessRunner.Run(WorkloadModes.Baseline, options, progress.Style);
ModeResult gen0 = ChildProcessRunner.Run(WorkloadModes.Gen0, options, progress.Style);
var comparison = Comparison.Of(baseline, gen0);

if (options.HtmlPath is string htmlPath)
{
    File.WriteAllText(htmlPath, HtmlReport.Render(comparison, options));
    progress.Phase($"HTML report written to {Path.GetFullPath(htmlPath)}");
}

baseline.OutputDigests = null;
gen0.OutputDigests = null;
if (options.Json)
{
    Console.WriteLine(JsonSerializer.Serialize(comparison, DemoJson.Options));
}
else
{
    ConsoleReport.Write(comparison, options, Console.Out);
}

if (!comparison.OutputsIdentical)
{
    Console.Error.WriteLine($"ERROR: the two modes' responses differ (first at request {comparison.FirstDifference}); the comparison is void.");
    return 1;
}

return 0;
