using System.Buffers;
using Gen0.Buffers;

namespace Gen0.Tests.Collections.FaultInjection;

/// <summary>
/// An array pool whose <c>Rent</c> throws when its <see cref="FaultPlan"/> says so. It rents through a
/// <see cref="GuardedArrayPool{T}"/>, so a double or foreign return throws, and <see cref="AssertAllReturned"/> checks
/// that every array rented came back.
/// </summary>
/// <typeparam name="T">The element type.</typeparam>
public sealed class FaultingArrayPool<T>(FaultPlan plan) : ArrayPool<T>
{
    private readonly GuardedArrayPool<T> _inner = new(Create(), captureStackTraces: false);

    /// <summary>Gets the number of rents that succeeded.</summary>
    public long RentCount => _inner.RentCount;

    /// <inheritdoc/>
    public override T[] Rent(int minimumLength)
    {
        plan.Hit($"Rent({minimumLength}) of {typeof(T).Name}[]");
        return _inner.Rent(minimumLength);
    }

    /// <inheritdoc/>
    public override void Return(T[] array, bool clearArray = false) => _inner.Return(array, clearArray);

    /// <summary>Throws unless every array rented has been returned (exactly once: a second return threw already).</summary>
    public void AssertAllReturned() => _inner.AssertAllReturned();
}
