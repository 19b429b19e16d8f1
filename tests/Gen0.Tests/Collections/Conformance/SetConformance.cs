using Gen0.Collections;
using Gen0.Tests.Infrastructure;

namespace Gen0.Tests.Collections.Conformance;

/// <summary>
/// <see cref="ISet{T}"/> conformance with <see cref="HashSet{T}"/> as the twin, once per comparer of the family
/// (default, null, all hash codes zero, mod-N, absolute value, case-insensitive strings). Every set operation runs
/// with the set itself, <see langword="null"/>, empty arguments, a set of the subject's own type with the same
/// comparer (the twin gets a <see cref="HashSet{T}"/> with that comparer: the mirror argument), a
/// <see cref="HashSet{T}"/> with the same and with another comparer, a list with duplicates and a lazy sequence; the
/// result and the set's contents in enumeration order must match the twin's.
/// </summary>
/// <typeparam name="T">The element type.</typeparam>
public abstract partial class SetConformance<T> : EnumerableConformance<T>
{
    private static readonly string[] s_argumentKinds = ["self", "null", "empty array", "empty same-type set", "same-type set", "HashSet, same comparer", "HashSet, other comparer", "list with duplicates", "lazy sequence"];

    private static readonly (string Name, Func<ISet<T>, IEnumerable<T>, object?> Run)[] s_operations =
    [
        ("UnionWith", (s, o) => { s.UnionWith(o); return null; }),
        ("IntersectWith", (s, o) => { s.IntersectWith(o); return null; }),
        ("ExceptWith", (s, o) => { s.ExceptWith(o); return null; }),
        ("SymmetricExceptWith", (s, o) => { s.SymmetricExceptWith(o); return null; }),
        ("IsSubsetOf", (s, o) => s.IsSubsetOf(o)),
        ("IsSupersetOf", (s, o) => s.IsSupersetOf(o)),
        ("IsProperSubsetOf", (s, o) => s.IsProperSubsetOf(o)),
        ("IsProperSupersetOf", (s, o) => s.IsProperSupersetOf(o)),
        ("Overlaps", (s, o) => s.Overlaps(o)),
        ("SetEquals", (s, o) => s.SetEquals(o)),
    ];

    protected override bool TwinReadsDefaultAfterEndAndModification => true;

    protected override int VariantCount => Comparers.Length;

    protected override string VariantName => ComparerNames[Variant];

    /// <summary>Gets the comparers the family runs with (null among them).</summary>
    protected abstract IEqualityComparer<T>?[] Comparers { get; }

    protected abstract string[] ComparerNames { get; }

    /// <summary>Gets a comparer other than the current one (a set treats it as foreign).</summary>
    protected abstract IEqualityComparer<T>? OtherComparer { get; }

    protected IEqualityComparer<T>? CurrentComparer => Comparers[Variant];

    protected override IEnumerable<T> CreateTwin(int count) => new HashSet<T>(Items(count), CurrentComparer);

    protected override IEnumerable<T> CreateSubject(int count) => Create(Items(count), CurrentComparer);

    protected override void Modify(IEnumerable<T> collection)
    {
        // Adds the first item not yet present, so that the version always changes.
        for (int i = 500; !((ISet<T>)collection).Add(Item(i)); i++)
        {
        }
    }

    /// <summary>Creates a subject (also used as the same-type argument) holding <paramref name="items"/>.</summary>
    protected abstract ISet<T> Create(IEnumerable<T> items, IEqualityComparer<T>? comparer);

    protected IEnumerable<T> Items(int count) => Enumerable.Range(0, count).Select(Item);

