namespace Gen0.Tool.Rendering;

/// <summary>One section of a <see cref="ReportDocument"/>; its blocks render in the order they were added.</summary>
internal sealed class ReportSection(string heading)
{
    public string Heading { get; } = heading;

    public List<object> Blocks { get; } = [];

    public ReportSection Paragraph(string text)
    {
        Blocks.Add(new ReportParagraph(text));
        return this;
    }

    public ReportSection Table(ReportTable table)
    {
        Blocks.Add(table);
        return this;
    }

    public ReportSection Stack(string title, IReadOnlyList<string> frames)
    {
        Blocks.Add(new ReportStack(title, frames));
        return this;
    }

    public ReportSection Chart(ReportChart chart)
    {
        Blocks.Add(chart);
        return this;
    }
}
