using Spectre.Console;

namespace Gen0.Tool.Rendering;

/// <summary>The report on a terminal: headings as rules, tables with borders, stacks dimmed (Spectre.Console).</summary>
internal static class TerminalRenderer
{
    public static void Write(ReportDocument document, IAnsiConsole console)
    {
        console.Write(new Rule($"[bold]{Markup.Escape(document.Title)}[/]").LeftJustified());
        foreach (string line in document.Lead)
        {
            console.WriteLine(line);
        }

        foreach (ReportSection section in document.Sections)
        {
            console.WriteLine();
            console.Write(new Rule($"[bold yellow]{Markup.Escape(section.Heading)}[/]").LeftJustified());
            foreach (object block in section.Blocks)
            {
                switch (block)
                {
                    case ReportParagraph p:
                        console.Write(new Paragraph(p.Text));
                        console.WriteLine();
                        break;
                    case ReportTable t:
                        console.Write(ToTable(t));
                        break;
                    case ReportStack s:
                        console.MarkupLine($"[bold]{Markup.Escape(s.Title)}[/]");
                        foreach (string frame in s.Frames)
                        {
                            console.MarkupLine($"  [grey]at[/] {Markup.Escape(frame)}");
                        }

                        break;
                }
            }
        }
    }

    public static Table ToTable(ReportTable t)
    {
        var table = new Table().Border(TableBorder.Rounded);
        for (int c = 0; c < t.Columns.Length; c++)
        {
            var column = new TableColumn(new Text(t.Columns[c], new Style(decoration: Decoration.Bold)));
            table.AddColumn(t.NumericColumns.Contains(c) ? column.RightAligned() : column);
        }

        foreach (string[] row in t.Rows)
        {
            table.AddRow([.. row.Select(static cell => (Spectre.Console.Rendering.IRenderable)new Text(cell))]);
        }

        return table;
    }
}
