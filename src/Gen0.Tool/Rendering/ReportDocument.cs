namespace Gen0.Tool.Rendering;

/// <summary>
/// A report as people read it, independent of where it goes: a title, a lead, and sections of paragraphs, tables,
/// stacks and charts. The terminal, plain-text and HTML renderers draw the same document, so the three never disagree.
/// </summary>
internal sealed class ReportDocument(string title)
{
    public string Title { get; } = title;

    public List<string> Lead { get; } = [];

    public List<ReportSection> Sections { get; } = [];

    public ReportSection Add(string heading)
    {
        var section = new ReportSection(heading);
        Sections.Add(section);
        return section;
    }
}
