using System.Globalization;
using Gen0.Collections;
using Gen0.Scopes;

namespace Gen0.WebDemo;

/// <summary>
/// The "database" both endpoints query: the rows are built once per server, so the two endpoints differ only in the
/// collection they return: a <see cref="List{T}"/> that becomes garbage after each response, or a
/// <see cref="PooledList{T}"/> registered in the request's dispose scope, whose array goes back to the pool after the
/// response. Both lists grow as the rows are added, as a data layer builds them.
/// </summary>
public static class RecordStore
{
    /// <summary>The <c>--shape</c> of <see cref="Record"/> rows (the default).</summary>
    public const string RecordShape = "record";

    /// <summary>The <c>--shape</c> of <see cref="SeedRecord"/> rows (seed 001's benchmark).</summary>
    public const string Seed001Shape = "seed001";

    /// <summary>The default number of rows in a server's data set.</summary>
    public const int DefaultRows = 100_000;

    /// <summary>The largest data set a server builds.</summary>
    public const int MaxRows = 1_000_000;

    /// <summary>The most rows one response returns.</summary>
    public const int MaxRecords = 100_000;

    /// <summary>The rows of one "page" (wrapping around the data set), in a list that grows as the rows are added.</summary>
    public static List<T> QueryList<T>(T[] rows, int count, int offset)
    {
        List<T> result = [];
        for (int i = 0; i < count; i++)
        {
            result.Add(rows[(int)(((long)offset + i) % rows.Length)]);
        }

        return result;
    }

    /// <summary>The same rows in a pooled list registered in the ambient scope (the request's, in the demo).</summary>
    public static PooledList<T> QueryPooled<T>(T[] rows, int count, int offset)
    {
        PooledList<T> result = new PooledList<T>().RegisterDisposeScope();
        for (int i = 0; i < count; i++)
        {
            result.Add(rows[(int)(((long)offset + i) % rows.Length)]);
        }

        return result;
    }

    /// <summary>Builds <paramref name="count"/> <see cref="Record"/> rows.</summary>
    public static Record[] BuildRecords(int count)
    {
        Record[] rows = new Record[count];
        DateTime start = new(2024, 1, 1, 0, 0, 0, DateTimeKind.Utc);
        for (int i = 0; i < count; i++)
        {
            rows[i] = new Record(i, $"record-{i}", (i % 10_000) / 100m, start.AddMinutes(i));
        }

        return rows;
    }

    /// <summary>Builds <paramref name="count"/> <see cref="SeedRecord"/> rows, each field derived from the row number as in seed 001's benchmark.</summary>
    public static SeedRecord[] BuildSeedRecords(int count)
    {
        SeedRecord[] rows = new SeedRecord[count];
        for (int i = 0; i < count; i++)
        {
            // Two ToString calls, as the seed: the data set is part of each server's fixed cost.
            string text = i.ToString(CultureInfo.InvariantCulture);
            rows[i] = new SeedRecord { F1 = i, F2 = i, F3 = text, F4 = i.ToString(CultureInfo.InvariantCulture), F5 = i, F6 = i };
        }

        return rows;
    }
}
