using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Gen0;

/// <summary>
/// Spans over an array's tail without the bounds and array-covariance checks of <c>array.AsSpan(start)</c>, for hot
/// paths whose invariants already guarantee <c>start &lt;= array.Length</c> and an exactly typed array (pooled arrays
/// are always created as <c>new T[]</c>). netstandard2.0 builds get the checked form from Polyfills/.
/// </summary>
internal static class UncheckedSpan
{
    /// <summary>Returns the span of <paramref name="array"/> from <paramref name="start"/> to its end.</summary>
    /// <param name="array">The array; never a covariant view (a <c>string[]</c> seen as <c>object[]</c>).</param>
    /// <param name="start">The first index; at most the array's length.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Span<T> Tail<T>(T[] array, int start)
    {
        Debug.Assert((uint)start <= (uint)array.Length);
        return MemoryMarshal.CreateSpan(ref Unsafe.Add(ref MemoryMarshal.GetArrayDataReference(array), (nint)(uint)start), array.Length - start);
    }
}
