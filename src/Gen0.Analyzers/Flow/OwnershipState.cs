using System;

namespace Gen0.Analyzers.Flow;

/// <summary>
/// The states a tracked local may be in at a program point, as a set: the analysis is a may-analysis, so a merge
/// of two paths is the union of their states and a rule fires when the bad state is possible on some path.
/// </summary>
[Flags]
internal enum OwnershipState : byte
{
    /// <summary>No path reaches this point yet.</summary>
    None = 0,

    /// <summary>Holds a rental or pooled object that this method must release.</summary>
    Owned = 1,

    /// <summary>Was returned to its pool or disposed.</summary>
    Released = 2,

    /// <summary>Was handed over (returned, stored, registered with a scope, passed to an owner): no longer ours.</summary>
    Escaped = 4,

    /// <summary>Unassigned, null, or holds something this method did not rent.</summary>
    Unowned = 8,
}
