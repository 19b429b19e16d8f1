using System;
using System.Collections.Generic;
using Microsoft.CodeAnalysis;

namespace Gen0.Analyzers.Rules;

/// <summary>
/// The size an array element of a type takes on a 64-bit runtime, as CoreCLR lays it out, and the size of the array
/// object itself. Structs are laid out sequentially with natural alignment (or by their [StructLayout], [FieldOffset],
/// [InlineArray] and fixed buffers), except that a struct holding object references, or marked
/// <c>LayoutKind.Auto</c>, gets the runtime's auto layout (largest alignment first, no padding between fields).
/// Reference assemblies replace a BCL struct's private fields by placeholders (<c>_dummyPrimitive</c>), so the BCL's
/// structs have a table (checked against <c>Unsafe.SizeOf</c> by the tests); any other struct whose fields cannot be
/// seen reports no size, so the rule stays silent rather than guess.
/// </summary>
internal static class ElementSize
{
    /// <summary>The runtime allocates objects of this many bytes or more on the Large Object Heap.</summary>
    public const long LargeObjectHeapThreshold = 85_000;

    /// <summary>Object header, method table pointer and length (padded) of a single-dimensional array, 64-bit.</summary>
    public const long ArrayBaseSize = 24;

    private const int PointerSize = 8;
    private const int MaxDepth = 8;

    /// <summary>BCL structs whose fields reference assemblies hide: size, alignment, and whether they hold references.</summary>
    private static readonly Dictionary<string, Layout> s_bclStructs = new()
    {
        ["System.Guid"] = new(16, 4, false),
        ["System.DateTimeOffset"] = new(16, 8, false),
        ["System.TimeSpan"] = new(8, 8, false),
        ["System.DateOnly"] = new(4, 4, false),
        ["System.TimeOnly"] = new(8, 8, false),
        ["System.Half"] = new(2, 2, false),
        ["System.Int128"] = new(16, 16, false),
        ["System.UInt128"] = new(16, 16, false),
        ["System.Index"] = new(4, 4, false),
        ["System.Range"] = new(8, 4, false),
        ["System.Text.Rune"] = new(4, 4, false),
        ["System.ConsoleKeyInfo"] = new(12, 4, false),
        ["System.HashCode"] = new(32, 4, false),
        ["System.Numerics.Complex"] = new(16, 8, false),
        ["System.Numerics.BigInteger"] = new(16, 8, true),
        ["System.Threading.CancellationToken"] = new(8, 8, true),
        ["System.Threading.Tasks.ValueTask"] = new(16, 8, true),
        ["System.SequencePosition"] = new(16, 8, true),
        ["System.Runtime.InteropServices.GCHandle"] = new(8, 8, false),
        ["System.RuntimeTypeHandle"] = new(8, 8, true),
        ["System.RuntimeMethodHandle"] = new(8, 8, true),
        ["System.RuntimeFieldHandle"] = new(8, 8, true),
    };

    /// <summary>Bytes of an array of <paramref name="length"/> elements of <paramref name="elementSize"/> bytes and rank <paramref name="rank"/>.</summary>
    public static long ArrayBytes(long length, long elementSize, int rank = 1) =>
        ArrayBaseSize + (rank > 1 ? 8L * rank : 0) + (length * elementSize);

    /// <summary>Size of one element of <paramref name="type"/> in an array, or null when it cannot be known.</summary>
    public static long? Of(ITypeSymbol type) => LayoutOf(type, depth: 0)?.Size;

    /// <summary>Size of a struct made of <paramref name="fields"/> (the entries of Dictionary and HashSet), laid out as the runtime would.</summary>
    public static long? OfStruct(params ITypeSymbol[] fields)
    {
        var layouts = new List<Layout>(fields.Length);
        foreach (ITypeSymbol field in fields)
        {
            if (LayoutOf(field, 1) is not { } layout)
            {
                return null;
            }

            layouts.Add(layout);
        }

        return Compose(layouts, auto: false, pack: 0).Size;
    }

    private static Layout? LayoutOf(ITypeSymbol type, int depth)
    {
        if (depth > MaxDepth)
        {
            return null;
        }

        switch (type.SpecialType)
        {
            case SpecialType.System_Boolean or SpecialType.System_Byte or SpecialType.System_SByte:
                return new(1, 1, false, isStruct: false);
            case SpecialType.System_Char or SpecialType.System_Int16 or SpecialType.System_UInt16:
                return new(2, 2, false, isStruct: false);
            case SpecialType.System_Int32 or SpecialType.System_UInt32 or SpecialType.System_Single:
                return new(4, 4, false, isStruct: false);
            case SpecialType.System_Int64 or SpecialType.System_UInt64 or SpecialType.System_Double
                or SpecialType.System_IntPtr or SpecialType.System_UIntPtr:
                return new(8, 8, false, isStruct: false);
            case SpecialType.System_DateTime:
                return new(8, 8, false);
            case SpecialType.System_Decimal:
                return new(16, 8, false);
        }

        if (type.IsReferenceType)
        {
            return new(PointerSize, PointerSize, true, isStruct: false);
        }

        if (type.TypeKind is TypeKind.Pointer or TypeKind.FunctionPointer)
        {
            return new(PointerSize, PointerSize, false, isStruct: false);
        }

        if (type is INamedTypeSymbol { TypeKind: TypeKind.Enum, EnumUnderlyingType: { } underlying })
        {
            return LayoutOf(underlying, depth + 1);
        }

        if (type is not INamedTypeSymbol { TypeKind: TypeKind.Struct } structType)
        {
            return null;
        }

        string name = MetadataName(structType.OriginalDefinition);
        if (s_bclStructs.TryGetValue(name, out Layout known))
        {
            return known;
        }

        if (KnownGeneric(name, structType, depth) is { } generic)
        {
            return generic;
        }

        return FromFields(structType, name, depth);
    }

