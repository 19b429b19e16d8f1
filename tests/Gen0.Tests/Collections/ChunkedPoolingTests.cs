using System.Buffers;
using Gen0.Buffers;
using Gen0.Collections;
using Gen0.Tests.Infrastructure;

namespace Gen0.Tests.Collections;

/// <summary>
/// Pooled chunks go back exactly once, on <c>Dispose</c>, <c>Clear</c> and <c>TrimExcess</c>: a
/// <see cref="GuardedArrayPool{T}"/> throws on a double or foreign return and on a write after return, and counts
/// what is outstanding.
/// </summary>
public sealed class ChunkedPoolingTests
{
    [Fact]
    public void ListReturnsEveryChunkExactlyOnce()
    {
        GuardedArrayPool<long> pool = new(ArrayPool<long>.Create(), captureStackTraces: false);
        ChunkedList<long> list = new(chunkLength: 16, directoryLength: 8, pool);
        for (int i = 0; i < 300; i++)
        {
            list.Add(i);
        }

        Assert.Equal(list.Capacity / 16, pool.OutstandingCount);
        list.Sort(Comparer<long>.Create((x, y) => y.CompareTo(x)));
        Assert.Equal(list.Capacity / 16, pool.OutstandingCount);
        Assert.Equal(299, list[0]);

        list.RemoveRange(20, 280);
        list.TrimExcess();
        Assert.Equal(2, pool.OutstandingCount);
        list.Capacity = 20;
        Assert.Equal(2, pool.OutstandingCount);

        list.Clear();
        Assert.Equal(0, pool.OutstandingCount);
        for (int i = 0; i < 100; i++)
        {
            list.Add(i);
        }

        list.InsertRange(50, list);
        Assert.Equal(Enumerable.Range(0, 50).Concat(Enumerable.Range(0, 100)).Concat(Enumerable.Range(50, 50)).Select(i => (long)i), list);
        list.Dispose();
        list.Dispose();
        pool.AssertAllReturned();
        Assert.Throws<ObjectDisposedException>(() => list.Add(1));
        Assert.Throws<ObjectDisposedException>(() => list.Clear());
        Assert.Throws<ObjectDisposedException>(() => list.TrimExcess());
    }

    [Fact]
    public void ListWithTheRealChunkLengthReturnsItsChunks()
    {
        GuardedArrayPool<string> pool = new(ArrayPool<string>.Create(), captureStackTraces: false);
        using (ChunkedList<string> list = Enumerable.Range(0, 20_000).Select(i => i.ToString(System.Globalization.CultureInfo.InvariantCulture)).ToChunkedList(pool))
        {
            // 20,000 strings in chunks of 8,192 (512 on Mono, whose large object threshold is 8,000 bytes).
            int chunkLength = ChunkedStorage<string>.DefaultChunkLength;
            Assert.Equal((20_000 + chunkLength - 1) / chunkLength, pool.OutstandingCount);
            Assert.Equal("19999", list[^1]);
        }

        pool.AssertAllReturned();
    }

    [Fact]
    public void HashSetReturnsBucketAndEntryChunksExactlyOnce()
    {
        GuardedArrayPool<int> buckets = new(ArrayPool<int>.Create(), captureStackTraces: false);
        GuardedArrayPool<ChunkedSetEntry<string>> entries = new(ArrayPool<ChunkedSetEntry<string>>.Create(), captureStackTraces: false);
        ChunkedHashSet<string> set = new(null, buckets, entries, 16, 16, 8);
        HashSet<string> expected = new();
        for (int i = 0; i < 500; i++)
        {
            string item = (i * 7 % 600).ToString(System.Globalization.CultureInfo.InvariantCulture);
            Assert.Equal(expected.Add(item), set.Add(item));
        }

        Assert.True(buckets.OutstandingCount > 1);
        Assert.True(entries.OutstandingCount > 1);
        expected.RemoveWhere(s => s.Length > 2);
        set.RemoveWhere(s => s.Length > 2);
        expected.TrimExcess();
        set.TrimExcess();
        Assert.Equal(expected, set);
        Assert.Equal(expected.Count <= 16 ? 1 : (expected.Count + 15) / 16, entries.OutstandingCount);
        set.SymmetricExceptWith(Enumerable.Range(0, 50).Select(i => i.ToString(System.Globalization.CultureInfo.InvariantCulture)));
        set.Clear();
        Assert.Equal(0, buckets.OutstandingCount);
        Assert.Equal(0, entries.OutstandingCount);
        set.UnionWith(expected);
        set.Dispose();
        buckets.AssertAllReturned();
        entries.AssertAllReturned();
        Assert.Throws<ObjectDisposedException>(() => set.Add("x"));
    }

