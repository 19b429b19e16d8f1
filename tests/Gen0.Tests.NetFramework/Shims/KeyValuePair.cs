namespace System.Collections.Generic;

/// <summary>.NET Core's non-generic <c>KeyValuePair</c> factory, for .NET Framework 4.7.2.</summary>
internal static class KeyValuePair
{
    /// <summary>Creates a pair.</summary>
    /// <param name="key">The key.</param>
    /// <param name="value">The value.</param>
    /// <returns>The pair.</returns>
    public static KeyValuePair<TKey, TValue> Create<TKey, TValue>(TKey key, TValue value) => new(key, value);
}
