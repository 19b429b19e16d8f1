using System.Text.Json.Serialization;

namespace Gen0.Diagnostics.Internal;

/// <summary>Source-generated System.Text.Json metadata for <see cref="GcHealthReport"/>: no reflection, trimming and AOT safe.</summary>
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase, UseStringEnumConverter = true)]
[JsonSerializable(typeof(GcHealthReport))]
internal sealed partial class GcHealthJsonContext : JsonSerializerContext
{
    private static GcHealthJsonContext? s_indented;

    /// <summary>The same metadata, writing indented JSON.</summary>
    public static GcHealthJsonContext Indented =>
        s_indented ??= new GcHealthJsonContext(new System.Text.Json.JsonSerializerOptions(Default.Options) { WriteIndented = true });
}
