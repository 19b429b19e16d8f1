using System.Buffers;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Gen0.Buffers;

/// <summary>
/// An <see cref="ArrayPool{T}"/> that wraps another pool and turns the silent misuses of a pool into loud failures:
/// for tests and debugging, not for production hot paths.
/// </summary>
/// <typeparam name="T">The element type.</typeparam>
/// <remarks>
/// <para>
/// The contract of <see cref="ArrayPool{T}"/> is that a caller gives up an array when it returns it and returns it
/// exactly once. Nothing enforces that: a second return puts one array in the pool twice, so two later renters share
/// it; a write after return corrupts someone else's data; an array never returned is simply lost. This pool detects
/// each of those:
/// </para>
/// <list type="bullet">
/// <item><description>returning an array twice, or one it never rented, throws <see cref="InvalidOperationException"/>
/// and leaves the wrapped pool untouched;</description></item>
/// <item><description>a returned array is poisoned (unmanaged elements are filled with a byte pattern, others are
/// cleared) and verified when this pool hands it out again, so a write after return throws on that rent;</description></item>
/// <item><description>an array the wrapped pool hands out while it is still rented throws, so a broken inner pool is
/// caught the moment it hands one array to two renters;</description></item>
/// <item><description><see cref="GetOutstanding"/> lists live rentals with the stack of their <c>Rent</c>, and an array
/// collected without being returned is recorded as a leak (<see cref="LeakCount"/>, <see cref="GetLeaks"/>).</description></item>
/// </list>
/// <para>
/// Invariants: every array of non-zero length handed out is either outstanding or back in the wrapped pool, never
/// both; an array is passed to the wrapped pool's <c>Return</c> at most once per rent. Writes after return are seen
/// only for arrays this pool hands out again, so give it a wrapped pool of its own (the default) rather than one that
/// other code rents from too. All members are thread-safe.
/// </para>
/// </remarks>
[DebuggerDisplay("Outstanding = {OutstandingCount}, Rented = {RentCount}, Returned = {ReturnCount}, Leaked = {LeakCount}")]
public sealed partial class GuardedArrayPool<T> : ArrayPool<T>
{
    private const byte PoisonByte = 0xDB;

    private readonly ArrayPool<T> _inner;
    private readonly bool _captureStackTraces;
    private readonly object _lock = new();
    private readonly ConditionalWeakTable<T[], Rental> _outstanding = new();
    private readonly ConditionalWeakTable<T[], ReturnedMark> _returned = new();
    private readonly List<OutstandingRental> _leaks = new();

    // The live rentals, in rent order, for GetOutstanding and AssertAllReturned: a list of our own rather than an
    // enumeration of _outstanding, which netstandard2.0's ConditionalWeakTable cannot do. It holds the descriptions,
    // never the arrays or their Rental, so a leaked array is still collected and its Rental still finalized.
    private readonly LinkedList<OutstandingRental> _live = new();
    private int _outstandingCount;
    private long _rentCount;
    private long _returnCount;

    /// <summary>Creates a guard around a new pool of its own (<see cref="ArrayPool{T}.Create()"/>), capturing rent stacks.</summary>
    public GuardedArrayPool()
        : this(Create())
    {
    }

    /// <summary>Creates a guard around <paramref name="inner"/>.</summary>
    /// <param name="inner">The pool that really stores the arrays.</param>
    /// <param name="captureStackTraces">Whether each <c>Rent</c> records its stack for <see cref="GetOutstanding"/> (costly, but it is what finds a leak).</param>
    /// <exception cref="ArgumentNullException"><paramref name="inner"/> is <see langword="null"/>.</exception>
    public GuardedArrayPool(ArrayPool<T> inner, bool captureStackTraces = true)
    {
        ArgumentNullException.ThrowIfNull(inner);
        _inner = inner;
        _captureStackTraces = captureStackTraces;
    }

    /// <summary>Gets the number of arrays rented and not yet returned.</summary>
    public int OutstandingCount => Volatile.Read(ref _outstandingCount);

    /// <summary>Gets the number of successful <c>Rent</c> calls of a non-zero length.</summary>
    public long RentCount => Interlocked.Read(ref _rentCount);

    /// <summary>Gets the number of successful <c>Return</c> calls of a non-zero-length array.</summary>
    public long ReturnCount => Interlocked.Read(ref _returnCount);

    /// <summary>Gets the number of rented arrays that were garbage collected without being returned.</summary>
    public int LeakCount
    {
        get
        {
            lock (_lock)
            {
                return _leaks.Count;
            }
        }
    }

    /// <inheritdoc />
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="minimumLength"/> is negative.</exception>
    /// <exception cref="InvalidOperationException">The array about to be handed out was written after it was returned,
    /// or the wrapped pool handed out an array that is still rented.</exception>
    public override T[] Rent(int minimumLength)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(minimumLength);
        T[] array = _inner.Rent(minimumLength);
        if (array.Length == 0)
        {
            return array;
        }

        string? stack = _captureStackTraces ? new StackTrace(1, fNeedFileInfo: true).ToString() : null;
        lock (_lock)
        {
            if (_outstanding.TryGetValue(array, out _))
            {
                ThrowHelper.ThrowInvalidOperation($"The wrapped pool handed out a T[{array.Length}] that is still rented: two renters would share it. The wrapped pool ({_inner.GetType().Name}) is broken, or an array was returned to it behind this guard's back.");
            }

            if (_returned.TryGetValue(array, out ReturnedMark? mark))
            {
                _returned.Remove(array);
                int corrupted = FindFirstUnpoisoned(array);
                if (corrupted >= 0)
                {
                    // The array is dropped rather than returned: the wrapped pool must not hand corrupted data on.
                    ThrowHelper.ThrowInvalidOperation($"A T[{array.Length}] was written after it was returned to the pool: element {corrupted} no longer holds the value written on Return. Find the code that keeps using a buffer after returning it (it was returned at {mark.ReturnedAtUtc:O}).");
                }

                if (mark.Clear)
                {
                    Array.Clear(array);
                }
            }

            _outstanding.Add(array, new Rental(this, _live.AddLast(new OutstandingRental(array.Length, minimumLength, DateTime.UtcNow, stack))));
            _outstandingCount++;
            _rentCount++;
        }

