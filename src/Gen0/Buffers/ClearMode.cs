using System.Runtime.CompilerServices;

namespace Gen0.Buffers;

/// <summary>
/// Says when an array goes back to its pool cleared. Clearing costs time proportional to the array; not clearing
/// arrays of references keeps the referenced objects alive until the array is reused, and hands stale data to the
/// next renter.
/// </summary>
public enum ClearMode
{
    /// <summary>Clear when the element type holds references (so nothing is kept alive); leave plain data as it is.</summary>
    Auto = 0,

    /// <summary>Always clear, for data that must not reach the next renter.</summary>
    Always = 1,

    /// <summary>Never clear; the caller accepts that referenced objects stay alive while the array is pooled.</summary>
    Never = 2,
}

/// <summary>Resolves a <see cref="ClearMode"/> for an element type.</summary>
internal static class ClearModeExtensions
{
    /// <summary>Returns whether arrays of <typeparamref name="T"/> are to be cleared under <paramref name="mode"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static bool ShouldClear<T>(this ClearMode mode) => mode switch
    {
        ClearMode.Always => true,
        ClearMode.Never => false,
        _ => RuntimeHelpers.IsReferenceOrContainsReferences<T>(),
    };
}
