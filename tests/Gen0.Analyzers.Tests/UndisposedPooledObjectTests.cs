using Gen0.Analyzers.Rules;

namespace Gen0.Analyzers.Tests;

public sealed class UndisposedPooledObjectTests
{
    private static Task Check(string body, params Microsoft.CodeAnalysis.Testing.DiagnosticResult[] expected) =>
        Verify.AnalyzerAsync<PoolLifetimeAnalyzer>("public class C\n{\n    private IDisposable? _owned;\n    private readonly Pool<object> _pool = new(() => new object());\n" + body + "\n}\n", expected);

    [Fact]
    public Task EveryPooledTypeNeverDisposed() => Check("""
        public void M(IEnumerable<int> source)
        {
            var list = {|#0:new PooledList<int>()|};
            var dictionary = {|#1:new PooledDictionary<int, int>()|};
            var set = {|#2:new PooledHashSet<int>()|};
            var stack = {|#3:new PooledStack<int>()|};
            var queue = {|#4:new PooledQueue<int>()|};
            var stream = {|#5:new PooledMemoryStream()|};
            var writer = {|#6:new PooledBufferWriter<byte>()|};
            var lease = {|#7:ArrayPool<byte>.Shared.Lease(10)|};
            var objectLease = {|#8:_pool.Lease()|};
            var scope = {|#9:DisposeScope.BeginScope()|};
            var copy = {|#10:source.ToPooledList()|};
            var chunks = {|#11:new ChunkedList<int>(ArrayPool<int>.Shared)|};
            Console.WriteLine(list.Count + dictionary.Count + set.Count + stack.Count + queue.Count + stream.Length + writer.WrittenCount
                + lease.Length + objectLease.Value.GetHashCode() + scope.GetHashCode() + copy.Count + chunks.Count);
        }
        """,
        Verify.Diagnostic("GEN0005").WithLocation(0).WithArguments("list"),
        Verify.Diagnostic("GEN0005").WithLocation(1),
        Verify.Diagnostic("GEN0005").WithLocation(2),
        Verify.Diagnostic("GEN0005").WithLocation(3),
        Verify.Diagnostic("GEN0005").WithLocation(4),
        Verify.Diagnostic("GEN0005").WithLocation(5),
        Verify.Diagnostic("GEN0005").WithLocation(6),
        Verify.Diagnostic("GEN0005").WithLocation(7),
        Verify.Diagnostic("GEN0005").WithLocation(8),
        Verify.Diagnostic("GEN0005").WithLocation(9),
        Verify.Diagnostic("GEN0005").WithLocation(10),
        Verify.Diagnostic("GEN0005").WithLocation(11));

    [Fact]
    public Task ChunkedWithoutPoolIsNotTracked() => Check("""
        public int M()
        {
            var chunks = new ChunkedList<int>();
            var nullPool = new ChunkedList<int>(16, null);
            chunks.Add(1);
            return chunks.Count + nullPool.Count;
        }
        """);

    [Fact]
    public Task UsingDeclarationUsingStatementAndExplicitDispose() => Check("""
        public int M()
        {
            using var list = new PooledList<int>();
            list.Add(1);
            using (var set = new PooledHashSet<int>())
            {
                set.Add(1);
            }

            var stream = new PooledMemoryStream();
            stream.WriteByte(1);
            stream.Dispose();
            using ArrayLease<byte> lease = ArrayPool<byte>.Shared.Lease(4);
            return list.Count + lease.Length;
        }
        """);

    [Fact]
    public Task DisposedInFinallyAndConditionalDispose() => Check("""
        public async Task<int> M(bool make)
        {
            PooledList<int>? list = null;
            try
            {
                list = new PooledList<int>();
                list.Add(1);
                await Task.Yield();
                return list.Count;
            }
            finally
            {
                list?.Dispose();
            }
        }
        """);

    [Fact]
    public Task DisposedOnOnlyOneBranch() => Check("""
        public int M(bool keep)
        {
            var list = {|#0:new PooledList<int>()|};
            list.Add(1);
            if (keep)
            {
                return list.Count;
            }

            list.Dispose();
            return 0;
        }
        """, Verify.Diagnostic("GEN0005").WithLocation(0));

    [Fact]
    public Task EscapesAndRegistrations() => Check("""
        public PooledList<int> Returned()
        {
            var list = new PooledList<int>();
            list.Add(1);
            return list;
        }

        public void ToField() => _owned = new PooledList<int>();

        public void ToFieldThroughLocal()
        {
            var list = new PooledList<int>();
            _owned = list;
        }

        public void Registered()
        {
            var list = new PooledList<int>().RegisterDisposeScope();
            var other = new PooledHashSet<int>();
            other.RegisterDisposeScope();
            var scoped = new[] { 1, 2 }.ToPooledListScope();
            Console.WriteLine(list.Count + other.Count + scoped.Count);
        }

        public void HandedToOwner(List<IDisposable> owners, DisposeScope scope)
        {
            var list = new PooledList<int>();
            owners.Add(list);
            var set = new PooledHashSet<int>();
            scope.Register(set);
        }

        public Func<int> Captured()
        {
            var list = new PooledList<int>();
            return () => list.Count;
        }

        public void Out(out PooledList<int> result)
        {
            var list = new PooledList<int>();
            result = list;
        }

        public StreamReader Wrapped()
        {
            var stream = new PooledMemoryStream();
            return new StreamReader(stream);
        }
        """);

    [Fact]
    public Task BorrowedByAMethodStillNeedsDisposal() => Check("""
        public long M()
        {
            var stream = {|#0:new PooledMemoryStream()|};
            Stream.Null.CopyTo(stream);
            return stream.Length;
        }

        public void HandedToAMethodOfThisCompilation()
        {
            var list = new PooledList<int>();
            Adopt(list);
        }

        public void HandedOverThenFilled()
        {
            var list = new PooledList<int>();
            Adopt(list);
            list.Add(1);
        }

        private void Adopt(PooledList<int> list) => _owned = list;
        """, Verify.Diagnostic("GEN0005").WithLocation(0));

    [Fact]
    public Task DiscardedCreation() => Check("""
        public void M()
        {
            {|#0:new PooledList<int>()|};
            _ = {|#1:DisposeScope.BeginScope()|};
        }
        """,
        Verify.Diagnostic("GEN0005").WithLocation(0),
        Verify.Diagnostic("GEN0005").WithLocation(1));

    [Fact]
    public Task CreatedInLoopAndDisposedEachIteration() => Check("""
        public int M(int n)
        {
            int total = 0;
            for (int i = 0; i < n; i++)
            {
                using var list = new PooledList<int>();
                list.Add(i);
                total += list.Count;
            }

            return total;
        }
        """);
}
