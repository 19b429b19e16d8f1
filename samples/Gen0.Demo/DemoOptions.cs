using System.Globalization;

namespace Gen0.Demo;

/// <summary>The demo's command line: what to run, for how long, and where to write the reports.</summary>
internal sealed record DemoOptions
{
    public const string Usage = """
        Usage: dotnet run -c Release --project samples/Gen0.Demo [-- options]

          --duration <seconds>   how long each mode runs (default 15, 1..600)
          --threads <n>          request threads per mode (default: the processor count, at least 2; 1..256)
          --seed <n>             seed of the simulated data and requests (default 2026)
          --server-gc            run both modes under Server GC (default: workstation, concurrent)
          --json                 print one JSON object on standard output instead of the table
          --html <path>          also write a self-contained HTML report with SVG charts
          --mode <name>          run one mode in this process and print its result (baseline | gen0)
          -h, --help             print this text
        """;

    public double DurationSeconds { get; init; } = 15;

    // As a server sizes its request concurrency: more threads than cores measure the scheduler, not the GC.
    public int Threads { get; init; } = Math.Max(2, Environment.ProcessorCount);

    public int Seed { get; init; } = 2026;

    public bool ServerGc { get; init; }

    public bool Json { get; init; }

    public string? HtmlPath { get; init; }

    public string? Mode { get; init; }

    public string? ResultPath { get; init; }

    public bool Help { get; init; }

    /// <summary>Parses <paramref name="args"/>; returns <see langword="null"/> with <paramref name="error"/> set when they are wrong.</summary>
    public static DemoOptions? TryParse(string[] args, out string? error)
    {
        var options = new DemoOptions();
        error = null;
        for (int i = 0; i < args.Length; i++)
        {
            string arg = args[i];
            switch (arg)
            {
                case "-h" or "--help":
                    options = options with { Help = true };
                    break;
                case "--json":
                    options = options with { Json = true };
                    break;
                case "--server-gc":
                    options = options with { ServerGc = true };
                    break;
                case "--duration":
                    if (!TryValue(args, ref i, out string? duration) || !double.TryParse(duration, NumberStyles.Float, CultureInfo.InvariantCulture, out double seconds) || seconds is < 1 or > 600)
                    {
                        error = "--duration takes a number of seconds from 1 to 600.";
                        return null;
                    }

                    options = options with { DurationSeconds = seconds };
                    break;
                case "--threads":
                    if (!TryValue(args, ref i, out string? threads) || !int.TryParse(threads, NumberStyles.None, CultureInfo.InvariantCulture, out int count) || count is < 1 or > 256)
                    {
                        error = "--threads takes a whole number from 1 to 256.";
                        return null;
                    }

                    options = options with { Threads = count };
                    break;
                case "--seed":
                    if (!TryValue(args, ref i, out string? seed) || !int.TryParse(seed, NumberStyles.Integer, CultureInfo.InvariantCulture, out int seedValue))
                    {
                        error = "--seed takes a whole number.";
                        return null;
                    }

                    options = options with { Seed = seedValue };
                    break;
                case "--html":
                    if (!TryValue(args, ref i, out string? path) || string.IsNullOrWhiteSpace(path))
                    {
                        error = "--html takes the path of the report to write.";
                        return null;
                    }

                    options = options with { HtmlPath = path };
                    break;
                case "--mode":
                    if (!TryValue(args, ref i, out string? mode) || !WorkloadModes.IsKnown(mode))
                    {
                        error = $"--mode takes one of: {string.Join(", ", WorkloadModes.All)}.";
                        return null;
                    }

                    options = options with { Mode = mode };
                    break;
                case "--result":
                    if (!TryValue(args, ref i, out string? result))
                    {
                        error = "--result takes a file path.";
                        return null;
                    }

                    options = options with { ResultPath = result };
                    break;
                default:
                    error = $"Unknown argument '{arg}'.";
                    return null;
            }
        }

        return options;
    }

    private static bool TryValue(string[] args, ref int i, out string? value)
    {
        if (i + 1 < args.Length && !args[i + 1].StartsWith("--", StringComparison.Ordinal))
        {
            value = args[++i];
            return true;
        }

        value = null;
        return false;
    }
}
