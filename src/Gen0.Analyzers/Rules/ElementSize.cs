using System;
using Microsoft.CodeAnalysis;

namespace Gen0.Analyzers.Rules;

/// <summary>
/// The size an array element of a type takes on a 64-bit runtime, and the size of the array object itself. Structs
/// are laid out sequentially with each field aligned to its own size (at most 8), which is what the runtime does
/// for the auto layout of the types that matter here; a struct whose fields the compilation cannot see (reference
/// assemblies strip private fields) reports no size, so the rule stays silent rather than guess.
/// </summary>
internal static class ElementSize
{
    /// <summary>The runtime allocates objects of this many bytes or more on the Large Object Heap.</summary>
    public const long LargeObjectHeapThreshold = 85_000;

    /// <summary>Object header, method table pointer and length (padded) of a single-dimensional array, 64-bit.</summary>
    public const long ArrayBaseSize = 24;

    private const int PointerSize = 8;

    /// <summary>Bytes of an array of <paramref name="length"/> elements of <paramref name="elementSize"/> bytes and rank <paramref name="rank"/>.</summary>
    public static long ArrayBytes(long length, long elementSize, int rank = 1) =>
        ArrayBaseSize + (rank > 1 ? 8L * rank : 0) + (length * elementSize);

    /// <summary>Size of one element of <paramref name="type"/> in an array, or null when it cannot be known.</summary>
    public static long? Of(ITypeSymbol type) => Of(type, depth: 0)?.Size;

    /// <summary>Size of a struct made of <paramref name="fields"/> laid out in order (dictionary and set entries).</summary>
    public static long? OfStruct(params ITypeSymbol[] fields)
    {
        long offset = 0;
        int alignment = 1;
        foreach (ITypeSymbol field in fields)
        {
            if (Of(field, 1) is not { } layout)
            {
                return null;
            }

            offset = Align(offset, layout.Alignment) + layout.Size;
            alignment = Math.Max(alignment, layout.Alignment);
        }

        return Math.Max(1, Align(offset, alignment));
    }

    private static (long Size, int Alignment)? Of(ITypeSymbol type, int depth)
    {
        if (depth > 8)
        {
            return null;
        }

        switch (type.SpecialType)
        {
            case SpecialType.System_Boolean or SpecialType.System_Byte or SpecialType.System_SByte:
                return (1, 1);
            case SpecialType.System_Char or SpecialType.System_Int16 or SpecialType.System_UInt16:
                return (2, 2);
            case SpecialType.System_Int32 or SpecialType.System_UInt32 or SpecialType.System_Single:
                return (4, 4);
            case SpecialType.System_Int64 or SpecialType.System_UInt64 or SpecialType.System_Double
                or SpecialType.System_IntPtr or SpecialType.System_UIntPtr or SpecialType.System_DateTime:
                return (8, 8);
            case SpecialType.System_Decimal:
                return (16, 8);
        }

        if (type.IsReferenceType || type.TypeKind == TypeKind.Pointer || type.TypeKind == TypeKind.FunctionPointer)
        {
            return (PointerSize, PointerSize);
        }

        if (type is INamedTypeSymbol { TypeKind: TypeKind.Enum, EnumUnderlyingType: { } underlying })
        {
            return Of(underlying, depth + 1);
        }

        if (type is not INamedTypeSymbol { TypeKind: TypeKind.Struct } structType || type.TypeKind == TypeKind.TypeParameter)
        {
            return null;
        }

        long offset = 0;
        int alignment = 1;
        foreach (ISymbol member in structType.GetMembers())
        {
            // A tuple also lists its named elements (Id, Digest) as fields aliasing Item1, Item2: count each slot once.
            if (member is not IFieldSymbol { IsStatic: false, IsConst: false } field
                || (field.CorrespondingTupleField is { } slot && !SymbolEqualityComparer.Default.Equals(slot, field)))
            {
                continue;
            }

            if (Of(field.Type, depth + 1) is not { } layout)
            {
                return null;
            }

            offset = Align(offset, layout.Alignment) + layout.Size;
            alignment = Math.Max(alignment, layout.Alignment);
        }

        return (Math.Max(1, Align(offset, alignment)), alignment);
    }

    private static long Align(long offset, int alignment) => (offset + alignment - 1) / alignment * alignment;
}
