using System.CommandLine;
using System.CommandLine.Parsing;
using System.Globalization;

namespace Gen0.Tool;

/// <summary>
/// The command line: <c>ps</c>, <c>monitor -p &lt;pid&gt;</c>, <c>diagnose -p &lt;pid&gt; | --trace &lt;file&gt; | -- &lt;command&gt;</c>,
/// each with <c>--json</c> and <c>--html &lt;path&gt;</c>. Parsing and validation only: <see cref="Parse"/> returns the verb
/// to run, bound to its options, or the errors.
/// </summary>
internal sealed class ToolCommandLine
{
    public const string ExitCodesHelp =
        "Exit codes: 0 report written (also after Ctrl+C, marked partial), 1 unexpected failure, 2 bad arguments, 3 no such process, " +
        "4 cannot attach (not .NET, diagnostics disabled, no permission), 5 unreadable trace file, 6 command could not start, 7 report file not writable.";

    private readonly Option<bool> _json = new("--json") { Description = "Write one JSON object on standard output and nothing else (progress goes to standard error)", Recursive = true };
    private readonly Option<string?> _html = new("--html") { Description = "Also write a self-contained HTML report with charts to this path", HelpName = "path", Recursive = true };
    private readonly Option<int> _monitorPid = ProcessIdOption();
    private readonly Option<double> _interval = new("--interval") { Description = "Seconds per line (1 to 3600)", DefaultValueFactory = _ => 1, HelpName = "seconds" };
    private readonly Option<double?> _monitorDuration = new("--duration") { Description = "Stop after this many seconds (default: until Ctrl+C or the process exits)", HelpName = "seconds" };
    private readonly Option<int> _diagnosePid = ProcessIdOption();
    private readonly Option<double?> _diagnoseDuration = new("--duration") { Description = "Seconds to record (default: 10 for -p, until the command exits for --)", HelpName = "seconds" };
    private readonly Option<string?> _trace = new("--trace") { Description = "Analyse a .nettrace file recorded by dotnet-trace (with the gc-verbose profile) instead of attaching", HelpName = "file" };
    private readonly Option<string?> _keepTrace = new("--output-trace") { Description = "Keep the recorded .nettrace at this path (to open in PerfView, or to diagnose again with --trace)", HelpName = "file" };
    private readonly Argument<string[]> _command = new("command") { Description = "After '--': a .NET program to start and diagnose until it exits (an app host, or dotnet path/to/app.dll)", Arity = ArgumentArity.ZeroOrMore };

    public ToolCommandLine()
    {
        AddRange(_interval, 1, 3600, "--interval takes a number of seconds from 1 to 3600.");
        AddRange(_monitorDuration, 0.1, 86_400, "--duration takes a number of seconds from 0.1 to 86400.");
        AddRange(_diagnoseDuration, 0.1, 86_400, "--duration takes a number of seconds from 0.1 to 86400.");
        _html.Validators.Add(r => Check(r, () => !string.IsNullOrWhiteSpace(r.GetValueOrDefault<string?>()), "--html takes the path of the report to write."));
        _trace.Validators.Add(r => Check(r, () => !string.IsNullOrWhiteSpace(r.GetValueOrDefault<string?>()), "--trace takes the path of a .nettrace file."));

        Ps = new Command("ps", "List the .NET processes you can attach to");
        Monitor = new Command("monitor", "Show a process's GC health live: pause %, pause percentiles, collections per generation, LOH and POH growth, memory load against the limit")
        {
            _monitorPid, _interval, _monitorDuration,
        };
        Diagnose = new Command("diagnose", "Find the garbage: who allocates on the LOH (with call stacks), why gen 2 runs, who calls GC.Collect, pinning, and the Gen0 type that removes each culprit")
        {
            _diagnosePid, _diagnoseDuration, _trace, _keepTrace, _command,
        };
        Monitor.Validators.Add(r =>
        {
            if (r.GetResult(_monitorPid) is null)
            {
                r.AddError("monitor needs the process: -p <pid> (dotnet-gen0 ps lists them).");
            }
        });
        Diagnose.Validators.Add(ValidateDiagnose);
        Root = new RootCommand($"dotnet-gen0: find the garbage in a running .NET process, and the Gen0 type that removes it. {ExitCodesHelp}")
        {
            Ps, Monitor, Diagnose,
        };
        Root.Options.Add(_json);
        Root.Options.Add(_html);
    }

