// Gen0 web demo (seed 001's load comparison): `dotnet run -c Release --project samples/Gen0.WebDemo [-- options]`.
// Runs each endpoint in its own server process (this program with --serve), loads it, and prints them side by side.
using Gen0.WebDemo;

DemoOptions? options = DemoOptions.TryParse(args, out string? error);
if (options is null)
{
    Console.Error.WriteLine(error);
    Console.Error.WriteLine(DemoOptions.Usage);
    return 2;
}

if (options.Help)
{
    Console.WriteLine(DemoOptions.Usage);
    return 0;
}

return options.ServeEndpoint is not null
    ? await DemoServer.ServeAsync(options.ServeEndpoint)
    : await LoadComparison.RunAsync(options);
