using System.Numerics;
using Gen0.Buffers;
using Xunit.Abstractions;

namespace Gen0.Tests.Buffers;

/// <summary>
/// Benchmark (d) of issue #3 as a deterministic computation: the mean of rented length / requested length for
/// uniform random requests in [1 KB, 64 MB], for <see cref="SizeClasses.PowerOfTwo"/>, <see cref="SizeClasses.Fine"/>
/// and the rule of <see cref="System.Buffers.ArrayPool{T}.Shared"/> (next power of two, checked against the real pool
/// in <see cref="ScalableArrayPoolContractTests.PowerOfTwo_MatchesSharedLengths"/>).
/// </summary>
public sealed class SizeClassWasteTests(ITestOutputHelper output)
{
    [Fact]
    public void FineWaste_IsAtMostSixTenthsOfShared()
    {
        var powerOfTwo = new SizeClassTable(SizeClasses.PowerOfTwo, Array.MaxLength);
        var fine = new SizeClassTable(SizeClasses.Fine, Array.MaxLength);
        var random = new Random(20261122);
        const int samples = 200_000;
        double shared = 0, pow2 = 0, fineSum = 0, fineWorst = 0;
        for (int i = 0; i < samples; i++)
        {
            int length = random.Next(1024, (64 << 20) + 1);
            shared += (double)BitOperations.RoundUpToPowerOf2((uint)length) / length;
            pow2 += (double)powerOfTwo.LengthOf(powerOfTwo.IndexOf(length)) / length;
            double ratio = (double)fine.LengthOf(fine.IndexOf(length)) / length;
            fineSum += ratio;
            fineWorst = Math.Max(fineWorst, ratio);
        }

        shared /= samples;
        pow2 /= samples;
        fineSum /= samples;
        output.WriteLine($"mean rented/requested over {samples:N0} uniform requests in [1 KB, 64 MB]: Shared {shared:F4}, PowerOfTwo {pow2:F4}, Fine {fineSum:F4} (worst {fineWorst:F4}); Fine waste / Shared waste = {(fineSum - 1) / (shared - 1):F3}");

        Assert.Equal(shared, pow2, 9);
        Assert.True(fineWorst <= 1.25);
        Assert.True(fineSum - 1 <= 0.6 * (shared - 1));
    }
}
