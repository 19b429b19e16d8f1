namespace Gen0.Buffers;

/// <summary>Says why a <see cref="ScalableArrayPool{T}"/> let a returned array go to the garbage collector.</summary>
public enum ArrayPoolDropReason
{
    /// <summary>The array is longer than the pool's <see cref="ScalableArrayPoolOptions.MaxArrayLength"/>.</summary>
    OverMaximumLength = 0,

    /// <summary>The array's length is not one of the pool's size classes, so the pool never hands such arrays out.</summary>
    ForeignLength = 1,

    /// <summary>The thread-local tier and the shards for the array's size class were full.</summary>
    PoolFull = 2,

    /// <summary>Keeping the array would have taken the pool over <see cref="ScalableArrayPoolOptions.MaxRetainedBytes"/>.</summary>
    OverBudget = 3,

    /// <summary>The pool had been disposed.</summary>
    PoolDisposed = 4,

    /// <summary>
    /// The array was returned a second time while the pool still held it from the first return (it sat in the calling
    /// thread's cache, or on top of the shard the thread returns to): keeping it again would have handed it to two
    /// renters. <see cref="ScalableArrayPool{T}"/> documents which double returns it sees; <see cref="GuardedArrayPool{T}"/>
    /// sees them all.
    /// </summary>
    DoubleReturn = 5,
}
