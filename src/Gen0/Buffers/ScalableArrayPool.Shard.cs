namespace Gen0.Buffers;

public sealed partial class ScalableArrayPool<T>
{
    /// <summary>
    /// The arrays one core's threads share: a bounded stack per size class, each with its own lock and its own credit
    /// against the budget, so two classes never contend, a thread contends only with threads that ran on the same core
    /// (or that found their own shard empty), and arrays move in and out without touching a pool-wide counter.
    /// </summary>
    private sealed class Shard
    {
        private readonly ClassStack[] _stacks;

        public Shard(long[] classBytes, long[] slack, int capacity)
        {
            _stacks = new ClassStack[classBytes.Length];
            for (int c = 0; c < _stacks.Length; c++)
            {
                _stacks[c] = new ClassStack(capacity, classBytes[c], slack[c]);
            }
        }

        public int TryPop(int c, T[]?[] into, int max, ScalableArrayPool<T> pool) => _stacks[c].TryPop(into, max, pool);

        public int TryPush(int c, T[]?[] arrays, int start, int count, ScalableArrayPool<T> pool, out PushResult result) =>
            _stacks[c].TryPush(arrays, start, count, pool, out result);

        public bool Contains(int c, T[] array) => _stacks[c].Contains(array);

        public int CountOf(int c) => _stacks[c].Count;

        /// <summary>Gives the unused credit of every class back to the budget; returns the bytes.</summary>
        public long ReleaseSlack(ScalableArrayPool<T> pool)
        {
            long released = 0;
            foreach (ClassStack stack in _stacks)
            {
                released += stack.ReleaseSlack(pool);
            }

            return released;
        }

        /// <summary>Releases the stale (or all) arrays of class <paramref name="c"/> with their credit; returns how many arrays.</summary>
        public int Trim(int c, int now, int idleMilliseconds, bool all, ScalableArrayPool<T> pool) =>
            _stacks[c].Trim(now, idleMilliseconds, all, pool);
    }

    /// <summary>
    /// A bounded LIFO of arrays of one class, its backing array grown on demand up to its capacity (and let go with a
    /// burst's arrays), and its credit: the bytes charged to the budget for it, at least its arrays' bytes
    /// (<c>_count * _arrayBytes &lt;= _credit</c> under the lock, and at every instant as other threads see it, since
    /// credit is taken before arrays enter and given back after they leave) and at most one slack more while no array
    /// enters.
    /// </summary>
    private sealed class ClassStack
    {
        private const int InitialLength = 32;

        // The look intervals a stack remembers: four cover an idle period of up to 20 s (the timer looks every quarter
        // period, at most every 5 s); longer periods merge the oldest.
        private const int MaxLooks = 8;

        private readonly int _capacity;
        private readonly long _arrayBytes;
        private readonly long _slack;
        private readonly object _lock = new();
        private T[]?[]? _items;
        private volatile int _count;
        private long _credit;

        // What the trimmer saw between its looks: the tick the current look interval began (0: none open) and the
        // fewest arrays the stack held since, and for earlier intervals their start ticks and lows (pairs in _looks,
        // oldest first). The arrays below the lowest mark over the intervals that cover the last idle period went
        // unused for all of it. A push changes no mark, so a trickle that pops one array and pushes it back keeps only
        // what it uses (ArrayPool.Shared resets its stamp only when a stack goes from empty to non-empty, and a stack
        // that resets it on every push keeps a burst's arrays for good), and what a burst left goes one idle period
        // after its last use, at the first look after that.
        private int _intervalStart;
        private int _lowWater;
        private int[]? _looks;
        private int _lookCount;

        public ClassStack(int capacity, long arrayBytes, long slack)
        {
            _capacity = capacity;
            _arrayBytes = arrayBytes;
            _slack = slack;
        }

        public int Count => _count;

        /// <summary>Pops up to <paramref name="max"/> arrays into <paramref name="into"/> (the newest first); returns how many.</summary>
        public int TryPop(T[]?[] into, int max, ScalableArrayPool<T> pool)
        {
            // An empty stack is skipped without taking its lock, so a miss over every shard costs one read per shard.
            if (_count == 0)
            {
                return 0;
            }

            lock (_lock)
            {
                int n = _count;
                int take = Math.Min(max, n);
                T[]?[] items = _items!;
                for (int i = 0; i < take; i++)
                {
                    n--;
                    into[i] = items[n];
                    items[n] = null;
                }

                _count = n;
                if (n < _lowWater)
                {
                    _lowWater = n;
                }

                GiveBackExcessCredit(pool);
                return take;
            }
        }

