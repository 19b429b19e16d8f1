using System.Diagnostics.CodeAnalysis;

namespace Gen0;

/// <summary>
/// Throws the BCL's exception types with the BCL's messages for the misuse that every Gen0 type shares, kept
/// out of line so that the callers' hot paths stay small enough to inline.
/// </summary>
internal static class ThrowHelper
{
    [DoesNotReturn]
    public static void ThrowArgumentNull(string paramName) => throw new ArgumentNullException(paramName);

    [DoesNotReturn]
    public static void ThrowArgument(string paramName, string message) => throw new ArgumentException(message, paramName);

    [DoesNotReturn]
    public static void ThrowArgumentOutOfRange(string paramName, string message) =>
        throw new ArgumentOutOfRangeException(paramName, message);

    [DoesNotReturn]
    public static void ThrowNeedNonNegative(string paramName) =>
        throw new ArgumentOutOfRangeException(paramName, "Non-negative number required.");

    [DoesNotReturn]
    public static void ThrowIndexOutOfRange(string paramName = "index") =>
        throw new ArgumentOutOfRangeException(paramName, "Index was out of range. Must be non-negative and less than the size of the collection.");

    [DoesNotReturn]
    public static void ThrowInvalidOffsetLength() =>
        throw new ArgumentException("Offset and length were out of bounds for the array or count is greater than the number of elements from index to the end of the source collection.");

    [DoesNotReturn]
    public static void ThrowArrayTooSmall(string paramName = "array") =>
        throw new ArgumentException("Destination array is not long enough to copy all the items in the collection. Check array index and length.", paramName);

    [DoesNotReturn]
    public static void ThrowObjectDisposed(Type type) => throw new ObjectDisposedException(type.FullName);

    [DoesNotReturn]
    public static void ThrowObjectDisposed(string objectName, string message) =>
        throw new ObjectDisposedException(objectName, message);

    [DoesNotReturn]
    public static void ThrowInvalidOperation(string message) => throw new InvalidOperationException(message);

    [DoesNotReturn]
    public static void ThrowAdvancedTooFar(int available) =>
        throw new InvalidOperationException($"Cannot advance past the end of the buffer, which has a size of {available}. Call GetSpan or GetMemory with the size you need first.");

    [DoesNotReturn]
    public static void ThrowEnumFailedVersion() =>
        throw new InvalidOperationException("Collection was modified; enumeration operation may not execute.");

    [DoesNotReturn]
    public static void ThrowEnumOpCantHappen() =>
        throw new InvalidOperationException("Enumeration has either not started or has already finished.");

    [DoesNotReturn]
    public static void ThrowKeyNotFound<TKey>(TKey key) =>
        throw new KeyNotFoundException($"The given key '{key}' was not present in the dictionary.");

    [DoesNotReturn]
    public static void ThrowAddingDuplicateKey<TKey>(TKey key) =>
        throw new ArgumentException($"An item with the same key has already been added. Key: {key}");

    [DoesNotReturn]
    public static void ThrowWrongType(object? value, Type targetType, string paramName) =>
        throw new ArgumentException($"The value \"{value}\" is not of type \"{targetType}\" and cannot be used in this generic collection.", paramName);
}
