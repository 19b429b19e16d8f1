using System.Diagnostics.CodeAnalysis;
using System.Reflection;

namespace Gen0.Pools;

/// <summary>
/// Binds, once per <typeparamref name="T"/>, the <c>TryReset()</c> of <c>Microsoft.Extensions.ObjectPool.IResettable</c>
/// when <typeparamref name="T"/> implements it, so <see cref="Pool{T}"/> resets such objects as
/// <c>DefaultObjectPool&lt;T&gt;</c> does, without the core package depending on Microsoft.Extensions.ObjectPool.
/// </summary>
/// <remarks>
/// The interface is recognised by its full name, and its method bound as an open-instance delegate over the interface
/// method, so a type that implements it explicitly, or a derived type that re-implements it, is called as the
/// interface would be. Trimmed and NativeAOT applications keep the method whenever something else calls it (any use of
/// <c>DefaultPooledObjectPolicy&lt;T&gt;</c> does); where the trimmer removed it, nothing is bound and the pool does not
/// reset, as with an explicit <see cref="PoolOptions{T}.Reset"/> of <see langword="null"/>.
/// </remarks>
/// <typeparam name="T">The type of the pooled objects.</typeparam>
internal static class ResettableBinding<T>
    where T : class
{
    /// <summary>The full name of the interface .NET 8+ types implement to be reset by object pools.</summary>
    public const string InterfaceName = "Microsoft.Extensions.ObjectPool.IResettable";

    /// <summary>Gets <c>TryReset</c> of <typeparamref name="T"/>, or <see langword="null"/> when it does not implement the interface.</summary>
    public static readonly Func<T, bool>? TryReset = Bind();

    [UnconditionalSuppressMessage("Trimming", "IL2090", Justification = "Only an interface the application already uses is looked for; if the trimmer removed it, nothing can implement it and nothing is bound.")]
    [UnconditionalSuppressMessage("Trimming", "IL2075", Justification = "TryReset is kept wherever IResettable is used (its only purpose is to be called); if it was removed, nothing is bound.")]
    private static Func<T, bool>? Bind()
    {
        Type type = typeof(T);
        Type? resettable = type.IsInterface && type.FullName == InterfaceName ? type : null;
        if (resettable is null)
        {
            foreach (Type candidate in type.GetInterfaces())
            {
                if (candidate.FullName == InterfaceName)
                {
                    resettable = candidate;
                    break;
                }
            }
        }

        MethodInfo? tryReset = resettable?.GetMethod("TryReset", BindingFlags.Public | BindingFlags.Instance, null, Type.EmptyTypes, null);
        if (tryReset is null || tryReset.ReturnType != typeof(bool))
        {
            return null;
        }

        return (Func<T, bool>)Delegate.CreateDelegate(typeof(Func<T, bool>), tryReset);
    }
}
