namespace Gen0.Memory;

/// <summary>How close the process is to the memory it may use, as <see cref="MemoryPressure"/> reads it.</summary>
internal enum MemoryPressureLevel
{
    /// <summary>Room to spare: pools keep what their budgets allow and release on idleness.</summary>
    None,

    /// <summary>Getting close: pools release what has sat unused since an earlier look.</summary>
    Medium,

    /// <summary>Close to failing an allocation: pools release everything that is not rented.</summary>
    High,
}
