using System.Collections;
using Gen0.Collections;
using Gen0.Tests.Infrastructure;

namespace Gen0.Tests.Collections;

/// <summary>
/// The disposed state, enumerator versioning, argument validation and set comparer of <see cref="PooledHashSet{T}"/>,
/// compared with <see cref="HashSet{T}"/> where the BCL has the same situation.
/// </summary>
public class PooledHashSetLifecycleTests
{
    public static TheoryData<string> Members => new(s_disposedMembers.Keys);

    private static readonly Dictionary<string, Action<PooledHashSet<string>>> s_disposedMembers = new()
    {
        ["Add"] = s => s.Add("z"),
        ["ICollection.Add"] = s => ((ICollection<string>)s).Add("z"),
        ["Remove"] = s => s.Remove("a"),
        ["Contains"] = s => s.Contains("a"),
        ["TryGetValue"] = s => s.TryGetValue("a", out _),
        ["Clear"] = s => s.Clear(),
        ["Comparer"] = s => _ = s.Comparer,
        ["Capacity"] = s => _ = s.Capacity,
        ["UnionWith"] = s => s.UnionWith(["a"]),
        ["IntersectWith"] = s => s.IntersectWith(["a"]),
        ["ExceptWith"] = s => s.ExceptWith(["a"]),
        ["SymmetricExceptWith"] = s => s.SymmetricExceptWith(["a"]),
        ["IsSubsetOf"] = s => s.IsSubsetOf(["a"]),
        ["IsProperSubsetOf"] = s => s.IsProperSubsetOf(["a"]),
        ["IsSupersetOf"] = s => s.IsSupersetOf(["a"]),
        ["IsProperSupersetOf"] = s => s.IsProperSupersetOf(["a"]),
        ["Overlaps"] = s => s.Overlaps(["a"]),
        ["SetEquals"] = s => s.SetEquals(["a"]),
        ["RemoveWhere"] = s => s.RemoveWhere(_ => true),
        ["CopyTo"] = s => s.CopyTo(new string[4]),
        ["CopyTo(index)"] = s => s.CopyTo(new string[4], 0),
        ["CopyTo(index, count)"] = s => s.CopyTo(new string[4], 0, 1),
        ["EnsureCapacity"] = s => s.EnsureCapacity(100),
        ["TrimExcess"] = s => s.TrimExcess(),
        ["TrimExcess(n)"] = s => s.TrimExcess(10),
        ["GetEnumerator"] = s => s.GetEnumerator(),
        ["IEnumerable<T>.GetEnumerator"] = s => ((IEnumerable<string>)s).GetEnumerator(),
        ["copy constructor"] = s => _ = new PooledHashSet<string>(s),
    };

    [Theory]
    [MemberData(nameof(Members))]
    public void AfterDispose_EveryMemberThrowsObjectDisposed(string member)
    {
        foreach (bool everAllocated in new[] { true, false })
        {
            var set = new PooledHashSet<string>();
            if (everAllocated)
            {
                set.Add("a");
            }

            set.Dispose();
            set.Dispose();
            Assert.Throws<ObjectDisposedException>(() => s_disposedMembers[member](set));
            Assert.True(set.Count == 0, "Count reads 0 after Dispose");
        }
    }

    [Fact]
    public void AfterDispose_ALiveEnumeratorThrowsObjectDisposed()
    {
        var set = new PooledHashSet<int> { 1, 2, 3 };
        PooledHashSet<int>.Enumerator enumerator = set.GetEnumerator();
        Assert.True(enumerator.MoveNext());
        set.Dispose();
        Assert.Throws<ObjectDisposedException>(() => enumerator.MoveNext());
    }

    public static TheoryData<string> Mutations => new(s_mutationsByName.Keys);

