namespace Gen0.Tool;

/// <summary>The tool's exit codes (documented in docs/dotnet-gen0.md and in <c>--help</c>).</summary>
internal static class ExitCodes
{
    /// <summary>The report was written (also after Ctrl+C: the report is then marked partial).</summary>
    public const int Success = 0;

    /// <summary>Something the tool did not expect failed; the message says what.</summary>
    public const int Unexpected = 1;

    /// <summary>The command line is wrong (unknown verb or option, a value out of range, two sources at once).</summary>
    public const int BadArguments = 2;

    /// <summary>No process with that id, or it exited before the session could start.</summary>
    public const int NoSuchProcess = 3;

    /// <summary>The process cannot be attached to: not .NET, diagnostics disabled, another user, no permission.</summary>
    public const int CannotAttach = 4;

    /// <summary>The trace file is missing, empty, truncated or not a .nettrace.</summary>
    public const int BadTrace = 5;

    /// <summary>The command to start could not be started.</summary>
    public const int CannotStart = 6;

    /// <summary>The report file (<c>--html</c>) could not be written.</summary>
    public const int CannotWrite = 7;
}
