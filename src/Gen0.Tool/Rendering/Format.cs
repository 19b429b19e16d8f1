using System.Globalization;

namespace Gen0.Tool.Rendering;

/// <summary>Numbers as the reports print them (invariant culture).</summary>
internal static class Format
{
    public static string Mb(long bytes) => (bytes / (1024.0 * 1024.0)).ToString("N1", CultureInfo.InvariantCulture);

    public static string Mb(long? bytes) => bytes is long b ? Mb(b) : "-";

    public static string Ms(double ms) => ms.ToString(ms < 10 ? "N2" : "N1", CultureInfo.InvariantCulture);

    public static string Percent(double share) => (share * 100).ToString("N1", CultureInfo.InvariantCulture) + " %";

    public static string Number(long value) => value.ToString("N0", CultureInfo.InvariantCulture);

    public static string Number(double value, string format) => value.ToString(format, CultureInfo.InvariantCulture);
}
