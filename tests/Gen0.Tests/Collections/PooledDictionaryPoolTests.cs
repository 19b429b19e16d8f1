using System.Buffers;
using Gen0.Buffers;
using Gen0.Collections;

namespace Gen0.Tests.Collections;

/// <summary>
/// Proves through <see cref="GuardedArrayPool{T}"/> that a <see cref="PooledDictionary{TKey, TValue}"/> returns every
/// array it rents exactly once (a double return, a foreign array or a write after return throws in the guard), that
/// growth gives the old arrays back at once, and that <see cref="ClearMode"/> decides what is cleared.
/// </summary>
public class PooledDictionaryPoolTests
{
    [Theory]
    [InlineData(ClearMode.Auto)]
    [InlineData(ClearMode.Always)]
    [InlineData(ClearMode.Never)]
    public void EveryRentedArray_IsReturnedExactlyOnce(ClearMode clearMode)
    {
        var bucketPool = new GuardedArrayPool<int>(ArrayPool<int>.Create(), captureStackTraces: false);
        var entryPool = new GuardedArrayPool<PooledDictionary<string, string>.Entry>(ArrayPool<PooledDictionary<string, string>.Entry>.Create(), captureStackTraces: false);
        var random = new Random(42);
        for (int round = 0; round < 20; round++)
        {
            var dictionary = new PooledDictionary<string, string>(random.Next(3) == 0 ? random.Next(50) : 0, null, clearMode, bucketPool, entryPool);
            int operations = random.Next(2_000);
            for (int i = 0; i < operations; i++)
            {
                string key = "k" + random.Next(400);
                switch (random.Next(10))
                {
                    case 0:
                        dictionary.Remove(key);
                        break;
                    case 1:
                        dictionary.TrimExcess();
                        break;
                    case 2:
                        dictionary.EnsureCapacity(random.Next(600));
                        break;
                    case 3 when random.Next(20) == 0:
                        dictionary.Clear();
                        break;
                    default:
                        dictionary[key] = key;
                        break;
                }

                // Growth and trimming hand the old pair back right after the copy: never more than one of each out.
                Assert.InRange(bucketPool.OutstandingCount, 0, 1);
                Assert.InRange(entryPool.OutstandingCount, 0, 1);
            }

            dictionary.Dispose();
            dictionary.Dispose();
            Assert.Equal(0, bucketPool.OutstandingCount);
            Assert.Equal(0, entryPool.OutstandingCount);
        }

        bucketPool.AssertAllReturned();
        entryPool.AssertAllReturned();
        Assert.Equal(bucketPool.RentCount, bucketPool.ReturnCount);
        Assert.Equal(entryPool.RentCount, entryPool.ReturnCount);
        Assert.True(entryPool.RentCount > 20, "the dictionaries grew, so they rented more than one entry array each");
    }

    [Fact]
    public void FailingConstructor_ReturnsWhatItRented()
    {
        var bucketPool = new GuardedArrayPool<int>(ArrayPool<int>.Create(), captureStackTraces: false);
        var entryPool = new GuardedArrayPool<PooledDictionary<int, int>.Entry>(ArrayPool<PooledDictionary<int, int>.Entry>.Create(), captureStackTraces: false);
        KeyValuePair<int, int>[] duplicates = [new(1, 1), new(2, 2), new(1, 3)];

        Assert.Throws<ArgumentException>(() => new PooledDictionary<int, int>(duplicates, null, ClearMode.Auto, bucketPool, entryPool));

        bucketPool.AssertAllReturned();
        entryPool.AssertAllReturned();
        Assert.Equal(1, entryPool.RentCount);
    }

    [Fact]
    public void NeverUsed_RentsNothing()
    {
        var bucketPool = new GuardedArrayPool<int>(ArrayPool<int>.Create(), captureStackTraces: false);
        var entryPool = new GuardedArrayPool<PooledDictionary<int, int>.Entry>(ArrayPool<PooledDictionary<int, int>.Entry>.Create(), captureStackTraces: false);
        var dictionary = new PooledDictionary<int, int>(0, null, ClearMode.Auto, bucketPool, entryPool);
        Assert.False(dictionary.ContainsKey(1));
        Assert.False(dictionary.Remove(1));
        dictionary.Dispose();
        Assert.Equal(0, bucketPool.RentCount + entryPool.RentCount);
    }

    [Theory]
    [InlineData(ClearMode.Auto, false, true)]
    [InlineData(ClearMode.Always, true, true)]
    [InlineData(ClearMode.Never, false, false)]
    public void ClearMode_DecidesWhatIsClearedOnReturn(ClearMode clearMode, bool bucketsCleared, bool entriesCleared)
    {
        var bucketPool = new RecordingPool<int>();
        var entryPool = new RecordingPool<PooledDictionary<string, string>.Entry>();
        var dictionary = new PooledDictionary<string, string>(0, null, clearMode, bucketPool, entryPool);
        for (int i = 0; i < 100; i++)
        {
            dictionary.Add("k" + i, "v" + i);
        }

        dictionary.Dispose();

        // Grown several times, then disposed: every returned array was cleared, or none was.
        Assert.True(bucketPool.Returned.Count > 3);
        Assert.All(bucketPool.Returned, cleared => Assert.Equal(bucketsCleared, cleared));
        Assert.All(entryPool.Returned, cleared => Assert.Equal(entriesCleared, cleared));
    }

    [Fact]
    public void ClearModeAuto_LeavesPlainDataEntriesAsTheyAre()
    {
        var entryPool = new RecordingPool<PooledDictionary<int, int>.Entry>();
        var dictionary = new PooledDictionary<int, int>(0, null, ClearMode.Auto, null, entryPool);
        dictionary.Add(1, 1);
        dictionary.Dispose();
        Assert.Equal([false], entryPool.Returned);
    }

    /// <summary>Hands out fresh exact-length arrays and records, per return, whether the array came back all default.</summary>
    internal sealed class RecordingPool<T> : ArrayPool<T>
    {
        public List<bool> Returned { get; } = [];

        public override T[] Rent(int minimumLength) => new T[minimumLength];

        public override void Return(T[] array, bool clearArray = false) =>
            Returned.Add(clearArray || Array.TrueForAll(array, x => EqualityComparer<T>.Default.Equals(x, default)));
    }
}
