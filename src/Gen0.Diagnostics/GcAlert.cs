using System.Globalization;

namespace Gen0.Diagnostics;

/// <summary>A rule of <see cref="GcMonitor"/> that fired: what was seen, against which threshold, why it matters and where to look next.</summary>
public sealed class GcAlert
{
    private DateTimeOffset _raisedAt;

    /// <summary>The rule, one of <see cref="GcAlertRules"/>.</summary>
    public string RuleId { get; init; } = string.Empty;

    /// <summary>The observed value, in <see cref="Unit"/>.</summary>
    public double Observed { get; init; }

    /// <summary>The threshold the observed value crossed, in <see cref="Unit"/>.</summary>
    public double Threshold { get; init; }

    /// <summary>The unit of <see cref="Observed"/> and <see cref="Threshold"/>: <c>%</c>, <c>collections</c>, <c>bytes</c>.</summary>
    public string Unit { get; init; } = string.Empty;

    /// <summary>One line: what the rule saw.</summary>
    public string Explanation { get; init; } = string.Empty;

    /// <summary>What to look at next.</summary>
    public string NextStep { get; init; } = string.Empty;

    /// <summary>When the rule started firing.</summary>
    public DateTimeOffset RaisedAt { get => _raisedAt; init => _raisedAt = value; }

    /// <summary>A log-friendly line: <c>GC alert gc-induced: observed 3 collections &gt; threshold 0 collections. ... Next: ...</c></summary>
    public override string ToString() =>
        string.Create(CultureInfo.InvariantCulture, $"GC alert {RuleId}: observed {Format(Observed)} {Unit} > threshold {Format(Threshold)} {Unit}. {Explanation} Next: {NextStep}");

    /// <summary>The same alert with another start time: a rule that keeps firing keeps the time it was first raised.</summary>
    internal GcAlert WithRaisedAt(DateTimeOffset raisedAt)
    {
        var copy = (GcAlert)MemberwiseClone();
        copy._raisedAt = raisedAt;
        return copy;
    }

    private static string Format(double value) =>
        value == Math.Floor(value) && Math.Abs(value) < 1e15
            ? value.ToString("N0", CultureInfo.InvariantCulture)
            : value.ToString("0.##", CultureInfo.InvariantCulture);
}
