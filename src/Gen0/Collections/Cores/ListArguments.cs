using System.Diagnostics.CodeAnalysis;

namespace Gen0.Collections;

/// <summary>
/// The argument checks of <see cref="List{T}"/>'s search members, shared by <see cref="PooledList{T}"/> and
/// <see cref="ChunkedList{T}"/>: the same exception types, parameter names and order as the BCL's, including the
/// <c>startIndex</c> that <see cref="List{T}"/> lets <see cref="Array.IndexOf{T}(T[], T, int, int)"/> report for a negative index.
/// </summary>
internal static class ListArguments
{
    private const string CountOutsideCollection = "Count must be positive and count must refer to a location within the string/array/collection.";

    /// <summary>
    /// Checks a forward range of a list of <paramref name="size"/>: <c>IndexOf(item, index[, count])</c>, where a
    /// negative index is reported last (as <c>startIndex</c>), or <c>FindIndex(startIndex[, count])</c>
    /// (<paramref name="negativeIndexFirst"/>), where it is reported first.
    /// </summary>
    public static void CheckForward(int size, int index, int count, string indexName, bool negativeIndexFirst = false)
    {
        if (negativeIndexFirst ? (uint)index > (uint)size : index > size)
        {
            ThrowIndexMustBeLessOrEqual(indexName);
        }

        if (count < 0 || index > size - count)
        {
            ThrowHelper.ThrowArgumentOutOfRange(nameof(count), CountOutsideCollection);
        }

        if (index < 0)
        {
            ThrowHelper.ThrowIndexOutOfRange("startIndex");
        }
    }

    /// <summary>Checks the start of <c>LastIndexOf(item, index)</c>: below <paramref name="size"/>.</summary>
    public static void CheckBackwardStart(int size, int index)
    {
        if (index >= size)
        {
            ThrowHelper.ThrowIndexOutOfRange(nameof(index));
        }
    }

    /// <summary>
    /// Checks the range of <c>LastIndexOf(item, index, count)</c>, which ends at <paramref name="index"/>.
    /// </summary>
    /// <returns><see langword="false"/> for an empty list, which has nothing to search (the answer is -1).</returns>
    public static bool CheckBackward(int size, int index, int count)
    {
        if (size != 0 && index < 0)
        {
            ThrowHelper.ThrowNeedNonNegative(nameof(index));
        }

        if (size != 0 && count < 0)
        {
            ThrowHelper.ThrowNeedNonNegative(nameof(count));
        }

        if (size == 0)
        {
            return false;
        }

        if (index >= size)
        {
            ThrowBiggerThanCollection(nameof(index));
        }

        if (count > index + 1)
        {
            ThrowBiggerThanCollection(nameof(count));
        }

        return true;
    }

    /// <summary>
    /// Checks the range of <c>FindLastIndex(startIndex, count)</c>: on an empty list only -1 is a start.
    /// </summary>
    public static void CheckBackwardFind(int size, int startIndex, int count)
    {
        if (size == 0 ? startIndex != -1 : (uint)startIndex >= (uint)size)
        {
            ThrowHelper.ThrowIndexOutOfRange(nameof(startIndex));
        }

        if (count < 0 || startIndex - count + 1 < 0)
        {
            ThrowHelper.ThrowArgumentOutOfRange(nameof(count), CountOutsideCollection);
        }
    }

    [DoesNotReturn]
    private static void ThrowIndexMustBeLessOrEqual(string paramName) =>
        throw new ArgumentOutOfRangeException(paramName, "Index was out of range. Must be non-negative and less than or equal to the size of the collection.");

    [DoesNotReturn]
    private static void ThrowBiggerThanCollection(string paramName) =>
        throw new ArgumentOutOfRangeException(paramName, "Must be less than or equal to the size of the collection.");
}