    /// <summary>Generic BCL structs, from their type arguments (their private fields are hidden too).</summary>
    private static Layout? KnownGeneric(string name, INamedTypeSymbol type, int depth)
    {
        ITypeSymbol objectType = type.ContainingAssembly.GetTypeByMetadataName("System.Object") ?? type;
        ITypeSymbol[] fields;
        bool auto = false;
        switch (name)
        {
            case "System.Collections.Generic.KeyValuePair`2":
                fields = new[] { type.TypeArguments[0], type.TypeArguments[1] };
                break;
            case "System.Nullable`1":
                fields = new ITypeSymbol[] { BoolOf(type), type.TypeArguments[0] };
                break;
            case "System.Memory`1" or "System.ReadOnlyMemory`1" or "System.ArraySegment`1":
                return new(16, 8, true);
            case "System.Buffers.ReadOnlySequence`1":
                return new(24, 8, true);
            case "System.Collections.Immutable.ImmutableArray`1":
                return new(8, 8, true);
            case "System.Threading.Tasks.ValueTask`1":
                fields = new[] { objectType, type.TypeArguments[0], ShortOf(type), BoolOf(type) };
                auto = true;
                break;
            default:
                return null;
        }

        var layouts = new List<Layout>(fields.Length);
        foreach (ITypeSymbol field in fields)
        {
            if (LayoutOf(field, depth + 1) is not { } layout)
            {
                return null;
            }

            layouts.Add(layout);
        }

        return Compose(layouts, auto, pack: 0);
    }

    private static Layout? FromFields(INamedTypeSymbol type, string name, int depth)
    {
        AttributeData? structLayout = null;
        int inlineLength = 0;
        foreach (AttributeData attribute in type.GetAttributes())
        {
            switch (attribute.AttributeClass?.ToDisplayString())
            {
                case "System.Runtime.InteropServices.StructLayoutAttribute":
                    structLayout = attribute;
                    break;
                case "System.Runtime.CompilerServices.InlineArrayAttribute" when attribute.ConstructorArguments.Length == 1 && attribute.ConstructorArguments[0].Value is int length:
                    inlineLength = length;
                    break;
            }
        }

        int layoutKind = structLayout?.ConstructorArguments.Length == 1 && structLayout.ConstructorArguments[0].Value is int kind ? kind : 0;
        int pack = 0;
        int explicitSize = 0;
        if (structLayout is not null)
        {
            foreach (KeyValuePair<string, TypedConstant> named in structLayout.NamedArguments)
            {
                if (named.Key == "Pack" && named.Value.Value is int packValue)
                {
                    pack = packValue;
                }
                else if (named.Key == "Size" && named.Value.Value is int sizeValue)
                {
                    explicitSize = sizeValue;
                }
            }
        }

        var layouts = new List<Layout>();
        long explicitEnd = 0;
        int explicitAlignment = 1;
        bool explicitRefs = false;
        foreach (ISymbol member in type.GetMembers())
        {
            // A tuple also lists its named elements (Id, Digest) as fields aliasing Item1, Item2: count each slot once.
            if (member is not IFieldSymbol { IsStatic: false, IsConst: false } field
                || (field.CorrespondingTupleField is { } slot && !SymbolEqualityComparer.Default.Equals(slot, field)))
            {
                continue;
            }

            if (field.Name is "_dummy" or "_dummyPrimitive" && !type.Locations[0].IsInSource)
            {
                return null; // a reference assembly's placeholder: the real fields are unknown
            }

            Layout? layout = field.IsFixedSizeBuffer && field.Type is IPointerTypeSymbol pointer
                ? LayoutOf(pointer.PointedAtType, depth + 1) is { } element ? new Layout(element.Size * field.FixedSize, element.Alignment, false) : null
                : LayoutOf(field.Type, depth + 1);
            if (layout is not { } fieldLayout)
            {
                return null;
            }

            if (layoutKind == 2)
            {
                int offset = FieldOffset(field);
                explicitEnd = Math.Max(explicitEnd, offset + fieldLayout.Size);
                explicitAlignment = Math.Max(explicitAlignment, fieldLayout.Alignment);
                explicitRefs |= fieldLayout.HasReferences;
                continue;
            }

            layouts.Add(inlineLength > 0 ? new Layout(fieldLayout.Size * inlineLength, fieldLayout.Alignment, fieldLayout.HasReferences, fieldLayout.IsStruct) : fieldLayout);
        }

        if (layoutKind == 2)
        {
            int alignment = pack > 0 ? Math.Min(pack, explicitAlignment) : explicitAlignment;
            return new(Math.Max(Math.Max(1, Align(explicitEnd, alignment)), explicitSize), alignment, explicitRefs);
        }

        bool auto = layoutKind == 3 || name.StartsWith("System.ValueTuple`", StringComparison.Ordinal) || layouts.Exists(l => l.HasReferences);
        Layout composed = Compose(layouts, auto, pack);
        return explicitSize > composed.Size ? new Layout(Align(explicitSize, composed.Alignment), composed.Alignment, composed.HasReferences) : composed;
    }

