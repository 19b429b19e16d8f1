using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Gen0.Buffers;

/// <content>
/// The member that needs .NET: a span over a raw reference (Polyfills/GuardedArrayPool.NetStandard.cs has the
/// netstandard2.0 version).
/// </content>
public sealed partial class GuardedArrayPool<T>
{
    // A byte view of at most MaxElementsPerByteSpan elements from start: arrays over 2 GB are viewed in pieces.
    private static Span<byte> AsBytes(T[] array, int start)
    {
        int count = Math.Min(array.Length - start, MaxElementsPerByteSpan);
        ref T first = ref Unsafe.Add(ref MemoryMarshal.GetArrayDataReference(array), start);
        return MemoryMarshal.CreateSpan(ref Unsafe.As<T, byte>(ref first), count * Unsafe.SizeOf<T>());
    }
}
