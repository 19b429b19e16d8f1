namespace Gen0.Tests.Infrastructure;

/// <summary>
/// Runs one step of a differential test: the same operation against the BCL twin and against ours, asserting that
/// both return equal results or both throw the same exception type.
/// </summary>
public static class Differential
{
    private static long s_toleratedTwinDifferences;

    /// <summary>
    /// Gets how many steps passed only because this run's BCL twin is not .NET's and behaved as its older design does
    /// (<see cref="TestPlatform.BclMatchesNet"/>); always 0 on .NET.
    /// </summary>
    public static long ToleratedTwinDifferences => Interlocked.Read(ref s_toleratedTwinDifferences);

    public static void Same<TResult>(Func<TResult> expected, Func<TResult> actual, string step)
    {
        (TResult? expectedResult, Exception? expectedError) = Capture(expected);
        (TResult? actualResult, Exception? actualError) = Capture(actual);
        AssertSameError(expectedError, actualError, step);
        if (expectedError is null)
        {
            // The message is built only on failure: these run millions of times per suite, and on Mono formatting
            // every result (tuples, strings) cost more than the operations compared.
            if (!EqualityComparer<TResult>.Default.Equals(expectedResult, actualResult))
            {
                Assert.Fail($"{step}: expected {expectedResult}, got {actualResult}");
            }
        }
    }

    /// <summary>
    /// Runs a step that produces elements (a <c>CopyTo</c> into a fresh array, say) on the twin and on ours: both throw
    /// the same exception type, or both produce the same elements in the same order. Compared element by element, not by
    /// formatting them: a step over 100,000 pairs formatted cost milliseconds, and the dictionary runs make hundreds.
    /// </summary>
    public static void SameElements<T>(Func<T[]> expected, Func<T[]> actual, string step, IEqualityComparer<T>? comparer = null)
    {
        (T[]? expectedResult, Exception? expectedError) = Capture(expected);
        (T[]? actualResult, Exception? actualError) = Capture(actual);
        AssertSameError(expectedError, actualError, step);
        if (expectedError is null && !expectedResult!.AsSpan().SequenceEqual(actualResult, comparer))
        {
            Assert.Fail($"{step}: elements differ: expected [{Describe(expectedResult!)}], got [{Describe(actualResult!)}]");
        }
    }

    public static void Same(Action expected, Action actual, string step) =>
        Same(() => { expected(); return true; }, () => { actual(); return true; }, step);

    public static void SameSequence<T>(IEnumerable<T> expected, IEnumerable<T> actual, string step)
    {
        if (!TestPlatform.BclMatchesNet && IsOlderHashSet(expected) && !expected.SequenceEqual(actual))
        {
            // Mono's HashSet<T> restarts its slot array when it empties; .NET's keeps its free list: same items, other order.
            Interlocked.Increment(ref s_toleratedTwinDifferences);
            if (expected.Count() != actual.Count() || expected.Except(actual).Any() || actual.Except(expected).Any())
            {
                Assert.Fail($"{step}: contents differ: expected [{Describe(expected)}], got [{Describe(actual)}]");
            }

            return;
        }

        if (!expected.SequenceEqual(actual))
        {
            Assert.Fail($"{step}: contents differ: expected [{Describe(expected)}], got [{Describe(actual)}]");
        }
    }

    /// <summary>
    /// Asserts that a capacity (or the result of <c>EnsureCapacity</c>) is the twin's; where the twin is not .NET's (it
    /// sizes differently or lacks the member), that it holds at least <paramref name="atLeast"/>.
    /// </summary>
    public static void SameCapacity(Func<int> expected, Func<int> actual, int atLeast, string step)
    {
        if (TestPlatform.BclMatchesNet)
        {
            Same(expected, actual, step);
            return;
        }

        (int _, Exception? expectedError) = Capture(expected);
        (int actualResult, Exception? actualError) = Capture(actual);
        AssertSameError(expectedError, actualError, step);
        Interlocked.Increment(ref s_toleratedTwinDifferences);
        Assert.True(actualError is not null || actualResult >= atLeast, $"{step}: capacity {actualResult} is below {atLeast}");
    }

    private static (TResult? Result, Exception? Error) Capture<TResult>(Func<TResult> operation)
    {
        try
        {
            return (operation(), null);
        }
        catch (Exception ex)
        {
            return (default, ex);
        }
    }

    private static void AssertSameError(Exception? expected, Exception? actual, string step)
    {
        if (expected is null && actual is null)
        {
            return;
        }

        if (!TestPlatform.BclMatchesNet && IsOlderTwinDifference(expected, actual))
        {
            Interlocked.Increment(ref s_toleratedTwinDifferences);
            return;
        }

        Assert.True(expected is not null, $"{step}: the BCL succeeded but ours threw {actual}");
        Assert.True(actual is not null, $"{step}: the BCL threw {expected!.GetType().Name} but ours succeeded");
        Assert.Equal(expected!.GetType(), actual!.GetType());
    }

    /// <summary>
    /// Whether the twin and ours differ only as an older BCL does: a validation or versioning exception on one side
    /// (<see cref="ArgumentException"/>, <see cref="InvalidOperationException"/>, a member the twin lacks), or Mono's
    /// <c>HashSet.EnsureCapacity</c> failing with <see cref="IndexOutOfRangeException"/>. Anything else ours throws still fails.
    /// </summary>
    private static bool IsOlderTwinDifference(Exception? expected, Exception? actual) =>
        (expected is null or ArgumentException or InvalidOperationException or NotSupportedException or IndexOutOfRangeException)
        && (actual is null or ArgumentException or InvalidOperationException);

    private static bool IsOlderHashSet<T>(IEnumerable<T> items) =>
        items.GetType().IsGenericType && items.GetType().GetGenericTypeDefinition() == typeof(HashSet<>);

    private static string Describe<T>(IEnumerable<T> items)
    {
        List<T> list = items.Take(20).ToList();
        return string.Join(", ", list) + (items.Skip(20).Any() ? ", ..." : string.Empty);
    }
}
