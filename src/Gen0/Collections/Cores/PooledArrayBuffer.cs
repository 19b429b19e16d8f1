using System.Buffers;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using Gen0.Buffers;

namespace Gen0.Collections;

/// <summary>
/// The array-buffer core under <see cref="PooledList{T}"/>, <see cref="PooledStack{T}"/> and
/// <see cref="PooledQueue{T}"/>: the pool and clear mode, the rented array, the version, the disposed sentinel, the
/// growth rule, the constructors' first fill and the one way an array goes back to its pool (cleared as the clear mode
/// says). Each facade holds one in a field and keeps only its own layout (a list's and a stack's run from 0, a
/// queue's ring), so that these rules live once.
/// </summary>
/// <remarks>
/// <para>
/// A mutable struct held in a field of its facade (never copied: members are called on the field itself), so the hot
/// paths read <see cref="Items"/> and bump <see cref="Version"/> at a fixed offset of the facade, exactly as if the
/// facade declared the fields.
/// </para>
/// <para>
/// Invariants: <see cref="Items"/> is either <see cref="Array.Empty{T}"/> (never rented), an array rented from the
/// pool and returned exactly once (through <see cref="Return(T[], int, int)"/>, <see cref="Replace"/> or
/// <see cref="Dispose"/>), or, after Dispose, <see cref="Disposed"/>. Every facade keeps the zero-length sentinel's
/// property that its fast paths fail on it, so the disposed check lives only in the slow paths. When
/// <typeparamref name="T"/> holds references, removals clear the slots they free, so only the used run of a returned
/// array can hold references; plain data under <see cref="ClearMode.Always"/> may linger anywhere.
/// </para>
/// </remarks>
/// <typeparam name="T">The element type.</typeparam>
internal struct PooledArrayBuffer<T>
{
    /// <summary>The capacity of the first rented array.</summary>
    public const int DefaultCapacity = 4;

    // A zero-length array distinct from Array.Empty<T>(): the disposed state. Its identity is the point.
#pragma warning disable CA1825 // Avoid zero-length array allocations
    /// <summary>The disposed state: a zero-length array that is not <see cref="Array.Empty{T}"/>.</summary>
    public static readonly T[] Disposed = new T[0];
#pragma warning restore CA1825

    /// <summary>The array: empty, rented, or <see cref="Disposed"/>.</summary>
    public T[] Items;

    /// <summary>Moves on every change an enumerator must notice.</summary>
    public int Version;

    private readonly ArrayPool<T> _pool;
    private readonly ClearMode _clearMode;

    /// <summary>Initializes an empty buffer that rents from <paramref name="pool"/> (the default pool for null).</summary>
    /// <param name="pool">The pool to rent from; <see langword="null"/> for the default pool.</param>
    /// <param name="clearMode">When the arrays go back to the pool cleared.</param>
    public PooledArrayBuffer(ArrayPool<T>? pool, ClearMode clearMode)
    {
        _pool = pool ?? DefaultArrayPool<T>.Instance;
        _clearMode = clearMode;
        Items = [];
    }

    /// <summary>Gets the pool the arrays come from.</summary>
    public readonly ArrayPool<T> Pool => _pool;

    /// <summary>Gets when the arrays go back to the pool cleared.</summary>
    public readonly ClearMode ClearMode => _clearMode;

    /// <summary>Gets whether the owner has been disposed.</summary>
    public readonly bool IsDisposed => ReferenceEquals(Items, Disposed);

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

    /// <summary>Throws <see cref="ObjectDisposedException"/> naming <paramref name="owner"/> once the owner is disposed.</summary>
    /// <param name="owner">The facade, for the exception's object name.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public readonly void ThrowIfDisposed(object owner)
    {
        if (ReferenceEquals(Items, Disposed))
        {
            ThrowDisposed(owner);
        }
    }

    /// <summary>Gets the rented length: the owner's capacity.</summary>
    /// <param name="owner">The facade, for the exception's object name.</param>
    /// <returns>The length of <see cref="Items"/>.</returns>
    /// <exception cref="ObjectDisposedException">The owner has been disposed.</exception>
    public readonly int GetCapacity(object owner)
    {
        ThrowIfDisposed(owner);
        return Items.Length;
    }

    /// <summary>Rents the first array for a constructor's <paramref name="capacity"/> argument (none for 0).</summary>
    /// <param name="capacity">The requested capacity.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="capacity"/> is negative.</exception>
    public void RentInitial(int capacity)
    {
        if (capacity < 0)
        {
            ThrowHelper.ThrowNeedNonNegative(nameof(capacity));
        }

        if (capacity > 0)
        {
            Items = _pool.Rent(capacity);
        }
    }

    /// <summary>Fills a new, empty buffer from <paramref name="span"/>, at index 0.</summary>
    /// <param name="span">The first elements.</param>
    /// <returns>The number of elements copied.</returns>
    public int InitializeFrom(ReadOnlySpan<T> span)
    {
        if (!span.IsEmpty)
        {
            Items = _pool.Rent(span.Length);
            span.CopyTo(Items);
        }

        return span.Length;
    }

