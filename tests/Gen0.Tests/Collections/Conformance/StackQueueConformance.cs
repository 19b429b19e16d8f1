using Gen0.Collections;
using Gen0.Tests.Infrastructure;

namespace Gen0.Tests.Collections.Conformance;

/// <summary>
/// <see cref="Stack{T}"/>- and <see cref="Queue{T}"/>-shaped conformance: the members beyond the collection
/// interfaces, called late-bound on the subject and on the twin so that one script serves both, plus seeded random
/// sequences compared after every step. The two shapes differ only in the names of put, take and try-take.
/// </summary>
public abstract class SequenceConformance : EnumerableConformance<int>
{
    protected override int Item(int i) => (i * 5) - 3;

    protected override bool TwinThrowsFromCurrentOutsideEnumeration => false;

    protected override IEnumerable<int> CreateSubject(int count) => Create(Enumerable.Range(0, count).Select(Item));

    protected override IEnumerable<int> CreateTwin(int count) => CreateTwinOf(Enumerable.Range(0, count).Select(Item));

    protected override void Modify(IEnumerable<int> collection) => Put(collection, -1);

    protected abstract IEnumerable<int> Create(IEnumerable<int> items);

    protected abstract IEnumerable<int> CreateTwinOf(IEnumerable<int> items);

    /// <summary>Pushes or enqueues.</summary>
    protected abstract void Put(dynamic collection, int value);

    /// <summary>Pops or dequeues.</summary>
    protected abstract int Take(dynamic collection);

    /// <summary>TryPop or TryDequeue, described.</summary>
    protected abstract object TryTake(dynamic collection);

    [Fact]
    public void MembersMatchTwin() => ForEachCase((size, name) => Compare(name, size, (c, log) =>
    {
        dynamic sequence = c;
        log.Add("Peek", () => (int)sequence.Peek());
        log.Add("TryPeek", () => sequence.TryPeek(out int head) ? head : (object)"none");
        log.Add("Contains", () => (bool)sequence.Contains(Item(0)));
        log.Add("Contains absent", () => (bool)sequence.Contains(-1000));
        log.Add("ToArray", () => (int[])sequence.ToArray());
        log.Add("CopyTo null", (Action)(() => sequence.CopyTo((int[])null!, 0)));
        log.Add("CopyTo negative", (Action)(() => sequence.CopyTo(new int[size + 1], -1)));
        log.Add("CopyTo past the end", (Action)(() => sequence.CopyTo(new int[size + 1], size + 2)));
        log.Add("CopyTo too small", (Action)(() => sequence.CopyTo(new int[size + 1], 2)));
        log.Add("CopyTo", () =>
        {
            int[] array = new int[size + 1];
            sequence.CopyTo(array, 1);
            return array;
        });
        log.Add("EnsureCapacity(-1)", () => (int)sequence.EnsureCapacity(-1) >= 0);
        log.Add("Take", () => Take(sequence));
        log.Add("TryTake", () => TryTake(sequence));
        log.Add("Put", (Action)(() => Put(sequence, 77)));
        log.Add("TrimExcess", (Action)(() => sequence.TrimExcess()));
        log.Add("contents", () => ((IEnumerable<int>)sequence).ToList());
        log.Add("Clear", (Action)(() => sequence.Clear()));
        log.Add("Take empty", () => Take(sequence));
        log.Add("Peek empty", () => (int)sequence.Peek());
        log.Add("TryTake empty", () => TryTake(sequence));
    }));

    [Fact]
    public void RandomOperationsMatchTwin()
    {
        foreach (int seed in Seeds.Range(1, 4))
        {
            Seeds.Run(seed, () =>
            {
                Random random = new(seed * 31);
                dynamic twin = CreateTwinOf([]);
                dynamic subject = Create([]);
                for (int step = 0; step < 3_000; step++)
                {
                    int value = random.Next(100);
                    string name = $"seed {seed} step {step}";
                    switch (random.Next(6))
                    {
                        case 0:
                        case 1:
                            Put(twin, value);
                            Put(subject, value);
                            break;
                        case 2:
                            Conformance.SameOutcome(() => Take(twin), () => Take(subject), name + " take");
                            break;
                        case 3:
                            Conformance.SameOutcome(() => (int)twin.Peek(), () => (int)subject.Peek(), name + " Peek");
                            break;
                        case 4:
                            Conformance.SameOutcome(() => (bool)twin.Contains(value), () => (bool)subject.Contains(value), name + " Contains");
                            break;
                        default:
                            if (random.Next(30) == 0)
                            {
                                twin.Clear();
                                subject.Clear();
                            }
                            else
                            {
                                twin.TrimExcess();
                                subject.TrimExcess();
                            }

                            break;
                    }

                    Conformance.SameSequence((IEnumerable<int>)twin, (IEnumerable<int>)subject, name + " contents");
                }

                DisposeSubject(subject);
            });
        }
    }
}

/// <summary>The stack shape: Push, Pop, TryPop, with <see cref="Stack{T}"/> as the twin.</summary>
public abstract class StackConformance : SequenceConformance
{
    protected override IEnumerable<int> CreateTwinOf(IEnumerable<int> items) => new Stack<int>(items);

    protected override void Put(dynamic collection, int value) => collection.Push(value);

    protected override int Take(dynamic collection) => (int)collection.Pop();

    protected override object TryTake(dynamic collection) => collection.TryPop(out int top) ? top : "none";
}

/// <summary>The queue shape: Enqueue, Dequeue, TryDequeue, with <see cref="Queue{T}"/> as the twin; the random sequences wrap the ring often.</summary>
public abstract class QueueConformance : SequenceConformance
{
    protected override IEnumerable<int> CreateTwinOf(IEnumerable<int> items) => new Queue<int>(items);

    protected override void Put(dynamic collection, int value) => collection.Enqueue(value);

    protected override int Take(dynamic collection) => (int)collection.Dequeue();

    protected override object TryTake(dynamic collection) => collection.TryDequeue(out int head) ? head : "none";
}

public sealed class StackControl : StackConformance
{
    protected override bool IsControl => true;

    protected override IEnumerable<int> Create(IEnumerable<int> items) => new Stack<int>(items);
}

public sealed class PooledStackConformance : StackConformance
{
    protected override bool IsControl => false;

    protected override IEnumerable<int> Create(IEnumerable<int> items) => new PooledStack<int>(items);
}

public sealed class QueueControl : QueueConformance
{
    protected override bool IsControl => true;

    protected override IEnumerable<int> Create(IEnumerable<int> items) => new Queue<int>(items);
}

public sealed class PooledQueueConformance : QueueConformance
{
    protected override bool IsControl => false;

    protected override IEnumerable<int> Create(IEnumerable<int> items) => new PooledQueue<int>(items);
}
