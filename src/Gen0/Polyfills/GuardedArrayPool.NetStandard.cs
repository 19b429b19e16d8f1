using System.Reflection;

namespace Gen0.Buffers;

/// <content>
/// netstandard2.0 versions of the members in Buffers/GuardedArrayPool.NetCoreApp.cs.
/// </content>
public sealed partial class GuardedArrayPool<T>
{
    /// <summary>
    /// Degrades: netstandard2.0's <see cref="System.Runtime.CompilerServices.ConditionalWeakTable{TKey, TValue}"/> cannot
    /// be enumerated, so this returns an empty list there; <see cref="GetLeaks"/>, double-return, foreign-return and
    /// write-after-return detection work as on .NET.
    /// </summary>
    /// <returns>An empty list on netstandard2.0.</returns>
    public IReadOnlyList<OutstandingRental> GetOutstanding() => [];

    // A byte view of at most MaxElementsPerByteSpan elements from start (T holds no references: the callers check).
    private static Span<byte> AsBytes(T[] array, int start)
    {
        int count = Math.Min(array.Length - start, MaxElementsPerByteSpan);
        return ByteView.Create(array, start, count);
    }

    /// <summary>netstandard2.0 has no span over a raw reference: <c>MemoryMarshal.AsBytes</c> needs a struct type argument, bound once by reflection.</summary>
    private static class ByteView
    {
        public static readonly Viewer Create = (Viewer)typeof(ByteView).GetMethod(nameof(View), BindingFlags.NonPublic | BindingFlags.Static)!
            .MakeGenericMethod(typeof(T)).CreateDelegate(typeof(Viewer));

        public delegate Span<byte> Viewer(T[] array, int start, int count);

        private static Span<byte> View<TStruct>(TStruct[] array, int start, int count)
            where TStruct : struct => System.Runtime.InteropServices.MemoryMarshal.AsBytes(new Span<TStruct>(array, start, count));
    }
}
