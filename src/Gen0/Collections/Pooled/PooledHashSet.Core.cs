namespace Gen0.Collections;

public partial class PooledHashSet<T>
{
    /// <summary>The set's view for <see cref="HashSetOperations{T, TCore}"/>.</summary>
    private readonly struct Core(PooledHashSet<T> set) : IHashSetCore<T>
    {
        public object Owner => set;

        public int Count => set.Count;

        public int EntryCount => set._table._count;

        public IEqualityComparer<T> Comparer => set._table.Comparer;

        public bool IsLive(int index, out T item)
        {
            ref Entry entry = ref set._table._entries![index];
            item = entry._value;
            return entry._next >= -1;
        }

        public int FindIndex(T item) => set.FindItemIndex(item);

        public bool AddIfNotPresent(T item, out int location) => set.AddIfNotPresent(item, out location);

        public bool Remove(T item) => set.Remove(item);

        public void Clear() => set.Clear();

        public EntryMarks CreateMarks(int bitCount, Span<int> stackBuffer) => EntryMarks.InStackOrArray(bitCount, stackBuffer, set._table._bucketPool);
    }
}
