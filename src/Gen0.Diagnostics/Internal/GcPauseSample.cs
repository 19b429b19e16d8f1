namespace Gen0.Diagnostics.Internal;

/// <summary>The pause of one GC the monitor saw, and when it saw it.</summary>
internal readonly record struct GcPauseSample(long Timestamp, long Index, TimeSpan Pause);
