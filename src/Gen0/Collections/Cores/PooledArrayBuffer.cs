using System.Buffers;
using System.Runtime.CompilerServices;
using Gen0.Buffers;

namespace Gen0.Collections;

/// <summary>
/// The array-buffer core under <see cref="PooledList{T}"/>, <see cref="PooledStack{T}"/> and
/// <see cref="PooledQueue{T}"/>: the disposed sentinel, the growth rule and the one way an array goes back to its
/// pool (cleared as the clear mode says). The facades keep their array in a field and call these, so that the rules
/// live once.
/// </summary>
/// <remarks>
/// Invariants the facades keep: their array is either <see cref="Array.Empty{T}"/> (never rented), an array rented
/// from their pool and returned exactly once (through <see cref="Return"/>), or, after Dispose, <see cref="Disposed"/>.
/// When <typeparamref name="T"/> holds references, removals clear the slots they free, so only the used run of a
/// returned array can hold references; plain data under <see cref="ClearMode.Always"/> may linger anywhere.
/// </remarks>
/// <typeparam name="T">The element type.</typeparam>
internal static class PooledArrayBuffer<T>
{
    /// <summary>The capacity of the first rented array.</summary>
    public const int DefaultCapacity = 4;

    // A zero-length array distinct from Array.Empty<T>(): the disposed state. Its identity is the point.
#pragma warning disable CA1825 // Avoid zero-length array allocations
    /// <summary>The disposed state: a zero-length array that is not <see cref="Array.Empty{T}"/>.</summary>
    public static readonly T[] Disposed = new T[0];
#pragma warning restore CA1825

    /// <summary>
    /// Returns the capacity to grow an array of <paramref name="currentLength"/> to so that it holds
    /// <paramref name="minimum"/>: doubled (at least by <paramref name="minimumGrowth"/>), never past
    /// <see cref="Array.MaxLength"/> unless <paramref name="minimum"/> asks for it.
    /// </summary>
    public static int GrowCapacity(int currentLength, int minimum, int minimumGrowth = 0)
    {
        int newCapacity = currentLength == 0 ? DefaultCapacity : 2 * currentLength;
        if ((uint)newCapacity > (uint)Array.MaxLength)
        {
            newCapacity = Array.MaxLength;
        }

        newCapacity = Math.Max(newCapacity, currentLength + minimumGrowth);
        return newCapacity < minimum ? minimum : newCapacity;
    }

    /// <summary>
    /// Gives <paramref name="array"/> back to <paramref name="pool"/>, cleared as <paramref name="clearMode"/> says.
    /// A zero-length array was never rented and is ignored.
    /// </summary>
    /// <param name="pool">The pool the array came from.</param>
    /// <param name="clearMode">The owner's clear mode.</param>
    /// <param name="array">The array.</param>
    /// <param name="usedStart">Where the run that may hold elements starts.</param>
    /// <param name="usedCount">How long that run is; it wraps past the end of the array (a queue's ring).</param>
    public static void Return(ArrayPool<T> pool, ClearMode clearMode, T[] array, int usedStart, int usedCount)
    {
        if (array.Length == 0)
        {
            return;
        }

        if (clearMode.ShouldClear<T>())
        {
            if (RuntimeHelpers.IsReferenceOrContainsReferences<T>())
            {
                int first = Math.Min(array.Length - usedStart, usedCount);
                Array.Clear(array, usedStart, first);
                Array.Clear(array, 0, usedCount - first);
            }
            else
            {
                Array.Clear(array);
            }
        }

        pool.Return(array);
    }
}
