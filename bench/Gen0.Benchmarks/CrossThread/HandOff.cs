using Gen0.Buffers;

namespace Gen0.Benchmarks.CrossThread;

/// <summary>
/// A producer-to-consumer hand-off that allocates nothing and takes no lock: a single-producer, single-consumer ring
/// of references, and a consumer thread started once and kept for every invocation, which takes items in batches of
/// <see cref="Batch"/> (fixed at construction: changing it while items flow would strand the last partial batch) and
/// gives each to <see cref="Consume"/> (a pool's <c>Return</c>). The benchmark's own thread is
/// the producer (it rents and calls <see cref="Send"/>), so what is measured per item is a rent on one thread, a return
/// on the other, and the cache lines the two share: the ring's and the pool's.
/// </summary>
/// <typeparam name="TItem">The items handed over (arrays, pooled objects).</typeparam>
internal sealed class HandOff<TItem> : IDisposable
    where TItem : class
{
    private const int Capacity = 64;

    private readonly TItem?[] _ring = new TItem?[Capacity];
    private readonly Thread _consumer;
    private HandOffPositions _positions;
    private volatile bool _stop;

    /// <summary>
    /// Starts the consumer thread, which handles items <paramref name="batch"/> at a time and picks its shard with
    /// <paramref name="consumerProcessorId"/> when given.
    /// </summary>
    public HandOff(int batch, int? consumerProcessorId = null)
    {
        Batch = batch;
        _consumer = new Thread(() => ConsumeLoop(consumerProcessorId))
        {
            IsBackground = true,
            Name = "HandOff consumer",
        };
        _consumer.Start();
    }

    /// <summary>Gets or sets what the consumer does with each item (set it before the producer sends).</summary>
    public Action<TItem> Consume { get; set; } = static _ => { };

    /// <summary>Gets how many items the consumer waits for before it handles them (a divisor of what is sent).</summary>
    public int Batch { get; }

    /// <summary>Hands <paramref name="item"/> to the consumer, waiting while the ring is full.</summary>
    public void Send(TItem item)
    {
        long tail = _positions.Tail;
        var spinner = default(SpinWait);
        while (tail - Volatile.Read(ref _positions.Head) == Capacity)
        {
            spinner.SpinOnce(sleep1Threshold: -1);
        }

        _ring[tail & (Capacity - 1)] = item;
        Volatile.Write(ref _positions.Tail, tail + 1);
    }

    /// <summary>Waits until the consumer has handled everything sent.</summary>
    public void Drain()
    {
        var spinner = default(SpinWait);
        while (Volatile.Read(ref _positions.Head) != Volatile.Read(ref _positions.Tail))
        {
            spinner.SpinOnce(sleep1Threshold: -1);
        }
    }

    public void Dispose()
    {
        _stop = true;
        _consumer.Join();
    }

    private void ConsumeLoop(int? processorId)
    {
        ShardSelector.OverrideForCurrentThread(processorId);
        while (!_stop)
        {
            long head = _positions.Head;
            int batch = Batch;
            var spinner = default(SpinWait);
            while (Volatile.Read(ref _positions.Tail) - head < batch)
            {
                if (_stop)
                {
                    return;
                }

                spinner.SpinOnce(sleep1Threshold: -1);
            }

            Action<TItem> consume = Consume;
            for (int i = 0; i < batch; i++)
            {
                ref TItem? slot = ref _ring[(head + i) & (Capacity - 1)];
                TItem item = slot!;
                slot = null;
                consume(item);
            }

            Volatile.Write(ref _positions.Head, head + batch);
        }
    }
}
