namespace Gen0.Buffers;

/// <summary>
/// Describes an array that a <see cref="GuardedArrayPool{T}"/> handed out and that has not come back: its length,
/// when it was rented, and where.
/// </summary>
/// <param name="Length">The length of the rented array (which may exceed the length asked for).</param>
/// <param name="RequestedLength">The length the caller asked <c>Rent</c> for.</param>
/// <param name="RentedAtUtc">When the array was rented.</param>
/// <param name="RentStackTrace">The stack of the <c>Rent</c> call, or <see langword="null"/> when the pool does not capture stacks.</param>
public sealed record OutstandingRental(int Length, int RequestedLength, DateTime RentedAtUtc, string? RentStackTrace)
{
    /// <inheritdoc />
    public override string ToString() =>
        $"T[{Length}] (asked for {RequestedLength}) rented at {RentedAtUtc:O}{(RentStackTrace is null ? string.Empty : Environment.NewLine + RentStackTrace)}";
}
