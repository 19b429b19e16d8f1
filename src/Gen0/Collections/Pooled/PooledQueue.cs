using System.Buffers;
using System.Collections;
using System.Diagnostics;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using Gen0.Buffers;

namespace Gen0.Collections;

/// <summary>
/// A <see cref="Queue{T}"/> whose circular buffer is rented from an <see cref="ArrayPool{T}"/> and returned to it on
/// growth, on trimming and on <see cref="Dispose"/>.
/// </summary>
/// <typeparam name="T">The type of the elements.</typeparam>
/// <remarks>
/// <para>
/// The design problem is the one <see cref="PooledList{T}"/> solves, for first-in-first-out buffers. Until it is
/// disposed this type behaves exactly like <see cref="Queue{T}"/> in .NET 10 (members, FIFO order, exceptions,
/// enumerator versioning); <see cref="Capacity"/> reports the rented length, and the ring wraps at that length.
/// </para>
/// <para>
/// Invariants: the elements are <c>_buffer.Items[_head]</c>, <c>_buffer.Items[(_head + 1) % length]</c>, ... (<c>_size</c> of them),
/// and <c>_tail</c> is the slot the next element goes to; slots outside them hold no references. <c>_buffer.Items</c> is
/// <see cref="Array.Empty{T}"/> (never returned), a rented array (returned exactly once), or after
/// <see cref="Dispose"/> the zero-length sentinel <c>PooledArrayBuffer&lt;T&gt;.Disposed</c>, which sends Enqueue into its existing
/// grow path and Dequeue and Peek into their existing empty paths, where alone the disposed state is checked.
/// </para>
/// <para>
/// <see cref="AsSpan"/>: a ring that has wrapped is not one span, so <see cref="AsSpan"/> first moves the elements to
/// the front of the array, in order (O(n), once; then O(1) until the ring wraps again). The logical contents do
/// not change, so it does not invalidate enumerators.
/// </para>
/// </remarks>
[DebuggerDisplay("Count = {Count}")]
[DebuggerTypeProxy(typeof(PooledQueueDebugView<>))]
public partial class PooledQueue<T> : IEnumerable<T>, IReadOnlyCollection<T>, ICollection, IDisposable
{
    private const int MinimumGrow = 4;

    // The rented array, its pool and clear mode, and the version: the rules for them live in the core.
    private PooledArrayBuffer<T> _buffer;
    private int _head;
    private int _tail;
    private int _size;

    /// <summary>Initializes a new, empty queue that rents from the default pool.</summary>
    public PooledQueue()
        : this(ClearMode.Auto, null)
    {
    }

    /// <summary>Initializes a new, empty queue with the given clear mode, renting from the default pool.</summary>
    /// <param name="clearMode">When the arrays go back to the pool cleared.</param>
    public PooledQueue(ClearMode clearMode)
        : this(clearMode, null)
    {
    }

    /// <summary>Initializes a new, empty queue that rents from <paramref name="pool"/>.</summary>
    /// <param name="pool">The pool to rent from; <see langword="null"/> for the default pool.</param>
    /// <param name="clearMode">When the arrays go back to the pool cleared.</param>
    public PooledQueue(ArrayPool<T>? pool, ClearMode clearMode = ClearMode.Auto)
        : this(clearMode, pool)
    {
    }

    /// <summary>Initializes a new, empty queue that rents from <paramref name="pool"/>.</summary>
    /// <param name="clearMode">When the arrays go back to the pool cleared.</param>
    /// <param name="pool">The pool to rent from; <see langword="null"/> for the default pool.</param>
    public PooledQueue(ClearMode clearMode, ArrayPool<T>? pool)
    {
        _buffer = new PooledArrayBuffer<T>(pool, clearMode);
    }

    /// <summary>Initializes a new, empty queue that can hold at least <paramref name="capacity"/> elements without growing.</summary>
    /// <param name="capacity">The initial capacity.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="capacity"/> is negative.</exception>
    public PooledQueue(int capacity)
        : this(capacity, null)
    {
    }

