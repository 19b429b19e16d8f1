// Gen0 web demo (seed 001's load comparison): `dotnet run -c Release --project samples/Gen0.WebDemo [-- options]`.
// Runs each endpoint in its own server process (this program with --serve), loads it, and prints them side by side.
// Exit codes: 0 done, 1 a load run failed (errors or no requests), 2 bad arguments.
using System.CommandLine;
using System.CommandLine.Parsing;
using Gen0.WebDemo;

ParseResult parsed = DemoOptions.Parse(args, out DemoOptions? options);
if (options is null)
{
    foreach (ParseError error in parsed.Errors)
    {
        Console.Error.WriteLine($"error: {error.Message}");
    }

    Console.Error.WriteLine("Run with --help to see the options.");
    return 2;
}

if (parsed.Action is not null)
{
    return parsed.Invoke(); // --help, --version
}

if (options.ServeEndpoint is not null && options.MemoryPool == DemoOptions.ComparePools)
{
    Console.Error.WriteLine("error: --serve runs one server: give --memory-pool kestrel or gen0.");
    return 2;
}

return options.ServeEndpoint is not null
    ? await DemoServer.ServeAsync(options)
    : await LoadComparison.RunAsync(options);
