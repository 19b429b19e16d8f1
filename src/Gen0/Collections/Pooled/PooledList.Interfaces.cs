using System.Collections;

namespace Gen0.Collections;

/// <content>The non-generic and explicit interface members, with <see cref="List{T}"/>'s conversions and checks.</content>
public partial class PooledList<T>
{
    bool ICollection<T>.IsReadOnly => false;

    bool IList.IsFixedSize => false;

    bool IList.IsReadOnly => false;

    bool ICollection.IsSynchronized => false;

    object ICollection.SyncRoot => this;

    object? IList.this[int index]
    {
        get => this[index];
        set
        {
            ThrowIfDisposed();
            ThrowIfNullAndNullsAreIllegal(value, nameof(value));
            try
            {
                this[index] = (T)value!;
            }
            catch (InvalidCastException)
            {
                ThrowHelper.ThrowWrongType(value, typeof(T), nameof(value));
            }
        }
    }

    int IList.Add(object? item)
    {
        ThrowIfDisposed();
        ThrowIfNullAndNullsAreIllegal(item, nameof(item));
        try
        {
            Add((T)item!);
        }
        catch (InvalidCastException)
        {
            // List<T> names the null "item" but a wrong type "value"; the names are the twin's.
            ThrowHelper.ThrowWrongType(item, typeof(T), "value");
        }

        return Count - 1;
    }

    bool IList.Contains(object? item) => IsCompatibleObject(item) ? Contains((T)item!) : CheckedFalse();

    int IList.IndexOf(object? item) => IsCompatibleObject(item) ? IndexOf((T)item!) : CheckedMinusOne();

    void IList.Insert(int index, object? item)
    {
        ThrowIfDisposed();
        ThrowIfNullAndNullsAreIllegal(item, nameof(item));
        try
        {
            Insert(index, (T)item!);
        }
        catch (InvalidCastException)
        {
            ThrowHelper.ThrowWrongType(item, typeof(T), "value");
        }
    }

    void IList.Remove(object? item)
    {
        if (IsCompatibleObject(item))
        {
            Remove((T)item!);
        }
        else
        {
            ThrowIfDisposed();
        }
    }

    void ICollection.CopyTo(Array array, int index)
    {
        ThrowIfDisposed();
        if (array is not null && array.Rank != 1)
        {
            ThrowMultiDimensionalArray();
        }

        try
        {
            Array.Copy(_buffer.Items, 0, array!, index, _size);
        }
        catch (ArrayTypeMismatchException)
        {
            ThrowIncompatibleArrayType();
        }
    }

    IEnumerator<T> IEnumerable<T>.GetEnumerator() => Count == 0 ? EmptyEnumerator() : GetEnumerator();

    IEnumerator IEnumerable.GetEnumerator() => ((IEnumerable<T>)this).GetEnumerator();

    private static bool IsCompatibleObject(object? value) => value is T || (value is null && default(T) is null);

    private static void ThrowIfNullAndNullsAreIllegal(object? value, string paramName)
    {
        if (value is null && default(T) is not null)
        {
            ThrowHelper.ThrowArgumentNull(paramName);
        }
    }

    private bool CheckedFalse()
    {
        ThrowIfDisposed();
        return false;
    }

    private int CheckedMinusOne()
    {
        ThrowIfDisposed();
        return -1;
    }

    private IEnumerator<T> EmptyEnumerator()
    {
        // As List<T> in .NET 8 and later: an empty list hands out the shared, allocation-free empty enumerator.
        ThrowIfDisposed();
        return CollectionGuards.EmptyEnumerator<T>();
    }

    [System.Diagnostics.CodeAnalysis.DoesNotReturn]
    private static void ThrowMultiDimensionalArray() =>
        throw new ArgumentException("Only single dimensional arrays are supported for the requested action.", "array");

    [System.Diagnostics.CodeAnalysis.DoesNotReturn]
    private static void ThrowIncompatibleArrayType() =>
        throw new ArgumentException("Target array type is not compatible with the type of items in the collection.", "array");
}
