namespace Gen0.Tool.Analysis;

/// <summary>
/// Names the Gen0 remedy of an allocation from its call stack: the framework frames between the allocation and the
/// first application frame say which BCL type grew (a <see cref="List{T}"/>, a <see cref="MemoryStream"/>, ...) and
/// therefore which Gen0 type removes it; when the allocation sits directly in application code (the BCL call was
/// inlined, or the code wrote <c>new byte[n]</c>), the allocated type decides.
/// </summary>
internal static class RemedyCatalog
{
    public static readonly Remedy MemoryStreamToArray = new(
        "memorystream-toarray", "PooledMemoryStream",
        "MemoryStream.ToArray copies the whole stream into one new array: keep the bytes in a PooledMemoryStream and write them out with WriteTo/CopyTo or read them as GetReadOnlySequence().");

    public static readonly Remedy MemoryStreamGrowth = new(
        "memorystream-growth", "PooledMemoryStream",
        "A MemoryStream grows by doubling one array past 85,000 bytes: PooledMemoryStream is a drop-in MemoryStream made of pooled blocks below the LOH threshold.");

    public static readonly Remedy Base64 = new(
        "base64", "Base64EncodingStream / Base64Json",
        "Convert.ToBase64String builds the whole Base64 text as one string: encode while writing with Base64EncodingStream (or Base64Json.Serialize for JSON sent as Base64), which keeps no buffer the size of the data.");

    public static readonly Remedy TemporaryCopy = new(
        "temporary-copy", "ScalableArrayPool<T>",
        "A temporary copy into a new array (ToArray): rent the array instead (ScalableArrayPool<T>.Shared.Lease(count)) and copy into the lease, or pass a span (CollectionsMarshal.AsSpan).");

    public static readonly Remedy ListGrowth = new(
        "list-growth", "ChunkedList<T> / PooledList<T>",
        "A List<T> whose array passed 85,000 bytes: ChunkedList<T> keeps every chunk below the LOH threshold; a list that dies with the request is a PooledList<T> (disposed, or registered in a DisposeScope).");

    public static readonly Remedy DictionaryGrowth = new(
        "dictionary-growth", "ChunkedDictionary<TKey,TValue> / PooledDictionary<TKey,TValue>",
        "A Dictionary whose entries or buckets passed 85,000 bytes: ChunkedDictionary keeps them in chunks below the LOH threshold; a temporary one is a PooledDictionary.");

    public static readonly Remedy HashSetGrowth = new(
        "hashset-growth", "ChunkedHashSet<T> / PooledHashSet<T>",
        "A HashSet whose entries or buckets passed 85,000 bytes: ChunkedHashSet keeps them in chunks below the LOH threshold; a temporary one is a PooledHashSet.");

    public static readonly Remedy StackGrowth = new(
        "stack-growth", "PooledStack<T>",
        "A Stack<T> whose array passed 85,000 bytes: a PooledStack<T> rents its array and returns it on Dispose.");

    public static readonly Remedy QueueGrowth = new(
        "queue-growth", "PooledQueue<T>",
        "A Queue<T> whose array passed 85,000 bytes: a PooledQueue<T> rents its array and returns it on Dispose.");

    public static readonly Remedy EncodingGetBytes = new(
        "encoding-getbytes", "ScalableArrayPool<byte> / PooledBufferWriter<byte>",
        "Encoding.GetBytes(string) returns a new array the size of the text: encode into a rented buffer (Encoding.GetBytes(text, span) into ScalableArrayPool<byte>.Shared.Lease(encoding.GetMaxByteCount(length))) or write through a PooledBufferWriter<byte>.");

    public static readonly Remedy LargeString = new(
        "large-string", "PooledBufferWriter<char>",
        "A string over 85,000 bytes (42,500 characters) built only to be written: write the parts to the destination (a TextWriter, or a PooledBufferWriter<char>) instead of one string.");

