namespace Gen0.Tests.Infrastructure;

/// <summary>Creates BCL twins the same way in every run, where .NET Framework 4.7.2 lacks the .NET constructor.</summary>
public static class BclTwins
{
    /// <summary>Builds a dictionary from pairs as .NET's <c>Dictionary(IEnumerable&lt;KeyValuePair&gt;, IEqualityComparer)</c> constructor does.</summary>
    /// <param name="pairs">The pairs.</param>
    /// <param name="comparer">The comparer, or <see langword="null"/> for the default.</param>
    /// <returns>The dictionary.</returns>
    public static Dictionary<TKey, TValue> Dictionary<TKey, TValue>(IEnumerable<KeyValuePair<TKey, TValue>> pairs, IEqualityComparer<TKey>? comparer = null)
        where TKey : notnull
    {
#if GEN0_NETFRAMEWORK
        ArgumentNullException.ThrowIfNull(pairs);
        var dictionary = new Dictionary<TKey, TValue>((pairs as ICollection<KeyValuePair<TKey, TValue>>)?.Count ?? 0, comparer);
        foreach (KeyValuePair<TKey, TValue> pair in pairs)
        {
            dictionary.Add(pair.Key, pair.Value);
        }

        return dictionary;
#else
        return new Dictionary<TKey, TValue>(pairs, comparer);
#endif
    }
}
