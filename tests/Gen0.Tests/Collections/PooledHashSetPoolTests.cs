using System.Buffers;
using Gen0.Buffers;
using Gen0.Collections;

namespace Gen0.Tests.Collections;

/// <summary>
/// Proves through <see cref="GuardedArrayPool{T}"/> that a <see cref="PooledHashSet{T}"/> returns every array it rents
/// exactly once, across growth, trimming, the set operations' scratch arrays and disposal.
/// </summary>
public class PooledHashSetPoolTests
{
    [Theory]
    [InlineData(ClearMode.Auto)]
    [InlineData(ClearMode.Always)]
    [InlineData(ClearMode.Never)]
    public void EveryRentedArray_IsReturnedExactlyOnce(ClearMode clearMode)
    {
        var bucketPool = new GuardedArrayPool<int>(ArrayPool<int>.Create(), captureStackTraces: false);
        var entryPool = new GuardedArrayPool<PooledHashSet<string>.Entry>(ArrayPool<PooledHashSet<string>.Entry>.Create(), captureStackTraces: false);
        var random = new Random(7);
        for (int round = 0; round < 20; round++)
        {
            var set = new PooledHashSet<string>(random.Next(3) == 0 ? random.Next(50) : 0, null, clearMode, bucketPool, entryPool);
            int operations = random.Next(1_500);
            for (int i = 0; i < operations; i++)
            {
                string item = "s" + random.Next(8_000);
                List<string> other = Enumerable.Range(0, random.Next(40)).Select(_ => "s" + random.Next(8_000)).ToList();
                switch (random.Next(12))
                {
                    case 0:
                        set.Remove(item);
                        break;
                    case 1:
                        set.TrimExcess();
                        break;
                    case 2:
                        set.EnsureCapacity(random.Next(600));
                        break;
                    case 3:
                        set.IntersectWith(other.Concat(set.Take(set.Count / 2)));
                        break;
                    case 4:
                        set.SymmetricExceptWith(other);
                        break;
                    case 5:
                        _ = set.IsSubsetOf(other) || set.SetEquals(other) || set.IsProperSupersetOf(other);
                        break;
                    case 6:
                        set.UnionWith(other);
                        break;
                    default:
                        set.Add(item);
                        break;
                }

                Assert.InRange(entryPool.OutstandingCount, 0, 1);
                Assert.InRange(bucketPool.OutstandingCount, 0, 1);
            }

            set.Dispose();
            set.Dispose();
        }

        bucketPool.AssertAllReturned();
        entryPool.AssertAllReturned();
        Assert.Equal(bucketPool.RentCount, bucketPool.ReturnCount);
        Assert.Equal(entryPool.RentCount, entryPool.ReturnCount);
    }

    [Fact]
    public void SetOperationsOnLargeSets_ReturnTheirScratchArrays()
    {
        var bucketPool = new GuardedArrayPool<int>(ArrayPool<int>.Create(), captureStackTraces: false);
        var set = new PooledHashSet<int>(0, null, ClearMode.Auto, bucketPool);
        set.UnionWith(Enumerable.Range(0, 10_000));
        long rentsBefore = bucketPool.RentCount;

        // Over 3,200 elements the bit arrays no longer fit the stack and are rented from the bucket pool.
        set.IntersectWith(Enumerable.Range(5_000, 10_000));
        set.SymmetricExceptWith(Enumerable.Range(0, 7_000));
        Assert.False(set.IsSubsetOf(Enumerable.Range(0, 10)));

        Assert.True(bucketPool.RentCount >= rentsBefore + 4);
        Assert.Equal(1, bucketPool.OutstandingCount);
        set.Dispose();
        bucketPool.AssertAllReturned();
    }

    [Fact]
    public void FailingConstructor_ReturnsWhatItRented()
    {
        var bucketPool = new GuardedArrayPool<int>(ArrayPool<int>.Create(), captureStackTraces: false);
        var entryPool = new GuardedArrayPool<PooledHashSet<int>.Entry>(ArrayPool<PooledHashSet<int>.Entry>.Create(), captureStackTraces: false);

        Assert.Throws<InvalidOperationException>(() => new PooledHashSet<int>(Throwing(), null, ClearMode.Auto, bucketPool, entryPool));

        bucketPool.AssertAllReturned();
        entryPool.AssertAllReturned();
        Assert.Equal(1, entryPool.RentCount);

        static IEnumerable<int> Throwing()
        {
            yield return 1;
            throw new InvalidOperationException("source failed");
        }
    }

    [Theory]
    [InlineData(ClearMode.Auto, false, true)]
    [InlineData(ClearMode.Always, true, true)]
    [InlineData(ClearMode.Never, false, false)]
    public void ClearMode_DecidesWhatIsClearedOnReturn(ClearMode clearMode, bool bucketsCleared, bool entriesCleared)
    {
        var bucketPool = new PooledDictionaryPoolTests.RecordingPool<int>();
        var entryPool = new PooledDictionaryPoolTests.RecordingPool<PooledHashSet<string>.Entry>();
        var set = new PooledHashSet<string>(0, null, clearMode, bucketPool, entryPool);
        for (int i = 0; i < 100; i++)
        {
            set.Add("s" + i);
        }

        set.Dispose();

        Assert.True(bucketPool.Returned.Count > 3);
        Assert.All(bucketPool.Returned, cleared => Assert.Equal(bucketsCleared, cleared));
        Assert.All(entryPool.Returned, cleared => Assert.Equal(entriesCleared, cleared));
    }
}
