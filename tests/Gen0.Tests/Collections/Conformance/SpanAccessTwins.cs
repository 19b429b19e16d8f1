using System.Runtime.InteropServices;
using Gen0.Collections;

namespace Gen0.Tests.Collections.Conformance;

/// <summary>
/// One entry point per span and ref member for the BCL twin and for each of our types, so that a conformance script
/// runs the same calls on both: <c>CollectionsMarshal</c> and the span extensions of <see cref="List{T}"/> for the
/// twin, <see cref="PooledCollectionsMarshal"/> and the instance members for ours.
/// </summary>
public static class SpanAccessTwins
{
    public static ref TValue GetValueRefOrNullRef<TKey, TValue>(IDictionary<TKey, TValue> dictionary, TKey key)
        where TKey : notnull
    {
        if (dictionary is Dictionary<TKey, TValue> bcl)
        {
            return ref CollectionsMarshal.GetValueRefOrNullRef(bcl, key);
        }

        if (dictionary is PooledDictionary<TKey, TValue> pooled)
        {
            return ref PooledCollectionsMarshal.GetValueRefOrNullRef(pooled, key);
        }

        return ref PooledCollectionsMarshal.GetValueRefOrNullRef((ChunkedDictionary<TKey, TValue>)dictionary, key);
    }

    public static ref TValue? GetValueRefOrAddDefault<TKey, TValue>(IDictionary<TKey, TValue> dictionary, TKey key, out bool exists)
        where TKey : notnull
    {
        if (dictionary is Dictionary<TKey, TValue> bcl)
        {
            return ref CollectionsMarshal.GetValueRefOrAddDefault(bcl, key, out exists);
        }

        if (dictionary is PooledDictionary<TKey, TValue> pooled)
        {
            return ref PooledCollectionsMarshal.GetValueRefOrAddDefault(pooled, key, out exists);
        }

        return ref PooledCollectionsMarshal.GetValueRefOrAddDefault((ChunkedDictionary<TKey, TValue>)dictionary, key, out exists);
    }

    public static Span<T> AsSpan<T>(IList<T> list) => list switch
    {
        List<T> bcl => CollectionsMarshal.AsSpan(bcl),
        PooledList<T> pooled => PooledCollectionsMarshal.AsSpan(pooled),
        _ => throw new NotSupportedException("A ChunkedList is not one span: walk it with GetChunkSpan."),
    };

    public static void SetCount<T>(IList<T> list, int count)
    {
        switch (list)
        {
            case List<T> bcl:
                CollectionsMarshal.SetCount(bcl, count);
                break;
            case PooledList<T> pooled:
                PooledCollectionsMarshal.SetCount(pooled, count);
                break;
            default:
                PooledCollectionsMarshal.SetCount((ChunkedList<T>)list, count);
                break;
        }
    }

    public static void AddRange<T>(IList<T> list, ReadOnlySpan<T> source)
    {
        switch (list)
        {
            case List<T> bcl:
                bcl.AddRange(source);
                break;
            case PooledList<T> pooled:
                pooled.AddRange(source);
                break;
            default:
                ((ChunkedList<T>)list).AddRange(source);
                break;
        }
    }

    public static void InsertRange<T>(IList<T> list, int index, ReadOnlySpan<T> source)
    {
        switch (list)
        {
            case List<T> bcl:
                bcl.InsertRange(index, source);
                break;
            case PooledList<T> pooled:
                pooled.InsertRange(index, source);
                break;
            default:
                ((ChunkedList<T>)list).InsertRange(index, source);
                break;
        }
    }

    public static void CopyTo<T>(IList<T> list, Span<T> destination)
    {
        switch (list)
        {
            case List<T> bcl:
                bcl.CopyTo(destination);
                break;
            case PooledList<T> pooled:
                pooled.CopyTo(destination);
                break;
            default:
                ((ChunkedList<T>)list).CopyTo(destination);
                break;
        }
    }

    /// <summary>Reads the list through <c>AsSpan</c>, or chunk by chunk through <c>GetChunkSpan</c> for a chunked list.</summary>
    public static T[] ReadThroughSpans<T>(IList<T> list)
    {
        if (list is not ChunkedList<T> chunked)
        {
            return AsSpan(list).ToArray();
        }

        List<T> read = [];
        for (int i = 0; i < chunked.Count;)
        {
            Span<T> segment = PooledCollectionsMarshal.GetChunkSpan(chunked, i);
            read.AddRange(segment);
            i += segment.Length;
        }

        return [.. read];
    }

    /// <summary>Writes <paramref name="value"/> into every element through the spans.</summary>
    public static void FillThroughSpans<T>(IList<T> list, T value)
    {
        if (list is not ChunkedList<T> chunked)
        {
            AsSpan(list).Fill(value);
            return;
        }

        for (int i = 0; i < chunked.Count;)
        {
            Span<T> segment = PooledCollectionsMarshal.GetChunkSpan(chunked, i);
            segment.Fill(value);
            i += segment.Length;
        }
    }
}
