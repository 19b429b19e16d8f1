using System.Diagnostics;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Gen0.Pools;

/// <summary>
/// A fixed-capacity, lock-free, multi-producer multi-consumer FIFO queue: the bounded ring that
/// <see cref="System.Collections.Concurrent.ConcurrentQueue{T}"/> keeps internal as its segment, made public.
/// </summary>
/// <typeparam name="T">The type of the elements.</typeparam>
/// <remarks>
/// <para>
/// Design problem: a pool built on <see cref="System.Collections.Concurrent.ConcurrentQueue{T}"/> needs an extra
/// interlocked counter to stay bounded, a second synchronisation point on every operation, although the
/// queue is itself made of bounded rings. This type is that ring, with the bound enforced by the ring itself.
/// </para>
/// <para>
/// Algorithm (after Dmitry Vyukov's bounded MPMC queue, as in dotnet/runtime's <c>ConcurrentQueueSegment</c>):
/// the ring has a power-of-two number of slots, each with a sequence number. A producer claims the tail
/// position with one compare-and-swap when the slot's sequence number equals that position, writes the item,
/// then publishes it by setting the sequence number to position + 1. A consumer claims the head position when
/// the sequence number equals position + 1, takes the item, and frees the slot for the next lap by setting the
/// sequence number to position + ring length. Head and tail live on separate cache lines.
/// </para>
/// <para>
/// Invariants: the capacity is exact, whatever the ring length: <see cref="TryEnqueue"/> fails exactly when
/// <see cref="Count"/> equals <see cref="Capacity"/> (the count is never exceeded, even under races);
/// every enqueued item is dequeued exactly once; FIFO order holds for items enqueued by one producer.
/// When the capacity is not a power of two (or is 1: the ring always has at least two slots, since with one the
/// "free" and "published" sequence numbers of a slot coincide) the ring is rounded up and the extra slots stay unused; a producer
/// that finds its slot still being vacated by a consumer that already claimed it spins for that consumer's
/// two remaining stores instead of failing spuriously.
/// </para>
/// </remarks>
[DebuggerDisplay("Count = {Count}, Capacity = {Capacity}")]
public sealed class BoundedConcurrentQueue<T>
{
    private readonly Slot[] _slots;
    private readonly int _mask;
    private readonly int _capacity;
    private PaddedHeadAndTail _headAndTail;

    /// <summary>Creates an empty queue that holds at most <paramref name="capacity"/> items.</summary>
    /// <param name="capacity">The exact number of items the queue can hold, from 1 to 2^30.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="capacity"/> is less than 1 or greater than 2^30.</exception>
    public BoundedConcurrentQueue(int capacity)
    {
        if (capacity < 1 || capacity > MaxCapacity)
        {
            ThrowHelper.ThrowArgumentOutOfRange(nameof(capacity), $"The capacity must be between 1 and {MaxCapacity}; it was {capacity}.");
        }

        // At least two slots: with one, the sequence number a consumer stores to free the slot (position + 1)
        // equals the one that means "published" for that position, so a producer can claim the slot while the
        // consumer is still vacating it; the consumer then erases the new item and publishes a stale number,
        // and every thread spins forever (the capacity-1 livelock). ConcurrentQueueSegment has the same floor.
        int length = (int)RoundUpToPowerOf2((uint)Math.Max(capacity, MinRingLength));
        _slots = new Slot[length];
        for (int i = 0; i < _slots.Length; i++)
        {
            _slots[i].SequenceNumber = i;
        }

        _mask = length - 1;
        _capacity = capacity;
    }

    /// <summary>The fewest slots a ring may have (see the constructor): Vyukov's algorithm needs two.</summary>
    private const int MinRingLength = 2;

    /// <summary>The largest capacity a queue accepts: 2^30 items.</summary>
    public const int MaxCapacity = 1 << 30;

    /// <summary>The exact number of items the queue can hold.</summary>
    public int Capacity => _capacity;

    /// <summary>
    /// The number of items in the queue: exact when no other thread is using it, otherwise a snapshot that was
    /// true at some moment during the call. Never greater than <see cref="Capacity"/>.
    /// </summary>
    public int Count
    {
        get
        {
            SpinWait spinner = default;
            while (true)
            {
                int head = Volatile.Read(ref _headAndTail.Head);
                int tail = Volatile.Read(ref _headAndTail.Tail);
                if (head == Volatile.Read(ref _headAndTail.Head))
                {
                    int count = tail - head;
                    return count < 0 ? 0 : count > _capacity ? _capacity : count;
                }

                spinner.SpinOnce(sleep1Threshold: -1);
            }
        }
    }

