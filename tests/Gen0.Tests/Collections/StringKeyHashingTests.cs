using Gen0.Collections;

namespace Gen0.Tests.Collections;

/// <summary>
/// Ordinal string keys hash with <see cref="NonRandomizedStringComparer"/>, as the BCL's hash tables do, and a table
/// leaves it for the randomized comparer when an insertion walks a chain longer than the threshold: keys built to
/// collide (hash flooding) must not make every operation walk them all. Checked on the four hash types, at the
/// threshold −1/0/+1, through every insertion path (add, set operations, copies, alternate keys), against the BCL twin.
/// </summary>
public class StringKeyHashingTests
{
    private const int Threshold = NonRandomizedStringComparer.CollisionThreshold;

    public static TheoryData<string> Kinds => new() { "PooledDictionary", "PooledHashSet", "ChunkedDictionary", "ChunkedHashSet" };

    public static TheoryData<string, string> KindsAndComparers
    {
        get
        {
            var data = new TheoryData<string, string>();
            foreach (string kind in new[] { "PooledDictionary", "PooledHashSet", "ChunkedDictionary", "ChunkedHashSet" })
            {
                foreach (string comparer in new[] { "null", "Default", "Ordinal", "OrdinalIgnoreCase", "custom" })
                {
                    data.Add(kind, comparer);
                }
            }

            return data;
        }
    }

    [Fact]
    public void CollidingKeys_AreDistinct_AndShareOneHash()
    {
        string[] keys = CollidingKeys(1_000);
        Assert.Equal(keys.Length, keys.Distinct(StringComparer.Ordinal).Count());
        int hash = NonRandomizedStringComparer.Hash(keys[0].AsSpan());
        Assert.All(keys, key => Assert.Equal(hash, NonRandomizedStringComparer.Hash(key.AsSpan())));
    }

    [Theory]
    [InlineData("")]
    [InlineData("a")]
    [InlineData("ab")]
    [InlineData("abc")]
    [InlineData("abcd")]
    [InlineData("abcde")]
    [InlineData("a somewhat longer key with an odd length.")]
    public void Hash_OfAStringAndOfItsSpan_AreEqual_AndAnyPrefixDiffers(string text)
    {
        var comparer = (IEqualityComparer<string>)NonRandomizedStringComparer.ForKeys<string>(null)!;
        Assert.Equal(NonRandomizedStringComparer.Hash(text.AsSpan()), comparer.GetHashCode(text));
        Assert.Equal(NonRandomizedStringComparer.Hash(text.AsSpan()), NonRandomizedStringComparer.Hash(new string(text.ToCharArray()).AsSpan()));
        for (int length = 0; length < text.Length; length++)
        {
            Assert.NotEqual(NonRandomizedStringComparer.Hash(text.AsSpan()), NonRandomizedStringComparer.Hash(text.AsSpan(0, length)));
        }
    }

    [Fact]
    public void Hash_SpreadsTypicalKeys()
    {
        // Keys as services have them: a prefix and a counter. A hash that maps many of them together would make every
        // lookup walk chains; 100,000 such keys keep at least 99.9 % distinct hash codes.
        var hashes = new HashSet<int>();
        for (int i = 0; i < 100_000; i++)
        {
            hashes.Add(NonRandomizedStringComparer.Hash(("user:" + i).AsSpan()));
        }

        Assert.True(hashes.Count >= 99_900, $"{hashes.Count} distinct hash codes of 100,000 keys");
    }

    [Theory]
    [MemberData(nameof(KindsAndComparers))]
    public void Comparer_ReportsWhatTheBclTwinReports(string kind, string comparerName)
    {
        IEqualityComparer<string>? comparer = ComparerNamed(comparerName);
        using Table table = Table.Create(kind, comparer);
        IEqualityComparer<string> twin = kind.EndsWith("Dictionary", StringComparison.Ordinal)
            ? new Dictionary<string, int>(comparer).Comparer
            : new HashSet<string>(comparer).Comparer;
        Assert.Same(twin, table.Comparer);
        Assert.IsNotType<NonRandomizedStringComparer>(table.Comparer);
        Assert.Equal(comparerName is "null" or "Default" or "Ordinal", table.HashesNonRandomized);
    }

    [Theory]
    [MemberData(nameof(Kinds))]
    public void ChainOfThresholdKeys_KeepsTheFastHash_OneMoreSwitches(string kind)
    {
        string[] keys = CollidingKeys(Threshold + 2);
        using Table table = Table.Create(kind, null);

        // The insertion of key n walks the n keys before it: the last that keeps the fast hash walks exactly the
        // threshold, the next walks one more.
        for (int i = 0; i <= Threshold; i++)
        {
            Assert.True(table.Add(keys[i]));
        }

        Assert.True(table.HashesNonRandomized);
        Assert.True(table.Add(keys[Threshold + 1]));
        Assert.False(table.HashesNonRandomized);
        Assert.Same(EqualityComparer<string>.Default, table.Comparer);
        AssertHoldsExactly(table, keys);
    }

