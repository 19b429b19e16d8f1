using System.Collections.Immutable;
using Microsoft.CodeAnalysis;

namespace Gen0.Analyzers;

/// <summary>
/// The BCL and Gen0 types the rules recognise, resolved once per compilation. A type the compilation does not
/// reference stays null and the rules that need it stay silent.
/// </summary>
internal sealed class KnownTypes
{
    private KnownTypes(Compilation compilation)
    {
        ArrayPool = compilation.GetTypeByMetadataName("System.Buffers.ArrayPool`1");
        Pool = compilation.GetTypeByMetadataName("Gen0.Pools.Pool`1");
        ScalableArrayPool = compilation.GetTypeByMetadataName("Gen0.Buffers.ScalableArrayPool`1");
        ArrayPoolExtensions = compilation.GetTypeByMetadataName("Gen0.Buffers.ArrayPoolExtensions");
        DisposeScope = compilation.GetTypeByMetadataName("Gen0.Scopes.DisposeScope");
        DisposeScopeExtensions = compilation.GetTypeByMetadataName("Gen0.Scopes.DisposeScopeExtensions");
        PooledCollectionExtensions = compilation.GetTypeByMetadataName("Gen0.Collections.PooledCollectionExtensions");
        Gc = compilation.GetTypeByMetadataName("System.GC");
        List = compilation.GetTypeByMetadataName("System.Collections.Generic.List`1");
        Stack = compilation.GetTypeByMetadataName("System.Collections.Generic.Stack`1");
        Queue = compilation.GetTypeByMetadataName("System.Collections.Generic.Queue`1");
        Dictionary = compilation.GetTypeByMetadataName("System.Collections.Generic.Dictionary`2");
        HashSet = compilation.GetTypeByMetadataName("System.Collections.Generic.HashSet`1");
        MemoryStream = compilation.GetTypeByMetadataName("System.IO.MemoryStream");
        ChunkedList = compilation.GetTypeByMetadataName("Gen0.Collections.ChunkedList`1");
        ChunkedHashSet = compilation.GetTypeByMetadataName("Gen0.Collections.ChunkedHashSet`1");
        ChunkedDictionary = compilation.GetTypeByMetadataName("Gen0.Collections.ChunkedDictionary`2");
        PooledMemoryStream = compilation.GetTypeByMetadataName("Gen0.IO.PooledMemoryStream");
        ObjectPool = compilation.GetTypeByMetadataName("Microsoft.Extensions.ObjectPool.ObjectPool`1");
        MemoryPool = compilation.GetTypeByMetadataName("System.Buffers.MemoryPool`1");
        LazyOfT = compilation.GetTypeByMetadataName("System.Lazy`1");
        LazyInitializer = compilation.GetTypeByMetadataName("System.Threading.LazyInitializer");
        Interlocked = compilation.GetTypeByMetadataName("System.Threading.Interlocked");

        ImmutableHashSet<INamedTypeSymbol>.Builder views = ImmutableHashSet.CreateBuilder<INamedTypeSymbol>(SymbolEqualityComparer.Default);
        foreach (string name in new[]
        {
            "System.Span`1", "System.ReadOnlySpan`1", "System.Memory`1", "System.ReadOnlyMemory`1", "System.ArraySegment`1",
            "System.Buffers.ReadOnlySequence`1",
        })
        {
            if (compilation.GetTypeByMetadataName(name) is { } type)
            {
                views.Add(type);
            }
        }

        Views = views.ToImmutable();

        ImmutableHashSet<INamedTypeSymbol>.Builder pooled = ImmutableHashSet.CreateBuilder<INamedTypeSymbol>(SymbolEqualityComparer.Default);
        foreach (string name in new[]
        {
            "Gen0.Collections.PooledList`1", "Gen0.Collections.PooledDictionary`2", "Gen0.Collections.PooledHashSet`1",
            "Gen0.Collections.PooledStack`1", "Gen0.Collections.PooledQueue`1", "Gen0.IO.PooledMemoryStream",
            "Gen0.IO.PooledBufferWriter`1", "Gen0.Buffers.ArrayLease`1", "Gen0.Pools.Lease`1", "Gen0.Scopes.DisposeScope",
        })
        {
            if (compilation.GetTypeByMetadataName(name) is { } type)
            {
                pooled.Add(type);
            }
        }

        AlwaysPooled = pooled.ToImmutable();
    }

    public INamedTypeSymbol? ArrayPool { get; }

    public INamedTypeSymbol? Pool { get; }

    public INamedTypeSymbol? ScalableArrayPool { get; }

    public INamedTypeSymbol? ArrayPoolExtensions { get; }

    public INamedTypeSymbol? DisposeScope { get; }

    public INamedTypeSymbol? DisposeScopeExtensions { get; }

    public INamedTypeSymbol? PooledCollectionExtensions { get; }

    public INamedTypeSymbol? Gc { get; }

    public INamedTypeSymbol? List { get; }

    public INamedTypeSymbol? Stack { get; }

    public INamedTypeSymbol? Queue { get; }

    public INamedTypeSymbol? Dictionary { get; }

    public INamedTypeSymbol? HashSet { get; }

    public INamedTypeSymbol? MemoryStream { get; }

    public INamedTypeSymbol? ChunkedList { get; }

    public INamedTypeSymbol? ChunkedHashSet { get; }

    public INamedTypeSymbol? ChunkedDictionary { get; }

    public INamedTypeSymbol? PooledMemoryStream { get; }

    /// <summary>Microsoft.Extensions.ObjectPool's <c>ObjectPool&lt;T&gt;</c> (Get/Return), when referenced.</summary>
    public INamedTypeSymbol? ObjectPool { get; }

    public INamedTypeSymbol? MemoryPool { get; }

    public INamedTypeSymbol? LazyOfT { get; }

    public INamedTypeSymbol? LazyInitializer { get; }

    public INamedTypeSymbol? Interlocked { get; }

    /// <summary>Span, ReadOnlySpan, Memory, ReadOnlyMemory, ArraySegment, ReadOnlySequence: views that never own what they wrap.</summary>
    public ImmutableHashSet<INamedTypeSymbol> Views { get; }

    /// <summary>Types that hold pooled memory whenever they exist (original definitions).</summary>
    public ImmutableHashSet<INamedTypeSymbol> AlwaysPooled { get; }

    public static KnownTypes Create(Compilation compilation) => new(compilation);

    public static bool Is(ITypeSymbol? type, INamedTypeSymbol? definition) =>
        type is not null && definition is not null && SymbolEqualityComparer.Default.Equals(type.OriginalDefinition, definition);

    /// <summary>True when <paramref name="type"/> is <paramref name="definition"/> or derives from it.</summary>
    public static bool DerivesFrom(ITypeSymbol? type, INamedTypeSymbol? definition)
    {
        for (ITypeSymbol? current = type; current is not null; current = current.BaseType)
        {
            if (Is(current, definition))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>True for <c>ArrayPool&lt;T&gt;</c>, <c>ObjectPool&lt;T&gt;</c> and everything derived from them, and for Gen0's <c>Pool&lt;T&gt;</c>.</summary>
    public bool IsPoolType(ITypeSymbol? type) => DerivesFrom(type, ArrayPool) || Is(type, Pool) || DerivesFrom(type, ObjectPool);

    /// <summary>True for a view type (<see cref="Views"/>) over anything.</summary>
    public bool IsView(ITypeSymbol? type) => type is INamedTypeSymbol named && Views.Contains(named.OriginalDefinition);
}
