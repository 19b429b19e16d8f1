namespace Gen0.Diagnostics.Internal;

/// <summary>The identity and pause of the last GC of one <see cref="GCKind"/>; index 0 means none yet.</summary>
internal readonly record struct GcLastCollection(long Index, TimeSpan Pause);
