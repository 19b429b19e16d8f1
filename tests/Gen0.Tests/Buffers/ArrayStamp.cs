using System.Collections.Concurrent;

namespace Gen0.Tests.Buffers;

/// <summary>
/// Proves that no array is held by two renters at once: a renter claims each array it rents under its own token and
/// releases it before the return. A pool that hands one array to two renters makes the second claim (or the first
/// release) fail. Arrays are told apart by reference, not by content (a rented array is not cleared).
/// </summary>
internal sealed class ArrayStamp
{
    private readonly ConcurrentDictionary<byte[], long> _held = new(ReferenceEqualityComparer.Instance);

    public void Claim(byte[] array, long token)
    {
        if (!_held.TryAdd(array, token))
        {
            _held.TryGetValue(array, out long holder);
            throw new InvalidOperationException($"Double hand-out: a byte[{array.Length}] was given to renter {token} while renter {holder} held it.");
        }
    }

    public void Release(byte[] array, long token)
    {
        // Only the holder releases, so the look and the removal need not be one atomic step.
        if (!_held.TryGetValue(array, out long holder) || holder != token || !_held.TryRemove(array, out _))
        {
            throw new InvalidOperationException($"A byte[{array.Length}] was held by {holder}, not by renter {token}, when that renter gave it back.");
        }
    }
}