    public RootCommand Root { get; }

    private Command Ps { get; }

    private Command Monitor { get; }

    private Command Diagnose { get; }

    /// <summary>Parses <paramref name="args"/>; <paramref name="verb"/> is the verb to run when there are no errors and no help was asked.</summary>
    public ParseResult Parse(string[] args, out Func<ToolConsole, CancellationToken, int>? verb)
    {
        ParseResult parsed = Root.Parse(args);
        verb = null;
        if (parsed.Errors.Count > 0 || parsed.Action is not null && parsed.CommandResult.Command == Root || parsed.Action is System.CommandLine.Help.HelpAction)
        {
            return parsed;
        }

        var output = new OutputOptions(parsed.GetValue(_json), parsed.GetValue(_html));
        Command command = parsed.CommandResult.Command;
        if (command == Ps)
        {
            verb = (console, _) => PsCommand.Run(output, console);
        }
        else if (command == Monitor)
        {
            var options = new MonitorOptions
            {
                ProcessId = parsed.GetValue(_monitorPid),
                Interval = TimeSpan.FromSeconds(parsed.GetValue(_interval)),
                Duration = Seconds(parsed.GetValue(_monitorDuration)),
                Output = output,
            };
            verb = (console, cancellation) => MonitorCommand.Run(options, console, cancellation);
        }
        else if (command == Diagnose)
        {
            var options = new DiagnoseOptions
            {
                ProcessId = parsed.GetResult(_diagnosePid) is null ? null : parsed.GetValue(_diagnosePid),
                TracePath = parsed.GetValue(_trace),
                Command = parsed.GetValue(_command) ?? [],
                Duration = Seconds(parsed.GetValue(_diagnoseDuration)),
                KeepTracePath = parsed.GetValue(_keepTrace),
                Output = output,
            };
            verb = (console, cancellation) => DiagnoseCommand.Run(options, console, cancellation);
        }

        return parsed;
    }

    private void ValidateDiagnose(CommandResult r)
    {
        int sources = (r.GetResult(_diagnosePid) is null ? 0 : 1) + (r.GetValue(_trace) is null ? 0 : 1) + ((r.GetValue(_command) ?? []).Length == 0 ? 0 : 1);
        if (sources == 0)
        {
            r.AddError("diagnose needs what to look at: -p <pid>, --trace <file.nettrace>, or -- <command> [args].");
        }
        else if (sources > 1)
        {
            r.AddError("diagnose looks at one thing at a time: give only one of -p <pid>, --trace <file> and -- <command>.");
        }

        if (r.GetValue(_trace) is not null && r.GetValue(_diagnoseDuration) is not null)
        {
            r.AddError("--duration applies to a recording; a --trace file is analysed whole.");
        }

        if (r.GetValue(_trace) is not null && r.GetValue(_keepTrace) is not null)
        {
            r.AddError("--output-trace keeps a recording; with --trace the file is already there.");
        }
    }

    private static Option<int> ProcessIdOption()
    {
        var option = new Option<int>("--process-id", "-p") { Description = "The id of the process (dotnet-gen0 ps lists them)", HelpName = "pid" };
        option.CustomParser = r =>
        {
            string text = r.Tokens.Count == 1 ? r.Tokens[0].Value : "";
            if (int.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out int pid) && pid > 0)
            {
                return pid;
            }

            r.AddError($"-p takes a process id, a whole number above 0 ('{text}' is not one).");
            return 0;
        };
        return option;
    }

    private static void AddRange(Option<double> option, double min, double max, string message) =>
        option.Validators.Add(r => Check(r, () => r.GetValueOrDefault<double>() is var v && v >= min && v <= max, message));

    private static void AddRange(Option<double?> option, double min, double max, string message) =>
        option.Validators.Add(r => Check(r, () => r.GetValueOrDefault<double?>() is not double v || (v >= min && v <= max), message));

    private static TimeSpan? Seconds(double? seconds) => seconds is double s ? TimeSpan.FromSeconds(s) : null;

    /// <summary>Adds <paramref name="message"/> when the value is out of range; a value that does not convert is reported by System.CommandLine itself.</summary>
    private static void Check(OptionResult result, Func<bool> isValid, string message)
    {
        bool valid;
        try
        {
            valid = isValid();
        }
        catch (InvalidOperationException)
        {
            return;
        }

        if (!valid)
        {
            result.AddError(message);
        }
    }
}
