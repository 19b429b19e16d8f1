using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Gen0.Collections;

/// <summary>
/// The comparer the hash tables use in place of an ordinal string comparer (the default one or
/// <see cref="StringComparer.Ordinal"/>): the same equality, with a cheap hash that is the same in every process.
/// </summary>
/// <remarks>
/// <para>
/// Why: <see cref="EqualityComparer{T}.Default"/> hashes a string with Marvin, a keyed hash whose key is random per
/// process, so that nobody can choose keys that all fall into one chain (hash flooding). <see cref="Dictionary{TKey, TValue}"/>
/// and <see cref="HashSet{T}"/> do not pay for it up front: for ordinal string keys they hash with a non-randomized
/// function and switch to the randomized comparer only when an insertion walks a chain of more than
/// <see cref="CollisionThreshold"/> entries. Without the same move every string-keyed lookup here cost 1.4–2× the
/// BCL's (docs/benchmarks.md, issue 27). This is that move, written for these tables.
/// </para>
/// <para>
/// Invariants: one instance per wrapped comparer (reference equality identifies them); <see cref="Randomized"/> is
/// what the collection's <c>Comparer</c> property reports, so a caller never sees this type; a table that holds it
/// stores hash codes computed by it, and a table that switches recomputes every stored hash code with
/// <see cref="Randomized"/> before it links anything again. Hash codes are therefore never shared between tables
/// unless both hold the same comparer instance.
/// </para>
/// </remarks>
internal sealed class NonRandomizedStringComparer : IEqualityComparer<string?>
#if NET9_0_OR_GREATER
    , IAlternateEqualityComparer<ReadOnlySpan<char>, string?>
#endif
{
    /// <summary>The chain length (entries walked by one insertion) past which a table switches to <see cref="Randomized"/>, as the BCL's.</summary>
    public const int CollisionThreshold = 100;

    private const uint Seed = (5381 << 16) + 5381;

    private static readonly NonRandomizedStringComparer s_wrappingDefault = new(EqualityComparer<string?>.Default);

    private static readonly NonRandomizedStringComparer s_wrappingOrdinal = new(StringComparer.Ordinal);

    private NonRandomizedStringComparer(IEqualityComparer<string?> randomized) => Randomized = randomized;

    /// <summary>Gets the comparer this one stands in for: what the collection reports, and what it switches to.</summary>
    public IEqualityComparer<string?> Randomized { get; }

    /// <summary>
    /// Returns the comparer a table of <typeparamref name="TKey"/> should hash with for the caller's
    /// <paramref name="comparer"/>: this type's instance for an ordinal comparer of strings, otherwise
    /// <paramref name="comparer"/> itself.
    /// </summary>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <param name="comparer">The caller's comparer; <see langword="null"/> means the default.</param>
    /// <returns>The comparer to store.</returns>
    public static IEqualityComparer<TKey>? ForKeys<TKey>(IEqualityComparer<TKey>? comparer)
    {
        if (typeof(TKey) == typeof(string))
        {
            if (comparer is null || ReferenceEquals(comparer, EqualityComparer<string?>.Default))
            {
                return (IEqualityComparer<TKey>)(object)s_wrappingDefault;
            }

            if (ReferenceEquals(comparer, StringComparer.Ordinal))
            {
                return (IEqualityComparer<TKey>)(object)s_wrappingOrdinal;
            }
        }

        return comparer;
    }

    /// <summary>Returns the comparer a collection reports for the <paramref name="stored"/> one: the wrapped comparer for an instance of this type.</summary>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <param name="stored">The comparer a table holds.</param>
    /// <returns>The comparer to report.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static IEqualityComparer<TKey> Public<TKey>(IEqualityComparer<TKey> stored) =>
        typeof(TKey) == typeof(string) && stored is NonRandomizedStringComparer wrapper
            ? (IEqualityComparer<TKey>)(object)wrapper.Randomized
            : stored;

    /// <summary>
    /// Returns whether a table holding <paramref name="stored"/> must switch to its randomized comparer after an
    /// insertion walked <paramref name="collisions"/> entries of one chain. Not generic on purpose: it runs on every
    /// insertion, and a generic method called from the tables' shared code for reference keys would cost a runtime
    /// lookup each time (measured: 5 ns per add).
    /// </summary>
    /// <param name="stored">The comparer the table holds.</param>
    /// <param name="collisions">The entries the insertion walked.</param>
    /// <returns><see langword="true"/> when the table must switch.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static bool MustSwitch(object? stored, uint collisions) =>
        collisions > CollisionThreshold && stored is NonRandomizedStringComparer;

    /// <summary>Returns the randomized comparer that the non-randomized <paramref name="stored"/> stands in for.</summary>
    /// <typeparam name="TKey">The key type (<see cref="string"/>).</typeparam>
    /// <param name="stored">A <see cref="NonRandomizedStringComparer"/>.</param>
    /// <returns>Its <see cref="Randomized"/> comparer.</returns>
    public static IEqualityComparer<TKey> RandomizedFor<TKey>(IEqualityComparer<TKey> stored) =>
        (IEqualityComparer<TKey>)(object)((NonRandomizedStringComparer)(object)stored).Randomized;

    /// <summary>Returns the non-randomized hash of <paramref name="chars"/>: two interleaved multiply-rotate-xor streams over pairs of characters.</summary>
    /// <param name="chars">The characters.</param>
    /// <returns>The hash code, the same in every process.</returns>
    public static int Hash(ReadOnlySpan<char> chars)
    {
        uint first = Seed;
        uint second = Seed;
        ReadOnlySpan<uint> pairs = MemoryMarshal.Cast<char, uint>(chars);
        ref uint pair = ref MemoryMarshal.GetReference(pairs);
        int fullRounds = pairs.Length >> 1;
        for (int round = 0; round < fullRounds; round++)
        {
            first = Mix(first, Unsafe.Add(ref pair, 2 * round));
            second = Mix(second, Unsafe.Add(ref pair, (2 * round) + 1));
        }

        if ((pairs.Length & 1) != 0)
        {
            first = Mix(first, Unsafe.Add(ref pair, pairs.Length - 1));
        }

        if ((chars.Length & 1) != 0)
        {
            second = Mix(second, chars[chars.Length - 1]);
        }

        return (int)(first + (second * 1_566_083_941));
    }

    /// <inheritdoc/>
    public bool Equals(string? x, string? y) => string.Equals(x, y);

    /// <inheritdoc/>
    public int GetHashCode(string? obj) => obj is null ? 0 : Hash(obj.AsSpan());

#if NET9_0_OR_GREATER
    /// <inheritdoc/>
    public bool Equals(ReadOnlySpan<char> alternate, string? other) => other is not null && alternate.SequenceEqual(other);

    /// <inheritdoc/>
    public int GetHashCode(ReadOnlySpan<char> alternate) => Hash(alternate);

    /// <inheritdoc/>
    public string? Create(ReadOnlySpan<char> alternate) => alternate.ToString();
#endif

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static uint Mix(uint hash, uint value) => (((hash << 5) | (hash >> 27)) + hash) ^ value;
}