    /// <summary>Initializes a new, empty queue with the given clear mode that can hold at least <paramref name="capacity"/> elements.</summary>
    /// <param name="capacity">The initial capacity.</param>
    /// <param name="clearMode">When the arrays go back to the pool cleared.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="capacity"/> is negative.</exception>
    public PooledQueue(int capacity, ClearMode clearMode)
        : this(capacity, null, clearMode)
    {
    }

    /// <summary>Initializes a new, empty queue that rents from <paramref name="pool"/> and can hold at least <paramref name="capacity"/> elements.</summary>
    /// <param name="capacity">The initial capacity.</param>
    /// <param name="pool">The pool to rent from; <see langword="null"/> for the default pool.</param>
    /// <param name="clearMode">When the arrays go back to the pool cleared.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="capacity"/> is negative.</exception>
    public PooledQueue(int capacity, ArrayPool<T>? pool, ClearMode clearMode = ClearMode.Auto)
        : this(clearMode, pool)
    {
        _buffer.RentInitial(capacity);
    }

    /// <summary>Initializes a new queue by enqueuing the elements of <paramref name="collection"/> in order.</summary>
    /// <param name="collection">The elements to enqueue.</param>
    /// <exception cref="ArgumentNullException"><paramref name="collection"/> is <see langword="null"/>.</exception>
    public PooledQueue(IEnumerable<T> collection)
        : this(collection, null)
    {
    }

    /// <summary>Initializes a new queue with the given clear mode by enqueuing the elements of <paramref name="collection"/> in order.</summary>
    /// <param name="collection">The elements to enqueue.</param>
    /// <param name="clearMode">When the arrays go back to the pool cleared.</param>
    /// <exception cref="ArgumentNullException"><paramref name="collection"/> is <see langword="null"/>.</exception>
    public PooledQueue(IEnumerable<T> collection, ClearMode clearMode)
        : this(collection, null, clearMode)
    {
    }

    /// <summary>Initializes a new queue that rents from <paramref name="pool"/> by enqueuing the elements of <paramref name="collection"/> in order.</summary>
    /// <param name="collection">The elements to enqueue.</param>
    /// <param name="pool">The pool to rent from; <see langword="null"/> for the default pool.</param>
    /// <param name="clearMode">When the arrays go back to the pool cleared.</param>
    /// <exception cref="ArgumentNullException"><paramref name="collection"/> is <see langword="null"/>.</exception>
    public PooledQueue(IEnumerable<T> collection, ArrayPool<T>? pool, ClearMode clearMode = ClearMode.Auto)
        : this(clearMode, pool)
    {
        int count = _buffer.InitializeFrom(collection);
        if (count > 0)
        {
            _size = count;
            _tail = count == _buffer.Items.Length ? 0 : count;
        }
    }

    /// <summary>Initializes a new queue by enqueuing the elements of <paramref name="span"/> in order.</summary>
    /// <param name="span">The elements to enqueue.</param>
    public PooledQueue(ReadOnlySpan<T> span)
        : this(span, null)
    {
    }

    /// <summary>Initializes a new queue with the given clear mode by enqueuing the elements of <paramref name="span"/> in order.</summary>
    /// <param name="span">The elements to enqueue.</param>
    /// <param name="clearMode">When the arrays go back to the pool cleared.</param>
    public PooledQueue(ReadOnlySpan<T> span, ClearMode clearMode)
        : this(span, null, clearMode)
    {
    }

    /// <summary>Initializes a new queue that rents from <paramref name="pool"/> by enqueuing the elements of <paramref name="span"/> in order.</summary>
    /// <param name="span">The elements to enqueue.</param>
    /// <param name="pool">The pool to rent from; <see langword="null"/> for the default pool.</param>
    /// <param name="clearMode">When the arrays go back to the pool cleared.</param>
    public PooledQueue(ReadOnlySpan<T> span, ArrayPool<T>? pool, ClearMode clearMode = ClearMode.Auto)
        : this(clearMode, pool)
    {
        _size = _buffer.InitializeFrom(span);
        _tail = _size == _buffer.Items.Length ? 0 : _size;
    }

    /// <summary>Gets the number of elements in the queue; 0 once it is disposed.</summary>
    public int Count => _size;