    [Theory]
    [MemberData(nameof(Kinds))]
    public void FloodOfCollidingKeys_SwitchesOnce_AndEveryOperationStillAgreesWithTheTwin(string kind)
    {
        string[] keys = CollidingKeys(2_000);
        using Table table = Table.Create(kind, StringComparer.Ordinal);
        foreach (string key in keys)
        {
            Assert.True(table.Add(key));
            Assert.False(table.Add(key));
        }

        Assert.False(table.HashesNonRandomized);
        Assert.Same(StringComparer.Ordinal, table.Comparer);
        AssertHoldsExactly(table, keys);

        // Removing and re-adding after the switch: the free list and the chains stay consistent.
        for (int i = 0; i < keys.Length; i += 3)
        {
            Assert.True(table.Remove(keys[i]));
            Assert.False(table.Contains(keys[i]));
        }

        for (int i = 0; i < keys.Length; i += 3)
        {
            Assert.True(table.Add(keys[i]));
        }

        AssertHoldsExactly(table, keys, inOrder: false);
    }

    [Fact]
    public void Flood_KeepsEnumerationOrder_OfTheBclTwin()
    {
        // The switch rebuilds the chains, not the entry order: enumeration (and where freed slots are reused) stays the
        // BCL twin's through adds and removes on both sides of it.
        string[] keys = CollidingKeys(500);
        using var pooled = new PooledDictionary<string, int>();
        using var chunked = new ChunkedDictionary<string, int>();
        var twin = new Dictionary<string, int>();
        for (int i = 0; i < keys.Length; i++)
        {
            pooled.Add(keys[i], i);
            chunked.Add(keys[i], i);
            twin.Add(keys[i], i);
            if (i % 7 == 3)
            {
                Assert.True(twin.Remove(keys[i - 2]));
                Assert.True(pooled.Remove(keys[i - 2]));
                Assert.True(chunked.Remove(keys[i - 2]));
            }
        }

        Assert.Equal(twin.Keys, pooled.Keys);
        Assert.Equal(twin.Keys, chunked.Keys);
        Assert.Equal(twin.Values, pooled.Values);
        Assert.False(pooled.HashesNonRandomized);
        Assert.False(chunked.Table.HashesNonRandomized);
    }

    [Fact]
    public void SetOperations_OfCollidingKeys_Switch()
    {
        string[] keys = CollidingKeys(1_000);
        using var pooled = new PooledHashSet<string>();
        using var chunked = new ChunkedHashSet<string>();
        pooled.UnionWith(keys);
        chunked.UnionWith(keys);
        Assert.False(pooled.HashesNonRandomized);
        Assert.False(chunked.Table.HashesNonRandomized);
        Assert.True(pooled.SetEquals(keys));
        Assert.True(chunked.SetEquals(keys));
        pooled.SymmetricExceptWith(keys.Take(500));
        chunked.SymmetricExceptWith(keys.Take(500));
        Assert.True(pooled.SetEquals(keys.Skip(500)));
        Assert.True(chunked.SetEquals(keys.Skip(500)));
    }

    [Fact]
    public void CopiesOfASwitchedTable_FindEveryKey()
    {
        string[] keys = CollidingKeys(1_000);
        using var dictionary = new PooledDictionary<string, int>();
        using var set = new PooledHashSet<string>();
        foreach (string key in keys)
        {
            dictionary.Add(key, key.Length);
            set.Add(key);
        }

        Assert.False(dictionary.HashesNonRandomized);
        Assert.False(set.HashesNonRandomized);

        // A fresh table starts with the fast hash; the switched source's stored hash codes are not its own, so the copy
        // must not reuse them.
        using var dictionaryCopy = new PooledDictionary<string, int>(dictionary);
        using var setCopy = new PooledHashSet<string>(set);
        using var dictionaryOfBcl = new PooledDictionary<string, int>(new Dictionary<string, int>(dictionary));
        foreach (string key in keys)
        {
            Assert.True(dictionaryCopy.ContainsKey(key));
            Assert.Contains(key, (ISet<string>)setCopy);
            Assert.True(dictionaryOfBcl.ContainsKey(key));
        }

        // The copy of a BCL dictionary of colliding keys went through insertions that watch the chains.
        Assert.False(dictionaryOfBcl.HashesNonRandomized);
        Assert.Equal(keys.Length, dictionaryCopy.Count);
        Assert.Equal(keys.Length, setCopy.Count);
    }

