using System.CommandLine;
using System.CommandLine.Parsing;
using Gen0.Tool;

// dotnet-gen0: every failure the user can act on is one line on standard error and a documented exit code
// (ExitCodes); no stack trace reaches the user, whatever the input.
return ToolMain.Run(args, ToolConsole.System);
