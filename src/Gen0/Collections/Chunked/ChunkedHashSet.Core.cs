namespace Gen0.Collections;

public sealed partial class ChunkedHashSet<T>
{
    /// <summary>The set's view for <see cref="HashSetOperations{T, TCore}"/>.</summary>
    private readonly struct Core(ChunkedHashSet<T> set) : IHashSetCore<T>
    {
        public object Owner => set;

        public int Count => set._table.Count;

        public int EntryCount => set._table.EntryCount;

        public IEqualityComparer<T> Comparer => set._table.Comparer;

        public bool IsLive(int index, out T item)
        {
            ref ChunkedSetEntry<T> entry = ref set._table.EntryAt(index);
            item = entry.Key;
            return entry.Next >= -1;
        }

        public int FindIndex(T item) => set._table.FindIndex(item);

        public bool AddIfNotPresent(T item, out int location) => set._table.FindOrAdd(item, out location);

        public bool Remove(T item) => set._table.Remove(item, out _);

        public void Clear() => set._table.Clear();

        public EntryMarks CreateMarks(int bitCount, Span<int> stackBuffer) => EntryMarks.InStackOrChunks(bitCount, stackBuffer);
    }
}
