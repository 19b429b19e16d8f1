using System.Buffers;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using Gen0.Buffers;

namespace Gen0.Collections;

/// <summary>
/// The element store under every chunked collection: a sequence of equally long arrays ("chunks") that together
/// behave like one array indexed by shift and mask, none of which ever reaches the Large Object Heap.
/// </summary>
/// <remarks>
/// <para>Invariants: every chunk but a lone first one is exactly <see cref="ChunkLength"/> elements long (a pool may
/// hand out longer arrays; only the first <see cref="ChunkLength"/> elements are used). While the storage holds a
/// single chunk shorter than <see cref="ChunkLength"/>, growing replaces it by one twice as long, as
/// <see cref="List{T}"/> does, so that small collections cost no more memory than their BCL twins. Past one chunk,
/// growing only appends chunks: no element is ever copied again.</para>
/// <para>The chunk directory is itself an array of references, so it too must stay small: the flat directory holds
/// at most <c>directoryLength</c> chunks (8,192 on 64-bit: the largest reference array below the threshold; 512 on
/// Mono, see <see cref="ChunkedArrayLimit"/>), and chunks beyond it live in pages of the same length, found through a
/// page directory of the same bound. The flat directory serves every index of a collection below
/// <c>8,192 × ChunkLength</c> elements (64 Mi longs, 16 Mi 24-byte structs) with a single bounds check; beyond it one
/// more load is paid. The page directory bounds the capacity: on CoreCLR far beyond <see cref="int.MaxValue"/>
/// elements, on Mono <c>(512 + 512²) × ChunkLength</c> (134 Mi longs, 268 Mi ints).</para>
/// <para>This is a mutable struct: it lives in a field of its owner and is only ever used through that field.</para>
/// </remarks>
/// <typeparam name="T">The element type.</typeparam>
internal partial struct ChunkedStorage<T>
{
    private const int InitialDirectoryLength = 4;
    private const int MinimumFirstChunkLength = 4;

    private readonly ArrayPool<T>? _pool;
    private readonly bool _clearOnReturn;
    // Internal, with _chunks, for the list indexer: it reads them as fields of its own field, one instruction fewer per
    // element than a call to a member of this struct, which reads them through a byref temporary.
    internal readonly int _shift;
    internal readonly int _mask;
    private readonly int _directoryShift;
    internal T[][] _chunks;
    private T[][][]? _pages;
    private int _chunkCount;
    private int _capacity;

    /// <summary>Initializes an empty storage.</summary>
    /// <param name="chunkLength">A power of two: the length of every full chunk.</param>
    /// <param name="directoryLength">A power of two: the most chunks the flat directory and each page hold.</param>
    /// <param name="pool">The pool chunks are rented from and returned to, or <see langword="null"/> to allocate them.</param>
    /// <param name="clearMode">Whether chunks are cleared before they go back to <paramref name="pool"/>.</param>
    public ChunkedStorage(int chunkLength, int directoryLength, ArrayPool<T>? pool, ClearMode clearMode = ClearMode.Auto)
    {
        if (chunkLength <= 0 || (chunkLength & (chunkLength - 1)) != 0)
        {
            ThrowHelper.ThrowArgumentOutOfRange(nameof(chunkLength), "The chunk length must be a positive power of two.");
        }

        if (directoryLength < 2 || (directoryLength & (directoryLength - 1)) != 0)
        {
            ThrowHelper.ThrowArgumentOutOfRange(nameof(directoryLength), "The directory length must be a power of two of at least 2.");
        }

        _pool = pool;
        _clearOnReturn = clearMode.ShouldClear<T>();
        _shift = System.Numerics.BitOperations.Log2((uint)chunkLength);
        _mask = chunkLength - 1;
        _directoryShift = System.Numerics.BitOperations.Log2((uint)directoryLength);
        _chunks = [];
        _pages = null;
        _chunkCount = 0;
        _capacity = 0;
    }

    /// <summary>Gets the chunk length the GC's large-object threshold allows for <typeparamref name="T"/> (<see cref="ChunkedArrayLimit"/>).</summary>
    public static int DefaultChunkLength => ChunkedArrayLimit.MaxPowerOfTwoLength<T>();

    /// <summary>Gets the longest chunk directory that stays off the LOH.</summary>
    public static int DefaultDirectoryLength => ChunkedArrayLimit.MaxPowerOfTwoLength<T[]>();