    /// <summary>
    /// Sequential: in declaration order, each field at its alignment. Auto (the runtime's choice for structs holding
    /// references, and for <c>LayoutKind.Auto</c>): references and primitives first, largest first, then the struct
    /// fields in declaration order, each aligned as a primitive of its size would be, up to 8 bytes (a Guid at 8).
    /// Checked against the runtime by ElementSizeTests.
    /// </summary>
    private static Layout Compose(List<Layout> fields, bool auto, int pack)
    {
        IEnumerable<Layout> ordered = fields;
        if (auto)
        {
            var primitives = new List<Layout>(fields.Count);
            var structs = new List<Layout>();
            foreach (Layout field in fields)
            {
                if (field.IsStruct)
                {
                    structs.Add(new Layout(field.Size, Math.Max(field.Alignment, AutoAlignment(field.Size)), field.HasReferences));
                }
                else
                {
                    primitives.Add(field);
                }
            }

            StableSortByAlignmentDescending(primitives);
            primitives.AddRange(structs);
            ordered = primitives;
        }

        long offset = 0;
        int alignment = 1;
        bool references = false;
        foreach (Layout field in ordered)
        {
            int fieldAlignment = pack > 0 ? Math.Min(pack, field.Alignment) : field.Alignment;
            offset = Align(offset, fieldAlignment) + field.Size;
            alignment = Math.Max(alignment, fieldAlignment);
            references |= field.HasReferences;
        }

        return new(Math.Max(1, Align(offset, alignment)), alignment, references);
    }

    private static int AutoAlignment(long size)
    {
        int alignment = 1;
        while (alignment < size && alignment < PointerSize)
        {
            alignment *= 2;
        }

        return alignment;
    }

    private static void StableSortByAlignmentDescending(List<Layout> fields)
    {
        for (int i = 1; i < fields.Count; i++)
        {
            Layout current = fields[i];
            int j = i - 1;
            while (j >= 0 && fields[j].Alignment < current.Alignment)
            {
                fields[j + 1] = fields[j];
                j--;
            }

            fields[j + 1] = current;
        }
    }

    private static int FieldOffset(IFieldSymbol field)
    {
        foreach (AttributeData attribute in field.GetAttributes())
        {
            if (attribute.AttributeClass?.ToDisplayString() == "System.Runtime.InteropServices.FieldOffsetAttribute"
                && attribute.ConstructorArguments.Length == 1 && attribute.ConstructorArguments[0].Value is int offset)
            {
                return offset;
            }
        }

        return 0;
    }

    private static string MetadataName(INamedTypeSymbol type)
    {
        string name = type.MetadataName;
        for (INamespaceSymbol? ns = type.ContainingNamespace; ns is { IsGlobalNamespace: false }; ns = ns.ContainingNamespace)
        {
            name = ns.Name + "." + name;
        }

        return type.ContainingType is { } outer ? MetadataName(outer) + "+" + type.MetadataName : name;
    }

    private static ITypeSymbol BoolOf(INamedTypeSymbol type) => type.ContainingAssembly.GetTypeByMetadataName("System.Boolean") ?? type;

    private static ITypeSymbol ShortOf(INamedTypeSymbol type) => type.ContainingAssembly.GetTypeByMetadataName("System.Int16") ?? type;

    private static long Align(long offset, int alignment) => (offset + alignment - 1) / alignment * alignment;

    /// <summary>Size and alignment of a type, and whether it holds object references (which makes the runtime lay out its container automatically).</summary>
    private readonly struct Layout
    {
        public Layout(long size, int alignment, bool hasReferences, bool isStruct = true)
        {
            Size = size;
            Alignment = alignment;
            HasReferences = hasReferences;
            IsStruct = isStruct;
        }

        /// <summary>False for primitives, enums, pointers and references; the runtime places struct fields differently in an auto layout.</summary>
        public bool IsStruct { get; }

        public long Size { get; }

        public int Alignment { get; }

        public bool HasReferences { get; }
    }
}
