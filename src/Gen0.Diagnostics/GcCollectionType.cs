namespace Gen0.Diagnostics;

/// <summary>How a collection ran, as the runtime's <c>GCStart</c> event reports it (the values match the event's).</summary>
public enum GcCollectionType
{
    /// <summary>A blocking (non-concurrent) collection: every managed thread waits until it ends.</summary>
    Blocking = 0,

    /// <summary>A background gen 2 collection: mostly concurrent with the application, with two short pauses.</summary>
    Background = 1,

    /// <summary>An ephemeral collection that ran while a background collection was in progress.</summary>
    Foreground = 2,
}
