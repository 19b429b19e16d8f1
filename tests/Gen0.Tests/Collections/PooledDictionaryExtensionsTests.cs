using Gen0.Collections;
using Gen0.Tests.Infrastructure;

namespace Gen0.Tests.Collections;

/// <summary>
/// <c>ToPooledDictionary</c> and <c>ToPooledHashSet</c> against LINQ's <c>ToDictionary</c> and <c>ToHashSet</c>, and
/// the README quick start, kept here so that it always compiles and runs.
/// </summary>
public class PooledDictionaryExtensionsTests
{
    private static readonly string[] s_words = ["apple", "Banana", "cherry", "APPLE", "date", "banana"];

    [Fact]
    public void ToPooledDictionary_MatchesToDictionary()
    {
        using PooledDictionary<string, int> byLength = s_words.Distinct().ToPooledDictionary(w => w, w => w.Length);
        Differential.SameSequence(s_words.Distinct().ToDictionary(w => w, w => w.Length), byLength, "key and element selectors");

        using PooledDictionary<string, string> byKey = s_words.Take(3).ToPooledDictionary(w => w.ToUpperInvariant());
        Differential.SameSequence(s_words.Take(3).ToDictionary(w => w.ToUpperInvariant()), byKey, "key selector");

        KeyValuePair<string, int>[] pairs = [new("a", 1), new("b", 2)];
        using PooledDictionary<string, int> fromPairs = pairs.ToPooledDictionary();
        Differential.SameSequence(pairs.ToDictionary(), fromPairs, "pairs");

        Differential.Same(() => s_words.ToDictionary(w => w, StringComparer.OrdinalIgnoreCase).Count, () => s_words.ToPooledDictionary(w => w, StringComparer.OrdinalIgnoreCase).Count, "duplicates under the comparer");
        Differential.Same(() => s_words.ToDictionary(w => (string)null!).Count, () => s_words.ToPooledDictionary(w => (string)null!).Count, "null key");
        Assert.Throws<ArgumentNullException>(() => ((string[])null!).ToPooledDictionary(w => w));
        Assert.Throws<ArgumentNullException>(() => s_words.ToPooledDictionary((Func<string, string>)null!));
        Assert.Throws<ArgumentNullException>(() => s_words.ToPooledDictionary(w => w, (Func<string, int>)null!));
        Assert.Throws<ArgumentNullException>(() => ((KeyValuePair<string, int>[])null!).ToPooledDictionary());
    }

    [Fact]
    public void ToPooledHashSet_MatchesToHashSet()
    {
        using PooledHashSet<string> set = s_words.ToPooledHashSet(StringComparer.OrdinalIgnoreCase);
        Differential.SameSequence(s_words.ToHashSet(StringComparer.OrdinalIgnoreCase), set, "ignoring case");
        using PooledHashSet<string> plain = s_words.ToPooledHashSet();
        Differential.SameSequence(s_words.ToHashSet(), plain, "default comparer");
        Assert.Throws<ArgumentNullException>(() => ((string[])null!).ToPooledHashSet());
    }

    [Fact]
    public void QuickStart_README()
    {
        // Quick start: dispose (or `using`) returns the arrays to the pool.
        using var wordCounts = new PooledDictionary<string, int>(StringComparer.OrdinalIgnoreCase);
        foreach (string word in "the quick brown fox jumps over the lazy dog The End".Split(' '))
        {
            wordCounts[word] = wordCounts.TryGetValue(word, out int count) ? count + 1 : 1;
        }

        using PooledHashSet<string> seen = wordCounts.Keys.ToPooledHashSet();
        seen.IntersectWith(["fox", "cat", "dog"]);

        Assert.Equal(3, wordCounts["THE"]);
        Assert.Equal(["fox", "dog"], seen);
    }
}
