using Microsoft.CodeAnalysis;

namespace System.Runtime.InteropServices;

/// <summary>netstandard2.0 stand-in for .NET 5's <c>CollectionsMarshal</c>.</summary>
[Embedded]
internal static class CollectionsMarshal
{
    /// <summary>Degrades: netstandard2.0 cannot reach a list's array, so this returns a span over a copy (callers only read it).</summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <param name="list">The list.</param>
    /// <returns>The items.</returns>
    public static ReadOnlySpan<T> AsSpan<T>(List<T>? list) => list is null ? default : list.ToArray();
}
