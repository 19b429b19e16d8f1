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

    /// <summary>
    /// Gets whether the BCL twins the suites compare with are .NET's, whose behaviour Gen0 matches. On .NET Framework and
    /// Mono they are older: Mono's collections are CoreFX 2.x's (enumerators invalidated by more mutations,
    /// <see cref="HashSet{T}"/> enumerating in another order after removals, no <c>Capacity</c> or <c>TrimExcess(int)</c>
    /// on some types, <c>HashSet.EnsureCapacity</c> throwing <see cref="IndexOutOfRangeException"/>), its
    /// <see cref="MemoryStream"/> throws <see cref="ArgumentException"/> where .NET throws
    /// <see cref="ArgumentOutOfRangeException"/>, and <c>ArrayPool&lt;T&gt;.Shared</c> is the System.Buffers package's. There the
    /// differential helpers tolerate those differences (and count them); contents, counts and results are still compared.
    /// </summary>
    public static bool BclMatchesNet => !IsNetFramework;

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

        if ((requires & Requires.NetBcl) != 0 && !BclMatchesNet)
        {
            missing |= Requires.NetBcl;
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
