namespace Gen0.Buffers;

/// <summary>Says why a <see cref="ScalableArrayPool{T}"/> let a returned array go to the garbage collector.</summary>
public enum ArrayPoolDropReason
{
    /// <summary>The array is longer than the pool's <see cref="ScalableArrayPoolOptions.MaxArrayLength"/>.</summary>
    OverMaximumLength = 0,

    /// <summary>The array's length is not one of the pool's size classes, so the pool never hands such arrays out.</summary>
    ForeignLength = 1,

    /// <summary>The thread-local tier and every shard's stack for the array's size class were full.</summary>
    PoolFull = 2,

    /// <summary>Keeping the array would have taken the pool over <see cref="ScalableArrayPoolOptions.MaxRetainedBytes"/>.</summary>
    OverBudget = 3,

    /// <summary>The pool had been disposed.</summary>
    PoolDisposed = 4,

    /// <summary>
    /// The array was returned a second time while the pool still held it from the first return, where the return looks
    /// (the calling thread's cache of the class; for classes without a thread-local tier, the shard it goes to or the
    /// one this thread last pushed it to): keeping it again would have handed it to two renters. The pool never refuses
    /// an array it does not hold, so a correct program never sees this reason. <see cref="ScalableArrayPool{T}"/>
    /// documents which double returns it sees; <see cref="GuardedArrayPool{T}"/> sees them all.
    /// </summary>
    DoubleReturn = 5,
}
