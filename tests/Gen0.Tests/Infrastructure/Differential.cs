namespace Gen0.Tests.Infrastructure;

/// <summary>
/// Runs one step of a differential test: the same operation against the BCL twin and against ours, asserting that
/// both return equal results or both throw the same exception type.
/// </summary>
public static class Differential
{
    public static void Same<TResult>(Func<TResult> expected, Func<TResult> actual, string step)
    {
        (TResult? expectedResult, Exception? expectedError) = Capture(expected);
        (TResult? actualResult, Exception? actualError) = Capture(actual);
        AssertSameError(expectedError, actualError, step);
        if (expectedError is null)
        {
            Assert.True(EqualityComparer<TResult>.Default.Equals(expectedResult, actualResult), $"{step}: expected {expectedResult}, got {actualResult}");
        }
    }

    public static void Same(Action expected, Action actual, string step) =>
        Same(() => { expected(); return true; }, () => { actual(); return true; }, step);

    public static void SameSequence<T>(IEnumerable<T> expected, IEnumerable<T> actual, string step) =>
        Assert.True(expected.SequenceEqual(actual), $"{step}: contents differ: expected [{Describe(expected)}], got [{Describe(actual)}]");

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

        Assert.True(expected is not null, $"{step}: the BCL succeeded but ours threw {actual}");
        Assert.True(actual is not null, $"{step}: the BCL threw {expected!.GetType().Name} but ours succeeded");
        Assert.Equal(expected!.GetType(), actual!.GetType());
    }

    private static string Describe<T>(IEnumerable<T> items)
    {
        List<T> list = items.Take(20).ToList();
        return string.Join(", ", list) + (items.Skip(20).Any() ? ", ..." : string.Empty);
    }
}
