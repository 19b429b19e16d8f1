namespace Gen0.Tests.Infrastructure;

/// <summary>
/// Seeds of the randomized suites: each runs its fixed seeds (the regression set: sequences that once found a defect or
/// pin a boundary) and one fresh seed per run, so that every run explores a sequence no earlier run tried. A failure
/// names its seed; <c>GEN0_SEED=&lt;n&gt;</c> makes <c>n</c> the run's seed, which replays it.
/// </summary>
public static class Seeds
{
    /// <summary>The environment variable that replays a seed.</summary>
    public const string Variable = "GEN0_SEED";

    /// <summary>Gets this run's seed: <c>GEN0_SEED</c> when set, else a fresh one, the same for the whole test process.</summary>
    public static int Fresh { get; } = ReadOrCreate();

    /// <summary>Gets whether <see cref="Fresh"/> came from <c>GEN0_SEED</c>.</summary>
    public static bool IsReplay => Environment.GetEnvironmentVariable(Variable) is { Length: > 0 };

    /// <summary>Returns the fixed seeds followed by this run's seed (once, if it is not one of them).</summary>
    /// <param name="fixedSeeds">The regression set.</param>
    /// <returns>The seeds to run.</returns>
    public static IEnumerable<int> With(params int[] fixedSeeds) => fixedSeeds.Contains(Fresh) ? fixedSeeds : [.. fixedSeeds, Fresh];

    /// <summary>Returns the seeds <paramref name="first"/> to <paramref name="last"/> followed by this run's seed.</summary>
    /// <param name="first">The first fixed seed.</param>
    /// <param name="last">The last fixed seed.</param>
    /// <returns>The seeds to run.</returns>
    public static IEnumerable<int> Range(int first, int last) => With([.. Enumerable.Range(first, last - first + 1)]);

    /// <summary>Describes how to replay <paramref name="seed"/>.</summary>
    /// <param name="seed">The seed.</param>
    /// <returns>A phrase for failure messages.</returns>
    public static string Describe(int seed) => seed == Fresh && !IsReplay
        ? $"seed {seed}, this run's fresh seed: replay with {Variable}={seed}"
        : $"seed {seed}" + (seed == Fresh ? $" (replayed from {Variable})" : " (fixed)");

    /// <summary>
    /// Runs <paramref name="body"/> for <paramref name="seed"/>; a failure is rethrown with the seed and how to replay it
    /// in its message (the original exception, with its stack, is the inner one).
    /// </summary>
    /// <param name="seed">The seed.</param>
    /// <param name="body">The seeded work.</param>
    public static void Run(int seed, Action body)
    {
        ArgumentNullException.ThrowIfNull(body);
        try
        {
            body();
        }
        catch (Exception ex) when (ex is not SeededFailureException)
        {
            throw new SeededFailureException($"{Describe(seed)}: {ex.Message}", ex);
        }
    }

    /// <summary>The asynchronous counterpart of <see cref="Run(int, Action)"/>.</summary>
    /// <param name="seed">The seed.</param>
    /// <param name="body">The seeded work.</param>
    /// <returns>The work.</returns>
    public static async Task RunAsync(int seed, Func<Task> body)
    {
        ArgumentNullException.ThrowIfNull(body);
        try
        {
            await body().ConfigureAwait(false);
        }
        catch (Exception ex) when (ex is not SeededFailureException)
        {
            throw new SeededFailureException($"{Describe(seed)}: {ex.Message}", ex);
        }
    }

    /// <summary>Returns a seed for one of several workers of a seeded stress run, distinct per worker.</summary>
    /// <param name="seed">The run's seed.</param>
    /// <param name="worker">The worker's number.</param>
    /// <returns>The worker's seed.</returns>
    public static int ForWorker(int seed, int worker) => unchecked((seed * 31) + worker);

    private static int ReadOrCreate()
    {
        string? text = Environment.GetEnvironmentVariable(Variable);
        if (text is { Length: > 0 })
        {
            return int.Parse(text, System.Globalization.CultureInfo.InvariantCulture);
        }

        // Not Random.Shared (.NET 6+): the seed is the one thing every run must print, so it is made here, once.
        return Guid.NewGuid().GetHashCode() & int.MaxValue;
    }
}
