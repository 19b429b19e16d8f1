using System.Collections;
using Gen0.Buffers;
using Gen0.Collections;
using Gen0.Tests.Infrastructure;
using static Gen0.Tests.Collections.PooledSequenceTestSupport;

namespace Gen0.Tests.Collections;

/// <summary>
/// Runs seeded random sequences of every member of <see cref="PooledQueue{T}"/> against <see cref="Queue{T}"/>:
/// same results, same exception types, same contents in FIFO order, and enumerators taken before each step fail
/// (or not) alike. The pool checks that every rented array comes back exactly once.
/// </summary>
public class PooledQueueDifferentialTests
{
    [Theory]
    [MemberData(nameof(SizesAndTypes), MemberType = typeof(PooledSequenceTestSupport))]
    public void RandomOperations_MatchQueue(int size, string type)
    {
        if (type == "int")
        {
            Run(size, NextInt);
        }
        else
        {
            Run(size, NextString);
        }
    }

    private static void Run<T>(int size, Func<Random, T> next)
    {
        foreach (int seed in Seeds.With(unchecked((size * 7757) + typeof(T).Name.Length)))
        {
            Seeds.Run(seed, () => RunSeed(seed, size, next));
        }
    }

    private static void RunSeed<T>(int seed, int size, Func<Random, T> next)
    {
        bool large = size >= 100_000;
        int operations = large ? 200 : 2_000;
        int compareEvery = large ? 50 : 1;
        Random random = new(seed);
        PooledSequenceTrackingPool<T> pool = new();

        T[] initial = Enumerable.Range(0, size).Select(_ => next(random)).ToArray();
        Queue<T> expected = new(initial);
        PooledQueue<T> actual = (size % 3) switch
        {
            0 => new PooledQueue<T>(initial, pool),
            1 => new PooledQueue<T>(initial.AsSpan(), pool, ClearMode.Always),
            _ => new PooledQueue<T>((IEnumerable<T>)initial.Select(x => x), pool, ClearMode.Never),
        };

        for (int i = 0; i < operations; i++)
        {
            int op = random.Next(20);
            string step = $"step {i} (op {op}, count {expected.Count})";
            IEnumerator<T> expectedEnumerator = ((IEnumerable<T>)expected).GetEnumerator();
            IEnumerator<T> actualEnumerator = ((IEnumerable<T>)actual).GetEnumerator();
            T item = next(random);
            switch (op)
            {
                case 0 or 1 or 2 or 3:
                    Differential.Same(() => expected.Enqueue(item), () => actual.Enqueue(item), step);
                    break;
                case 4 or 5:
                    Differential.Same(() => expected.Dequeue(), () => actual.Dequeue(), step);
                    break;
                case 6:
                    Differential.Same(() => (expected.TryDequeue(out T? e), e), () => (actual.TryDequeue(out T? a), a), step);
                    break;
                case 7:
                    Differential.Same(() => expected.Peek(), () => actual.Peek(), step);
                    Differential.Same(() => (expected.TryPeek(out T? e), e), () => (actual.TryPeek(out T? a), a), step);
                    break;
                case 8:
                    Differential.Same(() => expected.Contains(item), () => actual.Contains(item), step);
                    break;
                case 9:
                    {
                        int arrayLength = random.Next(0, expected.Count + 4);
                        int arrayIndex = random.Next(-1, 5);
                        SameItems(() => CopyTo<T>(arrayLength, a => expected.CopyTo(a, arrayIndex)), () => CopyTo<T>(arrayLength, a => actual.CopyTo(a, arrayIndex)), step);
                        SameItems(() => CopyTo<T>(arrayLength, a => ((ICollection)expected).CopyTo(a, arrayIndex)), () => CopyTo<T>(arrayLength, a => ((ICollection)actual).CopyTo(a, arrayIndex)), step);
                        SameItems<T>(() => CopyTo<T>(arrayLength, a => ((ICollection)expected).CopyTo(null!, arrayIndex)), () => CopyTo<T>(arrayLength, a => ((ICollection)actual).CopyTo(null!, arrayIndex)), step);
                        SameItems(() => CopyTo<T>(arrayLength, a => expected.CopyTo(null!, arrayIndex)), () => CopyTo<T>(arrayLength, a => actual.CopyTo(null!, arrayIndex)), step);
                        break;
                    }

                case 10:
                    SameItems(() => expected.ToArray(), () => actual.ToArray(), step);
                    Assert.True(actual.AsSpan().SequenceEqual(expected.ToArray(), EqualityComparer<T>.Default), step + " AsSpan is in FIFO order");
                    break;
                case 11:
                    {
                        int requested = random.Next(-1, expected.Count + 50);
                        int actualCapacity = 0;
                        Differential.Same(() => { expected.EnsureCapacity(requested); }, () => { actualCapacity = actual.EnsureCapacity(requested); }, step + " ensure");
                        Assert.True(requested < 0 || (actualCapacity >= requested && actualCapacity == actual.Capacity), step);
                        break;
                    }

                case 12:
                    Differential.Same(() => expected.TrimExcess(), () => actual.TrimExcess(), step);
                    break;
                case 13:
                    {
                        int capacity = expected.Count + random.Next(-2, 20);
                        if (random.Next(10) == 0)
                        {
                            capacity = -1;
                        }

                        Differential.Same(() => expected.TrimExcess(capacity), () => actual.TrimExcess(capacity), step);
                        Assert.True(actual.Capacity >= actual.Count, step);
                        break;
                    }

                case 14 when random.Next(large ? 100 : 20) == 0:
                    Differential.Same(() => expected.Clear(), () => actual.Clear(), step);
                    break;
                case 15:
                    {
                        List<T> viaStruct = [];
                        foreach (T x in actual)
                        {
                            viaStruct.Add(x);
                        }

                        Differential.SameSequence(expected, viaStruct, step + " struct enumerator");
                        Differential.SameSequence(expected.Cast<T>(), ((IEnumerable)actual).Cast<T>(), step + " non-generic");
                        Assert.Equal(((ICollection)expected).IsSynchronized, ((ICollection)actual).IsSynchronized);
                        Assert.Same(actual, ((ICollection)actual).SyncRoot);
                        break;
                    }

                case 16:
                    {
                        Queue<T>.Enumerator e = expected.GetEnumerator();
                        PooledQueue<T>.Enumerator a = actual.GetEnumerator();
                        Differential.Same(() => e.Current, () => a.Current, step + " Current before MoveNext");
                        while (e.MoveNext() & a.MoveNext())
                        {
                            Assert.Equal(e.Current, a.Current);
                        }

                        Differential.Same(() => e.Current, () => a.Current, step + " Current after the end");
                        Differential.Same(() => e.MoveNext(), () => a.MoveNext(), step);
                        ((IEnumerator)e).Reset();
                        ((IEnumerator)a).Reset();
                        Differential.Same(() => e.MoveNext(), () => a.MoveNext(), step + " after Reset");
                        break;
                    }

                default:
                    Differential.Same(() => expected.Count, () => actual.Count, step);
                    break;
            }

            // EnsureCapacity and TrimExcess invalidate enumerators when they reallocate, as Queue<T>'s do; whether they
            // reallocate depends on the capacity, which is the rented length here and may differ from Queue<T>'s.
            if (op is not (11 or 12 or 13))
            {
                SameEnumeration(expectedEnumerator, actualEnumerator, step);
            }
            Assert.Equal(expected.Count, actual.Count);
            if (i % compareEvery == 0)
            {
                Differential.SameSequence(expected, actual, step);
            }
        }

        Differential.SameSequence(expected, actual, "end");
        actual.Dispose();
        pool.AssertAllReturned();
    }

    private static T[] CopyTo<T>(int length, Action<T[]> copy)
    {
        T[] array = new T[length];
        copy(array);
        return array;
    }
}
