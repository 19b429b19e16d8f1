namespace Gen0.Buffers;

public sealed partial class ScalableArrayPool<T>
{
    /// <summary>
    /// The arrays one core's threads share: a bounded stack per size class, each with its own lock, so two classes
    /// never contend and a thread contends only with threads that ran on the same core.
    /// </summary>
    private sealed class Shard
    {
        private readonly ClassStack[] _stacks;

        public Shard(int classCount, int capacity)
        {
            _stacks = new ClassStack[classCount];
            for (int i = 0; i < _stacks.Length; i++)
            {
                _stacks[i] = new ClassStack(capacity);
            }
        }

        public T[]? TryPop(int c) => _stacks[c].TryPop();

        public PushResult TryPush(int c, T[] array) => _stacks[c].TryPush(array);

        public int CountOf(int c) => _stacks[c].Count;

        /// <summary>Releases the stale (or all) arrays of class <paramref name="c"/>; returns how many.</summary>
        public int Trim(int c, int now, int idleMilliseconds, bool all) => _stacks[c].Trim(now, idleMilliseconds, all);
    }

    /// <summary>A bounded LIFO of arrays of one class, its backing array allocated on first push.</summary>
    private sealed class ClassStack
    {
        private readonly int _capacity;
        private readonly object _lock = new();
        private T[]?[]? _items;
        private volatile int _count;

        // 0 while arrays are being pushed; the tick the trimmer first saw the stack idle otherwise.
        private int _stamp;

        public ClassStack(int capacity) => _capacity = capacity;

        public int Count => _count;

        public T[]? TryPop()
        {
            // An empty stack is skipped without taking its lock, so misses on a cold class cost one read.
            if (_count == 0)
            {
                return null;
            }

            lock (_lock)
            {
                int n = _count;
                if (n == 0)
                {
                    return null;
                }

                n--;
                T[]? array = _items![n];
                _items[n] = null;
                _count = n;
                return array;
            }
        }

        public PushResult TryPush(T[] array)
        {
            if (_count >= _capacity)
            {
                return PushResult.Full;
            }

            lock (_lock)
            {
                int n = _count;
                if (n >= _capacity)
                {
                    return PushResult.Full;
                }

                // The shard half of the double-return check: the array this thread (or any) pushed last.
                if (n != 0 && ReferenceEquals(_items![n - 1], array))
                {
                    return PushResult.Duplicate;
                }

                _items ??= new T[]?[_capacity];
                _items[n] = array;
                _count = n + 1;
                _stamp = 0;
                return PushResult.Pushed;
            }
        }

        public int Trim(int now, int idleMilliseconds, bool all)
        {
            if (_count == 0)
            {
                return 0;
            }

            lock (_lock)
            {
                int n = _count;
                if (n == 0)
                {
                    return 0;
                }

                if (!all)
                {
                    if (_stamp == 0)
                    {
                        _stamp = now == 0 ? 1 : now;
                        return 0;
                    }

                    if (now - _stamp < idleMilliseconds)
                    {
                        return 0;
                    }
                }

                Array.Clear(_items!, 0, n);
                _count = 0;
                _stamp = 0;
                return n;
            }
        }
    }

    /// <summary>What <see cref="ClassStack.TryPush"/> did with an array.</summary>
    private enum PushResult
    {
        Pushed,
        Full,
        Duplicate,
    }
}
