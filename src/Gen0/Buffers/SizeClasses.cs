namespace Gen0.Buffers;

/// <summary>
/// Says which array lengths a <see cref="ScalableArrayPool{T}"/> keeps. A rent is served with the shortest class
/// length that is at least the requested length, so the classes decide how much of a rented array is waste.
/// </summary>
public enum SizeClasses
{
    /// <summary>
    /// Powers of two from 16 up (the lengths <see cref="System.Buffers.ArrayPool{T}.Shared"/> uses): few classes, so
    /// arrays are shared by many request sizes, but a rented array can be almost twice the requested length.
    /// </summary>
    PowerOfTwo = 0,

    /// <summary>
    /// Four classes per doubling (16, 20, 24, 28, 32, 40, 48, 56, 64, ...): a rented array is at most 25 % longer
    /// than requested, which matters for big arrays, at the price of four times as many classes.
    /// </summary>
    Fine = 1,
}
