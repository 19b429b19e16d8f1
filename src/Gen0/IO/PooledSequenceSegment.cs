using System.Buffers;

namespace Gen0.IO;

/// <summary>
/// One link of the <see cref="ReadOnlySequence{T}"/> chain that the chunked writers hand out. The chain is kept and
/// re-pointed rather than rebuilt, so asking for the sequence again allocates nothing while the chunks stay the same.
/// </summary>
/// <typeparam name="T">The element type.</typeparam>
internal sealed class PooledSequenceSegment<T> : ReadOnlySequenceSegment<T>
{
    /// <summary>Points the segment at <paramref name="memory"/>, which starts at <paramref name="runningIndex"/> of the whole sequence.</summary>
    public void Set(ReadOnlyMemory<T> memory, long runningIndex, PooledSequenceSegment<T>? next)
    {
        Memory = memory;
        RunningIndex = runningIndex;
        Next = next;
    }

    /// <summary>Grows <paramref name="segments"/> to hold at least <paramref name="count"/> segments, creating only the new ones.</summary>
    public static void EnsureCount(ref PooledSequenceSegment<T>[]? segments, int count)
    {
        int existing = segments?.Length ?? 0;
        if (existing >= count)
        {
            return;
        }

        var grown = new PooledSequenceSegment<T>[Math.Max(count, existing * 2)];
        segments?.CopyTo(grown, 0);
        for (int i = existing; i < grown.Length; i++)
        {
            grown[i] = new PooledSequenceSegment<T>();
        }

        segments = grown;
    }
}
