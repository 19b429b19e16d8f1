using System.Collections;
using Gen0.Buffers;
using Gen0.Collections;
using Gen0.Tests.Infrastructure;
using static Gen0.Tests.Collections.PooledSequenceTestSupport;

namespace Gen0.Tests.Collections;

/// <summary>
/// Runs seeded random sequences of every mutating and querying member of <see cref="PooledList{T}"/> against
/// <see cref="List{T}"/>: same results, same exception types, same contents, and enumerators taken before each
/// step fail (or not) alike. The pool behind the list checks that every rented array comes back exactly once.
/// </summary>
public class PooledListDifferentialTests
{
    [Theory]
    [MemberData(nameof(SizesAndTypes), MemberType = typeof(PooledSequenceTestSupport))]
    public void RandomOperations_MatchList(int size, string type)
    {
        if (type == "int")
        {
            Run(size, NextInt, Comparer<int>.Default);
        }
        else
        {
            Run(size, NextString, Comparer<string?>.Create((a, b) => string.CompareOrdinal(a, b)));
        }
    }

    private static void Run<T>(int size, Func<Random, T> next, IComparer<T> comparer)
    {
        foreach (int seed in Seeds.With(unchecked((size * 7919) + typeof(T).Name.Length)))
        {
            Seeds.Run(seed, () => RunSeed(seed, size, next, comparer));
        }
    }

