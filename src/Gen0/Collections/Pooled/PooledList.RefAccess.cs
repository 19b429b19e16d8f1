using System.Runtime.CompilerServices;

namespace Gen0.Collections;

public partial class PooledList<T>
{
    /// <summary>What <see cref="PooledCollectionsMarshal.SetCount{T}(PooledList{T}, int)"/> does.</summary>
    internal void SetCount(int count)
    {
        if (count < 0)
        {
            ThrowHelper.ThrowNeedNonNegative(nameof(count));
        }

        ThrowIfDisposed();
        _buffer.Version++;
        if (count > _buffer.Items.Length)
        {
            Grow(count);
        }
        else if (count < _size && RuntimeHelpers.IsReferenceOrContainsReferences<T>())
        {
            Array.Clear(_buffer.Items, count, _size - count);
        }

        _size = count;
    }
}
