using System.Buffers;
using System.Numerics;
using Gen0.Buffers;

namespace Gen0.Scopes;

public sealed partial class DisposeScope
{
    private const int InlineCapacity = 4;
    private const int FirstSegmentShift = 3;
    private const int FirstSegmentLength = 1 << FirstSegmentShift;

    // Segment k holds FirstSegmentLength << k registrations; 28 segments cover every index an int can reach.
    private const int SegmentCount = 31 - FirstSegmentShift;

    // Set in _state by the end of the scope; a registration that sees it after reserving was refused.
    private const int EndedBit = int.MinValue;

    // Registrations 0..3 live inline; the rest in pooled segments of doubling length that never move (a registration
    // stores into its slot without a lock, so no buffer may be copied while another registration writes to it).
    private InlineItems _inline;

    // Segment 0 (registrations 5..12) hangs off the scope itself: a scope of up to a dozen objects rents one array
    // and never the directory, which holds segments 1 and up (its slot 0 stays unused).
    private object?[]? _segment0;
    private object?[]?[]? _segments;

    // The whole registration protocol in one word, so that a registration is one interlocked increment: the low 31
    // bits count the slots reserved, the sign bit says the scope has ended. The increment reserves a slot and, in the
    // same atomic step, observes whether the scope had ended; the end sets the bit and, in the same step, learns how
    // many slots were reserved before it. A reserved slot is filled by a plain (release) store afterwards, so the end
    // waits until every slot it counted is non-null.
    private int _state;

    // Reservations whose object could never be stored (renting a segment threw): the end stops waiting for as many
    // empty slots.
    private int _unpublished;

    private static ArrayPool<object?> SegmentPool => DefaultArrayPool<object?>.Instance;

    private static ArrayPool<object?[]?> DirectoryPool => DefaultArrayPool<object?[]?>.Instance;

    private void Add(object item)
    {
        int reserved = Interlocked.Increment(ref _state);
        if (reserved < 0)
        {
            // Ended (or, unreachably, 2^31 registrations): undo the reservation so that the word stays bounded.
            Interlocked.Decrement(ref _state);
            ThrowScopeEnded();
        }

        int index = reserved - 1;
        if (index < InlineCapacity)
        {
            Volatile.Write(ref _inline[index], item);
        }
        else
        {
            AddToSegment(index - InlineCapacity, item);
        }
    }

    private void AddToSegment(int overflowIndex, object item)
    {
        try
        {
            int segment = SegmentOf(overflowIndex, out int offset);
            object?[] storage = Volatile.Read(ref SegmentSlot(segment)) ?? CreateSegment(segment);
            Volatile.Write(ref storage[offset], item);
        }
        catch
        {
            Interlocked.Increment(ref _unpublished);
            throw;
        }
    }

    private static int SegmentOf(int overflowIndex, out int offset)
    {
        // Segment k starts at FirstSegmentLength * (2^k - 1): biasing the index by FirstSegmentLength turns the segment
        // into a power of two and the offset into the bits below it.
        uint biased = (uint)overflowIndex + FirstSegmentLength;
        int segment = BitOperations.Log2(biased) - FirstSegmentShift;
        offset = (int)(biased - (FirstSegmentLength << segment));
        return segment;
    }

    private ref object?[]? SegmentSlot(int segment)
    {
        if (segment == 0)
        {
            return ref _segment0;
        }

        return ref SegmentDirectory()[segment];
    }

    private object?[]?[] SegmentDirectory()
    {
        object?[]?[]? directory = Volatile.Read(ref _segments);
        if (directory is not null)
        {
            return directory;
        }

        object?[]?[] rented = DirectoryPool.Rent(SegmentCount);
        Array.Clear(rented);
        directory = Interlocked.CompareExchange(ref _segments, rented, null);
        if (directory is null)
        {
            return rented;
        }

        DirectoryPool.Return(rented);
        return directory;
    }

    private object?[] CreateSegment(int segment)
    {
        // Cleared because a pooled array may come back dirty, and an empty slot means "not stored yet" to the end.
        object?[] rented = SegmentPool.Rent(FirstSegmentLength << segment);
        Array.Clear(rented);
        object?[]? installed = Interlocked.CompareExchange(ref SegmentSlot(segment), rented, null);
        if (installed is null)
        {
            return rented;
        }

        SegmentPool.Return(rented);
        return installed;
    }

    /// <summary>Marks the scope ended; returns how many slots were reserved before, or -1 when it had already ended.</summary>
    private int MarkEnded()
    {
        int previous = Interlocked.Or(ref _state, EndedBit);
        return previous < 0 ? -1 : previous;
    }

    /// <summary>Waits until every one of the first <paramref name="count"/> reserved slots holds its object.</summary>
    private void WaitForRegistrations(int count)
    {
        SpinWait spinner = default;
        while (true)
        {
            int empty = 0;
            for (int i = 0; i < count; i++)
            {
                if (PeekAt(i) is null)
                {
                    empty++;
                }
            }

            if (empty == Volatile.Read(ref _unpublished))
            {
                return;
            }

            spinner.SpinOnce();
        }
    }

    private object? PeekAt(int index)
    {
        if (index < InlineCapacity)
        {
            return Volatile.Read(ref _inline[index]);
        }

        int segment = SegmentOf(index - InlineCapacity, out int offset);
        object?[]? storage = ExistingSegment(segment);
        return storage is null ? null : Volatile.Read(ref storage[offset]);
    }

    /// <summary>The storage of <paramref name="segment"/> if it was created, without creating it or the directory.</summary>
    private object?[]? ExistingSegment(int segment) =>
        segment == 0
            ? Volatile.Read(ref _segment0)
            : Volatile.Read(ref _segments) is { } directory ? Volatile.Read(ref directory[segment]) : null;

    /// <summary>
    /// Takes the object at <paramref name="index"/> out of the storage (only after the scope has ended and
    /// <see cref="WaitForRegistrations"/> returned); <see langword="null"/> for a slot whose object was never stored.
    /// </summary>
    private object? TakeAt(int index)
    {
        ref object? slot = ref _inline[0];
        if (index < InlineCapacity)
        {
            slot = ref _inline[index];
        }
        else
        {
            int segment = SegmentOf(index - InlineCapacity, out int offset);
            if (ExistingSegment(segment) is not { } storage)
            {
                return null;
            }

            slot = ref storage[offset];
        }

        object? item = slot;
        slot = null;
        return item;
    }

    /// <summary>Returns the segments (their used slots were cleared by <see cref="TakeAt"/>) and the directory.</summary>
    private void ReleaseStorage()
    {
        if (_segment0 is { } first)
        {
            _segment0 = null;
            SegmentPool.Return(first);
        }

        object?[]?[]? directory = _segments;
        if (directory is null)
        {
            return;
        }

        _segments = null;
        for (int i = 1; i < SegmentCount; i++)
        {
            if (directory[i] is { } segment)
            {
                SegmentPool.Return(segment);
            }
        }

        DirectoryPool.Return(directory, clearArray: true);
    }
}
