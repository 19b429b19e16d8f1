namespace Gen0.Collections;

/// <summary>
/// Compares <see cref="PooledHashSet{T}"/> instances by their elements, as the comparer from
/// <see cref="HashSet{T}.CreateSetComparer"/> compares <see cref="HashSet{T}"/>s.
/// </summary>
internal sealed class PooledHashSetEqualityComparer<T> : IEqualityComparer<PooledHashSet<T>?>
{
    public bool Equals(PooledHashSet<T>? x, PooledHashSet<T>? y)
    {
        if (ReferenceEquals(x, y))
        {
            return true;
        }

        if (x is null || y is null)
        {
            return false;
        }

        if (x.Comparer.Equals(y.Comparer))
        {
            return x.Count == y.Count && y.IsSubsetOfSetWithSameComparer(x);
        }

        // Different comparers: each element of y must equal (by the default comparer) some element of x.
        EqualityComparer<T> defaultComparer = EqualityComparer<T>.Default;
        foreach (T yi in y)
        {
            bool found = false;
            foreach (T xi in x)
            {
                if (defaultComparer.Equals(yi, xi))
                {
                    found = true;
                    break;
                }
            }

            if (!found)
            {
                return false;
            }
        }

        return true;
    }

    public int GetHashCode(PooledHashSet<T>? obj)
    {
        int hashCode = 0;
        if (obj is not null)
        {
            foreach (T t in obj)
            {
                if (t is not null)
                {
                    hashCode ^= t.GetHashCode();
                }
            }
        }

        return hashCode;
    }

    public override bool Equals(object? obj) => obj is PooledHashSetEqualityComparer<T>;

    public override int GetHashCode() => typeof(PooledHashSetEqualityComparer<T>).GetHashCode();
}