    private static readonly Dictionary<string, Action<ISet<int>>> s_mutationsByName = new()
    {
        ["Add new"] = s => s.Add(100),
        ["Add existing"] = s => s.Add(1),
        ["Remove"] = s => s.Remove(1),
        ["Clear"] = s => s.Clear(),
        ["UnionWith nothing new"] = s => s.UnionWith([1, 2]),
        ["UnionWith new"] = s => s.UnionWith([1, 200]),
        ["IntersectWith"] = s => s.IntersectWith([1, 2, 3]),
        ["ExceptWith"] = s => s.ExceptWith([1, 2, 3]),
        ["SymmetricExceptWith"] = s => s.SymmetricExceptWith([1, 300]),
        ["RemoveWhere"] = s => Call(s, h => h.RemoveWhere(x => x % 2 == 0), p => p.RemoveWhere(x => x % 2 == 0)),
        ["TrimExcess after removals"] = s => { s.ExceptWith([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]); Call(s, h => h.TrimExcess(), p => p.TrimExcess()); },
        ["EnsureCapacity grow"] = s => Call(s, h => h.EnsureCapacity(500), p => p.EnsureCapacity(500)),
    };

    [PlatformTheory(Requires.NetBcl, "Mono's hash collections are CoreFX 2.x's: they invalidate enumerators on Remove and Clear and enumerate in another order after removals, so a differential run against them diverges at the first such step (the .NET runs cover it).")]
    [MemberData(nameof(Mutations))]
    public void Enumerators_AreVersionedLikeTheBcl(string mutation)
    {
        var expected = new HashSet<int>(Enumerable.Range(0, 20));
        using var actual = new PooledHashSet<int>(Enumerable.Range(0, 20));
        IEnumerator e = expected.GetEnumerator();
        IEnumerator a = actual.GetEnumerator();
        Differential.Same(e.MoveNext, a.MoveNext, mutation);
        s_mutationsByName[mutation](expected);
        s_mutationsByName[mutation](actual);
        Differential.Same(() => e.MoveNext() ? e.Current : "end", () => a.MoveNext() ? a.Current : "end", mutation + " MoveNext");
        Differential.Same(() => { e.Reset(); return e.MoveNext(); }, () => { a.Reset(); return a.MoveNext(); }, mutation + " Reset");
        Differential.SameSequence(expected, actual, mutation);
    }

    [Fact]
    public void Current_BeforeAndAfterEnumeration_BehavesLikeTheBcl()
    {
        IEnumerator e = new HashSet<int> { 5 }.GetEnumerator();
        using var set = new PooledHashSet<int> { 5 };
        IEnumerator a = set.GetEnumerator();
        Differential.Same(() => e.Current, () => a.Current, "before");
        Differential.Same(e.MoveNext, a.MoveNext, "move");
        Differential.Same(() => e.Current, () => a.Current, "on item");
        Differential.Same(e.MoveNext, a.MoveNext, "move past end");
        Differential.Same(() => e.Current, () => a.Current, "after");
    }

    public static TheoryData<string> BadArguments => new(s_badArgumentsByName.Keys);

    private static readonly Dictionary<string, Func<ISet<int>, object?>> s_badArgumentsByName = new()
    {
        ["UnionWith null"] = s => { s.UnionWith(null!); return null; },
        ["IntersectWith null"] = s => { s.IntersectWith(null!); return null; },
        ["ExceptWith null"] = s => { s.ExceptWith(null!); return null; },
        ["SymmetricExceptWith null"] = s => { s.SymmetricExceptWith(null!); return null; },
        ["IsSubsetOf null"] = s => s.IsSubsetOf(null!),
        ["IsProperSubsetOf null"] = s => s.IsProperSubsetOf(null!),
        ["IsSupersetOf null"] = s => s.IsSupersetOf(null!),
        ["IsProperSupersetOf null"] = s => s.IsProperSupersetOf(null!),
        ["Overlaps null"] = s => s.Overlaps(null!),
        ["SetEquals null"] = s => s.SetEquals(null!),
        ["RemoveWhere null"] = s => Call(s, h => h.RemoveWhere(null!), p => p.RemoveWhere(null!)),
        ["CopyTo null"] = s => { s.CopyTo(null!, 0); return null; },
        ["CopyTo negative"] = s => { s.CopyTo(new int[5], -1); return null; },
        ["CopyTo too small"] = s => { s.CopyTo(new int[3], 1); return null; },
        ["CopyTo negative count"] = s => Call(s, h => { h.CopyTo(new int[5], 0, -1); return 0; }, p => { p.CopyTo(new int[5], 0, -1); return 0; }),
        ["CopyTo count too large"] = s => Call(s, h => { h.CopyTo(new int[5], 2, 4); return 0; }, p => { p.CopyTo(new int[5], 2, 4); return 0; }),
        ["CopyTo index past end"] = s => Call(s, h => { h.CopyTo(new int[5], 6, 0); return 0; }, p => { p.CopyTo(new int[5], 6, 0); return 0; }),
        ["EnsureCapacity negative"] = s => Call(s, h => h.EnsureCapacity(-1), p => p.EnsureCapacity(-1)),
        ["TrimExcess below Count"] = s => Call(s, h => { h.TrimExcess(2); return 0; }, p => { p.TrimExcess(2); return 0; }),
    };

