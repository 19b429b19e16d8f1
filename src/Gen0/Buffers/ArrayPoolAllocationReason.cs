namespace Gen0.Buffers;

/// <summary>Says why a <see cref="ScalableArrayPool{T}"/> allocated a new array for a rent.</summary>
public enum ArrayPoolAllocationReason
{
    /// <summary>The pool held no array of the size class (first use, all rented out, or trimmed).</summary>
    PoolExhausted = 0,

    /// <summary>
    /// The requested length is over <see cref="ScalableArrayPoolOptions.MaxArrayLength"/>: the array is allocated with
    /// the exact length and dropped when returned.
    /// </summary>
    OverMaximumLength = 1,
}
