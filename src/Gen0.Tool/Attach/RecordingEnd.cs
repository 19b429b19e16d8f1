namespace Gen0.Tool.Attach;

/// <summary>Why a recording ended.</summary>
internal enum RecordingEnd
{
    /// <summary>The requested duration passed.</summary>
    Duration,

    /// <summary>The target process exited (a started command finished).</summary>
    TargetExited,

    /// <summary>Ctrl+C (or SIGTERM): the report is partial.</summary>
    Cancelled,
}
