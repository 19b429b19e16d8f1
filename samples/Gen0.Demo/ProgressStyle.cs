namespace Gen0.Demo;

/// <summary>How a run reports progress on standard error.</summary>
internal enum ProgressStyle
{
    /// <summary>Nothing (with <c>--json</c>: the output is for a program).</summary>
    None,

    /// <summary>One line when each phase starts and ends: standard error is a file or a pipe.</summary>
    Phases,

    /// <summary>A status line redrawn in place four times a second: standard error is a terminal.</summary>
    Live,
}