    [Theory]
    [MemberData(nameof(BadArguments))]
    public void BadArguments_ThrowTheBclExceptionTypes(string name)
    {
        using var actual = new PooledHashSet<int> { 1, 2, 3 };
        Differential.Same(() => s_badArgumentsByName[name](new HashSet<int> { 1, 2, 3 }), () => s_badArgumentsByName[name](actual), name);
    }

    [Fact]
    public void ConstructorArguments_ThrowTheBclExceptionTypes()
    {
        Differential.Same(() => new HashSet<int>(-1).Count, () => new PooledHashSet<int>(-1).Count, "negative capacity");
        Differential.Same(() => new HashSet<int>((IEnumerable<int>)null!).Count, () => new PooledHashSet<int>((IEnumerable<int>)null!).Count, "null collection");
    }

    [Fact]
    public void CreateSetComparer_ComparesByElements()
    {
        IEqualityComparer<PooledHashSet<string>?> comparer = PooledHashSet<string>.CreateSetComparer();
        using var a = new PooledHashSet<string> { "x", "y" };
        using var b = new PooledHashSet<string> { "y", "x" };
        using var c = new PooledHashSet<string> { "x" };
        using var ignoringCase = new PooledHashSet<string>(StringComparer.OrdinalIgnoreCase) { "X", "y" };

        Assert.True(comparer.Equals(a, b));
        Assert.Equal(comparer.GetHashCode(a), comparer.GetHashCode(b));
        Assert.False(comparer.Equals(a, c));
        Assert.False(comparer.Equals(a, null));
        Assert.True(comparer.Equals(null, null));
        Assert.False(comparer.Equals(a, ignoringCase));
        Assert.Equal(HashSet<string>.CreateSetComparer().Equals(new HashSet<string> { "x", "y" }, new HashSet<string>(StringComparer.OrdinalIgnoreCase) { "X", "y" }), comparer.Equals(a, ignoringCase));
        Assert.Equal(comparer, PooledHashSet<string>.CreateSetComparer());
    }

    [Fact]
    public void NullElements_AreSupportedLikeTheBcl()
    {
        var expected = new HashSet<string?>(StringComparer.OrdinalIgnoreCase) { null, "a" };
        using var actual = new PooledHashSet<string?>(StringComparer.OrdinalIgnoreCase) { null, "a" };
        Assert.Equal(expected.Contains(null), actual.Contains(null));
        Assert.Equal(expected.Remove(null), actual.Remove(null));
        Assert.Equal(expected.Add(null), actual.Add(null));
        Differential.SameSequence(expected, actual, "nulls");
    }

    private static object? Call<TResult>(ISet<int> set, Func<HashSet<int>, TResult> onBcl, Func<PooledHashSet<int>, TResult> onPooled) =>
        set is HashSet<int> bcl ? onBcl(bcl) : onPooled((PooledHashSet<int>)set);

    private static void Call(ISet<int> set, Action<HashSet<int>> onBcl, Action<PooledHashSet<int>> onPooled)
    {
        if (set is HashSet<int> bcl)
        {
            onBcl(bcl);
        }
        else
        {
            onPooled((PooledHashSet<int>)set);
        }
    }
}
