using System.Runtime.InteropServices;

namespace Gen0.Pools;

/// <summary>
/// The head and tail positions of a <see cref="BoundedConcurrentQueue{T}"/> on cache lines of their own (128
/// bytes apart, for adjacent-line prefetching), so producers and consumers do not false-share. A separate
/// non-generic type because generic types cannot have explicit layout.
/// </summary>
[StructLayout(LayoutKind.Explicit, Size = 3 * CacheLineSize)]
internal struct PaddedHeadAndTail
{
    private const int CacheLineSize = 128;

    [FieldOffset(1 * CacheLineSize)]
    public int Head;

    [FieldOffset(2 * CacheLineSize)]
    public int Tail;
}