    /// <summary>Gets the number of elements the storage holds without growing.</summary>
    public readonly int Capacity => _capacity;

    /// <summary>Gets the length of a full chunk.</summary>
    public readonly int ChunkLength => _mask + 1;

    /// <summary>Gets log2 of <see cref="ChunkLength"/>.</summary>
    public readonly int Shift => _shift;

    /// <summary>Gets <see cref="ChunkLength"/> - 1.</summary>
    public readonly int Mask => _mask;

    /// <summary>Gets the number of chunks held.</summary>
    public readonly int ChunkCount => _chunkCount;

    /// <summary>Gets the pool chunks come from, if any.</summary>
    public readonly ArrayPool<T>? Pool => _pool;

    /// <summary>Gets the length of the flat directory array (for tests of the LOH bound).</summary>
    internal readonly int DirectoryArrayLength => _chunks.Length;

    /// <summary>Gets the length of the page directory array, 0 while there is none.</summary>
    internal readonly int PageDirectoryArrayLength => _pages?.Length ?? 0;

    /// <summary>Gets a reference to the element at <paramref name="index"/>, which must be below <see cref="Capacity"/>.</summary>
    /// <remarks>
    /// <para>The flat path is one check against the directory's length (its header stays in cache), the chunk load and
    /// the element load: the chunk's own header, a cache line and usually a page away from the element, is not read.
    /// That is memory-safe for any index, even one a racing writer made stale: the offset <c>index &amp; Mask</c> is
    /// below <see cref="ChunkLength"/> and every chunk but number 0 is at least that long (<see cref="Rent"/> refuses
    /// a shorter or covariant array from a pool), so the access cannot leave the chunk; chunk 0 alone may be a short
    /// lone chunk, and only its offset is checked against its length.</para>
    /// <para>Nothing here calls a method that returns (the paged lookup is inline, failures throw): a call that may
    /// return makes the JIT assume it changed memory and reload every field after it.</para>
    /// </remarks>
    /// <exception cref="IndexOutOfRangeException"><paramref name="index"/> is negative or past the chunks held.</exception>
    public readonly ref T this[int index]
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get
        {
            T[][] chunks = _chunks;
            int chunkIndex = index >> _shift;
            T[] chunk;
            if ((uint)chunkIndex < (uint)chunks.Length)
            {
                chunk = chunks[chunkIndex];
            }
            else
            {
                chunk = GetPagedChunkInline(chunkIndex);
            }

            int offset = index & _mask;
            if (chunk is null || (chunkIndex == 0 && (uint)offset >= (uint)chunk.Length))
            {
                ThrowIndexOutsideChunks();
            }

            return ref Unsafe.Add(ref MemoryMarshal.GetArrayDataReference(chunk), (nint)(uint)offset);
        }
    }

    /// <summary>
    /// Returns a reference to element <paramref name="offset"/> of <paramref name="chunk"/>, checked against the chunk's
    /// length (which also serves as its null check) but without <c>ldelema</c>'s covariance check, which no chunk
    /// needs (<see cref="Rent"/> refuses covariant arrays). The list indexer's access: in a loop the chunk's header is
    /// in cache, and the check is one instruction where the indexer's null and chunk-0 tests are two.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ref T ElementOfChunk(T[] chunk, int offset)
    {
        if ((uint)offset >= (uint)chunk.Length)
        {
            ThrowIndexOutsideChunks();
        }

        return ref Unsafe.Add(ref MemoryMarshal.GetArrayDataReference(chunk), (nint)(uint)offset);
    }

    /// <summary>Returns the chunk number <paramref name="chunkIndex"/>, which must be below <see cref="ChunkCount"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public readonly T[] GetChunk(int chunkIndex)
    {
        T[][] chunks = _chunks;
        if ((uint)chunkIndex < (uint)chunks.Length)
        {
            return chunks[chunkIndex];
        }

        return GetPagedChunk(chunkIndex);
    }

    /// <summary>
    /// Returns the longest run of storage that starts at <paramref name="index"/>, stays inside one chunk and holds
    /// at most <paramref name="count"/> elements.
    /// </summary>
    public readonly Span<T> GetSegment(int index, int count)
    {
        int offset = index & _mask;
        int length = Math.Min(count, _mask + 1 - offset);
        return GetChunk(index >> _shift).AsSpan(offset, length);
    }

    /// <summary>
    /// Returns the longest run of storage that ends just before <paramref name="end"/>, stays inside one chunk and
    /// holds at most <paramref name="count"/> elements.
    /// </summary>
    public readonly Span<T> GetSegmentBefore(int end, int count)
    {
        int last = end - 1;
        int offset = last & _mask;
        int length = Math.Min(count, offset + 1);
        return GetChunk(last >> _shift).AsSpan(offset + 1 - length, length);
    }

    /// <summary>Grows the storage so that it holds at least <paramref name="minCapacity"/> elements, keeping its contents.</summary>
    /// <param name="minCapacity">The capacity needed.</param>
    /// <param name="geometric">Whether to at least double the capacity (hash tables, which rehash on every growth).</param>
    public void Grow(int minCapacity, bool geometric)
    {
        if (minCapacity <= _capacity)
        {
            return;
        }

        int chunkLength = _mask + 1;
        int wanted = minCapacity;
        if (geometric || _capacity < chunkLength)
        {
            long doubled = _capacity == 0 ? MinimumFirstChunkLength : (long)_capacity * 2;
            wanted = (int)Math.Min(Math.Max(doubled, minCapacity), MaxCapacity);
        }

        if (_capacity < chunkLength)
        {
            // A lone short chunk grows like List<T>'s array: replaced by a longer one, up to a full chunk.
            ReplaceFirstChunk(Math.Min(Math.Max(wanted, minCapacity), chunkLength));
            if (_capacity >= minCapacity)
            {
                return;
            }
        }

        if (minCapacity > MaxCapacity)
        {
            ThrowCapacityOverflow();
        }

        long chunksNeeded = Math.Min(((long)wanted + _mask) >> _shift, MaxChunkCount);
        if (((long)minCapacity + _mask) >> _shift > chunksNeeded)
        {
            ThrowCapacityOverflow();
        }

        // All or nothing: when the pool throws part way (or memory runs out), the chunks rented by this call go back and
        // the storage stays as it was.
        int chunkCountBefore = _chunkCount;
        try
        {
            while (_chunkCount < chunksNeeded)
            {
                T[] chunk = Rent(chunkLength);
                try
                {
                    AppendChunk(chunk);
                }
                catch
                {
                    Return(chunk);
                    throw;
                }
            }
        }
        catch
        {
            ReleaseChunksFrom(chunkCountBefore);
            throw;
        }

        _capacity = (int)Math.Min((long)_chunkCount << _shift, int.MaxValue);
    }

    /// <summary>
    /// Shrinks the storage to what <paramref name="count"/> elements need, returning the chunks beyond to the pool.
    /// A single chunk is replaced by one of exactly <paramref name="count"/> elements.
    /// </summary>
    public void TrimTo(int count)
    {
        if (count == 0)
        {
            Release();
            return;
        }

        int chunkLength = _mask + 1;
        if (count < chunkLength)
        {
            // One short lone chunk is what is left: it is rented before anything is given back, so a pool that
            // throws leaves the storage as it was.
            bool severalChunks = _chunkCount > 1;
            if (severalChunks || count < _capacity)
            {
                ReplaceFirstChunk(count);
            }

            if (severalChunks)
            {
                ReleaseChunksFrom(1);
            }

            return;
        }

        int chunksNeeded = (int)(((long)count + _mask) >> _shift);
        if (chunksNeeded < _chunkCount)
        {
            ReleaseChunksFrom(chunksNeeded);
            _capacity = (int)Math.Min((long)_chunkCount << _shift, int.MaxValue);
        }
    }

    /// <summary>Returns every chunk to the pool (when there is one) and leaves the storage empty.</summary>
    public void Release()
    {
        ReleaseChunksFrom(0);
        _chunks = [];
        _pages = null;
        _capacity = 0;
    }

    /// <summary>
    /// Returns every chunk (to the pool, when there is one) but keeps the flat directory, so that refilling a pooled
    /// collection after <c>Clear</c> allocates nothing.
    /// </summary>
    public void ReleaseChunks()
    {
        ReleaseChunksFrom(0);
        _capacity = 0;
    }

    /// <summary>Copies <c>destination.Length</c> elements starting at <paramref name="sourceIndex"/> to <paramref name="destination"/>.</summary>
    public readonly void CopyTo(int sourceIndex, Span<T> destination)
    {
        while (!destination.IsEmpty)
        {
            Span<T> segment = GetSegment(sourceIndex, destination.Length);
            segment.CopyTo(destination);
            destination = destination[segment.Length..];
            sourceIndex += segment.Length;
        }
    }

    /// <summary>Copies <paramref name="source"/> into the storage starting at <paramref name="destinationIndex"/>.</summary>
    public readonly void CopyFrom(ReadOnlySpan<T> source, int destinationIndex)
    {
        while (!source.IsEmpty)
        {
            Span<T> segment = GetSegment(destinationIndex, source.Length);
            source[..segment.Length].CopyTo(segment);
            source = source[segment.Length..];
            destinationIndex += segment.Length;
        }
    }

    /// <summary>Copies <paramref name="count"/> elements from <paramref name="sourceIndex"/> to <paramref name="destinationIndex"/>; the ranges may overlap.</summary>
    public readonly void Move(int sourceIndex, int destinationIndex, int count)
    {
        if (count <= 0 || sourceIndex == destinationIndex)
        {
            return;
        }

        if (destinationIndex < sourceIndex)
        {
            while (count > 0)
            {
                Span<T> source = GetSegment(sourceIndex, count);
                Span<T> destination = GetSegment(destinationIndex, source.Length);
                source[..destination.Length].CopyTo(destination);
                sourceIndex += destination.Length;
                destinationIndex += destination.Length;
                count -= destination.Length;
            }
        }
        else
        {
            int sourceEnd = sourceIndex + count;
            int destinationEnd = destinationIndex + count;
            while (count > 0)
            {
                Span<T> source = GetSegmentBefore(sourceEnd, count);
                Span<T> destination = GetSegmentBefore(destinationEnd, source.Length);
                source[^destination.Length..].CopyTo(destination);
                sourceEnd -= destination.Length;
                destinationEnd -= destination.Length;
                count -= destination.Length;
            }
        }
    }

    /// <summary>Sets <paramref name="count"/> elements from <paramref name="index"/> to their default value.</summary>
    public readonly void Clear(int index, int count)
    {
        while (count > 0)
        {
            Span<T> segment = GetSegment(index, count);
            segment.Clear();
            index += segment.Length;
            count -= segment.Length;
        }
    }

    /// <summary>Reverses the order of <paramref name="count"/> elements from <paramref name="index"/>.</summary>
    public readonly void Reverse(int index, int count)
    {
        int low = index;
        int high = index + count - 1;
        while (low < high)
        {
            ref T a = ref this[low];
            ref T b = ref this[high];
            (a, b) = (b, a);
            low++;
            high--;
        }
    }

    /// <summary>Returns the index of the first element equal to <paramref name="item"/> in the range, or -1.</summary>
    public readonly int IndexOf(T item, int index, int count)
    {
        while (count > 0)
        {
            int offset = index & _mask;
            int length = Math.Min(count, _mask + 1 - offset);
            int found = Array.IndexOf(GetChunk(index >> _shift), item, offset, length);
            if (found >= 0)
            {
                return index + (found - offset);
            }

            index += length;
            count -= length;
        }

        return -1;
    }

    /// <summary>Returns the index of the last element equal to <paramref name="item"/> in the range that ends at <paramref name="end"/> (exclusive), or -1.</summary>
    public readonly int LastIndexOf(T item, int end, int count)
    {
        while (count > 0)
        {
            int last = end - 1;
            int offset = last & _mask;
            int length = Math.Min(count, offset + 1);
            int found = Array.LastIndexOf(GetChunk(last >> _shift), item, offset, length);
            if (found >= 0)
            {
                return last - (offset - found);
            }

            end -= length;
            count -= length;
        }

        return -1;
    }

    private readonly int MaxCapacity => (int)Math.Min(int.MaxValue - (int.MaxValue & _mask), MaxChunkCount << _shift);

    // The flat directory and a page directory of as many pages, each as long: on CoreCLR far beyond int.MaxValue
    // elements, on Mono (512-entry directories) 262,656 chunks, 134 M longs.
    private readonly long MaxChunkCount => (1L << _directoryShift) + (1L << (2 * _directoryShift));

    // Inline rather than called, so that a loop over element accesses holds no call (a call that may return makes the
    // JIT assume it changed memory, and reload every field after it). Pages hold only full chunks; a negative index
    // fails the page directory's bounds check, a missing page directory its null check.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal readonly T[] GetPagedChunkInline(int chunkIndex)
    {
        int paged = chunkIndex - (1 << _directoryShift);
        return _pages![paged >> _directoryShift][paged & ((1 << _directoryShift) - 1)];
    }

    // Out of line for GetChunk, which is inlined into its callers and keeps the rare paged case out of them.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private readonly T[] GetPagedChunk(int chunkIndex) => GetPagedChunkInline(chunkIndex);

    private readonly T[] Rent(int length)
    {
        if (_pool is not null)
        {
            T[] rented = _pool.Rent(length);

            // The indexer reads and writes elements through unchecked references: a chunk must be a real T[] (not a
            // string[] seen as object[]) at least as long as asked for. A pool that breaks ArrayPool's contract is
            // refused here, once per chunk, rather than trusted on every access.
            if (rented is null || rented.Length < length || (!typeof(T).IsValueType && rented.GetType() != typeof(T[])))
            {
                ThrowBadPoolArray();
            }

            return rented;
        }

        return RuntimeHelpers.IsReferenceOrContainsReferences<T>() ? new T[length] : GC.AllocateUninitializedArray<T>(length);
    }

    private readonly void Return(T[] chunk)
    {
        if (_pool is null)
        {
            return;
        }

        // Cleared here rather than by the pool's clearArray flag, so that the clear mode's promise (nothing of
        // ours reaches the next renter) does not depend on the pool honouring the flag.
        if (_clearOnReturn)
        {
            Array.Clear(chunk);
        }

        _pool.Return(chunk);
    }

    private void ReplaceFirstChunk(int length)
    {
        T[] replacement = Rent(length);
        if (_chunkCount == 0)
        {
            AppendChunk(replacement);
        }
        else
        {
            T[] old = _chunks[0];
            int keep = Math.Min(Math.Min(_capacity, length), old.Length);
            old.AsSpan(0, keep).CopyTo(replacement);
            _chunks[0] = replacement;
            Return(old);
        }

        _capacity = Math.Min(replacement.Length, _mask + 1);
    }

    private void AppendChunk(T[] chunk)
    {
        int directoryLength = 1 << _directoryShift;
        int index = _chunkCount;
        if (index < directoryLength)
        {
            if (index == _chunks.Length)
            {
                int length = Math.Min(Math.Max(_chunks.Length * 2, InitialDirectoryLength), directoryLength);
                Array.Resize(ref _chunks, length);
            }

            _chunks[index] = chunk;
        }
        else
        {
            int paged = index - directoryLength;
            int page = paged >> _directoryShift;
            // Never longer than the bound: a longer first page directory would skip the overflow check below.
            _pages ??= new T[Math.Min(InitialDirectoryLength, directoryLength)][][];
            if (page == _pages.Length)
            {
                if (page == directoryLength)
                {
                    ThrowCapacityOverflow();
                }

                Array.Resize(ref _pages, Math.Min(_pages.Length * 2, directoryLength));
            }

            _pages[page] ??= new T[directoryLength][];
            _pages[page][paged & (directoryLength - 1)] = chunk;
        }

        _chunkCount++;
    }

    private void ReleaseChunksFrom(int first)
    {
        int directoryLength = 1 << _directoryShift;
        for (int index = _chunkCount - 1; index >= first; index--)
        {
            Return(GetChunk(index));
            if (index < directoryLength)
            {
                _chunks[index] = null!;
            }
            else
            {
                int paged = index - directoryLength;
                T[][] page = _pages![paged >> _directoryShift];
                page[paged & (directoryLength - 1)] = null!;
                if ((paged & (directoryLength - 1)) == 0)
                {
                    _pages[paged >> _directoryShift] = null!;
                }
            }
        }

        _chunkCount = Math.Min(_chunkCount, first);
        if (_chunkCount <= directoryLength)
        {
            _pages = null;
        }
    }

    // What an array access past the chunks threw before the unchecked read: only a caller's bug or a race gets here.
    [System.Diagnostics.CodeAnalysis.DoesNotReturn]
    private static void ThrowIndexOutsideChunks() => throw new IndexOutOfRangeException();

    [System.Diagnostics.CodeAnalysis.DoesNotReturn]
    private static void ThrowBadPoolArray() =>
        ThrowHelper.ThrowInvalidOperation("The array pool returned an array shorter than requested or of another element type.");

    [System.Diagnostics.CodeAnalysis.DoesNotReturn]
    private readonly void ThrowCapacityOverflow() =>
        throw new OutOfMemoryException($"The chunked collection cannot grow beyond {MaxCapacity} elements (chunks of {_mask + 1}, directories of {1 << _directoryShift}).");
}
