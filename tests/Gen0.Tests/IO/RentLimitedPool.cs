using System.Buffers;

namespace Gen0.Tests.IO;

/// <summary>
/// A test pool that allocates exact arrays (or rents them from an inner pool), counts what is out, refuses to hand out
/// more than a fixed number of arrays (so a stream that grows without bound fails the test instead of killing the test
/// host), and records whether every returned array came back cleared.
/// </summary>
public sealed class RentLimitedPool : ArrayPool<byte>
{
    private readonly int _maxRents;
    private readonly ArrayPool<byte>? _inner;
    private readonly object _lock = new();
    private readonly HashSet<byte[]> _outstanding = new(ReferenceEqualityComparer.Instance);
    private int _rents;

    public RentLimitedPool(int maxRents = 256, ArrayPool<byte>? inner = null)
    {
        _maxRents = maxRents;
        _inner = inner;
    }

    /// <summary>Gets how many arrays were rented in all.</summary>
    public int Rents => Volatile.Read(ref _rents);

    /// <summary>Gets how many rented arrays have not come back.</summary>
    public int Outstanding
    {
        get
        {
            lock (_lock)
            {
                return _outstanding.Count;
            }
        }
    }

    /// <summary>Gets how many arrays came back with a non-zero byte in them.</summary>
    public int DirtyReturns { get; private set; }

    /// <summary>Gets how many arrays came back in all.</summary>
    public int Returns { get; private set; }

    public override byte[] Rent(int minimumLength)
    {
        if (Interlocked.Increment(ref _rents) > _maxRents)
        {
            throw new RentLimitExceededException(_maxRents);
        }

        byte[] array = _inner?.Rent(minimumLength) ?? new byte[Math.Max(minimumLength, 0)];
        lock (_lock)
        {
            _outstanding.Add(array);
        }

        return array;
    }

    public override void Return(byte[] array, bool clearArray = false)
    {
        ArgumentNullException.ThrowIfNull(array);
        if (clearArray)
        {
            Array.Clear(array);
        }

        lock (_lock)
        {
            Assert.True(_outstanding.Remove(array), "An array came back that was not out (double or foreign return).");
            Returns++;
            if (array.AsSpan().IndexOfAnyExcept((byte)0) >= 0)
            {
                DirtyReturns++;
            }
        }

        _inner?.Return(array);
    }

    /// <summary>Thrown by <see cref="Rent"/> past the limit: the sign of unbounded growth.</summary>
    public sealed class RentLimitExceededException(int limit)
        : Exception($"More than {limit} arrays were rented: the code under test grows without bound.");
}
