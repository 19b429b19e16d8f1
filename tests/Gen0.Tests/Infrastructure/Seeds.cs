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

    /// <summary>Gets how many fresh seeds a randomized test runs besides its fixed ones: 1, 3 under <c>GEN0_SOAK=ci</c>, 8 under <c>GEN0_SOAK=1</c>.</summary>
    public static int FreshCount => IsReplay ? 1 : Soak.Scale(1, 3, 8);

    /// <summary>
    /// Returns the fixed seeds followed by this run's fresh seeds: <see cref="Fresh"/>, and under a soak the seeds after
    /// it (<see cref="FreshCount"/>; each replays alone with <c>GEN0_SEED</c>).
    /// </summary>
    /// <param name="fixedSeeds">The regression set.</param>
    /// <returns>The seeds to run.</returns>
    public static IEnumerable<int> With(params int[] fixedSeeds) =>
        [.. fixedSeeds, .. Enumerable.Range(0, FreshCount).Select(i => unchecked(Fresh + i) & int.MaxValue).Where(seed => !fixedSeeds.Contains(seed))];

    /// <summary>Returns the seeds <paramref name="first"/> to <paramref name="last"/> followed by this run's seed.</summary>
    /// <param name="first">The first fixed seed.</param>
    /// <param name="last">The last fixed seed.</param>
    /// <returns>The seeds to run.</returns>
    public static IEnumerable<int> Range(int first, int last) => With([.. Enumerable.Range(first, last - first + 1)]);

    /// <summary>Describes how to replay <paramref name="seed"/>.</summary>
    /// <param name="seed">The seed.</param>
    /// <returns>A phrase for failure messages.</returns>
    public static string Describe(int seed) => IsReplay && seed == Fresh
        ? $"seed {seed} (replayed from {Variable})"
        : $"seed {seed}: replay with {Variable}={seed}";

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
