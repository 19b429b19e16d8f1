using System.Collections;
using Gen0.Tests.Infrastructure;

namespace Gen0.Tests.Collections.Conformance;

/// <summary>
/// What the conformance bases share: an outcome recorder that turns "returned X" and "threw Y(paramName)" into
/// comparable strings, so that every case can be run on the subject and on its BCL twin and the two outcomes compared;
/// and a counter of the cases run (docs/reliability/collections.md quotes it).
/// </summary>
public static class Conformance
{
    private static long s_cases;
    private static long s_tolerated;
    private static long s_toleratedTwin;
    private const string MissingMember = "MissingMember";

    /// <summary>Gets the number of cases (compared outcomes or checked expectations) run in this process.</summary>
    public static long CaseCount => Interlocked.Read(ref s_cases);

    /// <summary>Runs <paramref name="operation"/> and describes what happened: its value, or the exception's type and parameter name.</summary>
    public static string Outcome(Func<object?> operation)
    {
        try
        {
            return "ok " + Describe(operation());
        }
        catch (ArgumentException ex)
        {
            return $"{ex.GetType().Name}({ex.ParamName})";
        }
        catch (Exception ex) when (ex is InvalidOperationException or NotSupportedException or KeyNotFoundException or IndexOutOfRangeException or InvalidCastException or ArrayTypeMismatchException or RankException)
        {
            // ObjectDisposedException is an InvalidOperationException: its own name keeps it apart.
            return ex.GetType().Name;
        }
        catch (Microsoft.CSharp.RuntimeBinder.RuntimeBinderException) when (!TestPlatform.BclMatchesNet)
        {
            // A member an older twin does not have (Mono's Stack<T>.EnsureCapacity), called through dynamic.
            return MissingMember;
        }
    }

    /// <summary>Runs <paramref name="operation"/> and describes what happened.</summary>
    public static string Outcome(Action operation) => Outcome(() =>
    {
        operation();
        return "done";
    });

    /// <summary>Gets the number of cases that passed only because the twin's exception named no parameter of the member (see <see cref="Same"/>).</summary>
    public static long ToleratedParameterNames => Interlocked.Read(ref s_tolerated);

    /// <summary>
    /// Asserts that the subject did what its twin did, and counts the case. One difference is tolerated and counted:
    /// where the twin's <see cref="ArgumentException"/> names no parameter, or names a parameter of the helper it
    /// delegates to (<c>Array.Copy</c>'s <c>destinationArray</c> and <c>destinationIndex</c>), the subject may name its own parameter.
    /// </summary>
    public static void Same(string expected, string actual, string step)
    {
        Interlocked.Increment(ref s_cases);
        if (expected != actual && IsToleratedParameterName(expected, actual))
        {
            Interlocked.Increment(ref s_tolerated);
            return;
        }

        if (expected != actual && IsOlderTwinDifference(expected, actual))
        {
            Interlocked.Increment(ref s_toleratedTwin);
            return;
        }

        Assert.True(expected == actual, $"{step}: the BCL twin gave [{expected}], the subject [{actual}]");
    }

    /// <summary>Gets the number of cases that passed only because this run's twin is an older BCL's (see <see cref="TestPlatform.BclMatchesNet"/>).</summary>
    public static long ToleratedTwinDifferences => Interlocked.Read(ref s_toleratedTwin);

    // Where the twin is not .NET's: one side succeeded or threw where the other threw a validation or versioning
    // exception, or the twin lacks the member. Two different successes (values) still fail.
    private static bool IsOlderTwinDifference(string expected, string actual)
    {
        if (TestPlatform.BclMatchesNet)
        {
            return false;
        }

        // A logged step ("generic Current: ok 0") compares its outcome when both name the same step.
        int e = expected.IndexOf(": ", StringComparison.Ordinal);
        int a = actual.IndexOf(": ", StringComparison.Ordinal);
        if (e > 0 && e == a && string.CompareOrdinal(expected, 0, actual, 0, e) == 0)
        {
            expected = expected[(e + 2)..];
            actual = actual[(a + 2)..];
        }

        return (IsOk(expected) || IsTolerableTwinFailure(expected)) && (IsOk(actual) || IsTolerableSubjectFailure(actual)) && !(IsOk(expected) && IsOk(actual));
    }

    private static bool IsOk(string outcome) => outcome.StartsWith("ok ", StringComparison.Ordinal);

    private static bool IsTolerableTwinFailure(string outcome) =>
        outcome == MissingMember || IsTolerableSubjectFailure(outcome) || outcome.StartsWith("NotSupportedException", StringComparison.Ordinal) || outcome.StartsWith("IndexOutOfRangeException", StringComparison.Ordinal);

