using Microsoft.CodeAnalysis;

namespace Gen0.Analyzers.Flow;

/// <summary>Where a tracked variable gets its rental or pooled object, and what losing it costs.</summary>
internal readonly struct RentalSource
{
    public RentalSource(OwnershipKind kind, IOperation operation, bool lossReclaimed)
    {
        Kind = kind;
        Operation = operation;
        LossReclaimed = lossReclaimed;
    }

    /// <summary>How it is released: <c>pool.Return(x)</c> or <c>Dispose</c>.</summary>
    public OwnershipKind Kind { get; }

    /// <summary>The rent, creation or call that produces it (diagnostics are reported there).</summary>
    public IOperation Operation { get; }

    /// <summary>
    /// True when a rental lost to an exception costs nothing but a new allocation (ArrayPool&lt;T&gt;, ObjectPool&lt;T&gt;:
    /// the GC reclaims it), so the exception path is GEN0008; false for Gen0's Pool&lt;T&gt;, which keeps counting it as alive.
    /// </summary>
    public bool LossReclaimed { get; }
}