    [Fact]
    public void DictionaryReturnsBucketAndEntryChunksExactlyOnce()
    {
        GuardedArrayPool<int> buckets = new(ArrayPool<int>.Create(), captureStackTraces: false);
        GuardedArrayPool<ChunkedDictionaryEntry<int, string>> entries = new(ArrayPool<ChunkedDictionaryEntry<int, string>>.Create(), captureStackTraces: false);
        ChunkedDictionary<int, string> dictionary = new(null, buckets, entries, 16, 16, 8);
        for (int i = 0; i < 400; i++)
        {
            dictionary[i] = "v";
        }

        for (int i = 0; i < 390; i++)
        {
            dictionary.Remove(i);
        }

        dictionary.TrimExcess();
        Assert.Equal(1, entries.OutstandingCount);
        Assert.Equal(Enumerable.Range(390, 10), dictionary.Keys);
        dictionary.Clear();
        Assert.Equal(0, buckets.OutstandingCount + entries.OutstandingCount);
        dictionary.Add(1, "one");
        dictionary.Dispose();
        buckets.AssertAllReturned();
        entries.AssertAllReturned();
        Assert.Throws<ObjectDisposedException>(() => dictionary.ContainsKey(1));
    }

    [Fact]
    public void PublicPooledConstructorsReturnEverything()
    {
        GuardedArrayPool<int> pool = new(ArrayPool<int>.Create(), captureStackTraces: false);
        using (ChunkedHashSet<int> set = new(Enumerable.Range(0, 50_000), null, pool))
        {
            Assert.Equal(50_000, set.Count);
            Assert.True(pool.OutstandingCount > 1);
        }

        using (ChunkedDictionary<int, int> dictionary = new(Enumerable.Range(0, 50_000).Select(i => KeyValuePair.Create(i, i)), null, pool))
        {
            Assert.Equal(49_999, dictionary[49_999]);
        }

        using (ChunkedList<int> list = new(Enumerable.Range(0, 50_000), pool))
        {
            Assert.Equal(49_999, list[^1]);
        }

        pool.AssertAllReturned();
    }
}

/// <summary>Steady state: a pooled chunked collection refilled after <c>Clear</c> allocates nothing.</summary>
[Collection(GcSensitiveCollection.Name)]
public sealed class ChunkedSteadyStateAllocationTests
{
    [AllocationFact]
    public void RefillingPooledCollectionsAllocatesNothing()
    {
        ChunkedList<int> list = new(ArrayPool<int>.Create(1 << 20, 64));
        ChunkedHashSet<int> set = new(null, ArrayPool<int>.Create(1 << 20, 64), ArrayPool<ChunkedSetEntry<int>>.Create(1 << 20, 64), LargeObjectHeap.MaxPowerOfTwoLength<int>(), LargeObjectHeap.MaxPowerOfTwoLength<ChunkedSetEntry<int>>(), LargeObjectHeap.MaxPowerOfTwoLength<int[]>());
        int[] source = Enumerable.Range(0, 100_000).ToArray();
        Refill();
        long allocated = Allocations.FewestBytes(Refill);

        Assert.Equal(100_000, list.Count);
        Assert.Equal(100_000, set.Count);
        Assert.Equal(0, allocated);

        void Refill()
        {
            list.Clear();
            for (int i = 0; i < source.Length; i++)
            {
                list.Add(source[i]);
            }

            set.Clear();
            set.UnionWith(source);
        }
    }

    [AllocationFact]
    public void HashTypesWithAScalableBucketPool_TakeEntriesFromACompanionPool()
    {
        // The public constructors name only the bucket pool; a tuned ScalableArrayPool must cover the entries too,
        // or every request allocates its entry chunks again.
        using var pool = new ScalableArrayPool<int>(new ScalableArrayPoolOptions { MaxArraysPerShard = 256 });
        int[] source = Enumerable.Range(0, 100_000).ToArray();
        long allocated = 0;
        for (int round = 0; round < 3; round++)
        {
            long before = GC.GetAllocatedBytesForCurrentThread();
            using (ChunkedHashSet<int> set = new(comparer: null, bucketPool: pool))
            using (ChunkedDictionary<int, int> map = new(comparer: null, bucketPool: pool))
            {
                set.UnionWith(source);
                for (int i = 0; i < 20_000; i++)
                {
                    map.Add(i, i);
                }

                Assert.Equal(100_000, set.Count);
                Assert.Equal(20_000, map.Count);
            }

            allocated = GC.GetAllocatedBytesForCurrentThread() - before;
        }

        // What is left is the collections' own objects and chunk directories, not chunks (one 48 KB entry chunk alone
        // would exceed this).
        Assert.InRange(allocated, 0, 16 * 1024);
    }
}
