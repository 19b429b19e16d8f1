using Gen0.Collections;
using Gen0.Scopes;

namespace Gen0.Tests.Scopes;

[Collection(DisposeScopeCollection.Name)]
public class PooledHashingScopeExtensionsTests
{
    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(1_000)]
    public void ToPooledDictionaryScope_And_ToPooledHashSetScope_MatchTheBclAndAreDisposedWithTheScope(int size)
    {
        int[] source = Enumerable.Range(0, size).ToArray();
        PooledDictionary<int, string> byKey;
        PooledHashSet<int> set;
        using (DisposeScope scope = DisposeScope.BeginScope())
        {
            byKey = source.ToPooledDictionaryScope(x => x, x => $"v{x}");
            Assert.Equal(source.ToDictionary(x => x, x => $"v{x}"), byKey);
            Assert.Equal(source.ToDictionary(x => x), source.ToPooledDictionaryScope(x => x));
            Assert.Equal(source.ToDictionary(x => x, x => x), source.Select(x => KeyValuePair.Create(x, x)).ToPooledDictionaryScope());
            set = source.Concat(source).ToPooledHashSetScope();
            Assert.True(set.SetEquals(source));
            Assert.Equal(4, scope.Count);
        }

        Assert.True(byKey.Count == 0); // a disposed PooledDictionary reads 0 and throws on everything else
        Assert.Throws<ObjectDisposedException>(() => byKey.ContainsKey(0));
        Assert.Throws<ObjectDisposedException>(() => set.Contains(0));
    }

    [Fact]
    public void WithoutAScope_Throws()
    {
        Assert.Throws<InvalidOperationException>(() => new[] { 1 }.ToPooledHashSetScope());
        Assert.Throws<InvalidOperationException>(() => new[] { 1 }.ToPooledDictionaryScope(x => x));
    }
}