    /// <summary>Gets the number of elements the queue can hold without growing: the length of the rented array.</summary>
    /// <exception cref="ObjectDisposedException">The queue has been disposed.</exception>
    public int Capacity
    {
        get => _buffer.GetCapacity(this);
    }

    bool ICollection.IsSynchronized => false;

    object ICollection.SyncRoot => this;

    /// <summary>Gets whether the queue has been disposed.</summary>
    internal bool IsDisposed => _buffer.IsDisposed;

    /// <summary>Adds <paramref name="item"/> to the end of the queue.</summary>
    /// <param name="item">The element to add.</param>
    /// <exception cref="ObjectDisposedException">The queue has been disposed.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Enqueue(T item)
    {
        int size = _size;
        T[] array = _buffer.Items;

        // A full ring and the disposed sentinel (length 0) both fail this check.
        if ((uint)size < (uint)array.Length)
        {
            int tail = _tail;
            array[tail] = item;
            tail++;
            if (tail == array.Length)
            {
                tail = 0;
            }

            _tail = tail;
            _size = size + 1;
            _buffer.Version++;
        }
        else
        {
            EnqueueWithResize(item);
        }
    }

    /// <summary>Removes and returns the element at the front of the queue.</summary>
    /// <returns>The front element.</returns>
    /// <exception cref="InvalidOperationException">The queue is empty.</exception>
    /// <exception cref="ObjectDisposedException">The queue has been disposed.</exception>
    public T Dequeue()
    {
        int head = _head;
        T[] array = _buffer.Items;
        if (_size == 0)
        {
            ThrowForEmptyQueue();
        }

        T removed = array[head];
        if (RuntimeHelpers.IsReferenceOrContainsReferences<T>())
        {
            array[head] = default!;
        }

        MoveNext(ref _head);
        _size--;
        _buffer.Version++;
        return removed;
    }

    /// <summary>Removes the element at the front of the queue, if there is one.</summary>
    /// <param name="result">The front element, or <c>default</c>.</param>
    /// <returns><see langword="false"/> if the queue is empty.</returns>
    /// <exception cref="ObjectDisposedException">The queue has been disposed.</exception>
    public bool TryDequeue([MaybeNullWhen(false)] out T result)
    {
        int head = _head;
        T[] array = _buffer.Items;
        if (_size == 0)
        {
            ThrowIfDisposed();
            result = default;
            return false;
        }

        result = array[head];
        if (RuntimeHelpers.IsReferenceOrContainsReferences<T>())
        {
            array[head] = default!;
        }

        MoveNext(ref _head);
        _size--;
        _buffer.Version++;
        return true;
    }

    /// <summary>Returns the element at the front of the queue without removing it.</summary>
    /// <returns>The front element.</returns>
    /// <exception cref="InvalidOperationException">The queue is empty.</exception>
    /// <exception cref="ObjectDisposedException">The queue has been disposed.</exception>
    public T Peek()
    {
        if (_size == 0)
        {
            ThrowForEmptyQueue();
        }

        return _buffer.Items[_head];
    }

    /// <summary>Returns the element at the front of the queue, if there is one, without removing it.</summary>
    /// <param name="result">The front element, or <c>default</c>.</param>
    /// <returns><see langword="false"/> if the queue is empty.</returns>
    /// <exception cref="ObjectDisposedException">The queue has been disposed.</exception>
    public bool TryPeek([MaybeNullWhen(false)] out T result)
    {
        if (_size == 0)
        {
            ThrowIfDisposed();
            result = default;
            return false;
        }

        result = _buffer.Items[_head];
        return true;
    }

    /// <summary>Removes every element. The rented array is kept for reuse; <see cref="Dispose"/> gives it back.</summary>
    /// <exception cref="ObjectDisposedException">The queue has been disposed.</exception>
    public void Clear()
    {
        ThrowIfDisposed();
        if (_size != 0)
        {
            if (RuntimeHelpers.IsReferenceOrContainsReferences<T>())
            {
                ClearElements(_buffer.Items);
            }

            _size = 0;
        }

        _head = 0;
        _tail = 0;
        _buffer.Version++;
    }

