using System.Buffers;

namespace Gen0.Buffers;

/// <summary>
/// The pool every Gen0 type rents from when the caller names none. One place, so that the whole library moves to a
/// different default at once.
/// </summary>
/// <typeparam name="T">The element type.</typeparam>
internal static class DefaultArrayPool<T>
{
    /// <summary>Gets the default pool for <typeparamref name="T"/>.</summary>
    public static ArrayPool<T> Instance => ScalableArrayPool<T>.Shared;
}
