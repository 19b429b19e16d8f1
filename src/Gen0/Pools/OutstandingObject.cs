namespace Gen0.Pools;

/// <summary>
/// Describes an object that a <see cref="Pool{T}"/> with <see cref="PoolOptions{T}.TrackLeaks"/> handed out and that
/// has not come back (or that was garbage collected without coming back: a leak): its type, when it was rented, and
/// where.
/// </summary>
/// <param name="TypeName">The full name of the rented object's type.</param>
/// <param name="RentedAtUtc">When the object was rented.</param>
/// <param name="RentStackTrace">The stack of the call that rented it (<c>Rent</c>, <c>TryRent</c>, <c>RentAsync</c> or <c>Lease</c>).</param>
public sealed record OutstandingObject(string TypeName, DateTime RentedAtUtc, string RentStackTrace)
{
    /// <inheritdoc />
    public override string ToString() => $"{TypeName} rented at {RentedAtUtc:O}{Environment.NewLine}{RentStackTrace}";
}
