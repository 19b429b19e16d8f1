namespace System.Numerics;

/// <summary>The <c>BitOperations</c> members the shared tests call (Gen0's own copy is embedded, not visible here).</summary>
internal static class BitOperations
{
    /// <summary>Rounds up to a power of two (0 for 0 and for values above 2^31).</summary>
    /// <param name="value">The value.</param>
    /// <returns>The power of two.</returns>
    public static uint RoundUpToPowerOf2(uint value)
    {
        value--;
        value |= value >> 1;
        value |= value >> 2;
        value |= value >> 4;
        value |= value >> 8;
        value |= value >> 16;
        return value + 1;
    }
}
