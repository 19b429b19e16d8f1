namespace Gen0.Collections;

public partial class PooledDictionary<TKey, TValue>
{
    /// <summary>The typed <c>CopyTo</c> of the dictionary and its key and value views: BCL checks, then one copy loop.</summary>
    private void CopyLive<TItem, TProjection>(TItem[] array, int index)
        where TProjection : struct, IPooledEntryProjection<Entry, TItem>
    {
        ThrowIfDisposed();
        if (array is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(array));
        }

        if ((uint)index > (uint)array.Length)
        {
            ThrowHelper.ThrowIndexOutOfRange(nameof(index));
        }

        if (array.Length - index < Count)
        {
            ThrowHelper.ThrowArrayTooSmall();
        }

        _table.CopyLiveTo<TItem, TProjection, TItem>(array, index);
    }

    /// <summary>
    /// The non-generic <see cref="System.Collections.ICollection.CopyTo(Array, int)"/> of the dictionary and its views:
    /// into a <typeparamref name="TItem"/> array, or an <c>object[]</c> whose real element type must accept the items.
    /// </summary>
    private void CopyLiveUntyped<TItem, TProjection>(Array array, int index)
        where TProjection : struct, IPooledEntryProjection<Entry, TItem>
    {
        ThrowIfDisposed();
        CollectionGuards.ValidateCopyTo(array, index, Count);
        if (array is TItem[] typed)
        {
            CopyLive<TItem, TProjection>(typed, index);
            return;
        }

        if (array is not object?[] objects)
        {
            ThrowInvalidArrayType();
            return;
        }

        try
        {
            _table.CopyLiveTo<TItem, TProjection, object?>(objects, index);
        }
        catch (ArrayTypeMismatchException)
        {
            ThrowInvalidArrayType();
        }
    }
}
