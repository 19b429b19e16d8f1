using System.Buffers;
using System.Collections;
using System.Diagnostics;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using Gen0.Buffers;

namespace Gen0.Collections;

/// <summary>
/// A <see cref="Stack{T}"/> whose backing array is rented from an <see cref="ArrayPool{T}"/> and returned to it on
/// growth, on trimming and on <see cref="Dispose"/>.
/// </summary>
/// <typeparam name="T">The type of the elements.</typeparam>
/// <remarks>
/// <para>
/// The design problem is the one <see cref="PooledList{T}"/> solves, for last-in-first-out work lists: a stack that
/// grows to N elements throws away about N elements of arrays on the way. Until it is disposed this type behaves
/// exactly like <see cref="Stack{T}"/> in .NET 10 (members, LIFO order of enumeration, <see cref="ToArray"/> and
/// <see cref="CopyTo"/>, exceptions, enumerator versioning); <see cref="Capacity"/> reports the rented length.
/// </para>
/// <para>
/// Invariants: <c>_buffer.Items</c> is <see cref="Array.Empty{T}"/> (never returned), a rented array (returned exactly once),
/// or after <see cref="Dispose"/> the zero-length sentinel <c>PooledArrayBuffer&lt;T&gt;.Disposed</c>, which makes Push, Pop and Peek fall
/// into their existing slow paths, where alone the disposed state is checked. Element i of the stack (from the
/// bottom) lives in <c>_buffer.Items[i]</c>; slots from <c>_size</c> on hold no references.
/// </para>
/// </remarks>
[DebuggerDisplay("Count = {Count}")]
[DebuggerTypeProxy(typeof(PooledStackDebugView<>))]
public partial class PooledStack<T> : IEnumerable<T>, IReadOnlyCollection<T>, ICollection, IDisposable
{
    // The rented array, its pool and clear mode, and the version: the rules for them live in the core.
    private PooledArrayBuffer<T> _buffer;
    private int _size;

    /// <summary>Initializes a new, empty stack that rents from the default pool.</summary>
    public PooledStack()
        : this(ClearMode.Auto, null)
    {
    }

    /// <summary>Initializes a new, empty stack with the given clear mode, renting from the default pool.</summary>
    /// <param name="clearMode">When the arrays go back to the pool cleared.</param>
    public PooledStack(ClearMode clearMode)
        : this(clearMode, null)
    {
    }

    /// <summary>Initializes a new, empty stack that rents from <paramref name="pool"/>.</summary>
    /// <param name="pool">The pool to rent from; <see langword="null"/> for the default pool.</param>
    /// <param name="clearMode">When the arrays go back to the pool cleared.</param>
    public PooledStack(ArrayPool<T>? pool, ClearMode clearMode = ClearMode.Auto)
        : this(clearMode, pool)
    {
    }

    /// <summary>Initializes a new, empty stack that rents from <paramref name="pool"/>.</summary>
    /// <param name="clearMode">When the arrays go back to the pool cleared.</param>
    /// <param name="pool">The pool to rent from; <see langword="null"/> for the default pool.</param>
    public PooledStack(ClearMode clearMode, ArrayPool<T>? pool)
    {
        _buffer = new PooledArrayBuffer<T>(pool, clearMode);
    }

    /// <summary>Initializes a new, empty stack that can hold at least <paramref name="capacity"/> elements without growing.</summary>
    /// <param name="capacity">The initial capacity.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="capacity"/> is negative.</exception>
    public PooledStack(int capacity)
        : this(capacity, null)
    {
    }

    /// <summary>Initializes a new, empty stack with the given clear mode that can hold at least <paramref name="capacity"/> elements.</summary>
    /// <param name="capacity">The initial capacity.</param>
    /// <param name="clearMode">When the arrays go back to the pool cleared.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="capacity"/> is negative.</exception>
    public PooledStack(int capacity, ClearMode clearMode)
        : this(capacity, null, clearMode)
    {
    }

    /// <summary>Initializes a new, empty stack that rents from <paramref name="pool"/> and can hold at least <paramref name="capacity"/> elements.</summary>
    /// <param name="capacity">The initial capacity.</param>
    /// <param name="pool">The pool to rent from; <see langword="null"/> for the default pool.</param>
    /// <param name="clearMode">When the arrays go back to the pool cleared.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="capacity"/> is negative.</exception>
    public PooledStack(int capacity, ArrayPool<T>? pool, ClearMode clearMode = ClearMode.Auto)
        : this(clearMode, pool)
    {
        _buffer.RentInitial(capacity);
    }

