using System.Text;

namespace Gen0.Tool.Rendering;

/// <summary>The report as plain text for a file or a pipe: no colours, no box drawing, columns aligned with spaces.</summary>
internal static class PlainTextRenderer
{
    public static void Write(ReportDocument document, TextWriter output)
    {
        output.WriteLine(document.Title);
        output.WriteLine(new string('=', Math.Min(document.Title.Length, 100)));
        foreach (string line in document.Lead)
        {
            output.WriteLine(line);
        }

        foreach (ReportSection section in document.Sections)
        {
            output.WriteLine();
            output.WriteLine(section.Heading);
            output.WriteLine(new string('-', Math.Min(section.Heading.Length, 100)));
            foreach (object block in section.Blocks)
            {
                switch (block)
                {
                    case ReportParagraph p:
                        output.WriteLine(p.Text);
                        break;
                    case ReportTable t:
                        WriteTable(t, output);
                        break;
                    case ReportStack s:
                        output.WriteLine(s.Title);
                        foreach (string frame in s.Frames)
                        {
                            output.Write("    at ");
                            output.WriteLine(frame);
                        }

                        break;
                }
            }
        }
    }

    public static void WriteTable(ReportTable table, TextWriter output)
    {
        int[] widths = new int[table.Columns.Length];
        for (int c = 0; c < widths.Length; c++)
        {
            widths[c] = table.Columns[c].Length;
            foreach (string[] row in table.Rows)
            {
                widths[c] = Math.Max(widths[c], row[c].Length);
            }
        }

        output.WriteLine(Line(table, table.Columns, widths));
        output.WriteLine(Line(table, [.. widths.Select(static w => new string('-', w))], widths));
        foreach (string[] row in table.Rows)
        {
            output.WriteLine(Line(table, row, widths));
        }
    }

    private static string Line(ReportTable table, string[] cells, int[] widths)
    {
        var sb = new StringBuilder();
        for (int c = 0; c < cells.Length; c++)
        {
            if (c > 0)
            {
                sb.Append("  ");
            }

            bool last = c == cells.Length - 1;
            if (table.NumericColumns.Contains(c))
            {
                sb.Append(cells[c].PadLeft(widths[c]));
            }
            else
            {
                sb.Append(last ? cells[c] : cells[c].PadRight(widths[c]));
            }
        }

        return sb.ToString().TrimEnd();
    }
}
