using System.Text.Json;
using System.Text.Json.Serialization;

namespace Gen0.Diagnostics.Internal;

/// <summary>
/// Writes a <see cref="TimeSpan"/> as a JSON number of milliseconds, so that a duration reads as a number with its unit
/// in the property's name (<c>totalPauseMs</c>), not as a <c>"00:00:00.0123"</c> string a dashboard cannot plot.
/// Reads the same number back, rounded to the nearest tick.
/// </summary>
internal sealed class MillisecondsJsonConverter : JsonConverter<TimeSpan>
{
    public override TimeSpan Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
    {
        double milliseconds = reader.GetDouble();
        if (!double.IsFinite(milliseconds) || Math.Abs(milliseconds) > TimeSpan.MaxValue.TotalMilliseconds)
        {
            throw new JsonException($"{milliseconds} ms is not a duration.");
        }

        return TimeSpan.FromTicks((long)Math.Round(milliseconds * TimeSpan.TicksPerMillisecond));
    }

    public override void Write(Utf8JsonWriter writer, TimeSpan value, JsonSerializerOptions options) =>
        writer.WriteNumberValue((decimal)value.Ticks / TimeSpan.TicksPerMillisecond);
}