        return array;
    }

    /// <inheritdoc />
    /// <exception cref="ArgumentNullException"><paramref name="array"/> is <see langword="null"/>.</exception>
    /// <exception cref="InvalidOperationException">The array was already returned, or was never rented from this pool.</exception>
    public override void Return(T[] array, bool clearArray = false)
    {
        ArgumentNullException.ThrowIfNull(array);
        if (array.Length == 0)
        {
            return;
        }

        lock (_lock)
        {
            if (!_outstanding.TryGetValue(array, out Rental? rental))
            {
                if (_returned.TryGetValue(array, out ReturnedMark? mark))
                {
                    ThrowHelper.ThrowInvalidOperation($"A T[{array.Length}] was returned to the pool twice (first at {mark.ReturnedAtUtc:O}). After Return the caller gives the array up: find the second Return, or an ArrayLease copied and disposed twice.");
                }

                ThrowHelper.ThrowInvalidOperation($"A T[{array.Length}] was returned to a GuardedArrayPool that did not rent it. Return an array only to the pool it was rented from.");
            }

            rental.MarkReturned();
            _live.Remove(rental.Node);
            _outstanding.Remove(array);
            _outstandingCount--;
            _returnCount++;
            Poison(array);
            _returned.AddOrUpdate(array, new ReturnedMark(DateTime.UtcNow, clearArray));
        }

        // The poison already overwrote the contents, so the wrapped pool need not clear them again.
        _inner.Return(array);
    }

    /// <summary>Lists the arrays rented and not yet returned, with the stack of their <c>Rent</c>.</summary>
    /// <returns>A snapshot of the outstanding rentals, oldest first.</returns>
    public IReadOnlyList<OutstandingRental> GetOutstanding()
    {
        lock (_lock)
        {
            return _live.ToArray();
        }
    }

    /// <summary>Lists the rented arrays that were garbage collected without being returned.</summary>
    /// <returns>A snapshot of the leaks seen so far.</returns>
    public IReadOnlyList<OutstandingRental> GetLeaks()
    {
        lock (_lock)
        {
            return _leaks.ToArray();
        }
    }

    /// <summary>Throws unless every rented array has been returned and none has leaked.</summary>
    /// <exception cref="InvalidOperationException">Some arrays are outstanding or leaked; the message lists them.</exception>
    public void AssertAllReturned()
    {
        IReadOnlyList<OutstandingRental> outstanding = GetOutstanding();
        IReadOnlyList<OutstandingRental> leaks = GetLeaks();
        if (outstanding.Count != 0 || leaks.Count != 0)
        {
            ThrowHelper.ThrowInvalidOperation($"{outstanding.Count} array(s) rented and not returned, {leaks.Count} leaked (collected without Return):{Environment.NewLine}{string.Join(Environment.NewLine, outstanding.Concat(leaks))}");
        }
    }

    private static void Poison(T[] array)
    {
        if (RuntimeHelpers.IsReferenceOrContainsReferences<T>())
        {
            Array.Clear(array);
        }
        else
        {
            for (int start = 0; start < array.Length; start += MaxElementsPerByteSpan)
            {
                AsBytes(array, start).Fill(PoisonByte);
            }
        }
    }

    private static int FindFirstUnpoisoned(T[] array)
    {
        if (RuntimeHelpers.IsReferenceOrContainsReferences<T>())
        {
            for (int i = 0; i < array.Length; i++)
            {
                if (!EqualityComparer<T>.Default.Equals(array[i], default!))
                {
                    return i;
                }
            }

            return -1;
        }

        for (int start = 0; start < array.Length; start += MaxElementsPerByteSpan)
        {
            int byteIndex = AsBytes(array, start).IndexOfAnyExcept(PoisonByte);
            if (byteIndex >= 0)
            {
                return start + (byteIndex / Unsafe.SizeOf<T>());
            }
        }

        return -1;
    }

    private static int MaxElementsPerByteSpan => int.MaxValue / Unsafe.SizeOf<T>();

    // Runs on the finalizer thread; the same lock as Rent and Return, so no count update is lost.
    private void RecordLeak(LinkedListNode<OutstandingRental> node)
    {
        lock (_lock)
        {
            _live.Remove(node);
            _leaks.Add(node.Value);
            _outstandingCount--;
        }
    }

    /// <summary>
    /// Lives exactly as long as its rented array (it is the array's value in a <see cref="ConditionalWeakTable{TKey, TValue}"/>),
    /// so its finalizer runs when the array is collected; unless the array came back first, that is a leak.
    /// </summary>
    private sealed class Rental
    {
        private readonly GuardedArrayPool<T> _owner;

        public Rental(GuardedArrayPool<T> owner, LinkedListNode<OutstandingRental> node)
        {
            _owner = owner;
            Node = node;
        }

        ~Rental()
        {
            if (!Environment.HasShutdownStarted)
            {
                _owner.RecordLeak(Node);
            }
        }

        /// <summary>Gets the rental's entry in the owner's list of live rentals.</summary>
        public LinkedListNode<OutstandingRental> Node { get; }

        public void MarkReturned() => GC.SuppressFinalize(this);
    }

    private sealed record ReturnedMark(DateTime ReturnedAtUtc, bool Clear);
}