    public static readonly Remedy JsonToBytes = new(
        "json-to-bytes", "PooledBufferWriter<byte> / PooledMemoryStream",
        "JSON serialized into one array or string: serialize to the destination stream, or into a PooledBufferWriter<byte> (Utf8JsonWriter over it) or a PooledMemoryStream.");

    public static readonly Remedy FileReadAll = new(
        "file-read-all", "PooledMemoryStream",
        "A whole file read into one array or string: read it as a stream, in chunks, or copy it into a PooledMemoryStream.");

    public static readonly Remedy ArrayResize = new(
        "array-resize", "ChunkedList<T> / ScalableArrayPool<T>",
        "Array.Resize copies into a new, larger array: grow a ChunkedList<T>, or rent the larger array from ScalableArrayPool<T> and return the old one.");

    public static readonly Remedy PoolMiss = new(
        "gen0-pool-miss", "ScalableArrayPoolOptions",
        "A Gen0 pool allocated because it had no array of that size to give (empty, over budget, or over MaxArrayLength): raise MaxArraysPerShard or MaxRetainedBytes, or use ScalableArrayPoolOptions.ForLargeArrays.");

    public static readonly Remedy TemporaryArray = new(
        "temporary-array", "ScalableArrayPool<T>",
        "A new T[n] over 85,000 bytes: rent it (ScalableArrayPool<T>.Shared.Lease(n), returned on Dispose); if it lives long, hold it in a ChunkedList<T>. When the line calls a BCL method (ToArray, GetBytes) the JIT inlined it here.");

    public static readonly Remedy PinnedAllocation = new(
        "pinned-allocation", "ScalableArrayPool<T>",
        "An array allocated on the pinned object heap (GC.AllocateArray(pinned: true)) that is not kept: rent pinned buffers once and reuse them, from a pool that keeps them.");

    public static readonly Remedy Unknown = new(
        "unknown", "-",
        "No Gen0 type removes this allocation path directly: look at the stack for the code that makes the object this large.");

    private static readonly (string Prefix, Remedy Remedy)[] s_framePrefixes =
    [
        ("System.IO.MemoryStream.ToArray", MemoryStreamToArray),
        ("System.IO.MemoryStream.", MemoryStreamGrowth),
        ("System.Convert.ToBase64", Base64),
        ("System.Buffers.Text.Base64", Base64),
        ("System.Collections.Generic.List`1.ToArray", TemporaryCopy),
        ("System.Collections.Generic.HashSet`1.CopyTo", TemporaryCopy),
        ("System.Linq.Enumerable.ToArray", TemporaryCopy),
        ("System.Collections.Generic.List`1.", ListGrowth),
        ("System.Linq.Enumerable.ToList", ListGrowth),
        ("System.Collections.Generic.SegmentedArrayBuilder", ListGrowth),
        ("System.Collections.Generic.Dictionary`2.", DictionaryGrowth),
        ("System.Linq.Enumerable.ToDictionary", DictionaryGrowth),
        ("System.Collections.Generic.HashSet`1.", HashSetGrowth),
        ("System.Linq.Enumerable.ToHashSet", HashSetGrowth),
        ("System.Collections.Generic.Stack`1.", StackGrowth),
        ("System.Collections.Generic.Queue`1.", QueueGrowth),
        ("System.Text.Json.JsonSerializer.SerializeToUtf8Bytes", JsonToBytes),
        ("System.Text.Json.JsonSerializer.Serialize", JsonToBytes),
        ("System.Text.Encoding.GetBytes", EncodingGetBytes),
        ("System.Text.UTF8Encoding.GetBytes", EncodingGetBytes),
        ("System.Text.ASCIIEncoding.GetBytes", EncodingGetBytes),
        ("System.Text.UnicodeEncoding.GetBytes", EncodingGetBytes),
        ("System.Text.StringBuilder.ToString", LargeString),
        ("System.String.Concat", LargeString),
        ("System.String.Join", LargeString),
        ("System.IO.File.ReadAll", FileReadAll),
        ("System.IO.StreamReader.ReadToEnd", FileReadAll),
        ("System.Array.Resize", ArrayResize),
        ("Gen0.Buffers.ScalableArrayPool`1.", PoolMiss),
    ];

