using Microsoft.CodeAnalysis;

namespace Gen0.Analyzers;

/// <summary>The descriptors of every Gen0 rule. IDs are stable: never renumber or reuse one.</summary>
public static class Gen0Diagnostics
{
    /// <summary>GEN0001: an allocation whose constant size puts its array on the Large Object Heap.</summary>
    public const string LargeObjectAllocationId = "GEN0001";

    /// <summary>GEN0002: a rented array or object that is not returned on every path.</summary>
    public const string RentWithoutReturnId = "GEN0002";

    /// <summary>GEN0003: a rented array or pooled object used after it was returned or disposed.</summary>
    public const string UseAfterReturnId = "GEN0003";

    /// <summary>GEN0004: the same rental returned twice on one path.</summary>
    public const string DoubleReturnId = "GEN0004";

    /// <summary>GEN0005: a pooled object that is neither disposed, nor escapes, nor registered with a scope.</summary>
    public const string UndisposedPooledObjectId = "GEN0005";

    /// <summary>GEN0006: a pool created inside a method body that does not outlive the call.</summary>
    public const string PoolCreatedPerCallId = "GEN0006";

    /// <summary>GEN0007: <c>GC.Collect</c> or <c>GC.GetTotalMemory(true)</c> outside test projects.</summary>
    public const string InducedGcId = "GEN0007";

    /// <summary>GEN0008: a rental returned on every normal path but lost when an exception is thrown, from a pool whose lost rentals the GC reclaims.</summary>
    public const string RentLostOnExceptionId = "GEN0008";

    private const string Performance = "Performance";
    private const string Reliability = "Reliability";
    private const string HelpBase = "https://github.com/gen0-dotnet/gen0/blob/main/docs/analyzers.md#";

    /// <summary>Descriptor of <see cref="LargeObjectAllocationId"/>.</summary>
    public static readonly DiagnosticDescriptor LargeObjectAllocation = new(
        LargeObjectAllocationId,
        "Allocation on the Large Object Heap",
        "{0} allocates {1:N0} bytes, at or above the 85,000-byte Large Object Heap threshold; use {2}",
        Performance,
        DiagnosticSeverity.Warning,
        isEnabledByDefault: true,
        description: "An array of 85,000 bytes or more is allocated on the Large Object Heap and collected only by gen 2 collections. Rent it from a pool, or use a chunked collection that keeps every array under the threshold.",
        helpLinkUri: HelpBase + "gen0001-allocation-on-the-large-object-heap");

    /// <summary>Descriptor of <see cref="RentWithoutReturnId"/>.</summary>
    public static readonly DiagnosticDescriptor RentWithoutReturn = new(
        RentWithoutReturnId,
        "Rented without return",
        "'{0}' is rented but not returned {1}; return it in a finally block or use a lease",
        Reliability,
        DiagnosticSeverity.Warning,
        isEnabledByDefault: true,
        description: "A rental that is not returned on every path, including when an exception is thrown, is lost to the pool: the pool allocates again, and a capped Pool<T> shrinks for good.",
        helpLinkUri: HelpBase + "gen0002-rented-without-return");

    /// <summary>Descriptor of <see cref="UseAfterReturnId"/>.</summary>
    public static readonly DiagnosticDescriptor UseAfterReturn = new(
        UseAfterReturnId,
        "Use after return",
        "'{0}' is used after {1}",
        Reliability,
        DiagnosticSeverity.Warning,
        isEnabledByDefault: true,
        description: "Once returned, an array or object belongs to the pool and may already be rented by another caller: reading it sees their data, writing it corrupts it.",
        helpLinkUri: HelpBase + "gen0003-use-after-return");

    /// <summary>Descriptor of <see cref="DoubleReturnId"/>.</summary>
    public static readonly DiagnosticDescriptor DoubleReturn = new(
        DoubleReturnId,
        "Double return",
        "'{0}' may already have been returned on this path",
        Reliability,
        DiagnosticSeverity.Warning,
        isEnabledByDefault: true,
        description: "Returning the same rental twice lets the pool hand it to two callers at once.",
        helpLinkUri: HelpBase + "gen0004-double-return");

    /// <summary>Descriptor of <see cref="UndisposedPooledObjectId"/>.</summary>
    public static readonly DiagnosticDescriptor UndisposedPooledObject = new(
        UndisposedPooledObjectId,
        "Pooled object not disposed",
        "'{0}' holds pooled memory but is not disposed on every path, does not escape and is not registered with a dispose scope",
        Reliability,
        DiagnosticSeverity.Warning,
        isEnabledByDefault: true,
        description: "A pooled collection, lease, stream or scope that is never disposed never gives its arrays back to the pool.",
        helpLinkUri: HelpBase + "gen0005-pooled-object-not-disposed");

    /// <summary>Descriptor of <see cref="PoolCreatedPerCallId"/>.</summary>
    public static readonly DiagnosticDescriptor PoolCreatedPerCall = new(
        PoolCreatedPerCallId,
        "Pool created per call",
        "{0} creates a pool that lives for one call and pools nothing; keep the pool in a static or injected field",
        Performance,
        DiagnosticSeverity.Warning,
        isEnabledByDefault: true,
        description: "A pool that does not outlive the method that created it never serves a second rent: every rent allocates, plus the pool itself.",
        helpLinkUri: HelpBase + "gen0006-pool-created-per-call");

    /// <summary>Descriptor of <see cref="InducedGcId"/>.</summary>
    public static readonly DiagnosticDescriptor InducedGc = new(
        InducedGcId,
        "Induced garbage collection",
        "{0} induces a blocking collection; let the runtime decide when to collect",
        Performance,
        DiagnosticSeverity.Warning,
        isEnabledByDefault: true,
        description: "An induced collection is usually a full blocking gen 2 collection: the longest pause there is. A healthy service keeps the induced-GC counter at 0.",
        helpLinkUri: HelpBase + "gen0007-induced-garbage-collection");

    /// <summary>Descriptor of <see cref="RentLostOnExceptionId"/>: a suggestion, because this is the BCL's own idiom.</summary>
    public static readonly DiagnosticDescriptor RentLostOnException = new(
        RentLostOnExceptionId,
        "Rental lost when an exception is thrown",
        "'{0}' goes back to its pool on every normal path but not when {1}; return it in a finally block or use a lease",
        Reliability,
        DiagnosticSeverity.Info,
        isEnabledByDefault: true,
        description: "An array (or ObjectPool object) that is returned on every normal path but not when a call throws is only lost on that exception: the GC reclaims it and the pool allocates a new one. This is the BCL's own idiom (rent, use, return without try/finally), so it is a suggestion; a Pool<T> object lost this way stays GEN0002, because Pool<T> still counts it as alive.",
        helpLinkUri: HelpBase + "gen0008-rental-lost-when-an-exception-is-thrown");
}
