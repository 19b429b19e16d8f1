namespace Gen0.WebDemo;

/// <summary>One row of the demo's data set, shaped like seed 001's <c>Record</c>.</summary>
/// <param name="Id">The row id.</param>
/// <param name="Name">A short name.</param>
/// <param name="Amount">An amount.</param>
/// <param name="CreatedAt">When the row was created.</param>
public sealed record Record(int Id, string Name, decimal Amount, DateTime CreatedAt);
