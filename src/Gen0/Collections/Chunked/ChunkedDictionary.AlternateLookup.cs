#if NET9_0_OR_GREATER
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;

namespace Gen0.Collections;

public sealed partial class ChunkedDictionary<TKey, TValue>
{
    /// <summary>
    /// Returns a view of the dictionary that takes keys of type <typeparamref name="TAlternateKey"/>, as
    /// <see cref="Dictionary{TKey, TValue}.GetAlternateLookup{TAlternateKey}"/> does: for example <c>string</c> keys
    /// looked up by a <c>ReadOnlySpan&lt;char&gt;</c>, without allocating a string.
    /// </summary>
    /// <typeparam name="TAlternateKey">The alternate key type.</typeparam>
    /// <returns>The view.</returns>
    /// <exception cref="InvalidOperationException">The comparer does not implement <see cref="IAlternateEqualityComparer{TAlternate, T}"/> for <typeparamref name="TAlternateKey"/> and <typeparamref name="TKey"/>.</exception>
    /// <exception cref="ObjectDisposedException">The dictionary has been disposed.</exception>
    public AlternateLookup<TAlternateKey> GetAlternateLookup<TAlternateKey>()
        where TAlternateKey : notnull, allows ref struct
    {
        if (!TryGetAlternateLookup(out AlternateLookup<TAlternateKey> lookup))
        {
            CollectionGuards.ThrowIncompatibleComparer();
        }

        return lookup;
    }

    /// <summary>Gets a view of the dictionary that takes keys of type <typeparamref name="TAlternateKey"/>, if the comparer supports it.</summary>
    /// <typeparam name="TAlternateKey">The alternate key type.</typeparam>
    /// <param name="lookup">The view, or the default when the comparer does not support <typeparamref name="TAlternateKey"/>.</param>
    /// <returns><see langword="true"/> if the comparer supports <typeparamref name="TAlternateKey"/>.</returns>
    /// <exception cref="ObjectDisposedException">The dictionary has been disposed.</exception>
    public bool TryGetAlternateLookup<TAlternateKey>(out AlternateLookup<TAlternateKey> lookup)
        where TAlternateKey : notnull, allows ref struct
    {
        ThrowIfDisposed();
        if (_table.SupportsAlternate<TAlternateKey>())
        {
            lookup = new AlternateLookup<TAlternateKey>(this);
            return true;
        }

        lookup = default;
        return false;
    }

