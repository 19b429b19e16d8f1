using System.Runtime.CompilerServices;

namespace Gen0;

/// <summary>
/// Facts about the Large Object Heap that every LOH-free type sizes its arrays by.
/// </summary>
/// <remarks>
/// The GC puts every object of <see cref="Threshold"/> bytes or more on the LOH, where it is collected only by a
/// gen 2 collection. An array's size is its header (the object header, the method table pointer and the length,
/// 24 bytes on 64-bit) plus its elements, so the longest array that stays off the LOH is shorter than
/// <c>Threshold / sizeof(T)</c>.
/// </remarks>
internal static class LargeObjectHeap
{
    /// <summary>The runtime's default LOH threshold in bytes.</summary>
    public const int DefaultThreshold = 85_000;

    /// <summary>Bytes an array occupies before its first element on a 64-bit runtime.</summary>
    public const int ArrayOverhead = 24;

    /// <summary>The threshold in force: the runtime's <c>LOHThreshold</c> setting when it raises the default.</summary>
    public static int Threshold { get; } = ReadThreshold();

    /// <summary>Returns the size in bytes of one element of <typeparamref name="T"/> inside an array.</summary>
    public static int ElementSize<T>() => Unsafe.SizeOf<T>();

    /// <summary>Returns whether a <typeparamref name="T"/>[] of <paramref name="length"/> elements lands on the LOH.</summary>
    public static bool IsLarge<T>(long length) => ArrayOverhead + (length * ElementSize<T>()) >= Threshold;

    /// <summary>
    /// Returns the largest power of two <c>n</c> such that a <typeparamref name="T"/>[n] stays below the threshold.
    /// </summary>
    public static int MaxPowerOfTwoLength<T>() => MaxPowerOfTwoLength(ElementSize<T>());

    /// <summary>Returns the largest power of two <c>n</c> such that an array of n elements of <paramref name="elementSize"/> bytes stays below the threshold.</summary>
    public static int MaxPowerOfTwoLength(int elementSize)
    {
        long limit = (Threshold - 1L - ArrayOverhead) / Math.Max(1, elementSize);
        int length = 1;
        while ((long)length * 2 <= limit)
        {
            length *= 2;
        }

        return length;
    }

    private static int ReadThreshold()
    {
        // Only a raised threshold is honoured: a lowered one would make every chunk smaller for no gain the GC sees.
        if (GC.GetConfigurationVariables().TryGetValue("LOHThreshold", out object? value) && value is not null)
        {
            long configured = Convert.ToInt64(value, System.Globalization.CultureInfo.InvariantCulture);
            if (configured > DefaultThreshold && configured <= int.MaxValue)
            {
                return (int)configured;
            }
        }

        return DefaultThreshold;
    }
}
