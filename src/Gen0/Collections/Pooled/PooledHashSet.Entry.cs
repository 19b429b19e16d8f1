using System.Runtime.InteropServices;

namespace Gen0.Collections;

public partial class PooledHashSet<T>
{
    /// <summary>
    /// One slot of the set's entries array. Public only so that a caller can name
    /// <c>ArrayPool&lt;PooledHashSet&lt;T&gt;.Entry&gt;</c> and supply the pool the entries come from; it has no
    /// public members and its layout may change.
    /// </summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct Entry : IPooledHashEntry<T>
    {
        internal int _hashCode;

        // Index of the next entry in the chain, -1 at its end; below -1 marks a free entry (see PooledHashing).
        internal int _next;
        internal T _value;

        int IPooledHashEntry<T>.HashCode { readonly get => _hashCode; set => _hashCode = value; }

        int IPooledHashEntry<T>.Next { readonly get => _next; set => _next = value; }

        T IPooledHashEntry<T>.Key { readonly get => _value; set => _value = value; }

        readonly void IPooledHashEntry<T>.ThrowOwnerDisposed() => ThrowObjectDisposed();
    }
}
