using System.Buffers;
using Gen0.Buffers;
using Gen0.Collections;

namespace Gen0.Tests.Collections;

/// <summary>
/// <see cref="ClearMode.Always"/> is what a user picks for data the next renter must not see: every array any of the
/// eight pooled and chunked collections gives back to its pool (on growth, trimming, Clear and Dispose) must hold no
/// element of ours, for plain data (byte, int) too, where <see cref="ClearMode.Auto"/> leaves it. The recording pool
/// inspects each returned array (after honouring the clearArray flag, as a correct pool does).
/// </summary>
public sealed class ClearModeAlwaysTests
{
    public static TheoryData<string> Types() => ["PooledList", "PooledStack", "PooledQueue", "PooledDictionary", "PooledHashSet", "ChunkedList", "ChunkedHashSet", "ChunkedDictionary"];

    [Theory]
    [MemberData(nameof(Types))]
    public void AlwaysLeavesNoByteBehind(string type) => Run(type, ClearMode.Always, ByteValue);

    [Theory]
    [MemberData(nameof(Types))]
    public void AlwaysLeavesNoIntBehind(string type) => Run(type, ClearMode.Always, i => i + 1);

    [Theory]
    [MemberData(nameof(Types))]
    public void AutoLeavesPlainDataBehindAsDocumented(string type)
    {
        // The control: the recording pool does see our bytes under Auto, so the test above can fail.
        (PooledSequenceTrackingPool<byte> elements, PooledSequenceTrackingPool<int> buckets, int entryDirty) = Exercise(type, ClearMode.Auto, expectCleared: false, ByteValue);
        Assert.True(elements.DirtyReturnCount + buckets.DirtyReturnCount + entryDirty > 0, "Auto should leave plain data in returned arrays");
    }

    // Non-zero and, for byte, distinct up to 250 (the hash types need distinct keys).
    private static byte ByteValue(int i) => (byte)((i % 250) + 1);

    private static void Run<T>(string type, ClearMode mode, Func<int, T> value)
        where T : struct
    {
        (PooledSequenceTrackingPool<T> elements, PooledSequenceTrackingPool<int> buckets, int entryDirty) = Exercise(type, mode, expectCleared: true, value);
        Assert.True(elements.RentCount + buckets.RentCount > 0, "the collection should have used the recording pools");
        Assert.Equal(0, elements.DirtyReturnCount + buckets.DirtyReturnCount + entryDirty);
        elements.AssertAllReturned();
        buckets.AssertAllReturned();
    }

    /// <summary>Fills the collection with non-zero values through several growths, removes, trims, clears, refills and disposes it.</summary>
    /// <param name="value">The <c>i</c>th value: non-zero.</param>
    private static (PooledSequenceTrackingPool<T> Elements, PooledSequenceTrackingPool<int> Buckets, int EntryDirty) Exercise<T>(string type, ClearMode mode, bool expectCleared, Func<int, T> value)
        where T : struct
    {
        PooledSequenceTrackingPool<T> elements = new() { ExpectCleared = expectCleared };
        PooledSequenceTrackingPool<int> buckets = new() { ExpectCleared = expectCleared };
        T Value(int i) => value(i);
        int entryDirty = 0;
        void Entries<TEntry>(PooledSequenceTrackingPool<TEntry> entries)
        {
            entries.AssertAllReturned();
            entryDirty = entries.DirtyReturnCount;
        }

        switch (type)
        {
            case "PooledList":
                PooledList<T> list = new(0, elements, mode);
                Cycle(list, i => list.Add(Value(i)), _ => list.RemoveAt(list.Count - 1), list.TrimExcess, list.Clear);
                break;
            case "PooledStack":
                PooledStack<T> stack = new(0, elements, mode);
                Cycle(stack, i => stack.Push(Value(i)), _ => stack.Pop(), stack.TrimExcess, stack.Clear);
                break;
            case "PooledQueue":
                PooledQueue<T> queue = new(0, elements, mode);
                Cycle(queue, i => queue.Enqueue(Value(i)), _ => queue.Dequeue(), queue.TrimExcess, queue.Clear);
                break;
            case "PooledDictionary":
                PooledSequenceTrackingPool<PooledDictionary<T, T>.Entry> dictionaryEntries = new() { ExpectCleared = expectCleared };
                PooledDictionary<T, T> dictionary = new(0, null, mode, buckets, dictionaryEntries);
                Cycle(dictionary, i => dictionary.TryAdd(Value(i), Value(i + 1)), i => dictionary.Remove(Value(i)), dictionary.TrimExcess, dictionary.Clear);
                Entries(dictionaryEntries);
                break;
            case "PooledHashSet":
                PooledSequenceTrackingPool<PooledHashSet<T>.Entry> setEntries = new() { ExpectCleared = expectCleared };
                PooledHashSet<T> set = new(0, null, mode, buckets, setEntries);
                Cycle(set, i => set.Add(Value(i)), i => set.Remove(Value(i)), set.TrimExcess, set.Clear);
                Entries(setEntries);
                break;
            case "ChunkedList":
                ChunkedList<T> chunkedList = new(16, 8, elements, mode);
                Cycle(chunkedList, i => chunkedList.Add(Value(i)), _ => chunkedList.RemoveAt(chunkedList.Count - 1), chunkedList.TrimExcess, chunkedList.Clear);
                break;
            case "ChunkedHashSet":
                PooledSequenceTrackingPool<ChunkedSetEntry<T>> chunkedSetEntries = new() { ExpectCleared = expectCleared };
                ChunkedHashSet<T> chunkedSet = new(null, buckets, chunkedSetEntries, 16, 16, 8, mode);
                Cycle(chunkedSet, i => chunkedSet.Add(Value(i)), i => chunkedSet.Remove(Value(i)), chunkedSet.TrimExcess, chunkedSet.Clear);
                Entries(chunkedSetEntries);
                break;
            default:
                PooledSequenceTrackingPool<ChunkedDictionaryEntry<T, T>> chunkedEntries = new() { ExpectCleared = expectCleared };
                ChunkedDictionary<T, T> chunkedDictionary = new(null, buckets, chunkedEntries, 16, 16, 8, mode);
                Cycle(chunkedDictionary, i => chunkedDictionary.TryAdd(Value(i), Value(i + 1)), i => chunkedDictionary.Remove(Value(i)), chunkedDictionary.TrimExcess, chunkedDictionary.Clear);
                Entries(chunkedEntries);
                break;
        }

        return (elements, buckets, entryDirty);
    }

    /// <summary>Adds 200 values (several growths), removes half, trims, clears, refills a third and disposes.</summary>
    private static void Cycle(IDisposable collection, Action<int> add, Action<int> remove, Action trim, Action clear)
    {
        const int count = 200;
        using (collection)
        {
            Repeat(add, count);
            Repeat(remove, count / 2);
            trim();
            clear();
            Repeat(add, count / 3);
        }
    }

    private static void Repeat(Action<int> step, int count)
    {
        for (int i = 0; i < count; i++)
        {
            step(i);
        }
    }
}
