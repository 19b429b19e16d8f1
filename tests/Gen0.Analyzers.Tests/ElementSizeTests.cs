using System.Buffers;
using System.Collections.Immutable;
using System.Numerics;
using System.Reflection;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Loader;
using System.Text;
using Gen0.Analyzers.Rules;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace Gen0.Analyzers.Tests;

/// <summary>
/// Issue 29, item 6: GEN0001 sizes array elements as the runtime lays them out. The analyzer's size of each BCL struct
/// (reference assemblies hide their private fields, so a table covers them) and of structs declared in source is
/// compared with <see cref="Unsafe.SizeOf{T}"/> of the same type in this process.
/// </summary>
public sealed class ElementSizeTests
{
    private static readonly CSharpCompilation s_bcl = CSharpCompilation.Create(
        "Sizes",
        references: Basic.Reference.Assemblies.Net100.References.All);

    public static TheoryData<Type> BclStructs() => new()
    {
        typeof(Guid), typeof(DateTimeOffset), typeof(TimeSpan), typeof(DateTime), typeof(decimal), typeof(DateOnly), typeof(TimeOnly),
        typeof(Half), typeof(Int128), typeof(UInt128), typeof(Index), typeof(Range), typeof(Rune), typeof(CancellationToken),
        typeof(Memory<byte>), typeof(ReadOnlyMemory<char>), typeof(ArraySegment<byte>), typeof(SequencePosition), typeof(Complex),
        typeof(BigInteger), typeof(Vector2), typeof(Vector3), typeof(Vector4), typeof(Quaternion), typeof(Matrix3x2), typeof(Matrix4x4),
        typeof(Plane), typeof(ValueTask), typeof(ValueTask<int>), typeof(ValueTask<long>), typeof(ValueTask<string>),
        typeof(KeyValuePair<long, long>), typeof(KeyValuePair<int, string>), typeof(KeyValuePair<Guid, int>), typeof(KeyValuePair<byte, long>),
        typeof(int?), typeof(long?), typeof(Guid?), typeof(DateTimeOffset?), typeof(ValueTuple<long, int>), typeof(ValueTuple<byte, long, byte>),
        typeof(ValueTuple<int, Guid>), typeof(ValueTuple<string, int>), typeof(ImmutableArray<int>), typeof(GCHandle), typeof(nint),
        typeof(RuntimeTypeHandle), typeof(HashCode), typeof(ConsoleKeyInfo), typeof(DayOfWeek), typeof(KeyValuePair<DateTimeOffset, Guid>),
        typeof(ReadOnlySequence<byte>), typeof(ValueTuple<Half, byte>),
    };

    [Theory]
    [MemberData(nameof(BclStructs))]
    public void BclStruct_IsSizedAsTheRuntimeLaysItOut(Type type)
    {
        ITypeSymbol symbol = ToSymbol(s_bcl, type);
        Assert.Equal(RuntimeSize(type), ElementSize.Of(symbol));
    }

    [Fact]
    public void AStructWhoseFieldsTheReferenceAssemblyHides_AndThatIsNotInTheTable_HasNoSize()
    {
        // SpinLock keeps its fields private; reference assemblies replace them with placeholders. Unknown means silent.
        Assert.Null(ElementSize.Of(ToSymbol(s_bcl, typeof(SpinLock))));
    }