    [Fact]
    public void SetOperationsMatchTwin() => ForEachCase((size, name) =>
    {
        // Overlaps the upper half of the set and reaches beyond it; odd positions use the equivalent item.
        T[] overlapping = Enumerable.Range(size / 2, (size / 2) + 3).Select(i => i % 2 == 0 ? Item(i) : EquivalentItem(i)).ToArray();
        foreach ((string operation, Func<ISet<T>, IEnumerable<T>, object?> run) in s_operations)
        {
            foreach (string kind in s_argumentKinds)
            {
                var twin = (ISet<T>)CreateTwin(size);
                ISet<T> subject = (ISet<T>)CreateSubject(size);
                IEnumerable<T>? twinArgument = Argument(kind, twin, overlapping, isTwin: true);
                IEnumerable<T>? subjectArgument = Argument(kind, subject, overlapping, isTwin: false);
                string step = $"{name}: {operation}({kind})";
                Conformance.Same(Conformance.Outcome(() => run(twin, twinArgument!)), Conformance.Outcome(() => run(subject, subjectArgument!)), step);
                Conformance.SameSequence(twin, subject, step + " contents");
                DisposeSubject(subject);
                if (!ReferenceEquals(subjectArgument, subject) && subjectArgument is not null)
                {
                    DisposeSubject(subjectArgument);
                }
            }
        }
    });

    [Fact]
    public void RandomOperationsMatchTwin()
    {
        for (int variant = 0; variant < Comparers.Length; variant++)
        {
            foreach (int seed in Seeds.Range(1, 3))
            {
                Seeds.Run(seed, () =>
                {
                    Random random = new((seed * 65_537) + variant);
                    HashSet<T> twin = new(Comparers[variant]);
                    ISet<T> subject = Create([], Comparers[variant]);
                    for (int step = 0; step < 2_000; step++)
                    {
                        // A small domain, so that adds, removes and the odd comparers' equalities all hit often.
                        T value = random.Next(3) == 0 ? EquivalentItemOf(variant, random.Next(40)) : Item(random.Next(40));
                        string name = $"{ComparerNames[variant]} seed {seed} step {step}";
                        switch (random.Next(8))
                        {
                            case 0:
                            case 1:
                            case 2:
                                Conformance.SameOutcome(() => twin.Add(value), () => subject.Add(value), name + " Add");
                                break;
                            case 3:
                            case 4:
                                Conformance.SameOutcome(() => twin.Remove(value), () => subject.Remove(value), name + " Remove");
                                break;
                            case 5:
                                Conformance.SameOutcome(() => twin.Contains(value), () => subject.Contains(value), name + " Contains");
                                break;
                            default:
                                T[] other = Enumerable.Range(0, random.Next(6)).Select(_ => Item(random.Next(40))).ToArray();
                                (string operation, Func<ISet<T>, IEnumerable<T>, object?> run) = s_operations[random.Next(s_operations.Length)];
                                Conformance.Same(Conformance.Outcome(() => run(twin, other)), Conformance.Outcome(() => run(subject, other)), name + " " + operation);
                                break;
                        }

                        Conformance.SameSequence(twin, subject, name + " contents");
                    }

                    DisposeSubject(subject);
                });
            }
        }
    }

    protected override T EquivalentItem(int i) => EquivalentItemOf(Variant, i);

    /// <summary>Returns an item equal to <c>Item(i)</c> under comparer number <paramref name="variant"/>.</summary>
    protected abstract T EquivalentItemOf(int variant, int i);

    private IEnumerable<T>? Argument(string kind, ISet<T> target, T[] overlapping, bool isTwin) => kind switch
    {
        "self" => target,
        "null" => null,
        "empty array" => [],
        "empty same-type set" => isTwin ? new HashSet<T>(CurrentComparer) : Create([], CurrentComparer),
        "same-type set" => isTwin ? new HashSet<T>(overlapping, CurrentComparer) : Create(overlapping, CurrentComparer),
        "HashSet, same comparer" => new HashSet<T>(overlapping, CurrentComparer),
        "HashSet, other comparer" => new HashSet<T>(overlapping, OtherComparer),
        "list with duplicates" => overlapping.Concat(overlapping.Reverse()).ToList(),
        _ => overlapping.Select(x => x),
    };
}

/// <summary>The int sets: null, all-zero hash codes, mod-N and absolute-value comparers.</summary>
public abstract class IntSetConformance : SetConformance<int>
{
    protected override IEqualityComparer<int>?[] Comparers => [null, OddComparers.ZeroHash, OddComparers.Mod, OddComparers.Abs];

