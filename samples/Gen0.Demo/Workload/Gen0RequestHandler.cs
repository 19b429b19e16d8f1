using System.Buffers;
using System.Text.Json;
using Gen0.Buffers;
using Gen0.Collections;
using Gen0.IO;
using Gen0.Pools;
using Gen0.Scopes;

namespace Gen0.Demo.Workload;

/// <summary>
/// The same request written with Gen0: the union in a <see cref="ChunkedHashSet{T}"/> and the sorted ids in a
/// <see cref="ChunkedList{T}"/> (chunks under 85,000 bytes, every chunk from a pool sized for the request threads), the temporary
/// copy leased from <see cref="ScalableArrayPool{T}"/>, the records in a <see cref="PooledList{T}"/>, the JSON
/// written by a pooled <see cref="Utf8JsonWriter"/> straight into a <see cref="PooledMemoryStream"/>, and the Base64
/// encoded as it streams into the response by <see cref="Base64EncodingStream"/>. Everything that holds pooled memory
/// is registered in a <see cref="DisposeScope"/>, so one <c>using</c> returns it all.
/// </summary>
internal sealed class Gen0RequestHandler(ClientCacheData data) : IRequestHandler
{
    private readonly Pool<Utf8JsonWriter> _writers = new(new PoolOptions<Utf8JsonWriter>
    {
        Factory = static () => new Utf8JsonWriter(Stream.Null),
        Reset = static writer =>
        {
            // Detach from the request's stream so a pooled writer keeps nothing of it alive.
            writer.Reset(Stream.Null);
            return true;
        },
        MaxRetained = 64,
    });

    // Each request holds about fifty 64 KB chunk arrays at once (buckets, sorted ids, the sort's merge buffer), so the
    // pool is sized for the request threads' working set rather than the shared pool's 16 arrays per shard; the byte
    // budget still bounds it.
    private readonly ScalableArrayPool<int> _ints = new(new ScalableArrayPoolOptions
    {
        Name = "client-cache",
        MaxArraysPerShard = 512,
        MaxRetainedBytes = 256L << 20,
    });

    // The JSON of a large user is a few dozen 64 KB blocks: the same reasoning.
    private readonly ScalableArrayPool<byte> _bytes = new(new ScalableArrayPoolOptions
    {
        Name = "client-cache-json",
        MaxArraysPerShard = 256,
        MaxRetainedBytes = 128L << 20,
    });

    public void Handle(UserProfile user, Stream response)
    {
        using DisposeScope scope = DisposeScope.BeginScope();
        ScalableArrayPool<int> ints = _ints;

        ChunkedHashSet<int> visible = new ChunkedHashSet<int>(comparer: null, bucketPool: ints).RegisterDisposeScope();
        foreach (int group in user.GroupIndexes)
        {
            visible.UnionWith(data.Groups[group]);
        }

        ChunkedList<int> ids = new ChunkedList<int>(visible.Count, ints).RegisterDisposeScope();
        ids.AddRange(visible);
        ids.Sort();

        // The baseline's temporary array, leased instead of allocated.
        ArrayLease<int> snapshot = ints.LeaseScope(ids.Count);
        ids.CopyTo(snapshot.Array, 0);
        int stride = ClientCacheData.RecordStride(snapshot.Length);
        PooledList<ClientRecord> records = new PooledList<ClientRecord>(ClientCacheData.MaxRecordsPerCache).RegisterDisposeScope();
        for (int i = 0; i < snapshot.Length && records.Count < ClientCacheData.MaxRecordsPerCache; i += stride)
        {
            records.Add(ClientCacheData.RecordFor(snapshot.Span[i]));
        }

        var cache = new ClientCache { UserId = user.UserId, VisibleIds = ids, Records = records };
        PooledMemoryStream json = new PooledMemoryStream(_bytes).RegisterDisposeScope();
        using (Lease<Utf8JsonWriter> writer = _writers.Lease())
        {
            // As an IBufferWriter the stream hands the writer its pooled blocks directly: no intermediate buffer.
            writer.Value.Reset((IBufferWriter<byte>)json);
            JsonSerializer.Serialize(writer.Value, cache, DemoJson.Options);
            writer.Value.Flush();
        }

        json.WriteTo(response);
        using var base64 = new Base64EncodingStream(response, leaveOpen: true);
        json.WriteTo(base64);
    }
}
