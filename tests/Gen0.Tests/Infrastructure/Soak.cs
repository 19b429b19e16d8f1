namespace Gen0.Tests.Infrastructure;

/// <summary>
/// How long the randomized, stress and fuzz suites run, from <c>GEN0_SOAK</c>: unset, the ordinary run; <c>ci</c>, the
/// bounded soak <c>.ci/run</c> runs beside the loaded pass (a few minutes on a 2-core machine); <c>1</c>, the long soak
/// for a quiet machine (tens of minutes, and the array pool contract sweep up to each pool's maximum length: gigabytes).
/// </summary>
public static class Soak
{
    private static readonly string? s_level = Environment.GetEnvironmentVariable("GEN0_SOAK");

    /// <summary>Gets whether any soak is on.</summary>
    public static bool IsOn => IsLong || IsBounded;

    /// <summary>Gets whether the long soak (<c>GEN0_SOAK=1</c>) is on.</summary>
    public static bool IsLong => s_level == "1";

    /// <summary>Gets whether the bounded CI soak (<c>GEN0_SOAK=ci</c>) is on.</summary>
    public static bool IsBounded => s_level == "ci";

    /// <summary>Returns <paramref name="normal"/>, or its soak multiple.</summary>
    /// <param name="normal">The ordinary amount of work.</param>
    /// <param name="bounded">The multiplier under <c>GEN0_SOAK=ci</c>.</param>
    /// <param name="long">The multiplier under <c>GEN0_SOAK=1</c>.</param>
    /// <returns>The amount of work for this run.</returns>
    public static int Scale(int normal, int bounded, int @long) => normal * (IsLong ? @long : IsBounded ? bounded : 1);
}