    /// <summary>Initializes a new stack by pushing the elements of <paramref name="collection"/> in order (the last one ends on top).</summary>
    /// <param name="collection">The elements to push.</param>
    /// <exception cref="ArgumentNullException"><paramref name="collection"/> is <see langword="null"/>.</exception>
    public PooledStack(IEnumerable<T> collection)
        : this(collection, null)
    {
    }

    /// <summary>Initializes a new stack with the given clear mode by pushing the elements of <paramref name="collection"/> in order.</summary>
    /// <param name="collection">The elements to push.</param>
    /// <param name="clearMode">When the arrays go back to the pool cleared.</param>
    /// <exception cref="ArgumentNullException"><paramref name="collection"/> is <see langword="null"/>.</exception>
    public PooledStack(IEnumerable<T> collection, ClearMode clearMode)
        : this(collection, null, clearMode)
    {
    }

    /// <summary>Initializes a new stack that rents from <paramref name="pool"/> by pushing the elements of <paramref name="collection"/> in order.</summary>
    /// <param name="collection">The elements to push.</param>
    /// <param name="pool">The pool to rent from; <see langword="null"/> for the default pool.</param>
    /// <param name="clearMode">When the arrays go back to the pool cleared.</param>
    /// <exception cref="ArgumentNullException"><paramref name="collection"/> is <see langword="null"/>.</exception>
    public PooledStack(IEnumerable<T> collection, ArrayPool<T>? pool, ClearMode clearMode = ClearMode.Auto)
        : this(clearMode, pool)
    {
        int count = _buffer.InitializeFrom(collection);
        if (count > 0)
        {
            _size = count;
        }
    }

    /// <summary>Initializes a new stack by pushing the elements of <paramref name="span"/> in order (the last one ends on top).</summary>
    /// <param name="span">The elements to push.</param>
    public PooledStack(ReadOnlySpan<T> span)
        : this(span, null)
    {
    }

    /// <summary>Initializes a new stack with the given clear mode by pushing the elements of <paramref name="span"/> in order.</summary>
    /// <param name="span">The elements to push.</param>
    /// <param name="clearMode">When the arrays go back to the pool cleared.</param>
    public PooledStack(ReadOnlySpan<T> span, ClearMode clearMode)
        : this(span, null, clearMode)
    {
    }

    /// <summary>Initializes a new stack that rents from <paramref name="pool"/> by pushing the elements of <paramref name="span"/> in order.</summary>
    /// <param name="span">The elements to push.</param>
    /// <param name="pool">The pool to rent from; <see langword="null"/> for the default pool.</param>
    /// <param name="clearMode">When the arrays go back to the pool cleared.</param>
    public PooledStack(ReadOnlySpan<T> span, ArrayPool<T>? pool, ClearMode clearMode = ClearMode.Auto)
        : this(clearMode, pool)
    {
        _size = _buffer.InitializeFrom(span);
    }

    /// <summary>Gets the number of elements in the stack; 0 once it is disposed.</summary>
    public int Count => _size;

    /// <summary>Gets the number of elements the stack can hold without growing: the length of the rented array.</summary>
    /// <exception cref="ObjectDisposedException">The stack has been disposed.</exception>
    public int Capacity
    {
        get => _buffer.GetCapacity(this);
    }

    bool ICollection.IsSynchronized => false;

    object ICollection.SyncRoot => this;

    /// <summary>Gets whether the stack has been disposed.</summary>
    internal bool IsDisposed => _buffer.IsDisposed;

    /// <summary>Pushes <paramref name="item"/> on top of the stack.</summary>
    /// <param name="item">The element to push.</param>
    /// <exception cref="ObjectDisposedException">The stack has been disposed.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Push(T item)
    {
        int size = _size;
        T[] array = _buffer.Items;
        if ((uint)size < (uint)array.Length)
        {
            array[size] = item;
            _buffer.Version++;
            _size = size + 1;
        }
        else
        {
            PushWithResize(item);
        }
    }