    [Fact]
    public void SourceStructs_AreSizedAsTheRuntimeLaysThemOut()
    {
        const string source = """
            using System;
            using System.Runtime.CompilerServices;
            using System.Runtime.InteropServices;
            namespace Layouts
            {
                public struct Empty { }
                public struct Padded { public byte A; public long B; public byte C; }
                public struct WithReference { public byte A; public object B; public byte C; }
                public struct CharsAndBools { public bool A; public char B; public bool C; public int D; }
                [StructLayout(LayoutKind.Auto)] public struct Auto { public byte A; public long B; public byte C; }
                [StructLayout(LayoutKind.Sequential, Pack = 1)] public struct Packed { public byte A; public long B; }
                [StructLayout(LayoutKind.Sequential, Size = 40)] public struct Sized { public long A; }
                [StructLayout(LayoutKind.Explicit)] public struct Union { [FieldOffset(0)] public long A; [FieldOffset(4)] public int B; [FieldOffset(10)] public short C; }
                public struct Nested { public Padded P; public byte D; }
                public struct NestedWithReference { public Guid G; public string S; public byte B; }
                public struct Tuples { public (long Id, ulong Digest) T; public byte B; }
                public struct Generic<T> { public T Value; public byte Tag; }
                public struct UsesGeneric { public Generic<long> A; public Generic<byte> B; }
                public unsafe struct Fixed { public fixed byte Data[13]; public int Length; }
                [InlineArray(7)] public struct Inline { private long _element; }
                public enum Small : byte { A }
                public struct WithEnum { public Small S; public DateTimeOffset D; public Small T; }
                public struct WithBclStructs { public Guid A; public byte B; public TimeSpan C; public DateTimeOffset D; public byte E; }
                public struct WithNullable { public int? A; public byte B; public long? C; }
                [StructLayout(LayoutKind.Auto)] public struct AutoMixed { public byte A; public Guid G; public int B; public byte C; }
                public struct ReferenceAndStructs { public object O; public byte A; public Guid G; public short S; public DateTimeOffset D; public Half H; }
                public struct SmallStructs { public Half A; public byte B; public Half C; }
                public struct ReferenceAndSmallStructs { public Half A; public string S; public Half C; public byte B; }
            }
            """;
        CSharpCompilation compilation = CSharpCompilation.Create(
            "Layouts",
            [CSharpSyntaxTree.ParseText(source)],
            Basic.Reference.Assemblies.Net100.References.All,
            new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, allowUnsafe: true));
        using var image = new MemoryStream();
        var emitted = compilation.Emit(image);
        Assert.True(emitted.Success, string.Join('\n', emitted.Diagnostics));
        image.Position = 0;
        var context = new AssemblyLoadContext("Layouts", isCollectible: true);
        try
        {
            Assembly assembly = context.LoadFromStream(image);
            var checkedTypes = 0;
            foreach (Type type in assembly.GetTypes().Where(t => t.IsValueType && !t.IsGenericTypeDefinition && !t.IsNested))
            {
                INamedTypeSymbol symbol = compilation.GetTypeByMetadataName(type.FullName!)!;
                Assert.True(RuntimeSize(type) == ElementSize.Of(symbol), $"{type.Name}: runtime {RuntimeSize(type)}, analyzer {ElementSize.Of(symbol)}");
                checkedTypes++;
            }

            Type generic = assembly.GetType("Layouts.Generic`1")!;
            INamedTypeSymbol genericSymbol = compilation.GetTypeByMetadataName("Layouts.Generic`1")!;
            foreach (Type argument in new[] { typeof(byte), typeof(long), typeof(string), typeof(Guid), typeof(DateTimeOffset) })
            {
                Type closed = generic.MakeGenericType(argument);
                ITypeSymbol closedSymbol = genericSymbol.Construct(ToSymbol(compilation, argument));
                Assert.True(RuntimeSize(closed) == ElementSize.Of(closedSymbol), $"Generic<{argument.Name}>: runtime {RuntimeSize(closed)}, analyzer {ElementSize.Of(closedSymbol)}");
            }

            Assert.True(checkedTypes >= 18, $"only {checkedTypes} layouts checked");
        }
        finally
        {
            context.Unload();
        }
    }

    private static long RuntimeSize(Type type) =>
        (int)typeof(Unsafe).GetMethod(nameof(Unsafe.SizeOf))!.MakeGenericMethod(type).Invoke(null, null)!;

    private static ITypeSymbol ToSymbol(Compilation compilation, Type type)
    {
        if (type.IsConstructedGenericType)
        {
            INamedTypeSymbol definition = compilation.GetTypeByMetadataName(type.GetGenericTypeDefinition().FullName!)!;
            return definition.Construct(type.GetGenericArguments().Select(a => ToSymbol(compilation, a)).ToArray());
        }

        return compilation.GetTypeByMetadataName(type.FullName!) ?? throw new InvalidOperationException($"{type} is not in the reference assemblies.");
    }
}
