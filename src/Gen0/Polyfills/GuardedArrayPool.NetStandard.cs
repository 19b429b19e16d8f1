using System.Reflection;

namespace Gen0.Buffers;

/// <content>
/// The netstandard2.0 version of the member in Buffers/GuardedArrayPool.NetCoreApp.cs.
/// </content>
public sealed partial class GuardedArrayPool<T>
{
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
