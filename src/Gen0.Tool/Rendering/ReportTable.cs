namespace Gen0.Tool.Rendering;

/// <summary>A table; columns whose header is in <see cref="NumericColumns"/> are right-aligned.</summary>
internal sealed class ReportTable(params string[] columns)
{
    public string[] Columns { get; } = columns;

    public HashSet<int> NumericColumns { get; } = [];

    public List<string[]> Rows { get; } = [];

    public ReportTable Numeric(params int[] columns)
    {
        NumericColumns.UnionWith(columns);
        return this;
    }

    public ReportTable Row(params string[] cells)
    {
        if (cells.Length != Columns.Length)
        {
            throw new ArgumentException($"A row of {cells.Length} cells in a table of {Columns.Length} columns.", nameof(cells));
        }

        Rows.Add(cells);
        return this;
    }
}
