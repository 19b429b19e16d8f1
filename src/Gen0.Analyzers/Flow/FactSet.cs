using System;
using System.Collections.Generic;

namespace Gen0.Analyzers.Flow;

/// <summary>
/// An immutable set of <see cref="Fact"/>s: the paths that may reach a program point (a may-analysis: a merge is
/// the union). Kept sorted so that equal sets compare and hash equal (the finally-region cache keys on them).
/// </summary>
internal sealed class FactSet : IEquatable<FactSet>
{
    /// <summary>Past this many facts the bool guards are forgotten, which bounds the set (widening).</summary>
    private const int WidenAbove = 64;

    public static readonly FactSet Empty = new(Array.Empty<Fact>());

    private readonly Fact[] _facts;

    private FactSet(Fact[] facts) => _facts = facts;

    public bool IsEmpty => _facts.Length == 0;

    public IReadOnlyList<Fact> Facts => _facts;

    public static FactSet Of(Fact fact) => new(new[] { fact });

    public static FactSet From(List<Fact> facts)
    {
        if (facts.Count == 0)
        {
            return Empty;
        }

        facts.Sort();
        var distinct = new List<Fact>(facts.Count);
        foreach (Fact fact in facts)
        {
            if (distinct.Count == 0 || !distinct[distinct.Count - 1].Equals(fact))
            {
                distinct.Add(fact);
            }
        }

        if (distinct.Count > WidenAbove)
        {
            var widened = new List<Fact>(distinct.Count);
            foreach (Fact fact in distinct)
            {
                widened.Add(fact.WithoutFlags());
            }

            return From(widened);
        }

        return new FactSet(distinct.ToArray());
    }

    public FactSet Union(FactSet other)
    {
        if (other.IsEmpty || ReferenceEquals(this, other))
        {
            return this;
        }

        if (IsEmpty)
        {
            return other;
        }

        var all = new List<Fact>(_facts.Length + other._facts.Length);
        all.AddRange(_facts);
        all.AddRange(other._facts);
        return From(all);
    }

    public FactSet Select(Func<Fact, Fact> map)
    {
        var mapped = new List<Fact>(_facts.Length);
        foreach (Fact fact in _facts)
        {
            mapped.Add(map(fact));
        }

        return From(mapped);
    }

    public FactSet SelectMany(Action<Fact, List<Fact>> expand)
    {
        var mapped = new List<Fact>(_facts.Length * 2);
        foreach (Fact fact in _facts)
        {
            expand(fact, mapped);
        }

        return From(mapped);
    }

    public FactSet Where(Func<Fact, bool> keep)
    {
        var kept = new List<Fact>(_facts.Length);
        foreach (Fact fact in _facts)
        {
            if (keep(fact))
            {
                kept.Add(fact);
            }
        }

        return kept.Count == _facts.Length ? this : From(kept);
    }

    public bool Any(Func<Fact, bool> predicate)
    {
        foreach (Fact fact in _facts)
        {
            if (predicate(fact))
            {
                return true;
            }
        }

        return false;
    }

    public bool Has(OwnershipState ownership) => Any(f => f.Is(ownership));

    /// <summary>The union of the ownerships of every fact.</summary>
    public OwnershipState Ownerships()
    {
        OwnershipState all = OwnershipState.None;
        foreach (Fact fact in _facts)
        {
            all |= fact.Ownership;
        }

        return all;
    }

    public bool Equals(FactSet? other)
    {
        if (other is null || other._facts.Length != _facts.Length)
        {
            return false;
        }

        for (int i = 0; i < _facts.Length; i++)
        {
            if (!_facts[i].Equals(other._facts[i]))
            {
                return false;
            }
        }

        return true;
    }

    public override bool Equals(object? obj) => Equals(obj as FactSet);

    public override int GetHashCode()
    {
        int hash = _facts.Length;
        foreach (Fact fact in _facts)
        {
            hash = (hash * 31) + fact.GetHashCode();
        }

        return hash;
    }
}