    private static bool IsTolerableSubjectFailure(string outcome) =>
        outcome.StartsWith("Argument", StringComparison.Ordinal) || outcome.StartsWith("InvalidOperationException", StringComparison.Ordinal);

    private static bool IsToleratedParameterName(string expected, string actual)
    {
        int open = expected.LastIndexOf('(');
        if (open < 0 || !expected.EndsWith(')') || !actual.StartsWith(expected[..(open + 1)], StringComparison.Ordinal))
        {
            return false;
        }

        string twinName = expected[(open + 1)..^1];
        return twinName is "" or "destinationArray" or "destinationIndex";
    }

    /// <summary>Runs one step on the twin and on the subject and asserts the same outcome (see <see cref="Same"/>).</summary>
    public static void SameOutcome(Func<object?> twin, Func<object?> subject, string step) => Same(Outcome(twin), Outcome(subject), step);

    /// <summary>Runs one step on the twin and on the subject and asserts the same outcome (see <see cref="Same"/>).</summary>
    public static void SameOutcome(Action twin, Action subject, string step) => Same(Outcome(twin), Outcome(subject), step);

    /// <summary>Asserts a fixed expectation (one the BCL twin documents), and counts the case.</summary>
    public static void Expect(string expected, string actual, string step)
    {
        Interlocked.Increment(ref s_cases);
        if (expected != actual && IsOlderTwinDifference(expected, actual))
        {
            Interlocked.Increment(ref s_toleratedTwin);
            return;
        }

        Assert.True(expected == actual, $"{step}: expected [{expected}], got [{actual}]");
    }

    /// <summary>Asserts that two sequences are equal in content and order, and counts the case.</summary>
    public static void SameSequence(IEnumerable expected, IEnumerable actual, string step)
    {
        Interlocked.Increment(ref s_cases);
        string e = Describe(expected);
        string a = Describe(actual);
        if (e != a && !TestPlatform.BclMatchesNet && expected.GetType().IsGenericType && expected.GetType().GetGenericTypeDefinition() == typeof(HashSet<>))
        {
            // Mono's HashSet<T> restarts its slot array when it empties; .NET's keeps its free list: same items, other order.
            Interlocked.Increment(ref s_toleratedTwin);
            e = string.Join(",", expected.Cast<object?>().Select(Describe).OrderBy(x => x, StringComparer.Ordinal));
            a = string.Join(",", actual.Cast<object?>().Select(Describe).OrderBy(x => x, StringComparer.Ordinal));
        }

        Assert.True(e == a, $"{step}: the BCL twin holds [{e}], the subject [{a}]");
    }

    /// <summary>Counts cases checked by plain assertions.</summary>
    public static void Count(int cases = 1) => Interlocked.Add(ref s_cases, cases);

    /// <summary>Describes a value; sequences element by element, in order.</summary>
    public static string Describe(object? value) => value switch
    {
        null => "null",
        string s => "\"" + s + "\"",
        IEnumerable sequence => "[" + string.Join(",", sequence.Cast<object?>().Select(Describe)) + "]",
        DictionaryEntry entry => $"({Describe(entry.Key)}={Describe(entry.Value)})",
        _ => value.ToString() ?? "?",
    };
}

/// <summary>Equality comparers that stress a hash table, in the spirit of dotnet/runtime's collection tests.</summary>
public static class OddComparers
{
    /// <summary>Default equality, every hash code zero: one long bucket chain.</summary>
    public static IEqualityComparer<int> ZeroHash { get; } = EqualityComparer<int>.Create((x, y) => x == y, _ => 0);

    /// <summary>Equality modulo <see cref="Modulus"/>: many values are equal.</summary>
    public static IEqualityComparer<int> Mod { get; } = EqualityComparer<int>.Create((x, y) => Reduce(x) == Reduce(y), x => Reduce(x));

    /// <summary>Equality of absolute values: x and -x are equal.</summary>
    public static IEqualityComparer<int> Abs { get; } = EqualityComparer<int>.Create((x, y) => Math.Abs((long)x) == Math.Abs((long)y), x => Math.Abs((long)x).GetHashCode());

    /// <summary>Default equality through another comparer object (sets treat it as "another comparer").</summary>
    public static IEqualityComparer<int> DefaultButAnother { get; } = EqualityComparer<int>.Create((x, y) => x == y, x => x);

    /// <summary>Gets the modulus of <see cref="Mod"/>: larger than twice the biggest conformance size, so that the items the bases make stay distinct.</summary>
    public const int Modulus = 1_009;

    private static int Reduce(int x) => (int)((((long)x % Modulus) + Modulus) % Modulus);
}
