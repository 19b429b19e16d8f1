using System.CommandLine;
using System.CommandLine.Parsing;

namespace Gen0.WebDemo;

/// <summary>
/// The demo's command line, parsed and validated by System.CommandLine (<c>--help</c> is generated from it): the load
/// comparison by default, or one server (the child process, or a server to browse) with <c>--serve</c>.
/// </summary>
public sealed class DemoOptions
{
    public string? ServeEndpoint { get; private init; }

    public int DurationSeconds { get; private init; } = 8;

    public int WarmupSeconds { get; private init; } = 2;

    public int Connections { get; private init; } = 16;

    public int Records { get; private init; } = 10_000;

    public int Rate { get; private init; }

    public bool ServerGc { get; private init; } = true;

    /// <summary>Gets the number of rows in each server's data set; a response returns <see cref="Records"/> of them, wrapping around.</summary>
    public int Rows { get; private init; } = RecordStore.DefaultRows;

    /// <summary>Gets the row type: <c>record</c> (<see cref="Record"/>) or <c>seed001</c> (<see cref="SeedRecord"/>, seed 001's benchmark shape).</summary>
    public string Shape { get; private init; } = RecordStore.RecordShape;

    /// <summary>Gets how many cores each server is pinned to (0: not pinned, it shares every core with the load generator).</summary>
    public int ServerCpus { get; private init; }

    /// <summary>
    /// Gets the transport memory pool: <c>kestrel</c> (ASP.NET Core's own), <c>gen0</c> (<c>AddGen0MemoryPoolFactory()</c>),
    /// or <c>compare</c> (the comparison runs the pooled endpoint twice, once with each, instead of list against pooled).
    /// </summary>
    public string MemoryPool { get; private init; } = KestrelPool;

    /// <summary>Gets how long each server sits idle after its measured phase before its memory and pooled bytes are read again (0: not read).</summary>
    public int IdleSeconds { get; private init; }

    /// <summary>
    /// Gets the size of each upload in MiB: when positive, every connection POSTs bodies of this size to <c>/upload</c>,
    /// which reads them through the request's pipe in batches of just under 1 MiB and drops them, instead of requesting
    /// records (the transport memory pool's burst of issue 42); 0 requests records.
    /// </summary>
    public int UploadMegabytes { get; private init; }

    /// <summary>Gets the GC heap limit of each server process in MiB (<c>DOTNET_GCHeapHardLimit</c>); 0 leaves the servers unlimited.</summary>
    public int ServerHeapLimitMegabytes { get; private init; }

    public const string KestrelPool = "kestrel";

    public const string Gen0Pool = "gen0";

    public const string ComparePools = "compare";

    /// <summary>Parses <paramref name="args"/>: <paramref name="options"/> is set when the result has no errors.</summary>
    public static ParseResult Parse(string[] args, out DemoOptions? options)
    {
        var symbols = new Symbols();
        ParseResult parsed = symbols.Command.Parse(args);
        options = parsed.Errors.Count == 0 ? symbols.Read(parsed) : null;
        return parsed;
    }

    private sealed class Symbols
    {
        private readonly Option<int> _duration = Int("--duration", "Measured load per endpoint, in seconds", 8, 1, 600, "seconds");
        private readonly Option<int> _warmup = Int("--warmup", "Unmeasured load before it, in seconds", 2, 0, 120, "seconds");
        private readonly Option<int> _connections = Int("--connections", "Concurrent connections", 16, 1, 1024, "n");
        private readonly Option<int> _records = Int("--records", "Rows per response", 10_000, 1, RecordStore.MaxRecords, "n");
        private readonly Option<int> _rows = Int("--rows", "Rows in each server's data set (a response wraps around them)", RecordStore.DefaultRows, 1, RecordStore.MaxRows, "n");
        private readonly Option<int> _serverCpus = Int(
            "--server-cpus",
            "Pin each server to its first n cores (taskset on Linux, plus DOTNET_PROCESSOR_COUNT and, under server GC, GCHeapCount); 0 = not pinned",
            0, 0, 1024, "n");
        private readonly Option<int> _rate = Int(
            "--rate",
            "Fixed total request rate (0 = as fast as the connections go). Equal rates make the working sets comparable; latency then counts from each request's scheduled time",
            0, 0, 100_000, "requests/s");

