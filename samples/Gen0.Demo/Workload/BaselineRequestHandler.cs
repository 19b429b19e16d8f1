using System.Text;
using System.Text.Json;

namespace Gen0.Demo.Workload;

/// <summary>
/// The request written the way most services are: <see cref="HashSet{T}"/> for the union, <see cref="List{T}"/> for
/// the sorted ids and the records, a temporary array, <see cref="MemoryStream"/> + <c>ToArray()</c> for the JSON and
/// <see cref="Convert.ToBase64String(byte[])"/> for the Base64. For a large user every one of those buffers is over
/// 85,000 bytes, so it is allocated on the Large Object Heap and dies in a gen 2 collection.
/// </summary>
internal sealed class BaselineRequestHandler(ClientCacheData data) : IRequestHandler
{
    public void Handle(UserProfile user, Stream response)
    {
        var visible = new HashSet<int>();
        foreach (int group in user.GroupIndexes)
        {
            visible.UnionWith(data.Groups[group]);
        }

        var ids = new List<int>(visible);
        ids.Sort();

        // A temporary copy handed to code that wants an array, as services often do.
        int[] snapshot = ids.ToArray();
        int stride = ClientCacheData.RecordStride(snapshot.Length);
        var records = new List<ClientRecord>();
        for (int i = 0; i < snapshot.Length && records.Count < ClientCacheData.MaxRecordsPerCache; i += stride)
        {
            records.Add(ClientCacheData.RecordFor(snapshot[i]));
        }

        var cache = new ClientCache { UserId = user.UserId, VisibleIds = ids, Records = records };
        using var buffer = new MemoryStream();
        JsonSerializer.Serialize(buffer, cache, DemoJson.Options);
        byte[] json = buffer.ToArray();
        response.Write(json);

        string base64 = Convert.ToBase64String(json);
        response.Write(Encoding.ASCII.GetBytes(base64));
    }
}
