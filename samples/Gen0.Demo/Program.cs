using System.Text.Json;
using Gen0.Demo;
using Gen0.Demo.Reporting;
using Gen0.Demo.Running;
using Gen0.Demo.Workload;

// The main job: the same service-like workload written two ways, each run in its own child process, compared.
DemoOptions? options = DemoOptions.TryParse(args, out string? error);
if (options is null || options.Help)
{
    TextWriter writer = options is null ? Console.Error : Console.Out;
    if (error is not null)
    {
        writer.WriteLine(error);
        writer.WriteLine();
    }

    writer.WriteLine(DemoOptions.Usage);
    return options is null ? 2 : 0;
}

if (options.Mode is string mode)
{
    // Child: run one mode here and hand the result to the parent (or print it when run by hand).
    ClientCacheData data = ClientCacheData.Create(options.Seed);
    IRequestHandler handler = mode == WorkloadModes.Baseline ? new BaselineRequestHandler(data) : new Gen0RequestHandler(data);
    ModeResult result = ModeRunner.Run(mode, handler, data, options, Console.Error);
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

TextWriter progress = Console.Error;
progress.WriteLine($"Gen0 demo: running each mode for {options.DurationSeconds:F0} s on {options.Threads} threads, in its own process.");
ModeResult baseline = ChildProcessRunner.Run(WorkloadModes.Baseline, options);
ModeResult gen0 = ChildProcessRunner.Run(WorkloadModes.Gen0, options);
var comparison = Comparison.Of(baseline, gen0);

if (options.HtmlPath is string htmlPath)
{
    File.WriteAllText(htmlPath, HtmlReport.Render(comparison, options));
    progress.WriteLine($"HTML report written to {Path.GetFullPath(htmlPath)}");
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
