using Gen0.Collections;
using Gen0.Scopes;

namespace Gen0.WebDemo;

/// <summary>
/// The "database" both endpoints query: the rows are built once, so the two endpoints differ only in the collection
/// they return: a <see cref="List{T}"/> that becomes garbage after each response, or a <see cref="PooledList{T}"/>
/// registered in the request's dispose scope, whose array goes back to the pool after the response.
/// </summary>
public static class RecordStore
{
    private static readonly Record[] s_rows = Build(100_000);

    /// <summary>Gets the largest number of rows a query can return.</summary>
    public static int Capacity => s_rows.Length;

    /// <summary>The rows of one "page", in a list that grows as the rows are added (as a data layer builds it).</summary>
    public static List<Record> QueryList(int count, int offset)
    {
        List<Record> result = [];
        for (int i = 0; i < count; i++)
        {
            result.Add(s_rows[(offset + i) % s_rows.Length]);
        }

        return result;
    }

    /// <summary>The same rows in a pooled list registered in the ambient scope (the request's, in the demo).</summary>
    public static PooledList<Record> QueryPooled(int count, int offset)
    {
        PooledList<Record> result = new PooledList<Record>().RegisterDisposeScope();
        for (int i = 0; i < count; i++)
        {
            result.Add(s_rows[(offset + i) % s_rows.Length]);
        }

        return result;
    }

    private static Record[] Build(int count)
    {
        Record[] rows = new Record[count];
        DateTime start = new(2024, 1, 1, 0, 0, 0, DateTimeKind.Utc);
        for (int i = 0; i < count; i++)
        {
            rows[i] = new Record(i, $"record-{i}", (i % 10_000) / 100m, start.AddMinutes(i));
        }

        return rows;
    }
}
