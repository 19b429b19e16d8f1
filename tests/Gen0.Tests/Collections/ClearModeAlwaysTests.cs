using System.Buffers;
using System.Numerics;
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
    public void AlwaysLeavesNoByteBehind(string type) => Run<byte>(type, ClearMode.Always);

    [Theory]
    [MemberData(nameof(Types))]
    public void AlwaysLeavesNoIntBehind(string type) => Run<int>(type, ClearMode.Always);

    [Theory]
    [MemberData(nameof(Types))]
    public void AutoLeavesPlainDataBehindAsDocumented(string type)
    {
        // The control: the recording pool does see our bytes under Auto, so the test above can fail.
        (PooledSequenceTrackingPool<byte> elements, PooledSequenceTrackingPool<int> buckets, int entryDirty) = Exercise<byte>(type, ClearMode.Auto, expectCleared: false);
        Assert.True(elements.DirtyReturnCount + buckets.DirtyReturnCount + entryDirty > 0, "Auto should leave plain data in returned arrays");
    }

    private static void Run<T>(string type, ClearMode mode)
        where T : struct, INumber<T>
    {
        (PooledSequenceTrackingPool<T> elements, PooledSequenceTrackingPool<int> buckets, int entryDirty) = Exercise<T>(type, mode, expectCleared: true);
        Assert.True(elements.RentCount + buckets.RentCount > 0, "the collection should have used the recording pools");
        Assert.Equal(0, elements.DirtyReturnCount + buckets.DirtyReturnCount + entryDirty);
        elements.AssertAllReturned();
        buckets.AssertAllReturned();
    }

    /// <summary>Fills the collection with non-zero values through several growths, removes, trims, clears, refills and disposes it.</summary>
    private static (PooledSequenceTrackingPool<T> Elements, PooledSequenceTrackingPool<int> Buckets, int EntryDirty) Exercise<T>(string type, ClearMode mode, bool expectCleared)
        where T : struct, INumber<T>
    {
        PooledSequenceTrackingPool<T> elements = new() { ExpectCleared = expectCleared };
        PooledSequenceTrackingPool<int> buckets = new() { ExpectCleared = expectCleared };
        const int count = 200;

        // Non-zero and, for byte, distinct up to 255 (the hash types need distinct keys).
        T Value(int i) => T.CreateTruncating((i % 250) + 1);
        int entryDirty = 0;
        switch (type)
        {
            case "PooledList":
            {
                using PooledList<T> list = new(0, elements, mode);
                Fill(i => list.Add(Value(i)), count);
                list.RemoveRange(0, count / 2);
                list.TrimExcess();
                list.Clear();
                Fill(i => list.Add(Value(i)), count / 3);
                break;
            }

            case "PooledStack":
            {
                using PooledStack<T> stack = new(0, elements, mode);
                Fill(i => stack.Push(Value(i)), count);
                Fill(_ => stack.Pop(), count / 2);
                stack.TrimExcess();
                stack.Clear();
                Fill(i => stack.Push(Value(i)), count / 3);
                break;
            }

            case "PooledQueue":
            {
                using PooledQueue<T> queue = new(0, elements, mode);
                Fill(i => queue.Enqueue(Value(i)), count);
                Fill(_ => queue.Dequeue(), count / 2);
                Fill(i => queue.Enqueue(Value(i)), count / 4);
                queue.TrimExcess();
                queue.Clear();
                Fill(i => queue.Enqueue(Value(i)), count / 3);
                break;
            }

            case "PooledDictionary":
            {
                PooledSequenceTrackingPool<PooledDictionary<T, T>.Entry> entries = new() { ExpectCleared = expectCleared };
                using (PooledDictionary<T, T> dictionary = new(0, null, mode, buckets, entries))
                {
                    Fill(i => dictionary.TryAdd(Value(i), Value(i + 1)), count);
                    Fill(i => dictionary.Remove(Value(i)), count / 2);
                    dictionary.TrimExcess();
                    dictionary.Clear();
                    Fill(i => dictionary.TryAdd(Value(i), Value(i)), count / 3);
                }

                entries.AssertAllReturned();
                entryDirty = entries.DirtyReturnCount;
                break;
            }

            case "PooledHashSet":
            {
                PooledSequenceTrackingPool<PooledHashSet<T>.Entry> entries = new() { ExpectCleared = expectCleared };
                using (PooledHashSet<T> set = new(0, null, mode, buckets, entries))
                {
                    Fill(i => set.Add(Value(i)), count);
                    Fill(i => set.Remove(Value(i)), count / 2);
                    set.TrimExcess();
                    set.Clear();
                    Fill(i => set.Add(Value(i)), count / 3);
                }

                entries.AssertAllReturned();
                entryDirty = entries.DirtyReturnCount;
                break;
            }

            case "ChunkedList":
            {
                using ChunkedList<T> list = new(16, 8, elements, mode);
                Fill(i => list.Add(Value(i)), count);
                list.RemoveRange(0, count / 2);
                list.TrimExcess();
                list.Clear();
                Fill(i => list.Add(Value(i)), count / 3);
                break;
            }

            case "ChunkedHashSet":
            {
                PooledSequenceTrackingPool<ChunkedSetEntry<T>> entries = new() { ExpectCleared = expectCleared };
                using (ChunkedHashSet<T> set = new(null, buckets, entries, 16, 16, 8, mode))
                {
                    Fill(i => set.Add(Value(i)), count);
                    Fill(i => set.Remove(Value(i)), count / 2);
                    set.TrimExcess();
                    set.Clear();
                    Fill(i => set.Add(Value(i)), count / 3);
                }

                entries.AssertAllReturned();
                entryDirty = entries.DirtyReturnCount;
                break;
            }

            default:
            {
                PooledSequenceTrackingPool<ChunkedDictionaryEntry<T, T>> entries = new() { ExpectCleared = expectCleared };
                using (ChunkedDictionary<T, T> dictionary = new(null, buckets, entries, 16, 16, 8, mode))
                {
                    Fill(i => dictionary.TryAdd(Value(i), Value(i + 1)), count);
                    Fill(i => dictionary.Remove(Value(i)), count / 2);
                    dictionary.TrimExcess();
                    dictionary.Clear();
                    Fill(i => dictionary.TryAdd(Value(i), Value(i)), count / 3);
                }

                entries.AssertAllReturned();
                entryDirty = entries.DirtyReturnCount;
                break;
            }
        }

        return (elements, buckets, entryDirty);
    }

    private static void Fill(Action<int> step, int count)
    {
        for (int i = 0; i < count; i++)
        {
            step(i);
        }
    }
}
