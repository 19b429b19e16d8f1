using System.Diagnostics;

namespace Gen0;

/// <summary>
/// The owner's side of Gen0's asymmetric handshakes (a flag store then a load, no fence, paired with the other side's
/// <see cref="Interlocked.MemoryBarrierProcessWide"/>). On .NET the process-wide barrier makes the owner's fence
/// unnecessary, so <see cref="OwnerSide"/> compiles away; netstandard2.0 has no process-wide barrier, so there both sides
/// run a full fence (a plain Dekker handshake).
/// </summary>
internal static class ProcessWideBarrier
{
    /// <summary>Runs a full fence on netstandard2.0; the call is removed by the compiler on .NET.</summary>
    [Conditional("NETSTANDARD2_0")]
    public static void OwnerSide() => Interlocked.MemoryBarrier();
}