    private static void RunSeed<T>(int seed, int size, Func<Random, T> next, IComparer<T> comparer)
    {
        bool large = size >= 100_000;
        int operations = large ? 200 : 1_500;
        int compareEvery = large ? 50 : 1;
        Random random = new(seed);
        PooledSequenceTrackingPool<T> pool = new();

        T[] initial = Enumerable.Range(0, size).Select(_ => next(random)).ToArray();
        List<T> expected = new(initial);
        PooledList<T> actual = (size % 3) switch
        {
            0 => new PooledList<T>(initial, pool),
            1 => new PooledList<T>(initial.AsSpan(), pool, ClearMode.Always),
            _ => new PooledList<T>((IEnumerable<T>)initial.Select(x => x), pool, ClearMode.Never),
        };

        Predicate<T> match = x => (EqualityComparer<T>.Default.GetHashCode(x!) & 3) == 0;
        for (int i = 0; i < operations; i++)
        {
            // Past a few thousand elements, trim the list back so that every size keeps visiting the small boundaries.
            int op = expected.Count > Math.Max(size, 500) * 2 ? 16 : random.Next(48);
            int removeCount = op == 16 && expected.Count > Math.Max(size, 500) * 2 ? expected.Count / 2 : -1;
            string step = $"step {i} (op {op}, count {expected.Count})";
            IEnumerator<T> expectedEnumerator = ((IEnumerable<T>)expected).GetEnumerator();
            IEnumerator<T> actualEnumerator = ((IEnumerable<T>)actual).GetEnumerator();
            int index = random.Next(-2, expected.Count + 3);
            int count = removeCount >= 0 ? removeCount : random.Next(-2, Math.Min(expected.Count, 40) + 3);
            index = removeCount >= 0 ? random.Next(0, expected.Count - removeCount) : index;
            T item = random.Next(3) == 0 && expected.Count > 0 ? expected[random.Next(expected.Count)] : next(random);
            T[] batch = Enumerable.Range(0, random.Next(0, 6)).Select(_ => next(random)).ToArray();

            switch (op)
            {
                case 0 or 1 or 2:
                    Differential.Same(() => expected.Add(item), () => actual.Add(item), step);
                    break;
                case 3:
                    Differential.Same(() => expected.AddRange(batch), () => actual.AddRange(batch), step);
                    break;
                case 4:
                    Differential.Same(() => expected.AddRange(batch.Where(_ => true)), () => actual.AddRange(batch.Where(_ => true)), step);
                    break;
                case 5:
                    Differential.Same(() => expected.AddRange(batch.AsSpan()), () => actual.AddRange(batch.AsSpan()), step);
                    break;
                case 6 or 7:
                    Differential.Same(() => expected.Insert(index, item), () => actual.Insert(index, item), step);
                    break;
                case 8:
                    Differential.Same(() => expected.InsertRange(index, batch), () => actual.InsertRange(index, batch), step);
                    break;
                case 9:
                    Differential.Same(() => expected.InsertRange(index, batch.Where(_ => true)), () => actual.InsertRange(index, batch.Where(_ => true)), step);
                    break;
                case 10:
                    Differential.Same(() => expected.InsertRange(index, batch.AsSpan()), () => actual.InsertRange(index, batch.AsSpan()), step);
                    break;
                case 11 when expected.Count < 300:
                    Differential.Same(() => expected.InsertRange(index, expected), () => actual.InsertRange(index, actual), step + " self");
                    break;
                case 12 or 13:
                    Differential.Same(() => expected.Remove(item), () => actual.Remove(item), step);
                    break;
                case 14 or 15:
                    Differential.Same(() => expected.RemoveAt(index), () => actual.RemoveAt(index), step);
                    break;
                case 16:
                    Differential.Same(() => expected.RemoveRange(index, count), () => actual.RemoveRange(index, count), step);
                    break;
                case 17 when random.Next(4) == 0:
                    Differential.Same(() => expected.RemoveAll(match), () => actual.RemoveAll(match), step);
                    break;
                case 18 when random.Next(large ? 100 : 30) == 0:
                    Differential.Same(() => expected.Clear(), () => actual.Clear(), step);
                    break;
                case 19:
                    Differential.Same(() => expected.Contains(item), () => actual.Contains(item), step);
                    Differential.Same(() => expected.IndexOf(item), () => actual.IndexOf(item), step);
                    Differential.Same(() => expected.LastIndexOf(item), () => actual.LastIndexOf(item), step);
                    break;
                case 20:
                    Differential.Same(() => expected.IndexOf(item, index), () => actual.IndexOf(item, index), step);
                    Differential.Same(() => expected.IndexOf(item, index, count), () => actual.IndexOf(item, index, count), step);
                    break;
                case 21:
                    Differential.Same(() => expected.LastIndexOf(item, index), () => actual.LastIndexOf(item, index), step);
                    Differential.Same(() => expected.LastIndexOf(item, index, count), () => actual.LastIndexOf(item, index, count), step);
                    Differential.Same(() => expected.LastIndexOf(item, index - 1, count), () => actual.LastIndexOf(item, index - 1, count), step);
                    break;
                case 22:
                    Differential.Same(() => expected.BinarySearch(item), () => actual.BinarySearch(item), step);
                    Differential.Same(() => expected.BinarySearch(item, comparer), () => actual.BinarySearch(item, comparer), step);
                    Differential.Same(() => expected.BinarySearch(index, count, item, comparer), () => actual.BinarySearch(index, count, item, comparer), step);
                    break;
                case 23 when random.Next(large ? 10 : 3) == 0:
                    switch (random.Next(4))
                    {
                        case 0:
                            Differential.Same(() => expected.Sort(), () => actual.Sort(), step);
                            break;
                        case 1:
                            Differential.Same(() => expected.Sort(comparer), () => actual.Sort(comparer), step);
                            break;
                        case 2:
                            Differential.Same(() => expected.Sort(index, count, comparer), () => actual.Sort(index, count, comparer), step);
                            break;
                        default:
                            Differential.Same(() => expected.Sort(comparer.Compare), () => actual.Sort(comparer.Compare), step);
                            break;
                    }

                    break;
                case 24:
                    Differential.Same(() => expected.Reverse(index, count), () => actual.Reverse(index, count), step);
                    break;
                case 25 when random.Next(large ? 10 : 2) == 0:
                    Differential.Same(() => expected.Reverse(), () => actual.Reverse(), step);
                    break;
                case 26:
                    Differential.Same(() => expected.Find(match), () => actual.Find(match), step);
                    Differential.Same(() => expected.FindLast(match), () => actual.FindLast(match), step);
                    Differential.Same(() => expected.Exists(match), () => actual.Exists(match), step);
                    Differential.Same(() => expected.TrueForAll(match), () => actual.TrueForAll(match), step);
                    break;
                case 27:
                    Differential.Same(() => expected.FindIndex(match), () => actual.FindIndex(match), step);
                    Differential.Same(() => expected.FindIndex(index, match), () => actual.FindIndex(index, match), step);
                    Differential.Same(() => expected.FindIndex(index, count, match), () => actual.FindIndex(index, count, match), step);
                    break;
                case 28:
                    Differential.Same(() => expected.FindLastIndex(match), () => actual.FindLastIndex(match), step);
                    Differential.Same(() => expected.FindLastIndex(index - 1, match), () => actual.FindLastIndex(index - 1, match), step);
                    Differential.Same(() => expected.FindLastIndex(index - 1, count, match), () => actual.FindLastIndex(index - 1, count, match), step);
                    break;
                case 29:
                    SameItems(() => expected.FindAll(match), () => Drain(actual.FindAll(match)), step);
                    break;
                case 30:
                    SameItems(() => expected.GetRange(index, count), () => Drain(actual.GetRange(index, count)), step);
                    SameItems(() => expected.Slice(index, count), () => Drain(actual.Slice(index, count)), step);
                    break;
                case 31:
                    SameItems(() => expected.ConvertAll(x => x?.GetHashCode() ?? 0), () => Drain(actual.ConvertAll(x => x?.GetHashCode() ?? 0)), step);
                    break;
                case 32:
                    {
                        List<T> seenByExpected = [];
                        List<T> seenByActual = [];
                        Differential.Same(() => expected.ForEach(seenByExpected.Add), () => actual.ForEach(seenByActual.Add), step);
                        Assert.Equal(seenByExpected, seenByActual);
                        Differential.Same(() => expected.ForEach(_ => expected.Add(item)), () => actual.ForEach(_ => actual.Add(item)), step + " modifying");
                        break;
                    }

                case 33:
                    {
                        int arrayLength = random.Next(0, expected.Count + 4);
                        int arrayIndex = random.Next(-1, 4);
                        SameItems(() => CopyTo<T>(arrayLength, a => expected.CopyTo(a)), () => CopyTo<T>(arrayLength, a => actual.CopyTo(a)), step);
                        SameItems(() => CopyTo<T>(arrayLength, a => expected.CopyTo(a, arrayIndex)), () => CopyTo<T>(arrayLength, a => actual.CopyTo(a, arrayIndex)), step);
                        SameItems(() => CopyTo<T>(arrayLength, a => expected.CopyTo(index, a, arrayIndex, count)), () => CopyTo<T>(arrayLength, a => actual.CopyTo(index, a, arrayIndex, count)), step);
                        SameItems(() => CopyTo<T>(arrayLength, a => ((ICollection)expected).CopyTo(a, arrayIndex)), () => CopyTo<T>(arrayLength, a => ((ICollection)actual).CopyTo(a, arrayIndex)), step);
                        SameItems(() => CopyTo<T>(arrayLength, a => expected.CopyTo(a.AsSpan())), () => CopyTo<T>(arrayLength, a => actual.CopyTo(a.AsSpan())), step);
                        break;
                    }

                case 34:
                    SameItems(() => expected.ToArray(), () => actual.ToArray(), step);
                    SameItems(() => expected.AsReadOnly(), () => actual.AsReadOnly(), step);
                    Assert.True(actual.AsSpan().SequenceEqual(expected.ToArray(), EqualityComparer<T>.Default), step + " AsSpan");
                    break;
                case 35 or 36:
                    Differential.Same(() => expected[index], () => actual[index], step);
                    Differential.Same(() => expected[index] = item, () => actual[index] = item, step);
                    break;
                case 37:
                    {
                        int requested = random.Next(-1, expected.Count + 50);
                        int expectedCapacity = 0;
                        int actualCapacity = 0;
                        Differential.Same(() => { expectedCapacity = expected.EnsureCapacity(requested); }, () => { actualCapacity = actual.EnsureCapacity(requested); }, step);
                        Assert.True(actualCapacity >= Math.Max(0, requested) || requested < 0, step);
                        if (requested >= 0)
                        {
                            Assert.Equal(actual.Capacity, actualCapacity);
                        }
                        break;
                    }

                case 38:
                    Differential.Same(() => expected.TrimExcess(), () => actual.TrimExcess(), step);
                    break;
                case 39:
                    {
                        int capacity = expected.Count + random.Next(-2, 20);
                        Differential.Same(() => expected.Capacity = capacity, () => actual.Capacity = capacity, step);
                        Assert.True(actual.Capacity >= actual.Count, step);
                        break;
                    }

                case 40:
                    {
                        IList e = expected;
                        IList a = actual;
                        object? wrong = typeof(T) == typeof(int) ? "text" : 42;
                        Differential.Same(() => e.Add(item), () => a.Add(item), step);
                        Differential.Same(() => e.Add(wrong), () => a.Add(wrong), step);
                        Differential.Same(() => e.Add(null), () => a.Add(null), step);
                        Differential.Same(() => e.Contains(item), () => a.Contains(item), step);
                        Differential.Same(() => e.Contains(wrong), () => a.Contains(wrong), step);
                        Differential.Same(() => e.IndexOf(item), () => a.IndexOf(item), step);
                        Differential.Same(() => e.IndexOf(wrong), () => a.IndexOf(wrong), step);
                        Differential.Same(() => e.Insert(index, item), () => a.Insert(index, item), step);
                        Differential.Same(() => e.Insert(index, wrong), () => a.Insert(index, wrong), step);
                        Differential.Same(() => e.Remove(item), () => a.Remove(item), step);
                        Differential.Same(() => e.Remove(wrong), () => a.Remove(wrong), step);
                        Differential.Same(() => e[index], () => a[index], step);
                        Differential.Same(() => e[index] = wrong, () => a[index] = wrong, step);
                        Differential.Same(() => e[index] = item, () => a[index] = item, step);
                        Assert.Equal(e.IsFixedSize, a.IsFixedSize);
                        Assert.Equal(e.IsReadOnly, a.IsReadOnly);
                        Assert.Equal(((ICollection<T>)expected).IsReadOnly, ((ICollection<T>)actual).IsReadOnly);
                        Assert.Equal(e.IsSynchronized, a.IsSynchronized);
                        Assert.Same(a, a.SyncRoot);
                        break;
                    }

                case 41:
                    {
                        IList<T> e = expected;
                        IList<T> a = actual;
                        Differential.Same(() => e.IndexOf(item), () => a.IndexOf(item), step);
                        Differential.Same(() => e.Insert(index, item), () => a.Insert(index, item), step);
                        Differential.Same(() => e.RemoveAt(index), () => a.RemoveAt(index), step);
                        Differential.Same(() => ((IReadOnlyList<T>)expected)[index], () => ((IReadOnlyList<T>)actual)[index], step);
                        break;
                    }

                case 42:
                    {
                        // Enumerators of every flavour agree with each other and with List's.
                        List<T> viaStruct = [];
                        foreach (T x in actual)
                        {
                            viaStruct.Add(x);
                        }

                        Differential.SameSequence(expected, viaStruct, step + " struct enumerator");
                        Differential.SameSequence(expected.Cast<T>(), ((IEnumerable)actual).Cast<T>(), step + " non-generic");
                        break;
                    }

                default:
                    Differential.Same(() => expected.Count, () => actual.Count, step);
                    break;
            }

            SameEnumeration(expectedEnumerator, actualEnumerator, step);
            Assert.Equal(expected.Count, actual.Count);
            if (i % compareEvery == 0 && (expected.Count < 2_000 || i % 20 == 0))
            {
                Differential.SameSequence(expected, actual, step);
            }
        }

        Differential.SameSequence(expected, actual, "end");
        actual.Dispose();
        pool.AssertAllReturned();
    }

    private static List<TItem> Drain<TItem>(PooledList<TItem> list)
    {
        using (list)
        {
            return [.. list];
        }
    }

    private static T[] CopyTo<T>(int length, Action<T[]> copy)
    {
        T[] array = new T[length];
        copy(array);
        return array;
    }
}
