using System.Globalization;

namespace Gen0.WebDemo;

/// <summary>The demo's command line: the load comparison by default, or one server (the child process) with <c>--serve</c>.</summary>
public sealed class DemoOptions
{
    public const string Usage = """
        Gen0 web demo: List<Record> vs PooledList<Record> in a per-request DisposeScope, under a bounded loopback load.

        usage: dotnet run -c Release --project samples/Gen0.WebDemo -- [options]

          --duration <seconds>     measured load per endpoint (1-600, default 8)
          --warmup <seconds>       unmeasured load before it (0-120, default 2)
          --connections <n>        concurrent connections (1-1024, default 16)
          --records <n>            rows per response (1-100000, default 10000)
          --rate <requests/s>      fixed total request rate (0-100000; default 0 = as fast as the connections go).
                                   Equal rates make the working sets comparable; latency then counts from each
                                   request's scheduled time, so falling behind shows as latency
          --gc <server|workstation> the servers' GC (default server, as ASP.NET Core)
          --help                   print this text

        Each endpoint runs in its own server process (this program re-launched with --serve), so that each process's
        peak working set belongs to one endpoint. The load generator stops by itself after warmup + duration.
        """;

    public string? ServeEndpoint { get; private set; }

    public int DurationSeconds { get; private set; } = 8;

    public int WarmupSeconds { get; private set; } = 2;

    public int Connections { get; private set; } = 16;

    public int Records { get; private set; } = 10_000;

    public int Rate { get; private set; }

    public bool ServerGc { get; private set; } = true;

    public bool Help { get; private set; }

    /// <summary>Parses <paramref name="args"/>; returns null and sets <paramref name="error"/> when they are invalid.</summary>
    public static DemoOptions? TryParse(string[] args, out string? error)
    {
        DemoOptions options = new();
        error = null;
        for (int i = 0; i < args.Length; i++)
        {
            string name = args[i];
            if (name is "--help" or "-h" or "-?")
            {
                options.Help = true;
                continue;
            }

            if (i + 1 >= args.Length)
            {
                error = $"Option '{name}' is unknown or has no value.";
                return null;
            }

            string value = args[++i];
            switch (name)
            {
                case "--serve" when value is "list" or "pooled":
                    options.ServeEndpoint = value;
                    break;
                case "--duration" when TryInt(value, 1, 600, out int duration):
                    options.DurationSeconds = duration;
                    break;
                case "--warmup" when TryInt(value, 0, 120, out int warmup):
                    options.WarmupSeconds = warmup;
                    break;
                case "--connections" when TryInt(value, 1, 1024, out int connections):
                    options.Connections = connections;
                    break;
                case "--records" when TryInt(value, 1, 100_000, out int records):
                    options.Records = records;
                    break;
                case "--rate" when TryInt(value, 0, 100_000, out int rate):
                    options.Rate = rate;
                    break;
                case "--gc" when value is "server" or "workstation":
                    options.ServerGc = value == "server";
                    break;
                default:
                    error = $"Option '{name}' is unknown or its value '{value}' is out of range.";
                    return null;
            }
        }

        return options;
    }

    private static bool TryInt(string value, int min, int max, out int result) =>
        int.TryParse(value, NumberStyles.None, CultureInfo.InvariantCulture, out result) && result >= min && result <= max;
}
