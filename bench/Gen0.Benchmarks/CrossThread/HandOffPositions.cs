using System.Runtime.InteropServices;

namespace Gen0.Benchmarks.CrossThread;

/// <summary>
/// The two positions of a <see cref="HandOff{TItem}"/> ring, each on its own cache line, so the producer and the
/// consumer do not false-share. (A struct nested in the generic ring would itself be generic, and a generic type
/// cannot have an explicit layout.)
/// </summary>
[StructLayout(LayoutKind.Explicit, Size = 192)]
internal struct HandOffPositions
{
    [FieldOffset(64)]
    public long Head;

    [FieldOffset(128)]
    public long Tail;
}
