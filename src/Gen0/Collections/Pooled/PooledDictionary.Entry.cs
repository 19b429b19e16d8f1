using System.Runtime.InteropServices;

namespace Gen0.Collections;

public partial class PooledDictionary<TKey, TValue>
{
    /// <summary>
    /// One slot of the dictionary's entries array. Public only so that a caller can name
    /// <c>ArrayPool&lt;PooledDictionary&lt;TKey, TValue&gt;.Entry&gt;</c> and supply the pool the entries come from;
    /// it has no public members and its layout may change.
    /// </summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct Entry : IPooledHashEntry<TKey>
    {
        internal int _hashCode;

        // Index of the next entry in the chain, -1 at its end; an entry on the free list stores
        // StartOfFreeList - (index of the next free entry), so every value below -1 means "free".
        internal int _next;
        internal TKey _key;
        internal TValue _value;

        int IPooledHashEntry<TKey>.HashCode { readonly get => _hashCode; set => _hashCode = value; }

        int IPooledHashEntry<TKey>.Next { readonly get => _next; set => _next = value; }

        TKey IPooledHashEntry<TKey>.Key { readonly get => _key; set => _key = value; }

        readonly void IPooledHashEntry<TKey>.ThrowOwnerDisposed() => ThrowObjectDisposed();
    }
}
