using System.Text.Json;

namespace Gen0.Demo.Workload;

/// <summary>The serializer options both modes share, so that their JSON is byte for byte the same.</summary>
internal static class DemoJson
{
    public static JsonSerializerOptions Options { get; } = new(JsonSerializerDefaults.Web);
}
