using System.Diagnostics.Tracing;
using Microsoft.Diagnostics.NETCore.Client;

namespace Gen0.Tool.Attach;

/// <summary>The runtime events each verb asks for.</summary>
internal static class GcProviders
{
    public const string RuntimeProvider = "Microsoft-Windows-DotNETRuntime";

    /// <summary>GC events: collections, suspensions, heap statistics, allocation ticks (Verbose), pins (Verbose).</summary>
    public const long GcKeyword = 0x1;

    /// <summary>Module loads: the stacks' code addresses map to modules.</summary>
    public const long LoaderKeyword = 0x8;

    /// <summary>Method loads as the JIT compiles: names the frames of code compiled during the session.</summary>
    public const long JitKeyword = 0x10;

    /// <summary>IL-to-native maps of the methods the JIT compiles: turn a frame's address into a source line (with the PDB).</summary>
    public const long JittedMethodILToNativeMapKeyword = 0x20000;

    /// <summary>
    /// <c>diagnose</c>: GC events at Verbose (allocation ticks with stacks, pins) plus the method and module events
    /// that resolve the stacks (and the IL maps that give their source lines); the session also asks for the rundown, which names every method compiled before it.
    /// The same events as <c>dotnet-trace collect --profile gc-verbose</c>.
    /// </summary>
    public static EventPipeProvider[] Diagnose { get; } =
        [new EventPipeProvider(RuntimeProvider, EventLevel.Verbose, GcKeyword | LoaderKeyword | JitKeyword | JittedMethodILToNativeMapKeyword)];

    /// <summary><c>monitor</c>: GC events at Informational, no allocation ticks and no stacks: the lightest session that has pauses and heap sizes.</summary>
    public static EventPipeProvider[] Monitor { get; } =
        [new EventPipeProvider(RuntimeProvider, EventLevel.Informational, GcKeyword)];
}
