namespace Gen0.Tests.Infrastructure;

/// <summary>Which run of the core suite this is: the Gen0 asset under test and the runtime it runs on.</summary>
public static class TestPlatform
{
    /// <summary>Gets whether the suite runs against Gen0's netstandard2.0 asset.</summary>
    public static bool IsNetStandardAsset =>
#if GEN0_NETSTANDARD
        true;
#else
        false;
#endif

    /// <summary>Gets whether the suite runs on .NET Framework or Mono (the net472 test project).</summary>
    public static bool IsNetFramework =>
#if GEN0_NETFRAMEWORK
        true;
#else
        false;
#endif

    /// <summary>Gets whether the runtime is Mono (its corlib has the <c>Mono.Runtime</c> class).</summary>
    public static bool IsMono { get; } = Type.GetType("Mono.Runtime") is not null;

    /// <summary>Gets a short name of this run, for skip reasons.</summary>
    public static string Name =>
        IsMono ? "Mono (netstandard2.0 asset)" : IsNetFramework ? ".NET Framework (netstandard2.0 asset)" : IsNetStandardAsset ? ".NET, netstandard2.0 asset" : ".NET";

    /// <summary>Returns which of <paramref name="requires"/> this run lacks (<see cref="Requires.None"/> when it has them all).</summary>
    public static Requires Missing(Requires requires)
    {
        Requires missing = Requires.None;
        if ((requires & Requires.NetAsset) != 0 && IsNetStandardAsset)
        {
            missing |= Requires.NetAsset;
        }

        if ((requires & Requires.RuntimeEvents) != 0 && (IsNetFramework || IsMono))
        {
            missing |= Requires.RuntimeEvents;
        }

        if ((requires & Requires.EventListener) != 0 && IsMono)
        {
            missing |= Requires.EventListener;
        }

        if ((requires & Requires.ClrLargeObjectHeap) != 0 && IsMono)
        {
            missing |= Requires.ClrLargeObjectHeap;
        }

        if ((requires & Requires.AllocationCounter) != 0 && (IsNetFramework || IsMono))
        {
            missing |= Requires.AllocationCounter;
        }

        return missing;
    }

    /// <summary>Returns the skip reason of a test that needs <paramref name="requires"/>, or <see langword="null"/> when it runs here.</summary>
    public static string? SkipReason(Requires requires, string reason)
    {
        Requires missing = Missing(requires);
        return missing == Requires.None ? null : $"Not on {Name} (needs {missing}): {reason}";
    }
}
