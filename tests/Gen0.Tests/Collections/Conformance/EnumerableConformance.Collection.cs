using System.Collections;

namespace Gen0.Tests.Collections.Conformance;

/// <summary>The <see cref="ICollection{T}"/> and non-generic <see cref="ICollection"/> cases, run when the twin implements them.</summary>
public abstract partial class EnumerableConformance<T>
{
    /// <summary>Gets a value of a type no collection of <typeparamref name="T"/> accepts.</summary>
    protected virtual object WrongTypedValue => typeof(T) == typeof(string) ? 42 : "wrong";

    /// <summary>Returns an item equal to <c>Item(i)</c> under the current comparer but not identical to it (or <c>Item(i)</c> itself).</summary>
    protected virtual T EquivalentItem(int i) => Item(i);

    [Fact]
    public void GenericCollectionMembersMatchTwin() => ForEachCase((size, name) =>
    {
        if (CreateTwin(0) is not ICollection<T>)
        {
            return;
        }

        Compare(name, size, (c, log) =>
        {
            var collection = (ICollection<T>)c;
            log.Add("Count", () => collection.Count);
            log.Add("IsReadOnly", () => collection.IsReadOnly);
            log.Add("Contains first", () => collection.Contains(Item(0)));
            log.Add("Contains equivalent", () => collection.Contains(EquivalentItem(size / 2)));
            log.Add("Contains absent", () => collection.Contains(Item(size + 3)));
            log.Add("Contains default", () => collection.Contains(default!));
            log.Add("CopyTo null", () => collection.CopyTo(null!, 0));
            log.Add("CopyTo negative index", () => collection.CopyTo(new T[size + 1], -1));
            log.Add("CopyTo index past the end", () => collection.CopyTo(new T[size + 1], size + 2));
            log.Add("CopyTo too small", () => collection.CopyTo(new T[size + 1], 2));
            log.Add("CopyTo exact", () =>
            {
                T[] array = new T[size + 2];
                collection.CopyTo(array, 2);
                return array;
            });
            log.Add("Add new", () => collection.Add(Item(size + 1)));
            log.Add("Add again", () => collection.Add(Item(0)));
            log.Add("after Add", () => collection.ToList());
            log.Add("Remove first", () => collection.Remove(Item(0)));
            log.Add("Remove equivalent", () => collection.Remove(EquivalentItem(size / 2)));
            log.Add("Remove absent", () => collection.Remove(Item(size + 7)));
            log.Add("after Remove", () => collection.ToList());
            log.Add("Add after Remove", () => collection.Add(Item(size + 9)));
            log.Add("after Add", () => collection.ToList());
            log.Add("Clear", collection.Clear);
            log.Add("after Clear", () => collection.ToList());
            log.Add("Add after Clear", () => collection.Add(Item(2)));
            log.Add("after Add", () => collection.ToList());
        });
    });

    [Fact]
    public void NonGenericCollectionMembersMatchTwin() => ForEachCase((size, name) =>
    {
        if (CreateTwin(0) is not ICollection)
        {
            return;
        }

        Compare(name, size, (c, log) =>
        {
            var collection = (ICollection)c;
            log.Add("Count", () => collection.Count);
            log.Add("IsSynchronized", () => collection.IsSynchronized);
            log.Add("SyncRoot is stable", () => collection.SyncRoot is not null && ReferenceEquals(collection.SyncRoot, collection.SyncRoot));
            log.Add("CopyTo null", () => collection.CopyTo(null!, 0));
            log.Add("CopyTo rank 2", () => collection.CopyTo(new T[size + 1, 2], 0));
            log.Add("CopyTo lower bound 1", () => collection.CopyTo(Array.CreateInstance(typeof(T), [size + 1], [1]), 1));
            log.Add("CopyTo wrong type", () => collection.CopyTo(Array.CreateInstance(WrongTypedValue.GetType(), size + 1), 0));
            log.Add("CopyTo negative index", () => collection.CopyTo(new T[size + 1], -1));
            log.Add("CopyTo index past the end", () => collection.CopyTo(new T[size + 1], size + 2));
            log.Add("CopyTo too small", () => collection.CopyTo(new T[size + 1], 2));
            log.Add("CopyTo T[]", () =>
            {
                T[] array = new T[size + 1];
                collection.CopyTo(array, 1);
                return array;
            });
            log.Add("CopyTo object[]", () =>
            {
                object[] array = new object[size + 1];
                collection.CopyTo(array, 1);
                return array;
            });
        });
    });

    /// <summary>
    /// Runs the same script on the twin and the subject of <paramref name="size"/> elements and compares every
    /// logged outcome.
    /// </summary>
    protected void Compare(string name, int size, Action<IEnumerable<T>, OutcomeLog> script)
    {
        IEnumerable<T> twin = CreateTwin(size);
        IEnumerable<T> subject = CreateSubject(size);
        OutcomeLog expected = new();
        OutcomeLog actual = new();
        script(twin, expected);
        script(subject, actual);
        CompareScenario(expected.Entries, actual.Entries, name);
        DisposeSubject(subject);
    }

}

/// <summary>The outcomes of one script, in order.</summary>
public sealed class OutcomeLog
{
    public List<string> Entries { get; } = [];

    public void Add(string what, Func<object?> step) => Entries.Add(what + ": " + Conformance.Outcome(step));

    public void Add(string what, Action step) => Entries.Add(what + ": " + Conformance.Outcome(step));
}
