using System.Buffers;
using System.Runtime.CompilerServices;

namespace Gen0.Tests.Collections;

/// <summary>
/// A test pool that records every array it hands out and fails on a return of an array it does not have out (a
/// double return or a foreign array). It reuses returned arrays, hands out lengths above the request, and checks the
/// clear-mode contract: an array returned by a collection that must clear holds only default values.
/// </summary>
public sealed class PooledSequenceTrackingPool<T> : ArrayPool<T>
{
    private readonly HashSet<T[]> _outstanding = new(ReferenceEqualityComparer.Instance);
    private readonly Stack<T[]> _free = new();

    public int RentCount { get; private set; }

    public int ReturnCount { get; private set; }

    public int OutstandingCount => _outstanding.Count;

    /// <summary>Gets the number of returned arrays that still held a non-default element (after honouring clearArray).</summary>
    public int DirtyReturnCount { get; private set; }

    /// <summary>When set, every returned array must hold only default values.</summary>
    public bool ExpectCleared { get; set; }

    public override T[] Rent(int minimumLength)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(minimumLength);
        RentCount++;
        T[]? array = null;
        if (_free.TryPeek(out T[]? candidate) && candidate.Length >= minimumLength && candidate.Length <= (minimumLength * 2) + 8)
        {
            array = _free.Pop();
        }

        // Lengths above the request, as real pools hand out, so that nobody relies on Capacity == requested.
        array ??= new T[minimumLength + (minimumLength % 3)];
        Assert.True(_outstanding.Add(array), "the pool handed out an array twice");
        return array;
    }

    public override void Return(T[] array, bool clearArray = false)
    {
        ArgumentNullException.ThrowIfNull(array);
        if (!_outstanding.Remove(array))
        {
            throw new InvalidOperationException($"An array of length {array.Length} was returned that is not rented (double return or foreign array).");
        }

        ReturnCount++;
        if (clearArray)
        {
            Array.Clear(array);
        }

        bool dirty = Array.Exists(array, item => !EqualityComparer<T>.Default.Equals(item, default!));
        if (dirty)
        {
            DirtyReturnCount++;
        }

        if (ExpectCleared && dirty)
        {
            throw new InvalidOperationException("An array came back uncleared although the clear mode says to clear it.");
        }

        if (_free.Count < 8)
        {
            _free.Push(array);
        }
    }

    public void AssertAllReturned()
    {
        Assert.True(_outstanding.Count == 0, $"{_outstanding.Count} rented arrays were never returned");
        Assert.Equal(RentCount, ReturnCount);
    }

    /// <summary>Whether <typeparamref name="T"/> holds references (the Auto clear mode clears only then).</summary>
    public static bool HoldsReferences => RuntimeHelpers.IsReferenceOrContainsReferences<T>();
}
