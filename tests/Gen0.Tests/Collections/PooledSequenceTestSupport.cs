using Gen0.Tests.Infrastructure;

namespace Gen0.Tests.Collections;

/// <summary>
/// Shared by the PooledList/PooledStack/PooledQueue tests: element generators for a value and a reference type, a
/// comparison of sequence results (including which exception), and a pool that proves every array it hands out
/// comes back exactly once.
/// </summary>
public static class PooledSequenceTestSupport
{
    /// <summary>The sizes every differential test starts from.</summary>
    public static TheoryData<int, string> SizesAndTypes()
    {
        TheoryData<int, string> data = new();
        foreach (int size in new[] { 0, 1, 16, 1_000, 100_000 })
        {
            data.Add(size, "int");
            data.Add(size, "string");
        }

        return data;
    }

    /// <summary>Small value domains so that searches hit as often as they miss.</summary>
    public static int NextInt(Random random) => random.Next(-50, 200);

    public static string? NextString(Random random) => random.Next(40) == 0 ? null : "s" + random.Next(0, 250).ToString(System.Globalization.CultureInfo.InvariantCulture);

    /// <summary>Asserts that both sides produce the same elements, or throw the same exception type.</summary>
    public static void SameItems<T>(Func<IEnumerable<T>> expected, Func<IEnumerable<T>> actual, string step)
    {
        T[]? expectedItems = null;
        T[]? actualItems = null;
        Differential.Same(() => { expectedItems = expected().ToArray(); return true; }, () => { actualItems = actual().ToArray(); return true; }, step);
        if (expectedItems is not null)
        {
            Assert.True(expectedItems.AsSpan().SequenceEqual(actualItems, EqualityComparer<T>.Default), $"{step}: items differ");
        }
    }

    /// <summary>Compares what two enumerators taken before a step do after it: both fail, or both yield the same.</summary>
    public static void SameEnumeration<T>(IEnumerator<T> expected, IEnumerator<T> actual, string step)
    {
        bool expectedMoved = false;
        bool actualMoved = false;
        Differential.Same(() => expectedMoved = expected.MoveNext(), () => actualMoved = actual.MoveNext(), step + " (enumerator taken before it)");
        if (expectedMoved && actualMoved)
        {
            Assert.Equal(expected.Current, actual.Current);
        }
    }
}
