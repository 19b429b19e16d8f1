using System.Buffers;
using Gen0.Buffers;

namespace Gen0.Scopes;

public sealed partial class DisposeScope
{
    private const int InlineCapacity = 4;
    private const int MinimumOverflowLength = 8;

    // Registrations 0..3 live inline, the rest in a pooled overflow buffer that doubles when full.
    private InlineItems _inline;
    private object?[]? _overflow;
    private int _count;

    // A one-word spin lock: the critical sections are a few stores (rarely a buffer growth), so one interlocked
    // operation per registration is all an uncontended registration costs.
    private int _lock;
    private volatile bool _ended;

    private static ArrayPool<object?> OverflowPool => DefaultArrayPool<object?>.Instance;

    private void Add(object item)
    {
        Enter();
        if (_ended)
        {
            Exit();
            ThrowScopeEnded();
        }

        int count = _count;
        if (count < InlineCapacity)
        {
            _inline[count] = item;
        }
        else
        {
            object?[]? overflow = _overflow;
            int index = count - InlineCapacity;
            if (overflow is null || index >= overflow.Length)
            {
                try
                {
                    overflow = GrowOverflow(overflow, index);
                }
                catch
                {
                    Exit();
                    throw;
                }
            }

            overflow[index] = item;
        }

        _count = count + 1;
        Exit();
    }

    private object?[] GrowOverflow(object?[]? overflow, int used)
    {
        object?[] grown = OverflowPool.Rent(Math.Max(MinimumOverflowLength, used * 2));
        if (overflow is not null)
        {
            Array.Copy(overflow, grown, used);
            OverflowPool.Return(overflow, clearArray: true);
        }

        _overflow = grown;
        return grown;
    }

    /// <summary>Takes the object at <paramref name="index"/> out of the buffer (only after the scope has ended).</summary>
    private object TakeAt(int index)
    {
        ref object? slot = ref index < InlineCapacity ? ref _inline[index] : ref _overflow![index - InlineCapacity];
        object item = slot!;
        slot = null;
        return item;
    }

    /// <summary>Returns the overflow buffer (its used slots were cleared by <see cref="TakeAt"/>).</summary>
    private void ReleaseStorage()
    {
        _count = 0;
        if (_overflow is { } overflow)
        {
            _overflow = null;
            OverflowPool.Return(overflow);
        }
    }

    private void Enter()
    {
        if (Interlocked.CompareExchange(ref _lock, 1, 0) != 0)
        {
            EnterContended();
        }
    }

    private void EnterContended()
    {
        SpinWait spinner = default;
        do
        {
            spinner.SpinOnce();
        }
        while (Volatile.Read(ref _lock) != 0 || Interlocked.CompareExchange(ref _lock, 1, 0) != 0);
    }

    private void Exit() => Volatile.Write(ref _lock, 0);
}
