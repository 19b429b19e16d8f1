namespace Gen0.Tests.Infrastructure;

/// <summary>
/// Compares key/value pairs by their key's and value's default equality. <see cref="KeyValuePair{TKey, TValue}"/> is
/// not <see cref="IEquatable{T}"/>, so the default comparer boxes both pairs and compares their fields by reflection.
/// </summary>
internal sealed class PairComparer<TKey> : IEqualityComparer<KeyValuePair<TKey, int>>
{
    public static PairComparer<TKey> Instance { get; } = new();

    public bool Equals(KeyValuePair<TKey, int> x, KeyValuePair<TKey, int> y) =>
        EqualityComparer<TKey>.Default.Equals(x.Key, y.Key) && x.Value == y.Value;

    public int GetHashCode(KeyValuePair<TKey, int> obj) => HashCode.Combine(obj.Key, obj.Value);
}
