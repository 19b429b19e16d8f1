namespace Gen0.Analyzers.Flow;

/// <summary>What a tracked local owns, which decides how it is released and which rules apply.</summary>
internal enum OwnershipKind
{
    /// <summary>An array or object rented from a pool: released by <c>pool.Return(x)</c> (GEN0002, GEN0003, GEN0004).</summary>
    Rental,

    /// <summary>A disposable that holds pooled memory: released by <c>Dispose</c> (GEN0005, GEN0003).</summary>
    Pooled,
}
