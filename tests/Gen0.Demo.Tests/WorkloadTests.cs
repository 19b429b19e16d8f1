using Gen0.Demo.Workload;

namespace Gen0.Demo.Tests;

public class WorkloadTests
{
    private static readonly ClientCacheData s_data = ClientCacheData.Create(seed: 11);

    [Fact]
    public void Data_IsDeterministicAndWithinTheSeedsSizes()
    {
        ClientCacheData again = ClientCacheData.Create(seed: 11);
        Assert.Equal(ClientCacheData.GroupCount, s_data.Groups.Length);
        Assert.All(s_data.Groups, g => Assert.InRange(g.Length, 30_000, 100_000));
        Assert.Equal(s_data.Groups[5], again.Groups[5]);
        Assert.Equal(s_data.UserFor(123, 11).GroupIndexes, again.UserFor(123, 11).GroupIndexes);
    }

    [Fact]
    public void BothModes_WriteTheSameBytes_ForEveryUserShape()
    {
        var baseline = new BaselineRequestHandler(s_data);
        var gen0 = new Gen0RequestHandler(s_data);
        foreach (UserProfile user in s_data.Users.GroupBy(u => u.GroupIndexes.Length).Select(g => g.First()))
        {
            var expected = new OutputDigest();
            var actual = new OutputDigest();
            baseline.Handle(user, expected);
            gen0.Handle(user, actual);
            Assert.True(expected.BytesWritten > 100_000, "a response this small would not exercise the LOH");
            Assert.Equal(expected.BytesWritten, actual.BytesWritten);
            Assert.Equal(expected.Digest(), actual.Digest());
        }
    }

    [Fact]
    public void OutputDigest_DependsOnTheBytesNotOnHowTheyWereWritten()
    {
        byte[] data = new byte[1000];
        new Random(3).NextBytes(data);
        var whole = new OutputDigest();
        whole.Write(data);
        var pieces = new OutputDigest();
        int offset = 0;
        foreach (int size in new[] { 1, 7, 8, 9, 3, 500, 0, 472 })
        {
            pieces.Write(data, offset, size);
            offset += size;
        }

        Assert.Equal(data.Length, offset);
        Assert.Equal(whole.Digest(), pieces.Digest());
        data[999] ^= 1;
        var changed = new OutputDigest();
        changed.Write(data);
        Assert.NotEqual(whole.Digest(), changed.Digest());
    }
}
