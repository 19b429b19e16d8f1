using System.CommandLine;
using System.CommandLine.Parsing;

namespace Gen0.Tool;

/// <summary>Parses, runs the verb, and turns every failure into one line and an exit code (tests call it in process).</summary>
internal static class ToolMain
{
    public static int Run(string[] args, ToolConsole console)
    {
        var commandLine = new ToolCommandLine();
        if (args.Length == 0)
        {
            return ShowHelp(commandLine, console);
        }

        ParseResult parsed;
        Func<ToolConsole, CancellationToken, int>? verb;
        try
        {
            parsed = commandLine.Parse(args, out verb);
        }
        catch (Exception ex) when (ex is not OutOfMemoryException)
        {
            console.Error.WriteLine($"error: {ex.Message}");
            return ExitCodes.BadArguments;
        }

        if (parsed.Errors.Count > 0)
        {
            foreach (ParseError error in parsed.Errors)
            {
                console.Error.WriteLine($"error: {error.Message}");
            }

            console.Error.WriteLine("Run 'dotnet-gen0 --help' (or 'dotnet-gen0 <verb> --help') to see the verbs and options.");
            return ExitCodes.BadArguments;
        }

        if (verb is null)
        {
            // --help, --version, or the bare root command (which prints the help).
            parsed.InvocationConfiguration.Output = console.Out;
            parsed.InvocationConfiguration.Error = console.Error;
            return parsed.Action is null ? ShowHelp(commandLine, console) : parsed.Invoke();
        }

        using var cancellation = new ConsoleCancellation();
        try
        {
            return verb(console, cancellation.Token);
        }
        catch (ToolException ex)
        {
            console.Error.WriteLine($"error: {ex.Message}");
            return ex.ExitCode;
        }
        catch (Exception ex) when (ex is not OutOfMemoryException)
        {
            console.Error.WriteLine($"error: unexpected {ex.GetType().Name}: {ex.Message.TrimEnd('.')}. Please report it with the command line you ran.");
            return ExitCodes.Unexpected;
        }
    }

    private static int ShowHelp(ToolCommandLine commandLine, ToolConsole console)
    {
        ParseResult help = commandLine.Root.Parse(["--help"]);
        help.InvocationConfiguration.Output = console.Out;
        help.Invoke();
        return ExitCodes.BadArguments;
    }
}
