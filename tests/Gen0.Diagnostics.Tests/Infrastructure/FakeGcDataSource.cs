using Gen0.Diagnostics.Internal;

namespace Gen0.Diagnostics.Tests.Infrastructure;

/// <summary>Scripted GC figures: the test edits <see cref="Figures"/> between polls.</summary>
internal sealed class FakeGcDataSource : IGcDataSource
{
    public GcFigures Figures;

    public int Reads { get; private set; }

    public void Read(ref GcFigures figures)
    {
        figures = Figures;
        Reads++;
    }

    /// <summary>Simulates one GC of <paramref name="generation"/> with the given pause.</summary>
    public void Collect(int generation, TimeSpan pause, bool background = false, bool induced = false)
    {
        long index = ++Figures.Gen0Count;
        if (generation >= 1)
        {
            Figures.Gen1Count++;
        }

        if (generation >= 2)
        {
            Figures.Gen2Count++;
        }

        Figures.TotalPause += pause;
        var last = new GcLastCollection(index, pause);
        Figures.LastAny = last;
        if (generation < 2)
        {
            Figures.LastEphemeral = last;
        }
        else if (background)
        {
            Figures.LastBackground = last;
        }
        else
        {
            Figures.LastFullBlocking = last;
        }

        if (induced)
        {
            Figures.InducedCount = (Figures.InducedCount ?? 0) + 1;
        }
    }
}