    /// <summary>
    /// A view of a <see cref="ChunkedDictionary{TKey, TValue}"/> that takes keys of type
    /// <typeparamref name="TAlternateKey"/>; it behaves as <see cref="Dictionary{TKey, TValue}.AlternateLookup{TAlternateKey}"/>.
    /// </summary>
    /// <typeparam name="TAlternateKey">The alternate key type.</typeparam>
    public readonly struct AlternateLookup<TAlternateKey>
        where TAlternateKey : notnull, allows ref struct
    {
        internal AlternateLookup(ChunkedDictionary<TKey, TValue> dictionary) => Dictionary = dictionary;

        /// <summary>Gets the dictionary this view reads and writes.</summary>
        public ChunkedDictionary<TKey, TValue> Dictionary { get; }

        /// <summary>Gets or sets the value of <paramref name="key"/>; setting an absent key adds it (the comparer creates the <typeparamref name="TKey"/>).</summary>
        /// <param name="key">The alternate key.</param>
        /// <exception cref="KeyNotFoundException">The getter found no such key.</exception>
        /// <exception cref="ObjectDisposedException">The dictionary has been disposed.</exception>
        public TValue this[TAlternateKey key]
        {
            get
            {
                ref ChunkedDictionaryEntry<TKey, TValue> entry = ref Find(key);
                if (Unsafe.IsNullRef(ref entry))
                {
                    ThrowHelper.ThrowKeyNotFound(Dictionary._table.AlternateComparer<TAlternateKey>().Create(key));
                }

                return entry.Value;
            }

            set => GetValueRefOrAddDefault(key, out _) = value;
        }

        /// <summary>Returns whether <paramref name="key"/> is present.</summary>
        /// <param name="key">The alternate key.</param>
        /// <returns><see langword="true"/> if present.</returns>
        /// <exception cref="ObjectDisposedException">The dictionary has been disposed.</exception>
        public bool ContainsKey(TAlternateKey key) => !Unsafe.IsNullRef(ref Find(key));

        /// <summary>Gets the value of <paramref name="key"/> if present.</summary>
        /// <param name="key">The alternate key.</param>
        /// <param name="value">The value, or the default when absent.</param>
        /// <returns><see langword="true"/> if present.</returns>
        /// <exception cref="ObjectDisposedException">The dictionary has been disposed.</exception>
        public bool TryGetValue(TAlternateKey key, [MaybeNullWhen(false)] out TValue value) => TryGetValue(key, out _, out value);

        /// <summary>Gets the stored key and the value of <paramref name="key"/> if present.</summary>
        /// <param name="key">The alternate key.</param>
        /// <param name="actualKey">The key stored in the dictionary, or the default when absent.</param>
        /// <param name="value">The value, or the default when absent.</param>
        /// <returns><see langword="true"/> if present.</returns>
        /// <exception cref="ObjectDisposedException">The dictionary has been disposed.</exception>
        public bool TryGetValue(TAlternateKey key, [MaybeNullWhen(false)] out TKey actualKey, [MaybeNullWhen(false)] out TValue value)
        {
            ref ChunkedDictionaryEntry<TKey, TValue> entry = ref Find(key);
            if (!Unsafe.IsNullRef(ref entry))
            {
                actualKey = entry.Key;
                value = entry.Value;
                return true;
            }

            actualKey = default;
            value = default;
            return false;
        }

        /// <summary>Adds <paramref name="key"/> (the comparer creates the <typeparamref name="TKey"/>) and its value unless it is present.</summary>
        /// <param name="key">The alternate key.</param>
        /// <param name="value">The value.</param>
        /// <returns><see langword="true"/> if added.</returns>
        /// <exception cref="ObjectDisposedException">The dictionary has been disposed.</exception>
        public bool TryAdd(TAlternateKey key, TValue value)
        {
            ref TValue slot = ref GetValueRefOrAddDefault(key, out bool exists);
            if (!exists)
            {
                slot = value;
                return true;
            }

            return false;
        }

        /// <summary>Removes <paramref name="key"/> and its value.</summary>
        /// <param name="key">The alternate key.</param>
        /// <returns><see langword="true"/> if it was present.</returns>
        /// <exception cref="ObjectDisposedException">The dictionary has been disposed.</exception>
        public bool Remove(TAlternateKey key) => Remove(key, out _, out _);

        /// <summary>Removes <paramref name="key"/>, handing back the stored key and the value.</summary>
        /// <param name="key">The alternate key.</param>
        /// <param name="actualKey">The key that was stored, or the default when absent.</param>
        /// <param name="value">The value that was stored, or the default when absent.</param>
        /// <returns><see langword="true"/> if it was present.</returns>
        /// <exception cref="ObjectDisposedException">The dictionary has been disposed.</exception>
        public bool Remove(TAlternateKey key, [MaybeNullWhen(false)] out TKey actualKey, [MaybeNullWhen(false)] out TValue value)
        {
            Dictionary.ThrowIfDisposed();
            if (Dictionary._table.Remove(key, out ChunkedDictionaryEntry<TKey, TValue> removed))
            {
                actualKey = removed.Key;
                value = removed.Value;
                return true;
            }

            actualKey = default;
            value = default;
            return false;
        }

        /// <summary>The alternate form of <see cref="PooledCollectionsMarshal.GetValueRefOrAddDefault{TKey, TValue}(ChunkedDictionary{TKey, TValue}, TKey, out bool)"/>.</summary>
        internal ref TValue GetValueRefOrAddDefault(TAlternateKey key, out bool exists)
        {
            ChunkedDictionary<TKey, TValue> dictionary = Dictionary;
            dictionary.ThrowIfDisposed();
            exists = !dictionary._table.FindOrAdd(key, rejectNullKey: true, out int index);
            ref ChunkedDictionaryEntry<TKey, TValue> entry = ref dictionary._table.EntryAt(index);
            if (!exists)
            {
                entry.Value = default!;
            }

            return ref entry.Value;
        }

        /// <summary>The alternate form of <see cref="PooledCollectionsMarshal.GetValueRefOrNullRef{TKey, TValue}(ChunkedDictionary{TKey, TValue}, TKey)"/>.</summary>
        internal ref TValue GetValueRefOrNullRef(TAlternateKey key)
        {
            ref ChunkedDictionaryEntry<TKey, TValue> entry = ref Find(key);
            return ref Unsafe.IsNullRef(ref entry) ? ref Unsafe.NullRef<TValue>() : ref entry.Value;
        }

        private ref ChunkedDictionaryEntry<TKey, TValue> Find(TAlternateKey key)
        {
            Dictionary.ThrowIfDisposed();
            return ref Dictionary._table.FindEntry(key);
        }
    }
}
#endif
