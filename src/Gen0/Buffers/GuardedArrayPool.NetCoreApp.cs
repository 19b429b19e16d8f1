using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Gen0.Buffers;

/// <content>
/// The members that need .NET: an enumerable <see cref="ConditionalWeakTable{TKey, TValue}"/> and spans over raw
/// references (Polyfills/GuardedArrayPool.NetStandard.cs has the netstandard2.0 versions).
/// </content>
public sealed partial class GuardedArrayPool<T>
{
    /// <summary>Lists the arrays rented and not yet returned, with the stack of their <c>Rent</c>.</summary>
    /// <returns>A snapshot of the outstanding rentals, oldest first.</returns>
    public IReadOnlyList<OutstandingRental> GetOutstanding()
    {
        var result = new List<OutstandingRental>();
        lock (_lock)
        {
            foreach (KeyValuePair<T[], Rental> entry in (IEnumerable<KeyValuePair<T[], Rental>>)_outstanding)
            {
                result.Add(entry.Value.Info);
            }
        }

        result.Sort(static (a, b) => a.RentedAtUtc.CompareTo(b.RentedAtUtc));
        return result;
    }

    // A byte view of at most MaxElementsPerByteSpan elements from start: arrays over 2 GB are viewed in pieces.
    private static Span<byte> AsBytes(T[] array, int start)
    {
        int count = Math.Min(array.Length - start, MaxElementsPerByteSpan);
        ref T first = ref Unsafe.Add(ref MemoryMarshal.GetArrayDataReference(array), start);
        return MemoryMarshal.CreateSpan(ref Unsafe.As<T, byte>(ref first), count * Unsafe.SizeOf<T>());
    }
}
