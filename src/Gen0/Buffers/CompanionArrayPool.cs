using System.Buffers;
using System.Runtime.CompilerServices;

namespace Gen0.Buffers;

/// <summary>
/// Finds the pool for a collection's internal arrays (hash entries, say) from the pool its caller passed for the
/// public ones. A caller who tunes a <see cref="ScalableArrayPool{T}"/> for a workload means the whole collection, but
/// the internal element types cannot be named, so each such pool gets one companion pool with the same options,
/// created on first use and living as long as it does. Any other pool maps to the default pool.
/// </summary>
/// <typeparam name="TElement">The element type of the internal arrays.</typeparam>
internal static class CompanionArrayPool<TElement>
{
    private static readonly ConditionalWeakTable<object, ArrayPool<TElement>> s_companions = new();

    /// <summary>Returns the pool for <typeparamref name="TElement"/> arrays that goes with <paramref name="pool"/>.</summary>
    public static ArrayPool<TElement> For<TSource>(ArrayPool<TSource> pool) =>
        pool is ScalableArrayPool<TSource> scalable && !ReferenceEquals(scalable, ScalableArrayPool<TSource>.Shared)
            ? s_companions.GetValue(scalable, static source => new ScalableArrayPool<TElement>(((ScalableArrayPool<TSource>)source).Options))
            : DefaultArrayPool<TElement>.Instance;
}
