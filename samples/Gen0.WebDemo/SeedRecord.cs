namespace Gen0.WebDemo;

/// <summary>
/// One row shaped like the view model of seed 001's load benchmark (the numbers 59 MB against 110 MB came from it):
/// two integers, two short strings and two floating-point numbers, all derived from the row number.
/// </summary>
public sealed class SeedRecord
{
    /// <summary>Gets or sets the first integer.</summary>
    public int F1 { get; set; }

    /// <summary>Gets or sets the second integer.</summary>
    public int F2 { get; set; }

    /// <summary>Gets or sets the first string.</summary>
    public string? F3 { get; set; }

    /// <summary>Gets or sets the second string.</summary>
    public string? F4 { get; set; }

    /// <summary>Gets or sets a double.</summary>
    public double F5 { get; set; }

    /// <summary>Gets or sets a float.</summary>
    public float F6 { get; set; }
}
