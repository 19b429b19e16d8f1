using System.Globalization;

namespace Gen0.Demo.Reporting;

/// <summary>Number formatting shared by the reports.</summary>
internal static class Format
{
    public static string Bytes(double bytes)
    {
        string[] units = ["B", "KB", "MB", "GB", "TB"];
        int unit = 0;
        while (Math.Abs(bytes) >= 1024 && unit < units.Length - 1)
        {
            bytes /= 1024;
            unit++;
        }

        return bytes.ToString(unit == 0 ? "F0" : "F1", CultureInfo.InvariantCulture) + " " + units[unit];
    }

    public static string Number(double value, string format = "F1") => value.ToString(format, CultureInfo.InvariantCulture);

    /// <summary>gen0 / baseline as "1.73x", or "-" when the baseline is zero.</summary>
    public static string Ratio(double baseline, double gen0) =>
        baseline == 0 ? (gen0 == 0 ? "=" : "-") : (gen0 / baseline).ToString("F2", CultureInfo.InvariantCulture) + "x";
}