    protected override string[] ComparerNames => ["null comparer", "zero hash", "mod-N", "abs"];

    protected override IEqualityComparer<int>? OtherComparer => Variant == 0 ? OddComparers.DefaultButAnother : EqualityComparer<int>.Default;

    protected override int Item(int i) => i % 2 == 0 ? i : -i;

    protected override int EquivalentItemOf(int variant, int i) => variant switch
    {
        2 => Item(i) + OddComparers.Modulus,
        3 => -Item(i),
        _ => Item(i),
    };
}

/// <summary>The string sets: the default comparer and a case-insensitive one; null is an element too.</summary>
public abstract class StringSetConformance : SetConformance<string>
{
    protected override IEqualityComparer<string>?[] Comparers => [null, StringComparer.OrdinalIgnoreCase];

    protected override string[] ComparerNames => ["default strings", "case-insensitive strings"];

    protected override IEqualityComparer<string>? OtherComparer => Variant == 0 ? StringComparer.OrdinalIgnoreCase : StringComparer.Ordinal;

    protected override string Item(int i) => i == 1 ? null! : "key" + i.ToString(System.Globalization.CultureInfo.InvariantCulture) + (i % 3 == 0 ? "a" : "B");

    protected override string EquivalentItemOf(int variant, int i) => variant == 1 && Item(i) is { } item ? item.ToUpperInvariant() : Item(i);
}

public sealed class IntHashSetControl : IntSetConformance
{
    protected override bool IsControl => true;

    protected override ISet<int> Create(IEnumerable<int> items, IEqualityComparer<int>? comparer) => new HashSet<int>(items, comparer);
}

public sealed class IntPooledHashSetConformance : IntSetConformance
{
    protected override bool IsControl => false;

    protected override ISet<int> Create(IEnumerable<int> items, IEqualityComparer<int>? comparer) => new PooledHashSet<int>(items, comparer);
}

public sealed class IntChunkedHashSetConformance : IntSetConformance
{
    protected override bool IsControl => false;

    protected override ISet<int> Create(IEnumerable<int> items, IEqualityComparer<int>? comparer) => new ChunkedHashSet<int>(items, comparer);
}

public sealed class IntChunkedHashSetTinyChunkConformance : IntSetConformance
{
    protected override bool IsControl => false;

    protected override int[] Sizes => ConformanceSizes.AcrossTinyChunks;

    protected override ISet<int> Create(IEnumerable<int> items, IEqualityComparer<int>? comparer)
    {
        ChunkedHashSet<int> set = new(comparer, null, null, ConformanceSizes.TinyChunkLength, ConformanceSizes.TinyChunkLength, ConformanceSizes.TinyDirectoryLength);
        set.UnionWith(items);
        return set;
    }
}

public sealed class StringHashSetControl : StringSetConformance
{
    protected override bool IsControl => true;

    protected override ISet<string> Create(IEnumerable<string> items, IEqualityComparer<string>? comparer) => new HashSet<string>(items, comparer);
}

public sealed class StringPooledHashSetConformance : StringSetConformance
{
    protected override bool IsControl => false;

    protected override ISet<string> Create(IEnumerable<string> items, IEqualityComparer<string>? comparer) => new PooledHashSet<string>(items, comparer);
}

public sealed class StringChunkedHashSetConformance : StringSetConformance
{
    protected override bool IsControl => false;

    protected override ISet<string> Create(IEnumerable<string> items, IEqualityComparer<string>? comparer) => new ChunkedHashSet<string>(items, comparer);
}

public sealed class StringChunkedHashSetTinyChunkConformance : StringSetConformance
{
    protected override bool IsControl => false;

    protected override int[] Sizes => ConformanceSizes.AcrossTinyChunks;

    protected override ISet<string> Create(IEnumerable<string> items, IEqualityComparer<string>? comparer)
    {
        ChunkedHashSet<string> set = new(comparer, null, null, ConformanceSizes.TinyChunkLength, ConformanceSizes.TinyChunkLength, ConformanceSizes.TinyDirectoryLength);
        set.UnionWith(items);
        return set;
    }
}
