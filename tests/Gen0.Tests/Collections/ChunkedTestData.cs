namespace Gen0.Tests.Collections;

/// <summary>A 24-byte struct element with a total order over all its fields.</summary>
public readonly record struct Struct24(long A, long B, long C) : IComparable<Struct24>
{
    public int CompareTo(Struct24 other)
    {
        int order = A.CompareTo(other.A);
        if (order == 0)
        {
            order = B.CompareTo(other.B);
        }

        return order == 0 ? C.CompareTo(other.C) : order;
    }
}

/// <summary>Per element type: how to make values (from a small domain, so that searches hit) and a total order.</summary>
public sealed class ChunkedElementKind<T>
{
    public ChunkedElementKind(string name, Func<Random, int, T> make, IComparer<T> totalOrder)
    {
        Name = name;
        Make = make;
        TotalOrder = totalOrder;
    }

    public string Name { get; }

    /// <summary>Makes a value from a random source and a domain size.</summary>
    public Func<Random, int, T> Make { get; }

    public IComparer<T> TotalOrder { get; }

    public override string ToString() => Name;
}

/// <summary>The element types every chunked collection is tested with.</summary>
public static class ChunkedElementKinds
{
    public static readonly ChunkedElementKind<byte> Byte = new("byte", (random, domain) => (byte)random.Next(Math.Min(domain, 256)), Comparer<byte>.Default);

    public static readonly ChunkedElementKind<int> Int = new("int", (random, domain) => random.Next(domain) - (domain / 4), Comparer<int>.Default);

    public static readonly ChunkedElementKind<long> Long = new("long", (random, domain) => ((long)random.Next(domain) << 33) + random.Next(3), Comparer<long>.Default);

    public static readonly ChunkedElementKind<string> String = new("string", (random, domain) => random.Next(20) == 0 ? null! : "s" + random.Next(domain).ToString(System.Globalization.CultureInfo.InvariantCulture), Comparer<string>.Create((x, y) => string.CompareOrdinal(x, y)));

    public static readonly ChunkedElementKind<Struct24> Struct = new("struct24", (random, domain) => new Struct24(random.Next(domain), random.Next(2), -random.Next(2)), Comparer<Struct24>.Default);
}