    /// <summary>Returns whether the queue contains <paramref name="item"/>.</summary>
    /// <param name="item">The element to find.</param>
    /// <returns><see langword="true"/> if the item is found.</returns>
    /// <exception cref="ObjectDisposedException">The queue has been disposed.</exception>
    public bool Contains(T item)
    {
        ThrowIfDisposed();
        if (_size == 0)
        {
            return false;
        }

        if (_head < _tail)
        {
            return Array.IndexOf(_buffer.Items, item, _head, _size) >= 0;
        }

        return Array.IndexOf(_buffer.Items, item, _head, _buffer.Items.Length - _head) >= 0 ||
            Array.IndexOf(_buffer.Items, item, 0, _tail) >= 0;
    }

    /// <summary>Copies the elements to <paramref name="array"/> in FIFO order, starting at <paramref name="arrayIndex"/>.</summary>
    /// <param name="array">The destination.</param>
    /// <param name="arrayIndex">The first slot to write.</param>
    /// <exception cref="ArgumentNullException"><paramref name="array"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="arrayIndex"/> is outside <paramref name="array"/>.</exception>
    /// <exception cref="ArgumentException"><paramref name="array"/> is too short.</exception>
    /// <exception cref="ObjectDisposedException">The queue has been disposed.</exception>
    public void CopyTo(T[] array, int arrayIndex)
    {
        ThrowIfDisposed();
        if (array is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(array));
        }

        if (arrayIndex < 0 || arrayIndex > array.Length)
        {
            ThrowHelper.ThrowIndexOutOfRange(nameof(arrayIndex));
        }

        if (array.Length - arrayIndex < _size)
        {
            ThrowHelper.ThrowInvalidOffsetLength();
        }

