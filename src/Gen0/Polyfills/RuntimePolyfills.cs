using System.Reflection;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Gen0;

/// <summary>
/// netstandard2.0: the runtime members .NET Core added that Gen0 calls, as C# 14 static extension members with the
/// same names, so call sites do not change. Where the runtime has no equivalent the member degrades as its remarks
/// say (docs/netstandard.md lists them).
/// </summary>
internal static class RuntimePolyfills
{
    extension(RuntimeHelpers)
    {
        /// <summary>Returns whether <typeparamref name="T"/> is a reference type or a struct holding one (computed once per type by reflection; .NET folds it to a constant).</summary>
        /// <typeparam name="T">The type.</typeparam>
        /// <returns>The result.</returns>
        public static bool IsReferenceOrContainsReferences<T>() => ReferenceCheck<T>.Value;
    }

    extension(GC)
    {
        /// <summary>Allocates an array; netstandard2.0 has no uninitialized allocation, so it is zeroed (same contents as far as callers may rely on).</summary>
        /// <typeparam name="T">The element type.</typeparam>
        /// <param name="length">The length.</param>
        /// <param name="pinned">Ignored: there is no pinned object heap.</param>
        /// <returns>The array.</returns>
        public static T[] AllocateUninitializedArray<T>(int length, bool pinned = false) => new T[length];

        /// <summary>
        /// Degrades: .NET Framework and Mono report no memory load, so this returns an empty <see cref="GCMemoryInfo"/>
        /// (no high-load threshold, so the pools never see memory pressure and trim on idleness alone; unbounded
        /// available memory, so streams leave the out-of-memory check to the runtime).
        /// </summary>
        /// <returns>The empty information.</returns>
        public static GCMemoryInfo GetGCMemoryInfo() => default;

        /// <summary>Degrades: no GC configuration is visible, so the default Large Object Heap threshold applies.</summary>
        /// <returns>An empty dictionary.</returns>
        public static IReadOnlyDictionary<string, object> GetConfigurationVariables() => s_noConfiguration;
    }

    extension(Thread)
    {
        /// <summary>Degrades: no processor id; returns the managed thread id, which spreads threads over shards as well but does not follow migration between cores.</summary>
        /// <returns>A small non-negative number stable for the thread.</returns>
        public static int GetCurrentProcessorId() => Environment.CurrentManagedThreadId;
    }

    extension(Interlocked)
    {
        /// <summary>
        /// Degrades to a full fence of the calling thread: there is no process-wide barrier. The owners' sides of the
        /// asymmetric handshakes run <see cref="ProcessWideBarrier.OwnerSide"/> on netstandard2.0 (a full fence too),
        /// so each handshake is a plain symmetric Dekker there and stays correct.
        /// </summary>
        public static void MemoryBarrierProcessWide() => Interlocked.MemoryBarrier();

        /// <summary>Bitwise-ors <paramref name="value"/> into <paramref name="location"/> atomically.</summary>
        /// <param name="location">The variable.</param>
        /// <param name="value">The bits to set.</param>
        /// <returns>The original value.</returns>
        public static int Or(ref int location, int value)
        {
            int current = Volatile.Read(ref location);
            while (true)
            {
                int seen = Interlocked.CompareExchange(ref location, current | value, current);
                if (seen == current)
                {
                    return seen;
                }

                current = seen;
            }
        }
    }

    extension(Array)
    {
        /// <summary>Gets the maximum number of elements of an array (the .NET Core value, which .NET Framework honours with gcAllowVeryLargeObjects).</summary>
        public static int MaxLength => 0x7FFFFFC7;

        /// <summary>Clears the whole of <paramref name="array"/>.</summary>
        /// <param name="array">The array.</param>
        public static void Clear(Array array)
        {
            ArgumentNullException.ThrowIfNull(array);
            Array.Clear(array, 0, array.Length);
        }
    }

    extension(Math)
    {
        /// <summary>Returns <paramref name="value"/> clamped to [<paramref name="min"/>, <paramref name="max"/>].</summary>
        /// <param name="value">The value.</param>
        /// <param name="min">The lower bound.</param>
        /// <param name="max">The upper bound.</param>
        /// <returns>The clamped value.</returns>
        public static int Clamp(int value, int min, int max) => value < min ? min : value > max ? max : value;

        /// <summary>Returns <paramref name="value"/> clamped to [<paramref name="min"/>, <paramref name="max"/>].</summary>
        /// <param name="value">The value.</param>
        /// <param name="min">The lower bound.</param>
        /// <param name="max">The upper bound.</param>
        /// <returns>The clamped value.</returns>
        public static long Clamp(long value, long min, long max) => value < min ? min : value > max ? max : value;
    }

    extension(Enum)
    {
        /// <summary>Returns the values of <typeparamref name="TEnum"/>.</summary>
        /// <typeparam name="TEnum">The enum type.</typeparam>
        /// <returns>The values.</returns>
        public static TEnum[] GetValues<TEnum>()
            where TEnum : struct, Enum => (TEnum[])Enum.GetValues(typeof(TEnum));
    }

    extension(string)
    {
        /// <summary>Formats an interpolated string with <paramref name="provider"/>.</summary>
        /// <param name="provider">The culture.</param>
        /// <param name="handler">The interpolated string.</param>
        /// <returns>The string.</returns>
        public static string Create(IFormatProvider? provider, [InterpolatedStringHandlerArgument(nameof(provider))] ref CultureInterpolatedStringHandler handler) =>
            handler.ToStringAndClear();
    }

    private static readonly IReadOnlyDictionary<string, object> s_noConfiguration = new Dictionary<string, object>();

    /// <summary>Caches <see cref="RuntimeHelpers.IsReferenceOrContainsReferences{T}"/> per type.</summary>
    /// <typeparam name="T">The type.</typeparam>
    private static class ReferenceCheck<T>
    {
        public static readonly bool Value = Compute(typeof(T));

        private static bool Compute(Type type)
        {
            if (!type.IsValueType)
            {
                return true;
            }

            if (type.IsPrimitive || type.IsEnum || type.IsPointer)
            {
                return false;
            }

            foreach (FieldInfo field in type.GetFields(BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic))
            {
                if (Compute(field.FieldType))
                {
                    return true;
                }
            }

            return false;
        }
    }
}