        private readonly Option<int> _idle = Int("--idle", "After each measured phase, seconds of no load before the server's memory and transport pool are read again", 0, 0, 600, "seconds");

        private readonly Option<int> _upload = Int(
            "--upload",
            "Each connection POSTs bodies of this many MiB to /upload, which reads them through the request's pipe in batches of just under 1 MiB, instead of requesting records (0 = records)",
            0, 0, 64, "MiB");

        private readonly Option<int> _serverHeapLimit = Int(
            "--server-heap-limit",
            "Run each server under this GC heap limit (DOTNET_GCHeapHardLimit), as in a container; 0 = no limit",
            0, 0, 1 << 20, "MiB");

        private readonly Option<string> _gc = Choice("--gc", "The servers' GC (as ASP.NET Core: server)", "server", "server", "workstation");
        private readonly Option<string> _memoryPool = Choice(
            "--memory-pool",
            "Kestrel's transport memory pool: kestrel (its own pinned-block pool), gen0 (AddGen0MemoryPoolFactory), or compare (pooled endpoint under each, instead of list against pooled)",
            KestrelPool, KestrelPool, Gen0Pool, ComparePools);
        private readonly Option<string> _shape = Choice(
            "--shape",
            "The row type: record (id, name, amount, createdAt) or seed001 (seed 001's benchmark: two ints, two short strings, a double, a float)",
            RecordStore.RecordShape, RecordStore.RecordShape, RecordStore.Seed001Shape);
        private readonly Option<string> _serve = Choice(
            "--serve",
            "Run one server (list or pooled) instead of the comparison, and print its URL: browse /gc, /health and /metrics",
            null, "list", "pooled");

        public Symbols() =>
            Command = new RootCommand(
                "Gen0 web demo: List<Record> against PooledList<Record> in a per-request DisposeScope, under a bounded loopback load. " +
                "Each endpoint runs in its own server process (this program with --serve), so that each peak working set belongs to one endpoint.")
            {
                _duration, _warmup, _connections, _records, _rows, _shape, _rate, _gc, _serverCpus, _serve, _memoryPool, _idle, _upload, _serverHeapLimit,
            };

        public RootCommand Command { get; }

        public DemoOptions Read(ParseResult parsed) => new()
        {
            DurationSeconds = parsed.GetValue(_duration),
            WarmupSeconds = parsed.GetValue(_warmup),
            Connections = parsed.GetValue(_connections),
            Records = parsed.GetValue(_records),
            Rate = parsed.GetValue(_rate),
            ServerGc = parsed.GetValue(_gc) == "server",
            Rows = parsed.GetValue(_rows),
            Shape = parsed.GetValue(_shape)!,
            ServerCpus = parsed.GetValue(_serverCpus),
            ServeEndpoint = parsed.GetValue(_serve),
            MemoryPool = parsed.GetValue(_memoryPool)!,
            IdleSeconds = parsed.GetValue(_idle),
            UploadMegabytes = parsed.GetValue(_upload),
            ServerHeapLimitMegabytes = parsed.GetValue(_serverHeapLimit),
        };

        private static Option<int> Int(string name, string description, int defaultValue, int min, int max, string helpName)
        {
            var option = new Option<int>(name) { Description = $"{description} ({min} to {max})", DefaultValueFactory = _ => defaultValue, HelpName = helpName };
            option.Validators.Add(result =>
            {
                int value;
                try
                {
                    value = result.GetValueOrDefault<int>();
                }
                catch (InvalidOperationException)
                {
                    return; // not a number: System.CommandLine reports it
                }

                if (value < min || value > max)
                {
                    result.AddError($"{name} takes a whole number from {min} to {max}.");
                }
            });
            return option;
        }

        private static Option<string> Choice(string name, string description, string? defaultValue, params string[] choices)
        {
            var option = new Option<string>(name) { Description = description, HelpName = string.Join('|', choices) };
            if (defaultValue is not null)
            {
                option.DefaultValueFactory = _ => defaultValue;
            }

            option.Validators.Add(result =>
            {
                if (result.GetValueOrDefault<string>() is string value && !choices.Contains(value, StringComparer.Ordinal))
                {
                    result.AddError($"{name} takes one of: {string.Join(", ", choices)}.");
                }
            });
            return option;
        }
    }
}
