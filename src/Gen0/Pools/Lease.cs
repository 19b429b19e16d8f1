using System.Diagnostics;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.InteropServices;

namespace Gen0.Pools;

/// <summary>
/// An object rented from a <see cref="Pool{T}"/> that goes back when disposed:
/// <c>using var lease = pool.Lease(); Use(lease.Value);</c>.
/// </summary>
/// <remarks>
/// The lease carries the generation its object had when it was rented, so disposing it a second time (or
/// disposing a copy of a lease already disposed) is detected with one compare-and-swap and throws
/// <see cref="InvalidOperationException"/>; the object never enters the pool twice. Disposing
/// <see langword="default"/>(<see cref="Lease{T}"/>) does nothing.
/// </remarks>
/// <typeparam name="T">The type of the pooled object.</typeparam>
[StructLayout(LayoutKind.Auto)]
[DebuggerDisplay("{DebuggerDisplay,nq}")]
[SuppressMessage("Performance", "CA1815:Override equals and operator equals on value types", Justification = "A lease is a handle, not a value; comparing leases is meaningless.")]
public readonly struct Lease<T> : IDisposable
    where T : class
{
    private readonly Pool<T>? _pool;
    private readonly PoolEntry<T>? _entry;
    private readonly T? _value;
    private readonly int _generation;

    internal Lease(Pool<T> pool, PoolEntry<T> entry, T value, int generation)
    {
        _pool = pool;
        _entry = entry;
        _value = value;
        _generation = generation;
    }

    /// <summary>The rented object.</summary>
    /// <exception cref="InvalidOperationException">The lease is <see langword="default"/> or was already disposed.</exception>
    public T Value
    {
        get
        {
            PoolEntry<T>? entry = _entry;
            if (entry is null || Volatile.Read(ref entry.Generation) != _generation)
            {
                ThrowNotValid(entry is null);
            }

            return _value!;
        }
    }

    /// <summary>Returns the object to its pool, exactly once.</summary>
    /// <exception cref="InvalidOperationException">This lease, or a copy of it, was already disposed.</exception>
    public void Dispose()
    {
        if (_pool is not null)
        {
            _pool.ReturnLease(_entry!, _generation);
        }
    }

    private string DebuggerDisplay =>
        _entry is null ? "default" : Volatile.Read(ref _entry.Generation) == _generation ? $"Value = {_value}" : "Returned";

    [DoesNotReturn]
    private static void ThrowNotValid(bool isDefault) =>
        throw new InvalidOperationException(isDefault
            ? "This lease is default and holds no object. Get leases from Pool<T>.Lease()."
            : "This lease was already disposed and its object returned to the pool; it must not be used any more.");
}
