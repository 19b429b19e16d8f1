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

    // Issue 29, item 6: element sizes of BCL structs are the runtime's (Guid and DateTimeOffset are 16 bytes, not the
    // 4 of the reference assembly's placeholder field; KeyValuePair<long, long> is 16, not 24).
    [Fact]
    public Task BclStructElementSizes() => Check("""
        public object Guids() => {|#0:new Guid[5_311]|};
        public object GuidsBelow() => new Guid[5_310];
        public object Offsets() => {|#1:new DateTimeOffset[5_311]|};
        public object Spans() => {|#2:new TimeSpan[10_622]|};
        public object Pairs() => {|#3:new KeyValuePair<long, long>[5_311]|};
        public object PairsBelow() => new KeyValuePair<long, long>[5_310];
        public object PairList() => new List<KeyValuePair<long, long>>(5_310);
        public object Unknown() => new System.Threading.SpinLock[100_000];
        """,
        Verify.Diagnostic("GEN0001").WithLocation(0).WithArguments("'new Guid[5_311]'", 85_000L, "ArrayPool<T>.Shared.Rent (or a Lease), or a ChunkedList<T>"),
        Verify.Diagnostic("GEN0001").WithLocation(1),
        Verify.Diagnostic("GEN0001").WithLocation(2),
        Verify.Diagnostic("GEN0001").WithLocation(3));

    // Issue 29, item 6: a table allocated once per type or once per instance, the first time it is needed (the field
    // is assigned only while it is null, or through Lazy<T>/LazyInitializer), is not per-call garbage and is not
    // reported; an unconditional store into a field is.
    [Fact]
    public Task LazilyAllocatedTablesAreNotPerCall() => Check("""
        private static byte[]? s_table;
        private static byte[]? s_shared;
        private static byte[]? s_ensured;
        private int[]? _buckets;
        private long[]? _cache;
        private long[]? _other;
        private byte[]? _buffer;
        private static readonly Lazy<byte[]> s_lazy = new(() => new byte[100_000]);
        private readonly Lazy<int[]> _lazy = new(() => new int[50_000]);
        public static byte[] Table => s_table ??= new byte[100_000];
        public int[] Buckets => _buckets ??= new int[50_000];
        public long[] Cache()
        {
            if (_cache == null)
            {
                _cache = new long[20_000];
            }

            return _cache;
        }

        public long[] Other() => _other ?? (_other = new long[20_000]);
        public static byte[] Shared()
        {
            System.Threading.Interlocked.CompareExchange(ref s_shared, new byte[100_000], null);
            return s_shared;
        }

        public static byte[] Ensured() => System.Threading.LazyInitializer.EnsureInitialized(ref s_ensured, () => new byte[100_000]);
        public int Lazies() => s_lazy.Value.Length + _lazy.Value.Length;
        public byte[] PerCall()
        {
            _buffer = {|#0:new byte[100_000]|};
            return _buffer;
        }

        public byte[] WrongField()
        {
            if (_cache == null)
            {
                _buffer = {|#1:new byte[100_000]|};
            }

            return _buffer!;
        }
        """,
        Verify.Diagnostic("GEN0001").WithLocation(0),
        Verify.Diagnostic("GEN0001").WithLocation(1));
}
