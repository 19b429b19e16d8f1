using System;

namespace Gen0.Analyzers.Flow;

/// <summary>
/// What a tracked variable holds. One value per <see cref="Fact"/>; as a set (flags), the outcomes of a callee for a
/// parameter (<see cref="MethodSummaries"/>).
/// </summary>
[Flags]
internal enum OwnershipState : byte
{
    /// <summary>No state (an empty set).</summary>
    None = 0,

    /// <summary>Holds a rental or pooled object that this method must release.</summary>
    Owned = 1,

    /// <summary>Was returned to its pool or disposed.</summary>
    Released = 2,

    /// <summary>Was handed over (returned, stored, registered with a scope, passed to an owner): no longer ours.</summary>
    Escaped = 4,

    /// <summary>Unassigned, null, or holds something this method did not rent.</summary>
    Unowned = 8,

    /// <summary>
    /// Passed to a method of the project whose summary says it keeps it (stores it somewhere): a hand-over, unless the
    /// caller goes on using it, which shows the store was temporary (a borrow), and makes it <see cref="Owned"/> again.
    /// </summary>
    Lent = 16,
}