        CopyElements(array, arrayIndex);
    }

    void ICollection.CopyTo(Array array, int index)
    {
        ThrowIfDisposed();
        CollectionGuards.ValidateCopyTo(array, index, _size, tooShortIsInvalidOffset: true);
        try
        {
            CopyElements(array, index);
        }
        catch (ArrayTypeMismatchException)
        {
            throw new ArgumentException("Target array type is not compatible with the type of items in the collection.", nameof(array));
        }
    }

    /// <summary>Returns a new array (not pooled) with the elements in FIFO order.</summary>
    /// <returns>The elements; an empty array when the queue is empty.</returns>
    /// <exception cref="ObjectDisposedException">The queue has been disposed.</exception>
    public T[] ToArray()
    {
        ThrowIfDisposed();
        if (_size == 0)
        {
            return [];
        }

        T[] arr = new T[_size];
        CopyElements(arr, 0);
        return arr;
    }

    /// <summary>
    /// Returns a span over the elements in FIFO order. If the ring has wrapped, the elements are first moved to the
    /// front of the array (O(n) once; enumerators stay valid, the contents do not change). The span stays valid until
    /// the queue is next modified, trimmed or disposed.
    /// </summary>
    /// <returns>The live elements, <c>Count</c> long.</returns>
    /// <exception cref="ObjectDisposedException">The queue has been disposed.</exception>
    public Span<T> AsSpan()
    {
        ThrowIfDisposed();
        if (_size != 0 && _head > _buffer.Items.Length - _size)
        {
            SetCapacity(_buffer.Items.Length);
        }

        return new Span<T>(_buffer.Items, _head, _size);
    }

    /// <summary>Ensures the queue can hold at least <paramref name="capacity"/> elements without growing.</summary>
    /// <param name="capacity">The minimum capacity.</param>
    /// <returns>The new capacity.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="capacity"/> is negative.</exception>
    /// <exception cref="ObjectDisposedException">The queue has been disposed.</exception>
    public int EnsureCapacity(int capacity)
    {
        ThrowIfDisposed();
        if (capacity < 0)
        {
            ThrowHelper.ThrowNeedNonNegative(nameof(capacity));
        }

        if (_buffer.Items.Length < capacity)
        {
            Grow(capacity);
            _buffer.Version++;
        }

        return _buffer.Items.Length;
    }

    /// <summary>Moves the elements to a smaller rented array when less than 90% of the capacity is used.</summary>
    /// <exception cref="ObjectDisposedException">The queue has been disposed.</exception>
    public void TrimExcess()
    {
        ThrowIfDisposed();
        int threshold = (int)(_buffer.Items.Length * 0.9);
        if (_size < threshold)
        {
            SetCapacity(_size);
            _buffer.Version++;
        }
    }

    /// <summary>Moves the elements to a rented array of at least <paramref name="capacity"/> elements.</summary>
    /// <param name="capacity">The new capacity.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="capacity"/> is negative or less than <see cref="Count"/>.</exception>
    /// <exception cref="ObjectDisposedException">The queue has been disposed.</exception>
    public void TrimExcess(int capacity)
    {
        ThrowIfDisposed();
        if (capacity < 0)
        {
            ThrowHelper.ThrowNeedNonNegative(nameof(capacity));
        }

        if (capacity < _size)
        {
            ThrowHelper.ThrowArgumentOutOfRange(nameof(capacity), "capacity was less than the current size.");
        }

        if (capacity == _buffer.Items.Length)
        {
            return;
        }

        SetCapacity(capacity);
        _buffer.Version++;
    }

    /// <summary>Returns an enumerator that yields the elements in FIFO order.</summary>
    /// <returns>The enumerator.</returns>
    /// <exception cref="ObjectDisposedException">The queue has been disposed.</exception>
    public Enumerator GetEnumerator()
    {
        ThrowIfDisposed();
        return new Enumerator(this);
    }

    IEnumerator<T> IEnumerable<T>.GetEnumerator() => Count == 0 ? EmptyEnumerator() : GetEnumerator();

    IEnumerator IEnumerable.GetEnumerator() => ((IEnumerable<T>)this).GetEnumerator();

    /// <summary>Returns the rented array to its pool and empties the queue. Calling it again does nothing.</summary>
    public void Dispose()
    {
        if (_buffer.Dispose(_head, _size))
        {
            _size = 0;
            _head = 0;
            _tail = 0;
            GC.SuppressFinalize(this);
        }
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private void EnqueueWithResize(T item)
    {
        Grow(_size + 1);
        Enqueue(item);
    }

    private void Grow(int capacity)
    {
        ThrowIfDisposed();
        SetCapacity(PooledArrayBuffer<T>.GrowCapacity(_buffer.Items.Length, capacity, MinimumGrow));
    }

    /// <summary>Moves the elements, in order, to the front of a rented array of at least <paramref name="capacity"/> (none for 0) and returns the old one.</summary>
    private void SetCapacity(int capacity)
    {
        T[] newArray = _buffer.Rent(capacity);
        if (_size > 0)
        {
            CopyElements(newArray, 0);
        }

        _buffer.Replace(newArray, _head, _size);
        _head = 0;
        _tail = _size == newArray.Length ? 0 : _size;
    }

    /// <summary>Copies the elements, in FIFO order, to <paramref name="destination"/> at <paramref name="index"/>.</summary>
    private void CopyElements(Array destination, int index)
    {
        if (_size == 0)
        {
            return;
        }

        int firstPart = Math.Min(_buffer.Items.Length - _head, _size);
        Array.Copy(_buffer.Items, _head, destination, index, firstPart);
        int rest = _size - firstPart;
        if (rest > 0)
        {
            Array.Copy(_buffer.Items, 0, destination, index + firstPart, rest);
        }
    }

    /// <summary>Clears the slots that hold elements (one or two runs of the ring).</summary>
    private void ClearElements(T[] array)
    {
        if (_size == 0)
        {
            return;
        }

        if (_head < _tail)
        {
            Array.Clear(array, _head, _size);
        }
        else
        {
            Array.Clear(array, _head, array.Length - _head);
            Array.Clear(array, 0, _tail);
        }
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void MoveNext(ref int index)
    {
        int tmp = index + 1;
        if (tmp == _buffer.Items.Length)
        {
            tmp = 0;
        }

        index = tmp;
    }

    private IEnumerator<T> EmptyEnumerator()
    {
        ThrowIfDisposed();
        return CollectionGuards.EmptyEnumerator<T>();
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void ThrowIfDisposed() => _buffer.ThrowIfDisposed(this);

    [DoesNotReturn]
    private void ThrowForEmptyQueue()
    {
        ThrowIfDisposed();
        throw new InvalidOperationException("Queue empty.");
    }

}