    /// <summary>Removes and returns the element on top of the stack.</summary>
    /// <returns>The top element.</returns>
    /// <exception cref="InvalidOperationException">The stack is empty.</exception>
    /// <exception cref="ObjectDisposedException">The stack has been disposed.</exception>
    public T Pop()
    {
        int size = _size - 1;
        T[] array = _buffer.Items;

        // A negative size and the disposed sentinel both fail this one unsigned check.
        if ((uint)size >= (uint)array.Length)
        {
            ThrowForEmptyStack();
        }

        _buffer.Version++;
        _size = size;
        T item = array[size];
        if (RuntimeHelpers.IsReferenceOrContainsReferences<T>())
        {
            array[size] = default!;
        }

        return item;
    }

    /// <summary>Removes the element on top of the stack, if there is one.</summary>
    /// <param name="result">The top element, or <c>default</c>.</param>
    /// <returns><see langword="false"/> if the stack is empty.</returns>
    /// <exception cref="ObjectDisposedException">The stack has been disposed.</exception>
    public bool TryPop([MaybeNullWhen(false)] out T result)
    {
        int size = _size - 1;
        T[] array = _buffer.Items;
        if ((uint)size >= (uint)array.Length)
        {
            ThrowIfDisposed();
            result = default;
            return false;
        }

        _buffer.Version++;
        _size = size;
        result = array[size];
        if (RuntimeHelpers.IsReferenceOrContainsReferences<T>())
        {
            array[size] = default!;
        }

        return true;
    }

    /// <summary>Returns the element on top of the stack without removing it.</summary>
    /// <returns>The top element.</returns>
    /// <exception cref="InvalidOperationException">The stack is empty.</exception>
    /// <exception cref="ObjectDisposedException">The stack has been disposed.</exception>
    public T Peek()
    {
        int size = _size - 1;
        T[] array = _buffer.Items;
        if ((uint)size >= (uint)array.Length)
        {
            ThrowForEmptyStack();
        }

        return array[size];
    }

    /// <summary>Returns the element on top of the stack, if there is one, without removing it.</summary>
    /// <param name="result">The top element, or <c>default</c>.</param>
    /// <returns><see langword="false"/> if the stack is empty.</returns>
    /// <exception cref="ObjectDisposedException">The stack has been disposed.</exception>
    public bool TryPeek([MaybeNullWhen(false)] out T result)
    {
        int size = _size - 1;
        T[] array = _buffer.Items;
        if ((uint)size >= (uint)array.Length)
        {
            ThrowIfDisposed();
            result = default;
            return false;
        }

        result = array[size];
        return true;
    }

    /// <summary>Removes every element. The rented array is kept for reuse; <see cref="Dispose"/> gives it back.</summary>
    /// <exception cref="ObjectDisposedException">The stack has been disposed.</exception>
    public void Clear()
    {
        ThrowIfDisposed();
        if (RuntimeHelpers.IsReferenceOrContainsReferences<T>())
        {
            Array.Clear(_buffer.Items, 0, _size);
        }

        _size = 0;
        _buffer.Version++;
    }

    /// <summary>Returns whether the stack contains <paramref name="item"/>.</summary>
    /// <param name="item">The element to find.</param>
    /// <returns><see langword="true"/> if the item is found.</returns>
    /// <exception cref="ObjectDisposedException">The stack has been disposed.</exception>
    public bool Contains(T item)
    {
        ThrowIfDisposed();
        return _size != 0 && Array.LastIndexOf(_buffer.Items, item, _size - 1) != -1;
    }

    /// <summary>Copies the elements to <paramref name="array"/> in pop order (the top first), starting at <paramref name="arrayIndex"/>.</summary>
    /// <param name="array">The destination.</param>
    /// <param name="arrayIndex">The first slot to write.</param>
    /// <exception cref="ArgumentNullException"><paramref name="array"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="arrayIndex"/> is outside <paramref name="array"/>.</exception>
    /// <exception cref="ArgumentException"><paramref name="array"/> is too short.</exception>
    /// <exception cref="ObjectDisposedException">The stack has been disposed.</exception>
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

