using Microsoft.CodeAnalysis;

namespace System;

/// <summary>
/// netstandard2.0 stand-in for .NET Core's GC memory information: every figure is 0 except
/// <see cref="TotalAvailableMemoryBytes"/> (unbounded), which is what <c>GC.GetGCMemoryInfo()</c> returns there (see
/// Polyfills/RuntimePolyfills.cs): no memory-pressure trimming, no early out-of-memory check.
/// </summary>
[Embedded]
internal readonly struct GCMemoryInfo
{
    /// <summary>Gets the high memory load threshold: 0 (unknown).</summary>
    public long HighMemoryLoadThresholdBytes => 0;

    /// <summary>Gets the memory load: 0 (unknown).</summary>
    public long MemoryLoadBytes => 0;

    /// <summary>Gets the bytes the GC has committed: 0 (unknown).</summary>
    public long TotalCommittedBytes => 0;

    /// <summary>Gets the memory the GC may use: unbounded (unknown).</summary>
    public long TotalAvailableMemoryBytes => long.MaxValue;
}
