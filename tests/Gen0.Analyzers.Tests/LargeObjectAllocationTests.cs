using Gen0.Analyzers.Rules;

namespace Gen0.Analyzers.Tests;

public sealed class LargeObjectAllocationTests
{
    private static Task Check(string body, params Microsoft.CodeAnalysis.Testing.DiagnosticResult[] expected) =>
        Verify.AnalyzerAsync<LargeObjectAllocationAnalyzer>("public struct Pair { public long A; public int B; }\npublic class C\n{\n" + body + "\n}\n", expected);

    // 24 bytes of array header + n * element size >= 85,000.
    [Fact]
    public Task ByteArrayBoundary() => Check("""
        public object Below() => new byte[84_975];
        public object At() => {|#0:new byte[84_976]|};
        public object Above() => {|#1:new byte[int.MaxValue]|};
        """,
        Verify.Diagnostic("GEN0001").WithLocation(0).WithArguments("'new byte[84_976]'", 85_000L, "ArrayPool<T>.Shared.Rent (or a Lease), or a ChunkedList<T>"),
        Verify.Diagnostic("GEN0001").WithLocation(1));

    [Fact]
    public Task ElementSizesAndFolding() => Check("""
        private const int Count = 10_622;
        public object Doubles() => {|#0:new double[Count]|};
        public object DoublesBelow() => new double[Count - 1];
        public object Chars() => {|#1:new char[42_488]|};
        public object CharsBelow() => new char[42_487];
        public object Strings() => {|#2:new string[1024 * 11]|};
        public object Structs() => {|#3:new Pair[5_311]|};
        public object StructsBelow() => new Pair[5_310];
        public object Matrix() => {|#4:new int[150, 150]|};
        public object Variable(int n) => new byte[n];
        public object Empty() => new byte[0];
        """,
        Verify.Diagnostic("GEN0001").WithLocation(0),
        Verify.Diagnostic("GEN0001").WithLocation(1),
        Verify.Diagnostic("GEN0001").WithLocation(2),
        Verify.Diagnostic("GEN0001").WithLocation(3),
        Verify.Diagnostic("GEN0001").WithLocation(4));

    [Fact]
    public Task CollectionCapacities() => Check("""
        public object List() => {|#0:new List<int>(21_244)|};
        public object ListBelow() => new List<int>(21_243);
        public object Stack() => {|#1:new Stack<long>(20_000)|};
        public object Queue() => {|#2:new Queue<object>(20_000)|};
        public object Set() => {|#3:new HashSet<int>(8_000)|};
        public object SetBelow() => new HashSet<int>(7_000);
        public object Dictionary() => {|#4:new Dictionary<long, long>(4_000)|};
        public object DictionaryWithComparer() => {|#5:new Dictionary<string, int>(5_000, StringComparer.Ordinal)|};
        public object DictionaryBelow() => new Dictionary<int, int>(5_000);
        public object Stream() => {|#6:new MemoryStream(100_000)|};
        public object StreamBelow() => new MemoryStream(84_975);
        public object FromCollection(List<int> source) => new List<int>(source);
        public object NamedTuplesCountEachSlotOnce() => new List<(long Id, ulong Digest)>(5_000);
        public object NamedTuples() => {|#7:new List<(long Id, ulong Digest)>(5_311)|};
        """,
        Verify.Diagnostic("GEN0001").WithLocation(0),
        Verify.Diagnostic("GEN0001").WithLocation(1),
        Verify.Diagnostic("GEN0001").WithLocation(2),
        Verify.Diagnostic("GEN0001").WithLocation(3),
        Verify.Diagnostic("GEN0001").WithLocation(4),
        Verify.Diagnostic("GEN0001").WithLocation(5),
        Verify.Diagnostic("GEN0001").WithLocation(6),
        Verify.Diagnostic("GEN0001").WithLocation(7));

    [Fact]
    public Task GcAllocateArray() => Check("""
        public object Allocate() => {|#0:GC.AllocateArray<byte>(100_000)|};
        public object Uninitialized() => {|#1:GC.AllocateUninitializedArray<int>(30_000, pinned: false)|};
        public object Pinned() => GC.AllocateUninitializedArray<byte>(100_000, pinned: true);
        public object Small() => GC.AllocateArray<byte>(1_000);
        """,
        Verify.Diagnostic("GEN0001").WithLocation(0),
        Verify.Diagnostic("GEN0001").WithLocation(1));

    [Fact]
    public Task StaticInitializersRunOnce() => Check("""
        private static readonly byte[] s_table = new byte[100_000];
        private static byte[] Table { get; } = new byte[100_000];
        private static readonly byte[] s_other;
        private readonly byte[] _perInstance = {|#0:new byte[100_000]|};
        private static readonly Func<byte[]> s_factory = () => {|#1:new byte[100_000]|};
        static C() => s_other = new byte[100_000];
        """,
        Verify.Diagnostic("GEN0001").WithLocation(0),
        Verify.Diagnostic("GEN0001").WithLocation(1));
}
