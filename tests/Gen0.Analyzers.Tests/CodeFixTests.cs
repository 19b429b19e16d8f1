using Gen0.Analyzers.CodeFixes;
using Gen0.Analyzers.Rules;

namespace Gen0.Analyzers.Tests;

public sealed class CodeFixTests
{
    [Fact]
    public Task ListCapacityBecomesChunkedList() => Verify.CodeFixAsync<LargeObjectAllocationAnalyzer, LargeObjectAllocationCodeFix>("""
        public class C
        {
            public int M()
            {
                var list = {|#0:new List<int>(100_000)|};
                IList<long> longs = {|#1:new List<long>(100_000)|};
                return list.Count + longs.Count;
            }
        }
        """, """
        public class C
        {
            public int M()
            {
                var list = new ChunkedList<int>(100_000);
                IList<long> longs = new ChunkedList<long>(100_000);
                return list.Count + longs.Count;
            }
        }
        """,
        Verify.Diagnostic("GEN0001").WithLocation(0),
        Verify.Diagnostic("GEN0001").WithLocation(1));

    [Fact]
    public Task DictionarySetAndStreamReplacements() => Verify.CodeFixAsync<LargeObjectAllocationAnalyzer, LargeObjectAllocationCodeFix>("""
        public class C
        {
            public object M()
            {
                var map = {|#0:new Dictionary<string, int>(10_000, StringComparer.Ordinal)|};
                ISet<int> set = {|#1:new HashSet<int>(10_000)|};
                Stream stream = {|#2:new MemoryStream(1_000_000)|};
                return (map, set, stream);
            }
        }
        """, """
        public class C
        {
            public object M()
            {
                var map = new ChunkedDictionary<string, int>(10_000, StringComparer.Ordinal);
                ISet<int> set = new ChunkedHashSet<int>(10_000);
                Stream stream = new PooledMemoryStream();
                return (map, set, stream);
            }
        }
        """,
        Verify.Diagnostic("GEN0001").WithLocation(0),
        Verify.Diagnostic("GEN0001").WithLocation(1),
        Verify.Diagnostic("GEN0001").WithLocation(2));

    [Fact]
    public Task NoFixWhereTheConcreteTypeIsRequiredOrForArrays() => Verify.CodeFixAsync<LargeObjectAllocationAnalyzer, LargeObjectAllocationCodeFix>("""
        public class C
        {
            public List<int> M() => {|#0:new List<int>(100_000)|};
            public byte[] N() => {|#1:new byte[100_000]|};
        }
        """, """
        public class C
        {
            public List<int> M() => {|#0:new List<int>(100_000)|};
            public byte[] N() => {|#1:new byte[100_000]|};
        }
        """,
        Verify.Diagnostic("GEN0001").WithLocation(0),
        Verify.Diagnostic("GEN0001").WithLocation(1));

    [Fact]
    public Task RentGetsTryFinally() => Verify.CodeFixAsync<PoolLifetimeAnalyzer, RentWithoutReturnCodeFix>("""
        public class C
        {
            public int M(Stream stream)
            {
                byte[] buffer = {|#0:ArrayPool<byte>.Shared.Rent(4096)|};
                int read = stream.Read(buffer, 0, buffer.Length);
                ArrayPool<byte>.Shared.Return(buffer);
                return read;
            }
        }
        """, """
        public class C
        {
            public int M(Stream stream)
            {
                byte[] buffer = ArrayPool<byte>.Shared.Rent(4096);
                try
                {
                    int read = stream.Read(buffer, 0, buffer.Length);
                    return read;
                }
                finally
                {
                    ArrayPool<byte>.Shared.Return(buffer);
                }
            }
        }
        """,
        Verify.Diagnostic("GEN0008").WithLocation(0));

    [Fact]
    public Task PoolRentNeverReturnedGetsTryFinally() => Verify.CodeFixAsync<PoolLifetimeAnalyzer, RentWithoutReturnCodeFix>("""
        public class C
        {
            private readonly Pool<System.Text.StringBuilder> _builders = new(() => new System.Text.StringBuilder());

            public string M(int value)
            {
                var builder = {|#0:_builders.Rent()|};
                builder.Append(value);
                return builder.ToString();
            }
        }
        """, """
        public class C
        {
            private readonly Pool<System.Text.StringBuilder> _builders = new(() => new System.Text.StringBuilder());

            public string M(int value)
            {
                var builder = _builders.Rent();
                try
                {
                    builder.Append(value);
                    return builder.ToString();
                }
                finally
                {
                    _builders.Return(builder);
                }
            }
        }
        """,
        Verify.Diagnostic("GEN0002").WithLocation(0));

    [Fact]
    public Task UndisposedGetsUsing() => Verify.CodeFixAsync<PoolLifetimeAnalyzer, UndisposedPooledObjectCodeFix>("""
        public class C
        {
            public int M(IEnumerable<int> source)
            {
                var list = {|#0:new PooledList<int>()|};
                list.AddRange(source);
                // counts
                PooledHashSet<int> set = {|#1:source.ToPooledHashSet()|};
                return list.Count + set.Count;
            }
        }
        """, """
        public class C
        {
            public int M(IEnumerable<int> source)
            {
                using var list = new PooledList<int>();
                list.AddRange(source);
                // counts
                using PooledHashSet<int> set = source.ToPooledHashSet();
                return list.Count + set.Count;
            }
        }
        """,
        Verify.Diagnostic("GEN0005").WithLocation(0),
        Verify.Diagnostic("GEN0005").WithLocation(1));

    [Fact]
    public Task NoUsingFixForReassignedLocal() => Verify.CodeFixAsync<PoolLifetimeAnalyzer, UndisposedPooledObjectCodeFix>("""
        public class C
        {
            public int M()
            {
                var list = {|#0:new PooledList<int>()|};
                list = {|#1:new PooledList<int>()|};
                return list.Count;
            }
        }
        """, """
        public class C
        {
            public int M()
            {
                var list = {|#0:new PooledList<int>()|};
                list = {|#1:new PooledList<int>()|};
                return list.Count;
            }
        }
        """,
        Verify.Diagnostic("GEN0005").WithLocation(0));
}