    /// <summary>
    /// What the allocating line of application code calls, for an allocation whose BCL frames the JIT inlined away
    /// (the stack then ends in the application method): the first pattern found in the line's text wins.
    /// </summary>
    private static readonly (string Pattern, Remedy Remedy)[] s_linePatterns =
    [
        ("Convert.ToBase64", Base64),
        ("GetBytes(", EncodingGetBytes),
        ("SerializeToUtf8Bytes(", JsonToBytes),
        ("File.ReadAll", FileReadAll),
        ("ReadToEnd(", FileReadAll),
        ("Array.Resize(", ArrayResize),
        ("new List<", ListGrowth),
        (".ToList()", ListGrowth),
        ("new HashSet<", HashSetGrowth),
        (".ToHashSet()", HashSetGrowth),
        ("new Dictionary<", DictionaryGrowth),
        (".ToDictionary(", DictionaryGrowth),
        ("new MemoryStream(", MemoryStreamGrowth),
        (".ToArray()", TemporaryCopy),
    ];

    /// <summary>The remedy for an allocation of <paramref name="typeName"/> made through <paramref name="libraryFrames"/>.</summary>
    /// <param name="typeName">The allocated type as the runtime names it (<c>System.Byte[]</c>).</param>
    /// <param name="libraryFrames">The framework frames from the allocation outwards, up to the first application frame.</param>
    /// <param name="pinned">Whether the object went to the pinned object heap.</param>
    /// <param name="sourceText">The text of the application line that allocated, when known: names the BCL call the JIT inlined.</param>
    public static Remedy For(string typeName, IReadOnlyList<string> libraryFrames, bool pinned = false, string? sourceText = null)
    {
        // Innermost first: MemoryStream growth under JsonSerializer.Serialize is the stream's fault, not the serializer's.
        foreach (string fullFrame in libraryFrames)
        {
            string frame = CodeFrames.WithoutGenericArguments(fullFrame);
            foreach ((string prefix, Remedy remedy) in s_framePrefixes)
            {
                if (frame.StartsWith(prefix, StringComparison.Ordinal))
                {
                    return remedy;
                }
            }
        }

        if (pinned)
        {
            return PinnedAllocation;
        }

        if (sourceText is not null)
        {
            foreach ((string pattern, Remedy remedy) in s_linePatterns)
            {
                if (sourceText.Contains(pattern, StringComparison.Ordinal))
                {
                    // MemoryStream.ToArray allocates through GC.AllocateUninitializedArray; List<T>.ToArray with new T[].
                    return remedy == TemporaryCopy && typeName == "System.Byte[]" && libraryFrames.Any(static f => f.StartsWith("System.GC.", StringComparison.Ordinal))
                        ? MemoryStreamToArray
                        : remedy;
                }
            }
        }

        if (typeName.EndsWith("[]", StringComparison.Ordinal))
        {
            return TemporaryArray;
        }

        return typeName == "System.String" ? LargeString : Unknown;
    }

    /// <summary>Every remedy the catalog can name (for the documentation and the tests).</summary>
    public static IReadOnlyList<Remedy> All { get; } =
    [
        MemoryStreamToArray, MemoryStreamGrowth, Base64, TemporaryCopy, ListGrowth, DictionaryGrowth, HashSetGrowth, StackGrowth,
        QueueGrowth, EncodingGetBytes, LargeString, JsonToBytes, FileReadAll, ArrayResize, PoolMiss, TemporaryArray, PinnedAllocation, Unknown,
    ];
}
