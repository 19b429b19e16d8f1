#if NET9_0_OR_GREATER && !GEN0_NETSTANDARD
using System.Runtime.InteropServices;
using Gen0.Collections;

namespace Gen0.Tests.Collections.Conformance;

/// <summary>The <c>ReadOnlySpan&lt;char&gt;</c> view of a string-keyed dictionary, the same calls for the BCL twin and ours.</summary>
public interface ISpanDictionaryLookup
{
    int this[string key] { get; set; }

    bool ContainsKey(string key);

    (bool Found, string? ActualKey, int Value) TryGetValue(string key);

    bool TryAdd(string key, int value);

    (bool Removed, string? ActualKey, int Value) Remove(string key);

    /// <summary>Adds 1 through the alternate <c>GetValueRefOrAddDefault</c>; returns whether the key existed.</summary>
    bool Increment(string key);

    /// <summary>Reads through the alternate <c>GetValueRefOrNullRef</c>; null when absent.</summary>
    int? Peek(string key);

    object DictionaryObject { get; }
}

/// <summary>The <c>ReadOnlySpan&lt;char&gt;</c> view of a string set.</summary>
public interface ISpanSetLookup
{
    bool Add(string item);

    bool Remove(string item);

    bool Contains(string item);

    (bool Found, string? ActualValue) TryGetValue(string item);

    object SetObject { get; }
}

public static class AlternateLookupTwins
{
    /// <summary>Gets the span view of <paramref name="dictionary"/>, or null when its comparer has none.</summary>
    public static ISpanDictionaryLookup? TryGetSpanLookup(IDictionary<string, int> dictionary) => dictionary switch
    {
        Dictionary<string, int> bcl => bcl.TryGetAlternateLookup(out Dictionary<string, int>.AlternateLookup<ReadOnlySpan<char>> l) ? new BclDictionaryLookup(l) : null,
        PooledDictionary<string, int> pooled => pooled.TryGetAlternateLookup(out PooledDictionary<string, int>.AlternateLookup<ReadOnlySpan<char>> l) ? new PooledDictionaryLookup(l) : null,
        ChunkedDictionary<string, int> chunked => chunked.TryGetAlternateLookup(out ChunkedDictionary<string, int>.AlternateLookup<ReadOnlySpan<char>> l) ? new ChunkedDictionaryLookup(l) : null,
        _ => throw new NotSupportedException(dictionary.GetType().Name),
    };

    /// <summary>Calls <c>GetAlternateLookup&lt;ReadOnlySpan&lt;char&gt;&gt;</c> (which throws when the comparer has no span view).</summary>
    public static object GetSpanLookup(object collection) => collection switch
    {
        Dictionary<string, int> bcl => bcl.GetAlternateLookup<ReadOnlySpan<char>>(),
        PooledDictionary<string, int> pooled => pooled.GetAlternateLookup<ReadOnlySpan<char>>(),
        ChunkedDictionary<string, int> chunked => chunked.GetAlternateLookup<ReadOnlySpan<char>>(),
        HashSet<string> bcl => bcl.GetAlternateLookup<ReadOnlySpan<char>>(),
        PooledHashSet<string> pooled => pooled.GetAlternateLookup<ReadOnlySpan<char>>(),
        ChunkedHashSet<string> chunked => chunked.GetAlternateLookup<ReadOnlySpan<char>>(),
        Dictionary<int, int> bcl => bcl.GetAlternateLookup<long>(),
        PooledDictionary<int, int> pooled => pooled.GetAlternateLookup<long>(),
        ChunkedDictionary<int, int> chunked => chunked.GetAlternateLookup<long>(),
        HashSet<int> bcl => bcl.GetAlternateLookup<long>(),
        PooledHashSet<int> pooled => pooled.GetAlternateLookup<long>(),
        ChunkedHashSet<int> chunked => chunked.GetAlternateLookup<long>(),
        _ => throw new NotSupportedException(collection.GetType().Name),
    };

