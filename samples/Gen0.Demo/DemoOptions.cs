using System.CommandLine;
using System.CommandLine.Parsing;
using Gen0.Demo.Workload;

namespace Gen0.Demo;

/// <summary>The demo's command line: what to run, for how long, and where to write the reports.</summary>
internal sealed record DemoOptions
{
    public double DurationSeconds { get; init; } = 15;

    // As a server sizes its request concurrency: more threads than cores measure the scheduler, not the GC.
    public int Threads { get; init; } = DefaultThreads;

    public int Seed { get; init; } = 2026;

    public bool ServerGc { get; init; }

    public bool Json { get; init; }

    public string? HtmlPath { get; init; }

    public string? Mode { get; init; }

    public string? ResultPath { get; init; }

    /// <summary>How to report progress; <see langword="null"/> to detect it from the terminal.</summary>
    public ProgressStyle? Progress { get; init; }

    public bool Help { get; init; }

    private static int DefaultThreads => Math.Max(2, Environment.ProcessorCount);

    /// <summary>The command line, parsed and validated by System.CommandLine (<c>--help</c> is generated from it).</summary>
    public static RootCommand CreateCommand() => new Symbols().Command;

    /// <summary>Parses <paramref name="args"/>: <paramref name="options"/> is set when the result has no errors.</summary>
    public static ParseResult Parse(string[] args, out DemoOptions? options)
    {
        var symbols = new Symbols();
        ParseResult parsed = symbols.Command.Parse(args);
        options = parsed.Errors.Count == 0 ? symbols.Read(parsed) : null;
        return parsed;
    }

    /// <summary>Parses <paramref name="args"/>; returns <see langword="null"/> with <paramref name="error"/> set when they are wrong.</summary>
    public static DemoOptions? TryParse(string[] args, out string? error)
    {
        var symbols = new Symbols();
        ParseResult parsed = symbols.Command.Parse(args);
        if (parsed.Errors.Count > 0)
        {
            error = string.Join(Environment.NewLine, parsed.Errors.Select(e => e.Message));
            return null;
        }

        error = null;
        return symbols.Read(parsed);
    }

    /// <summary>The options and their validation, one instance per parse.</summary>
    private sealed class Symbols
    {
        private readonly Option<double> _duration = new("--duration")
        {
            Description = "How long each mode runs, in seconds (1 to 600)",
            DefaultValueFactory = _ => 15,
            HelpName = "seconds",
        };

        private readonly Option<int> _threads = new("--threads")
        {
            Description = "Request threads per mode (1 to 256; default: the processor count, at least 2)",
            DefaultValueFactory = _ => DefaultThreads,
            HelpName = "n",
        };

        private readonly Option<int> _seed = new("--seed") { Description = "Seed of the simulated data and requests", DefaultValueFactory = _ => 2026, HelpName = "n" };
        private readonly Option<bool> _serverGc = new("--server-gc") { Description = "Run both modes under Server GC (default: workstation, concurrent)" };
        private readonly Option<bool> _json = new("--json") { Description = "Print one JSON object on standard output instead of the table, and no progress" };
        private readonly Option<string?> _html = new("--html") { Description = "Also write a self-contained HTML report with SVG charts", HelpName = "path" };
        private readonly Option<string?> _mode = new("--mode") { Description = "Run one mode in this process and print its result", HelpName = "baseline|gen0" };
        private readonly Option<string?> _result = new("--result") { Description = "Where a --mode run writes its result", Hidden = true };
        private readonly Option<ProgressStyle?> _progress = new("--progress") { Description = "Progress style (set by the parent for its children)", Hidden = true };

        public Symbols()
        {
            _duration.Validators.Add(r => Check(r, () => r.GetValueOrDefault<double>() is >= 1 and <= 600, "--duration takes a number of seconds from 1 to 600."));
            _threads.Validators.Add(r => Check(r, () => r.GetValueOrDefault<int>() is >= 1 and <= 256, "--threads takes a whole number from 1 to 256."));
            _html.Validators.Add(r => Check(r, () => !string.IsNullOrWhiteSpace(r.GetValueOrDefault<string?>()), "--html takes the path of the report to write."));
            _mode.Validators.Add(r => Check(r, () => WorkloadModes.IsKnown(r.GetValueOrDefault<string?>()), $"--mode takes one of: {string.Join(", ", WorkloadModes.All)}."));
            Command = new RootCommand("Gen0 demo: one service-like workload, naive (baseline) against Gen0 (gen0), each in its own process, compared.")
            {
                _duration, _threads, _seed, _serverGc, _json, _html, _mode, _result, _progress,
            };
        }

        public RootCommand Command { get; }

        public DemoOptions Read(ParseResult parsed) => new()
        {
            DurationSeconds = parsed.GetValue(_duration),
            Threads = parsed.GetValue(_threads),
            Seed = parsed.GetValue(_seed),
            ServerGc = parsed.GetValue(_serverGc),
            Json = parsed.GetValue(_json),
            HtmlPath = parsed.GetValue(_html),
            Mode = parsed.GetValue(_mode),
            ResultPath = parsed.GetValue(_result),
            Progress = parsed.GetValue(_progress),
            Help = parsed.Action is System.CommandLine.Help.HelpAction,
        };

        /// <summary>Adds <paramref name="message"/> when the value is out of range or is not a value of the option's type at all.</summary>
        private static void Check(OptionResult result, Func<bool> isValid, string message)
        {
            bool valid;
            try
            {
                valid = isValid();
            }
            catch (InvalidOperationException)
            {
                return; // the text does not convert ("--threads zero"): System.CommandLine reports that itself
            }

            if (!valid)
            {
                result.AddError(message);
            }
        }
    }
}
