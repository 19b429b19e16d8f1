using Gen0.Collections;

namespace Gen0.Tests.Collections.Conformance;

/// <summary>
/// <see cref="Stack{T}"/>-shaped conformance: the members a stack has beyond the collection interfaces, called by
/// name on the subject and on the twin (late-bound, so that one script serves both), plus random sequences.
/// </summary>
public abstract class StackConformance : EnumerableConformance<int>
{
    protected override int Item(int i) => (i * 5) - 3;

    protected override bool TwinThrowsFromCurrentOutsideEnumeration => false;

    protected override IEnumerable<int> CreateTwin(int count) => new Stack<int>(Enumerable.Range(0, count).Select(Item));

    protected override IEnumerable<int> CreateSubject(int count) => Create(Enumerable.Range(0, count).Select(Item));

    protected override void Modify(IEnumerable<int> collection) => ((dynamic)collection).Push(-1);

    protected abstract IEnumerable<int> Create(IEnumerable<int> items);

    [Fact]
    public void StackMembersMatchTwin() => ForEachCase((size, name) => Compare(name, size, (c, log) =>
    {
        dynamic stack = c;
        log.Add("Peek", () => (int)stack.Peek());
        log.Add("TryPeek", () => stack.TryPeek(out int top) ? top : (object)"none");
        log.Add("Contains", () => (bool)stack.Contains(Item(0)));
        log.Add("Contains absent", () => (bool)stack.Contains(-1000));
        log.Add("ToArray", () => (int[])stack.ToArray());
        log.Add("CopyTo null", (Action)(() => stack.CopyTo((int[])null!, 0)));
        log.Add("CopyTo negative", (Action)(() => stack.CopyTo(new int[size + 1], -1)));
        log.Add("CopyTo past the end", (Action)(() => stack.CopyTo(new int[size + 1], size + 2)));
        log.Add("CopyTo too small", (Action)(() => stack.CopyTo(new int[size + 1], 2)));
        log.Add("CopyTo", () =>
        {
            int[] array = new int[size + 1];
            stack.CopyTo(array, 1);
            return array;
        });
        log.Add("EnsureCapacity(-1)", () => (int)stack.EnsureCapacity(-1) >= 0);
        log.Add("Pop", () => (int)stack.Pop());
        log.Add("TryPop", () => stack.TryPop(out int popped) ? popped : (object)"none");
        log.Add("Push", (Action)(() => stack.Push(77)));
        log.Add("TrimExcess", (Action)(() => stack.TrimExcess()));
        log.Add("contents", () => ((IEnumerable<int>)stack).ToList());
        log.Add("Clear", (Action)(() => stack.Clear()));
        log.Add("Pop empty", () => (int)stack.Pop());
        log.Add("Peek empty", () => (int)stack.Peek());
        log.Add("TryPop empty", () => stack.TryPop(out int none) ? none : (object)"none");
    }));

    [Fact]
    public void RandomOperationsMatchTwin()
    {
        for (int seed = 1; seed <= 4; seed++)
        {
            Random random = new(seed * 31);
            Stack<int> twin = new();
            dynamic subject = Create([]);
            for (int step = 0; step < 3_000; step++)
            {
                int value = random.Next(100);
                string name = $"seed {seed} step {step}";
                switch (random.Next(6))
                {
                    case 0:
                    case 1:
                        twin.Push(value);
                        subject.Push(value);
                        break;
                    case 2:
                        Conformance.Same(Conformance.Outcome(() => twin.Pop()), Conformance.Outcome(() => (int)subject.Pop()), name + " Pop");
                        break;
                    case 3:
                        Conformance.Same(Conformance.Outcome(() => twin.Peek()), Conformance.Outcome(() => (int)subject.Peek()), name + " Peek");
                        break;
                    case 4:
                        Conformance.Same(Conformance.Outcome(() => twin.Contains(value)), Conformance.Outcome(() => (bool)subject.Contains(value)), name + " Contains");
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

                Conformance.SameSequence(twin, (IEnumerable<int>)subject, name + " contents");
            }

            DisposeSubject(subject);
        }
    }
}

/// <summary><see cref="Queue{T}"/>-shaped conformance, as <see cref="StackConformance"/>; the random sequences wrap the ring often.</summary>
public abstract class QueueConformance : EnumerableConformance<int>
{
    protected override int Item(int i) => (i * 5) - 3;