    /// <summary>
    /// Fills a new, empty buffer from <paramref name="collection"/>, at index 0: copied in one call when it is an
    /// <see cref="ICollection{T}"/>, otherwise enumerated straight into the array, which is rented at its final size
    /// up front when the count is known without enumerating (LINQ's <c>Select</c> over a list, <c>Range</c>,
    /// <c>OrderBy</c>...), as <c>ToPooledList</c> does, and grows by the growth rule otherwise. No delegate is called
    /// per element. If anything throws, the rented array goes back (the constructor never completes, so nobody else
    /// could ever give it back).
    /// </summary>
    /// <param name="collection">The first elements.</param>
    /// <returns>The number of elements written, from index 0.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="collection"/> is <see langword="null"/>.</exception>
    public int InitializeFrom(IEnumerable<T> collection)
    {
        if (collection is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(collection));
        }

        try
        {
            if (collection is ICollection<T> c)
            {
                int count = c.Count;
                if (count > 0)
                {
                    Items = _pool.Rent(count);
                    c.CopyTo(Items, 0);
                }

                return count;
            }

            if (collection.TryGetNonEnumeratedCount(out int known) && known > 0)
            {
                Items = _pool.Rent(known);
            }

            T[] items = Items;
            int written = 0;
            foreach (T item in collection)
            {
                // Also taken when a known count was short of the truth (a source changed between the two calls).
                if ((uint)written >= (uint)items.Length)
                {
                    Resize(GrowCapacity(items.Length, written + 1), written);
                    items = Items;
                }

                items[written++] = item;
            }

            return written;
        }
        catch
        {
            // The whole array may have been written by a failed CopyTo: clear all of it if the mode says so.
            T[] array = Items;
            Items = Disposed;
            Return(array, 0, array.Length);
            throw;
        }
    }

    /// <summary>Rents an array of at least <paramref name="capacity"/> elements (the empty array for 0).</summary>
    /// <param name="capacity">The capacity.</param>
    /// <returns>The array.</returns>
    public readonly T[] Rent(int capacity) => capacity == 0 ? [] : _pool.Rent(capacity);

    /// <summary>
    /// Moves the first <paramref name="count"/> elements to a rented array of at least <paramref name="capacity"/>
    /// (to none for 0) and gives the old one back: the resize of a run that starts at index 0 (a list, a stack).
    /// </summary>
    /// <param name="capacity">The new capacity.</param>
    /// <param name="count">How many elements, from index 0, move.</param>
    public void Resize(int capacity, int count)
    {
        T[] newItems = Rent(capacity);
        Array.Copy(Items, newItems, count);
        Replace(newItems, 0, count);
    }

    /// <summary>
    /// Grows a run that starts at index 0 (a list, a stack) so that it holds <paramref name="minimum"/> elements, by the
    /// growth rule; throws <see cref="ObjectDisposedException"/> once the owner is disposed (its fast paths fall here).
    /// </summary>
    /// <param name="minimum">The capacity needed.</param>
    /// <param name="count">How many elements, from index 0, move.</param>
    /// <param name="owner">The facade, for the exception's object name.</param>
    public void Grow(int minimum, int count, object owner)
    {
        ThrowIfDisposed(owner);
        Resize(GrowCapacity(Items.Length, minimum), count);
    }

    /// <summary>Gives back, uncleared, an array rented by <see cref="Rent"/> that never held an element.</summary>
    /// <param name="array">The unused array.</param>
    public readonly void ReturnUnused(T[] array) => _pool.Return(array);

    /// <summary>Makes <paramref name="newItems"/> the array and gives the old one back.</summary>
    /// <param name="newItems">The new array, already holding the elements.</param>
    /// <param name="usedStart">Where the old array's used run starts.</param>
    /// <param name="usedCount">How long the old array's used run is.</param>
    public void Replace(T[] newItems, int usedStart, int usedCount)
    {
        T[] old = Items;
        Items = newItems;
        Return(old, usedStart, usedCount);
    }

    /// <summary>Gives <paramref name="array"/>, whose used run is given, back to the pool, cleared as the clear mode says.</summary>
    /// <param name="array">An array rented from this buffer's pool (or a zero-length one, which is ignored).</param>
    /// <param name="usedStart">Where the run that may hold elements starts.</param>
    /// <param name="usedCount">How long that run is (it may wrap).</param>
    public readonly void Return(T[] array, int usedStart, int usedCount) => Return(_pool, _clearMode, array, usedStart, usedCount);

    /// <summary>
    /// Puts the buffer in the disposed state and gives the array back. Returns <see langword="false"/>, doing nothing,
    /// when it already was disposed.
    /// </summary>
    /// <param name="usedStart">Where the run that may hold elements starts.</param>
    /// <param name="usedCount">How long that run is (it may wrap).</param>
    /// <returns>Whether this call disposed the buffer.</returns>
    public bool Dispose(int usedStart, int usedCount)
    {
        T[] array = Items;
        if (ReferenceEquals(array, Disposed))
        {
            return false;
        }

        Items = Disposed;
        Version++;
        Return(array, usedStart, usedCount);
        return true;
    }

    [DoesNotReturn]
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void ThrowDisposed(object owner) => throw new ObjectDisposedException(owner.GetType().FullName);
}