    [Fact]
    public void CopiesOfAFastHashTable_ReuseItsHashCodes_AndFindEveryKey()
    {
        string[] keys = Enumerable.Range(0, 5_000).Select(i => "key" + i).ToArray();
        using var dictionary = new PooledDictionary<string, int>();
        using var set = new PooledHashSet<string>(keys);
        foreach (string key in keys)
        {
            dictionary.Add(key, 1);
        }

        using var dictionaryCopy = new PooledDictionary<string, int>(dictionary);
        using var setCopy = new PooledHashSet<string>(set);
        using var dictionaryOfBcl = new PooledDictionary<string, int>(new Dictionary<string, int>(dictionary));
        Assert.True(dictionaryCopy.HashesNonRandomized);
        Assert.True(setCopy.HashesNonRandomized);
        Assert.True(dictionaryOfBcl.HashesNonRandomized);
        Assert.All(keys, key => Assert.True(dictionaryCopy.ContainsKey(key) && setCopy.Contains(key) && dictionaryOfBcl.ContainsKey(key)));
    }

#if NET9_0_OR_GREATER && !GEN0_NETSTANDARD
    [Fact]
    public void AlternateKeys_FindAndAdd_BeforeAndAfterTheSwitch()
    {
        string[] keys = CollidingKeys(1_000);
        using var pooled = new PooledDictionary<string, int>();
        using var chunked = new ChunkedDictionary<string, int>();
        using var pooledSet = new PooledHashSet<string>();
        using var chunkedSet = new ChunkedHashSet<string>();
        PooledDictionary<string, int>.AlternateLookup<ReadOnlySpan<char>> pooledLookup = pooled.GetAlternateLookup<ReadOnlySpan<char>>();
        ChunkedDictionary<string, int>.AlternateLookup<ReadOnlySpan<char>> chunkedLookup = chunked.GetAlternateLookup<ReadOnlySpan<char>>();
        PooledHashSet<string>.AlternateLookup<ReadOnlySpan<char>> pooledSetLookup = pooledSet.GetAlternateLookup<ReadOnlySpan<char>>();
        ChunkedHashSet<string>.AlternateLookup<ReadOnlySpan<char>> chunkedSetLookup = chunkedSet.GetAlternateLookup<ReadOnlySpan<char>>();

        // Added through the span keys: the alternate insertion path watches the chains too.
        for (int i = 0; i < keys.Length; i++)
        {
            ReadOnlySpan<char> span = keys[i].AsSpan();
            Assert.True(pooledLookup.TryAdd(span, i));
            Assert.True(chunkedLookup.TryAdd(span, i));
            Assert.True(pooledSetLookup.Add(span));
            Assert.True(chunkedSetLookup.Add(span));
        }

        Assert.False(pooled.HashesNonRandomized);
        Assert.False(chunked.Table.HashesNonRandomized);
        Assert.False(pooledSet.HashesNonRandomized);
        Assert.False(chunkedSet.Table.HashesNonRandomized);
        Assert.True(pooled.TryGetAlternateLookup<ReadOnlySpan<char>>(out _));
        for (int i = 0; i < keys.Length; i++)
        {
            ReadOnlySpan<char> span = keys[i].AsSpan();
            Assert.True(pooledLookup.TryGetValue(span, out int a) && a == i);
            Assert.True(chunkedLookup.TryGetValue(span, out int b) && b == i);
            Assert.True(pooledSetLookup.Contains(span));
            Assert.True(chunkedSetLookup.Contains(span));
            Assert.True(pooled.ContainsKey(keys[i]));
        }
    }

    [Fact]
    public void AlternateKeys_AndStringKeys_HashAlike_UnderTheFastHash()
    {
        using var pooled = new PooledDictionary<string, int>(StringComparer.Ordinal) { ["alpha"] = 1, ["beta"] = 2 };
        Assert.True(pooled.HashesNonRandomized);
        PooledDictionary<string, int>.AlternateLookup<ReadOnlySpan<char>> lookup = pooled.GetAlternateLookup<ReadOnlySpan<char>>();
        Assert.True(lookup.TryGetValue("alpha".AsSpan(), out int alpha) && alpha == 1);
        Assert.False(lookup.TryGetValue("alph".AsSpan(), out _));
        lookup["gamma".AsSpan()] = 3;
        Assert.Equal(3, pooled["gamma"]);
    }
#endif