    /// <summary>Calls <c>TryGetAlternateLookup</c> with an alternate type no comparer of the family supports.</summary>
    public static bool TryGetUnsupportedLookup(object collection) => collection switch
    {
        Dictionary<string, int> bcl => bcl.TryGetAlternateLookup<int>(out _),
        PooledDictionary<string, int> pooled => pooled.TryGetAlternateLookup<int>(out _),
        ChunkedDictionary<string, int> chunked => chunked.TryGetAlternateLookup<int>(out _),
        HashSet<string> bcl => bcl.TryGetAlternateLookup<int>(out _),
        PooledHashSet<string> pooled => pooled.TryGetAlternateLookup<int>(out _),
        ChunkedHashSet<string> chunked => chunked.TryGetAlternateLookup<int>(out _),
        Dictionary<int, int> bcl => bcl.TryGetAlternateLookup<long>(out _),
        PooledDictionary<int, int> pooled => pooled.TryGetAlternateLookup<long>(out _),
        ChunkedDictionary<int, int> chunked => chunked.TryGetAlternateLookup<long>(out _),
        HashSet<int> bcl => bcl.TryGetAlternateLookup<long>(out _),
        PooledHashSet<int> pooled => pooled.TryGetAlternateLookup<long>(out _),
        ChunkedHashSet<int> chunked => chunked.TryGetAlternateLookup<long>(out _),
        _ => throw new NotSupportedException(collection.GetType().Name),
    };

    /// <summary>Gets the span view of <paramref name="set"/>, or null when its comparer has none.</summary>
    public static ISpanSetLookup? TryGetSpanLookup(ISet<string> set) => set switch
    {
        HashSet<string> bcl => bcl.TryGetAlternateLookup(out HashSet<string>.AlternateLookup<ReadOnlySpan<char>> l) ? new BclSetLookup(l) : null,
        PooledHashSet<string> pooled => pooled.TryGetAlternateLookup(out PooledHashSet<string>.AlternateLookup<ReadOnlySpan<char>> l) ? new PooledSetLookup(l) : null,
        ChunkedHashSet<string> chunked => chunked.TryGetAlternateLookup(out ChunkedHashSet<string>.AlternateLookup<ReadOnlySpan<char>> l) ? new ChunkedSetLookup(l) : null,
        _ => throw new NotSupportedException(set.GetType().Name),
    };

    private sealed class BclDictionaryLookup(Dictionary<string, int>.AlternateLookup<ReadOnlySpan<char>> lookup) : ISpanDictionaryLookup
    {
        public int this[string key] { get => lookup[key.AsSpan()]; set => lookup[key.AsSpan()] = value; }

        public object DictionaryObject => lookup.Dictionary;

        public bool ContainsKey(string key) => lookup.ContainsKey(key.AsSpan());

        public (bool Found, string? ActualKey, int Value) TryGetValue(string key) => lookup.TryGetValue(key.AsSpan(), out string? actual, out int value) ? (true, actual, value) : (false, actual, value);

        public bool TryAdd(string key, int value) => lookup.TryAdd(key.AsSpan(), value);

        public (bool Removed, string? ActualKey, int Value) Remove(string key) => lookup.Remove(key.AsSpan(), out string? actual, out int value) ? (true, actual, value) : (false, actual, value);

        public bool Increment(string key)
        {
            ref int slot = ref CollectionsMarshal.GetValueRefOrAddDefault(lookup, key.AsSpan(), out bool exists);
            slot++;
            return exists;
        }

        public int? Peek(string key)
        {
            // The BCL has no alternate GetValueRefOrNullRef: TryGetValue reads the same thing.
            return lookup.TryGetValue(key.AsSpan(), out int value) ? value : null;
        }
    }

    private sealed class PooledDictionaryLookup(PooledDictionary<string, int>.AlternateLookup<ReadOnlySpan<char>> lookup) : ISpanDictionaryLookup
    {
        public int this[string key] { get => lookup[key.AsSpan()]; set => lookup[key.AsSpan()] = value; }

        public object DictionaryObject => lookup.Dictionary;

        public bool ContainsKey(string key) => lookup.ContainsKey(key.AsSpan());

        public (bool Found, string? ActualKey, int Value) TryGetValue(string key) => lookup.TryGetValue(key.AsSpan(), out string? actual, out int value) ? (true, actual, value) : (false, actual, value);

