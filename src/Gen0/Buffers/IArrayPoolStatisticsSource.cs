namespace Gen0.Buffers;

/// <summary>What <see cref="ArrayPoolMetrics"/> needs from a pool, whatever its element type.</summary>
internal interface IArrayPoolStatisticsSource
{
    /// <summary>Gets the pool's name (tag <c>pool.name</c>).</summary>
    string Name { get; }

    /// <summary>Gets the element type's name (tag <c>element.type</c>).</summary>
    string ElementType { get; }

    /// <summary>Gets whether the pool was disposed (it then stops reporting).</summary>
    bool IsDisposed { get; }

    /// <summary>Returns the pool's counters.</summary>
    ScalableArrayPoolStatistics GetStatistics();
}