        /// <summary>
        /// Pushes <c>arrays[start .. start + count)</c> while there is room and budget; returns how many it took and, in
        /// <paramref name="result"/>, why it stopped short (<see cref="PushResult.Full"/> or
        /// <see cref="PushResult.OverBudget"/>).
        /// </summary>
        public int TryPush(T[]?[] arrays, int start, int count, ScalableArrayPool<T> pool, out PushResult result)
        {
            if (_count >= _capacity)
            {
                result = PushResult.Full;
                return 0;
            }

            lock (_lock)
            {
                int n = _count;
                int room = Math.Min(count, _capacity - n);
                result = room == count ? PushResult.Pushed : PushResult.Full;
                long needed = ((n + room) * _arrayBytes) - _credit;
                if (needed > 0)
                {
                    _credit += pool.ChargeForShard(needed, _slack, _arrayBytes);
                    int affordable = (int)((_credit / _arrayBytes) - n);
                    if (affordable < room)
                    {
                        room = affordable;
                        result = PushResult.OverBudget;
                    }
                }

                if (room <= 0)
                {
                    return 0;
                }

                T[]?[]? items = _items is { } current && current.Length >= n + room ? current : TryGrow(n + room);
                if (items is null)
                {
                    // No memory for a longer backing array: the arrays are dropped as if the stack were full, and the
                    // credit just taken for them goes back. A return never fails for the pool's own bookkeeping.
                    GiveBackExcessCredit(pool);
                    result = PushResult.Full;
                    return 0;
                }

                for (int i = 0; i < room; i++)
                {
                    items[n + i] = arrays[start + i];
                }

                _count = n + room;
                return room;
            }
        }

        /// <summary>Keeps one slack of unused credit for the next push and gives the rest back (under the lock).</summary>
        private void GiveBackExcessCredit(ScalableArrayPool<T> pool)
        {
            long excess = _credit - (_count * _arrayBytes) - _slack;
            if (excess > 0)
            {
                _credit -= excess;
                pool.ReleaseBudget(excess);
            }
        }

        /// <summary>
        /// Lengthens the backing array to hold <paramref name="needed"/> arrays, doubling, at least 32, at most the
        /// capacity; <see langword="null"/> when the runtime has no memory for it (under a heap limit, at the moment a
        /// burst ends). On demand because a capacity may be set high so that the byte budget, not a count, bounds the
        /// stack (the transport pool: up to 32,768 blocks of 4 KiB in 128 MiB), and a backing array that long is worth
        /// its 256 KiB only while the stack holds that many.
        /// </summary>
        private T[]?[]? TryGrow(int needed)
        {
            T[]?[]? current = _items;
            int length = Math.Min(_capacity, Math.Max(needed, current is null ? InitialLength : current.Length * 2));
            T[]?[] grown;
            try
            {
                grown = new T[]?[length];
            }
            catch (OutOfMemoryException)
            {
                return null;
            }

            if (current is not null)
            {
                Array.Copy(current, grown, _count);
            }

            _items = grown;
            return grown;
        }

        /// <summary>Whether the stack holds <paramref name="array"/> (a scan under the lock: the double-return check of pools without a thread tier).</summary>
        public bool Contains(T[] array)
        {
            if (_count == 0)
            {
                return false;
            }

            lock (_lock)
            {
                T[]?[]? items = _items;
                for (int i = _count - 1; i >= 0; i--)
                {
                    if (ReferenceEquals(items![i], array))
                    {
                        return true;
                    }
                }

                return false;
            }
        }

        public long ReleaseSlack(ScalableArrayPool<T> pool)
        {
            if (Volatile.Read(ref _credit) - (_count * _arrayBytes) <= 0)
            {
                return 0;
            }

            lock (_lock)
            {
                long excess = _credit - (_count * _arrayBytes);
                if (excess <= 0)
                {
                    return 0;
                }

                _credit -= excess;
                pool.ReleaseBudget(excess);
                return excess;
            }
        }