    /// <summary>Whether the queue is empty at the moment of the call.</summary>
    public bool IsEmpty => Count == 0;

    /// <summary>
    /// The number of dequeue operations so far (wrapping): lets an owner see whether anyone consumed from the
    /// queue between two observations without adding a store to the hot path.
    /// </summary>
    internal int DequeuePosition => Volatile.Read(ref _headAndTail.Head);

    /// <summary>Adds <paramref name="item"/> at the tail unless the queue is full.</summary>
    /// <param name="item">The item to add.</param>
    /// <returns><see langword="true"/> if the item was added; <see langword="false"/> if the queue held <see cref="Capacity"/> items.</returns>
    public bool TryEnqueue(T item)
    {
        Slot[] slots = _slots;
        SpinWait spinner = default;
        while (true)
        {
            int tail = Volatile.Read(ref _headAndTail.Tail);
            int index = tail & _mask;
            int sequenceNumber = Volatile.Read(ref slots[index].SequenceNumber);
            int diff = sequenceNumber - tail;
            if (diff == 0)
            {
                // The slot is free for this lap. Claim the position, unless that would exceed the capacity.
                // A stale head only makes the check stricter, so the capacity is never exceeded.
                if (tail - Volatile.Read(ref _headAndTail.Head) >= _capacity)
                {
                    if (tail - Volatile.Read(ref _headAndTail.Head) >= _capacity)
                    {
                        return false;
                    }
                }
                else if (Interlocked.CompareExchange(ref _headAndTail.Tail, tail + 1, tail) == tail)
                {
                    slots[index].Item = item;
                    Volatile.Write(ref slots[index].SequenceNumber, tail + 1);
                    return true;
                }
            }
            else if (diff < 0)
            {
                // The slot still holds the item of the previous lap. If the ring is truly full, say so;
                // otherwise a consumer has claimed it and is about to free it.
                if (tail - Volatile.Read(ref _headAndTail.Head) >= _capacity)
                {
                    return false;
                }
            }

            // diff > 0: another producer took this position; reload the tail.
            spinner.SpinOnce(sleep1Threshold: -1);
        }
    }

    /// <summary>Removes the item at the head unless the queue is empty.</summary>
    /// <param name="item">The removed item, or <see langword="default"/> when the queue was empty.</param>
    /// <returns><see langword="true"/> if an item was removed.</returns>
    public bool TryDequeue([MaybeNullWhen(false)] out T item)
    {
        Slot[] slots = _slots;
        SpinWait spinner = default;
        while (true)
        {
            int head = Volatile.Read(ref _headAndTail.Head);
            int index = head & _mask;
            int sequenceNumber = Volatile.Read(ref slots[index].SequenceNumber);
            int diff = sequenceNumber - (head + 1);
            if (diff == 0)
            {
                if (Interlocked.CompareExchange(ref _headAndTail.Head, head + 1, head) == head)
                {
                    item = slots[index].Item!;
                    if (RuntimeHelpers.IsReferenceOrContainsReferences<T>())
                    {
                        slots[index].Item = default;
                    }

                    Volatile.Write(ref slots[index].SequenceNumber, head + slots.Length);
                    return true;
                }
            }
            else if (diff < 0)
            {
                // Nothing published at this position: the queue is empty, or a producer claimed it and is about
                // to publish (then wait for it, as ConcurrentQueue does).
                if (Volatile.Read(ref _headAndTail.Tail) - head <= 0)
                {
                    item = default;
                    return false;
                }
            }

            spinner.SpinOnce(sleep1Threshold: -1);
        }
    }

    private static uint RoundUpToPowerOf2(uint value)
    {
        --value;
        value |= value >> 1;
        value |= value >> 2;
        value |= value >> 4;
        value |= value >> 8;
        value |= value >> 16;
        return value + 1;
    }

    [DebuggerDisplay("Item = {Item}, SequenceNumber = {SequenceNumber}")]
    [StructLayout(LayoutKind.Auto)]
    private struct Slot
    {
        public T? Item;
        public int SequenceNumber;
    }
}
