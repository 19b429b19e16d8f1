using System.Runtime.CompilerServices;
using Microsoft.CodeAnalysis;

namespace System.Numerics;

/// <summary>netstandard2.0 polyfill of the .NET Core bit helpers Gen0 uses (software versions: no intrinsics there).</summary>
[Embedded]
internal static class BitOperations
{
    /// <summary>Returns the integer base-2 logarithm of <paramref name="value"/> (0 for 0).</summary>
    /// <param name="value">The value.</param>
    /// <returns>The index of the highest set bit.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int Log2(uint value)
    {
        int result = 0;
        if ((value & 0xFFFF0000u) != 0) { value >>= 16; result += 16; }
        if ((value & 0xFF00u) != 0) { value >>= 8; result += 8; }
        if ((value & 0xF0u) != 0) { value >>= 4; result += 4; }
        if ((value & 0xCu) != 0) { value >>= 2; result += 2; }
        if ((value & 0x2u) != 0) { result += 1; }
        return result;
    }

    /// <summary>Returns the integer base-2 logarithm of <paramref name="value"/> (0 for 0).</summary>
    /// <param name="value">The value.</param>
    /// <returns>The index of the highest set bit.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int Log2(ulong value)
    {
        uint high = (uint)(value >> 32);
        return high != 0 ? 32 + Log2(high) : Log2((uint)value);
    }
}