        /// <summary>
        /// Releases the arrays that stayed below the stack's low-water mark for the whole last
        /// <paramref name="idleMilliseconds"/> (all of them if <paramref name="all"/>), with their credit; returns how
        /// many. Each look closes an interval; a look releases once the intervals it remembers reach back an idle
        /// period. The timer looks four times a period, so a burst's surplus goes between one and one and a quarter
        /// periods after it was last used, and what a trickle pops stays.
        /// </summary>
        public int Trim(int now, int idleMilliseconds, bool all, ScalableArrayPool<T> pool)
        {
            if (_count == 0 && Volatile.Read(ref _credit) == 0)
            {
                return 0;
            }

            lock (_lock)
            {
                int n = _count;
                if (!all && n != 0)
                {
                    int release = Math.Min(Look(now, idleMilliseconds, n), n);
                    if (release < n)
                    {
                        return ReleaseTop(release, pool);
                    }
                }

                if (_items is { Length: > InitialLength })
                {
                    // A burst's backing array goes with the burst's arrays; the next one grows it again.
                    _items = null;
                }
                else if (n != 0)
                {
                    Array.Clear(_items!, 0, n);
                }

                _count = 0;
                _intervalStart = 0;
                _lookCount = 0;
                long credit = _credit;
                _credit = 0;
                pool.ReleaseBudget(credit);
                return n;
            }
        }

        /// <summary>
        /// Under the lock: closes the current look interval and returns how many arrays stayed below every mark of the
        /// intervals that cover the last <paramref name="idleMilliseconds"/> (0 until they reach back that far).
        /// </summary>
        private int Look(int now, int idleMilliseconds, int n)
        {
            int stamp = now == 0 ? 1 : now;
            if (_intervalStart == 0)
            {
                _intervalStart = stamp;
                _lowWater = n;
                return 0;
            }

            int[] looks = _looks ??= new int[2 * MaxLooks];
            if (_lookCount == MaxLooks)
            {
                // Full (a long idle period looked at every 5 s): the two oldest intervals become one, keeping the
                // lower mark, which only ever keeps more.
                looks[3] = Math.Min(looks[1], looks[3]);
                looks[2] = looks[0];
                Array.Copy(looks, 2, looks, 0, 2 * (MaxLooks - 1));
                _lookCount--;
            }

            looks[2 * _lookCount] = _intervalStart;
            looks[(2 * _lookCount) + 1] = _lowWater;
            _lookCount++;
            _intervalStart = stamp;
            _lowWater = n;

            // The newest interval that began an idle period ago or earlier: it and the ones after it cover the period.
            int from = -1;
            for (int i = 0; i < _lookCount; i++)
            {
                if (now - looks[2 * i] >= idleMilliseconds)
                {
                    from = i;
                }
            }

            if (from < 0)
            {
                return 0;
            }

            int low = int.MaxValue;
            for (int i = from; i < _lookCount; i++)
            {
                low = Math.Min(low, looks[(2 * i) + 1]);
            }

            // Older intervals are no longer needed; the marks of the rest drop with the arrays released.
            int kept = _lookCount - from;
            Array.Copy(looks, 2 * from, looks, 0, 2 * kept);
            _lookCount = kept;
            int release = Math.Min(low, n);
            for (int i = 0; i < kept; i++)
            {
                looks[(2 * i) + 1] -= Math.Min(release, looks[(2 * i) + 1]);
            }

            _lowWater = n - release;
            return release;
        }

        /// <summary>Releases the <paramref name="release"/> newest arrays (all are alike) and their credit, under the lock.</summary>
        private int ReleaseTop(int release, ScalableArrayPool<T> pool)
        {
            if (release == 0)
            {
                return 0;
            }

            int n = _count - release;
            T[]?[] items = _items!;
            Array.Clear(items, n, release);
            _count = n;
            if (items.Length > InitialLength && n <= items.Length / 4)
            {
                // A burst's long backing array shrinks with it; a failed allocation only keeps the long one.
                try
                {
                    T[]?[] shorter = new T[]?[Math.Max(InitialLength, n * 2)];
                    Array.Copy(items, shorter, n);
                    _items = shorter;
                }
                catch (OutOfMemoryException)
                {
                }
            }

            long excess = _credit - (n * _arrayBytes);
            _credit -= excess;
            pool.ReleaseBudget(excess);
            return release;
        }
    }

    /// <summary>What <see cref="ClassStack.TryPush"/> did with a batch of arrays.</summary>
    private enum PushResult
    {
        Pushed,
        Full,
        OverBudget,
    }
}