    /// <summary>
    /// Builds <paramref name="count"/> distinct four-character keys with one non-randomized hash code: the second
    /// character pair runs through a counter, and the first pair is solved so that the two streams sum to one value.
    /// </summary>
    internal static string[] CollidingKeys(int count)
    {
        const uint seed = (5381u << 16) + 5381u;
        const uint multiplier = 1_566_083_941u;
        const uint target = 0x9E3779B9u;
        uint afterSeed = ((seed << 5) | (seed >> 27)) + seed;
        var keys = new string[count];
        for (int i = 0; i < count; i++)
        {
            uint secondPair = (uint)i + 0x0041_0041u;
            uint second = afterSeed ^ secondPair;
            uint first = unchecked(target - (second * multiplier));
            uint firstPair = first ^ afterSeed;
            keys[i] = new string(new[] { (char)firstPair, (char)(firstPair >> 16), (char)secondPair, (char)(secondPair >> 16) });
        }

        return keys;
    }

    private static IEqualityComparer<string>? ComparerNamed(string name) => name switch
    {
        "null" => null,
        "Default" => EqualityComparer<string>.Default,
        "Ordinal" => StringComparer.Ordinal,
        "OrdinalIgnoreCase" => StringComparer.OrdinalIgnoreCase,
        _ => s_custom,
    };

    private static readonly IEqualityComparer<string> s_custom = EqualityComparer<string>.Create((a, b) => string.Equals(a, b), s => s?.Length ?? 0);

    private static void AssertHoldsExactly(Table table, string[] keys, bool inOrder = true)
    {
        Assert.Equal(keys.Length, table.Count);
        foreach (string key in keys)
        {
            Assert.True(table.Contains(key), $"lost {key}");
        }

        Assert.False(table.Contains("not a key"));
        if (inOrder)
        {
            Assert.Equal(keys, table.Keys());
        }
        else
        {
            Assert.Equal(keys.OrderBy(key => key, StringComparer.Ordinal), table.Keys().OrderBy(key => key, StringComparer.Ordinal));
        }
    }

    /// <summary>One face over the four hash types, for the checks that do not depend on which one it is.</summary>
    private sealed class Table : IDisposable
    {
        private readonly PooledDictionary<string, int>? _pooledDictionary;
        private readonly PooledHashSet<string>? _pooledSet;
        private readonly ChunkedDictionary<string, int>? _chunkedDictionary;
        private readonly ChunkedHashSet<string>? _chunkedSet;

        private Table(PooledDictionary<string, int>? pooledDictionary, PooledHashSet<string>? pooledSet, ChunkedDictionary<string, int>? chunkedDictionary, ChunkedHashSet<string>? chunkedSet)
        {
            _pooledDictionary = pooledDictionary;
            _pooledSet = pooledSet;
            _chunkedDictionary = chunkedDictionary;
            _chunkedSet = chunkedSet;
        }

        public IEqualityComparer<string> Comparer =>
            _pooledDictionary?.Comparer ?? _pooledSet?.Comparer ?? _chunkedDictionary?.Comparer ?? _chunkedSet!.Comparer;

        public bool HashesNonRandomized =>
            _pooledDictionary?.HashesNonRandomized ?? _pooledSet?.HashesNonRandomized ?? (_chunkedDictionary is not null ? _chunkedDictionary.Table.HashesNonRandomized : _chunkedSet!.Table.HashesNonRandomized);

        public int Count => _pooledDictionary?.Count ?? _pooledSet?.Count ?? _chunkedDictionary?.Count ?? _chunkedSet!.Count;

        public static Table Create(string kind, IEqualityComparer<string>? comparer) => kind switch
        {
            "PooledDictionary" => new Table(new PooledDictionary<string, int>(comparer), null, null, null),
            "PooledHashSet" => new Table(null, new PooledHashSet<string>(comparer), null, null),
            "ChunkedDictionary" => new Table(null, null, new ChunkedDictionary<string, int>(comparer), null),
            _ => new Table(null, null, null, new ChunkedHashSet<string>(comparer)),
        };

        public bool Add(string key) =>
            _pooledDictionary?.TryAdd(key, key.Length) ?? _pooledSet?.Add(key) ?? _chunkedDictionary?.TryAdd(key, key.Length) ?? _chunkedSet!.Add(key);

        public bool Contains(string key) =>
            _pooledDictionary?.ContainsKey(key) ?? _pooledSet?.Contains(key) ?? _chunkedDictionary?.ContainsKey(key) ?? _chunkedSet!.Contains(key);

        public bool Remove(string key) =>
            _pooledDictionary?.Remove(key) ?? _pooledSet?.Remove(key) ?? _chunkedDictionary?.Remove(key) ?? _chunkedSet!.Remove(key);

        public List<string> Keys() =>
            _pooledDictionary?.Keys.ToList() ?? _pooledSet?.ToList() ?? _chunkedDictionary?.Keys.ToList() ?? _chunkedSet!.ToList();

        public void Dispose()
        {
            _pooledDictionary?.Dispose();
            _pooledSet?.Dispose();
            _chunkedDictionary?.Dispose();
            _chunkedSet?.Dispose();
        }
    }
}