        public bool TryAdd(string key, int value) => lookup.TryAdd(key.AsSpan(), value);

        public (bool Removed, string? ActualKey, int Value) Remove(string key) => lookup.Remove(key.AsSpan(), out string? actual, out int value) ? (true, actual, value) : (false, actual, value);

        public bool Increment(string key)
        {
            ref int slot = ref PooledCollectionsMarshal.GetValueRefOrAddDefault(lookup, key.AsSpan(), out bool exists);
            slot++;
            return exists;
        }

        public int? Peek(string key)
        {
            ref int slot = ref PooledCollectionsMarshal.GetValueRefOrNullRef(lookup, key.AsSpan());
            return System.Runtime.CompilerServices.Unsafe.IsNullRef(ref slot) ? null : slot;
        }
    }

    private sealed class ChunkedDictionaryLookup(ChunkedDictionary<string, int>.AlternateLookup<ReadOnlySpan<char>> lookup) : ISpanDictionaryLookup
    {
        public int this[string key] { get => lookup[key.AsSpan()]; set => lookup[key.AsSpan()] = value; }

        public object DictionaryObject => lookup.Dictionary;

        public bool ContainsKey(string key) => lookup.ContainsKey(key.AsSpan());

        public (bool Found, string? ActualKey, int Value) TryGetValue(string key) => lookup.TryGetValue(key.AsSpan(), out string? actual, out int value) ? (true, actual, value) : (false, actual, value);

        public bool TryAdd(string key, int value) => lookup.TryAdd(key.AsSpan(), value);

        public (bool Removed, string? ActualKey, int Value) Remove(string key) => lookup.Remove(key.AsSpan(), out string? actual, out int value) ? (true, actual, value) : (false, actual, value);

        public bool Increment(string key)
        {
            ref int slot = ref PooledCollectionsMarshal.GetValueRefOrAddDefault(lookup, key.AsSpan(), out bool exists);
            slot++;
            return exists;
        }

        public int? Peek(string key)
        {
            ref int slot = ref PooledCollectionsMarshal.GetValueRefOrNullRef(lookup, key.AsSpan());
            return System.Runtime.CompilerServices.Unsafe.IsNullRef(ref slot) ? null : slot;
        }
    }

    private sealed class BclSetLookup(HashSet<string>.AlternateLookup<ReadOnlySpan<char>> lookup) : ISpanSetLookup
    {
        public object SetObject => lookup.Set;

        public bool Add(string item) => lookup.Add(item.AsSpan());

        public bool Remove(string item) => lookup.Remove(item.AsSpan());

        public bool Contains(string item) => lookup.Contains(item.AsSpan());

        public (bool Found, string? ActualValue) TryGetValue(string item) => lookup.TryGetValue(item.AsSpan(), out string? actual) ? (true, actual) : (false, actual);
    }

    private sealed class PooledSetLookup(PooledHashSet<string>.AlternateLookup<ReadOnlySpan<char>> lookup) : ISpanSetLookup
    {
        public object SetObject => lookup.Set;

        public bool Add(string item) => lookup.Add(item.AsSpan());

        public bool Remove(string item) => lookup.Remove(item.AsSpan());

        public bool Contains(string item) => lookup.Contains(item.AsSpan());

        public (bool Found, string? ActualValue) TryGetValue(string item) => lookup.TryGetValue(item.AsSpan(), out string? actual) ? (true, actual) : (false, actual);
    }

    private sealed class ChunkedSetLookup(ChunkedHashSet<string>.AlternateLookup<ReadOnlySpan<char>> lookup) : ISpanSetLookup
    {
        public object SetObject => lookup.Set;

        public bool Add(string item) => lookup.Add(item.AsSpan());

        public bool Remove(string item) => lookup.Remove(item.AsSpan());

        public bool Contains(string item) => lookup.Contains(item.AsSpan());

        public (bool Found, string? ActualValue) TryGetValue(string item) => lookup.TryGetValue(item.AsSpan(), out string? actual) ? (true, actual) : (false, actual);
    }
}
#endif