    protected override bool TwinThrowsFromCurrentOutsideEnumeration => false;

    protected override IEnumerable<int> CreateTwin(int count) => new Queue<int>(Enumerable.Range(0, count).Select(Item));

    protected override IEnumerable<int> CreateSubject(int count) => Create(Enumerable.Range(0, count).Select(Item));

    protected override void Modify(IEnumerable<int> collection) => ((dynamic)collection).Enqueue(-1);

    protected abstract IEnumerable<int> Create(IEnumerable<int> items);

    [Fact]
    public void QueueMembersMatchTwin() => ForEachCase((size, name) => Compare(name, size, (c, log) =>
    {
        dynamic queue = c;
        log.Add("Peek", () => (int)queue.Peek());
        log.Add("TryPeek", () => queue.TryPeek(out int head) ? head : (object)"none");
        log.Add("Contains", () => (bool)queue.Contains(Item(0)));
        log.Add("Contains absent", () => (bool)queue.Contains(-1000));
        log.Add("ToArray", () => (int[])queue.ToArray());
        log.Add("CopyTo null", (Action)(() => queue.CopyTo((int[])null!, 0)));
        log.Add("CopyTo negative", (Action)(() => queue.CopyTo(new int[size + 1], -1)));
        log.Add("CopyTo past the end", (Action)(() => queue.CopyTo(new int[size + 1], size + 2)));
        log.Add("CopyTo too small", (Action)(() => queue.CopyTo(new int[size + 1], 2)));
        log.Add("CopyTo", () =>
        {
            int[] array = new int[size + 1];
            queue.CopyTo(array, 1);
            return array;
        });
        log.Add("EnsureCapacity(-1)", () => (int)queue.EnsureCapacity(-1) >= 0);
        log.Add("Dequeue", () => (int)queue.Dequeue());
        log.Add("TryDequeue", () => queue.TryDequeue(out int first) ? first : (object)"none");
        log.Add("Enqueue", (Action)(() => queue.Enqueue(77)));
        log.Add("TrimExcess", (Action)(() => queue.TrimExcess()));
        log.Add("contents", () => ((IEnumerable<int>)queue).ToList());
        log.Add("Clear", (Action)(() => queue.Clear()));
        log.Add("Dequeue empty", () => (int)queue.Dequeue());
        log.Add("Peek empty", () => (int)queue.Peek());
        log.Add("TryDequeue empty", () => queue.TryDequeue(out int none) ? none : (object)"none");
    }));

    [Fact]
    public void RandomOperationsMatchTwin()
    {
        for (int seed = 1; seed <= 4; seed++)
        {
            Random random = new(seed * 37);
            Queue<int> twin = new();
            dynamic subject = Create([]);
            for (int step = 0; step < 3_000; step++)
            {
                int value = random.Next(100);
                string name = $"seed {seed} step {step}";
                switch (random.Next(6))
                {
                    case 0:
                    case 1:
                        twin.Enqueue(value);
                        subject.Enqueue(value);
                        break;
                    case 2:
                        Conformance.Same(Conformance.Outcome(() => twin.Dequeue()), Conformance.Outcome(() => (int)subject.Dequeue()), name + " Dequeue");
                        break;
                    case 3:
                        Conformance.Same(Conformance.Outcome(() => twin.Peek()), Conformance.Outcome(() => (int)subject.Peek()), name + " Peek");
                        break;
                    case 4:
                        Conformance.Same(Conformance.Outcome(() => twin.Contains(value)), Conformance.Outcome(() => (bool)subject.Contains(value)), name + " Contains");
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

                Conformance.SameSequence(twin, (IEnumerable<int>)subject, name + " contents");
            }

            DisposeSubject(subject);
        }
    }
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