        int srcIndex = 0;
        int dstIndex = arrayIndex + _size;
        while (srcIndex < _size)
        {
            array[--dstIndex] = _buffer.Items[srcIndex++];
        }
    }

    void ICollection.CopyTo(Array array, int arrayIndex)
    {
        ThrowIfDisposed();
        CollectionGuards.ValidateCopyTo(array, arrayIndex, _size, nameof(arrayIndex), tooShortIsInvalidOffset: true);
        try
        {
            Array.Copy(_buffer.Items, 0, array, arrayIndex, _size);
            Array.Reverse(array, arrayIndex, _size);
        }
        catch (ArrayTypeMismatchException)
        {
            throw new ArgumentException("Target array type is not compatible with the type of items in the collection.", nameof(array));
        }
    }

    /// <summary>Returns a new array (not pooled) with the elements in pop order: the top first.</summary>
    /// <returns>The elements; an empty array when the stack is empty.</returns>
    /// <exception cref="ObjectDisposedException">The stack has been disposed.</exception>
    public T[] ToArray()
    {
        ThrowIfDisposed();
        if (_size == 0)
        {
            return [];
        }

        T[] objArray = new T[_size];
        int i = 0;
        while (i < _size)
        {
            objArray[i] = _buffer.Items[_size - i - 1];
            i++;
        }

        return objArray;
    }

    /// <summary>
    /// Returns a span over the elements in push order: index 0 is the bottom, the last index the top (the reverse of
    /// enumeration). It stays valid until the stack grows, is trimmed or is disposed.
    /// </summary>
    /// <returns>The live elements, <c>Count</c> long.</returns>
    /// <exception cref="ObjectDisposedException">The stack has been disposed.</exception>
    public Span<T> AsSpan()
    {
        ThrowIfDisposed();
        return new Span<T>(_buffer.Items, 0, _size);
    }

    /// <summary>Ensures the stack can hold at least <paramref name="capacity"/> elements without growing.</summary>
    /// <param name="capacity">The minimum capacity.</param>
    /// <returns>The new capacity.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="capacity"/> is negative.</exception>
    /// <exception cref="ObjectDisposedException">The stack has been disposed.</exception>
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
        }

        return _buffer.Items.Length;
    }

    /// <summary>Moves the elements to a smaller rented array when less than 90% of the capacity is used.</summary>
    /// <exception cref="ObjectDisposedException">The stack has been disposed.</exception>
    public void TrimExcess()
    {
        ThrowIfDisposed();
        int threshold = (int)(_buffer.Items.Length * 0.9);
        if (_size < threshold)
        {
            // Like Stack<T> in .NET 10, moving to another array is not a modification: enumerators stay valid.
            Resize(_size);
        }
    }

    /// <summary>Moves the elements to a rented array of at least <paramref name="capacity"/> elements.</summary>
    /// <param name="capacity">The new capacity.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="capacity"/> is negative or less than <see cref="Count"/>.</exception>
    /// <exception cref="ObjectDisposedException">The stack has been disposed.</exception>
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

        Resize(capacity);
    }

    /// <summary>Returns an enumerator that yields the elements in pop order: the top first.</summary>
    /// <returns>The enumerator.</returns>
    /// <exception cref="ObjectDisposedException">The stack has been disposed.</exception>
    public Enumerator GetEnumerator()
    {
        ThrowIfDisposed();
        return new Enumerator(this);
    }

    IEnumerator<T> IEnumerable<T>.GetEnumerator() => Count == 0 ? EmptyEnumerator() : GetEnumerator();

    IEnumerator IEnumerable.GetEnumerator() => ((IEnumerable<T>)this).GetEnumerator();

    /// <summary>Returns the rented array to its pool and empties the stack. Calling it again does nothing.</summary>
    public void Dispose()
    {
        if (_buffer.Dispose(0, _size))
        {
            _size = 0;
            GC.SuppressFinalize(this);
        }
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private void PushWithResize(T item)
    {
        Grow(_size + 1);
        _buffer.Items[_size] = item;
        _buffer.Version++;
        _size++;
    }

    private void Grow(int capacity) => _buffer.Grow(capacity, _size, this);

    /// <summary>Moves the elements to a rented array of at least <paramref name="capacity"/> (or to none for 0) and returns the old one.</summary>
    private void Resize(int capacity) => _buffer.Resize(capacity, _size);

    private IEnumerator<T> EmptyEnumerator()
    {
        ThrowIfDisposed();
        return CollectionGuards.EmptyEnumerator<T>();
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void ThrowIfDisposed() => _buffer.ThrowIfDisposed(this);

    [DoesNotReturn]
    private void ThrowForEmptyStack()
    {
        ThrowIfDisposed();
        throw new InvalidOperationException("Stack empty.");
    }
}
