using Gen0.Analyzers.Rules;
using Microsoft.CodeAnalysis;

namespace Gen0.Analyzers.Tests;

public sealed class PoolCreatedPerCallTests
{
    private static Task Check(string body, params Microsoft.CodeAnalysis.Testing.DiagnosticResult[] expected) =>
        Verify.AnalyzerAsync<PoolCreatedPerCallAnalyzer>("public class C\n{\n    private ArrayPool<byte>? _field;\n" + body + "\n}\n", expected);

    [Fact]
    public Task LocalPools() => Check("""
        public int Create()
        {
            var pool = {|#0:ArrayPool<byte>.Create()|};
            byte[] buffer = pool.Rent(10);
            pool.Return(buffer);
            return buffer.Length;
        }

        public int Scalable()
        {
            var pool = {|#1:new ScalableArrayPool<int>(new ScalableArrayPoolOptions())|};
            using var lease = pool.Lease(10);
            return lease.Length;
        }

        public object Objects()
        {
            var pool = {|#2:new Pool<object>(() => new object())|};
            return pool.Rent();
        }

        public int Inline() => {|#3:ArrayPool<int>.Create()|}.Rent(4).Length;
        """,
        Verify.Diagnostic("GEN0006").WithLocation(0),
        Verify.Diagnostic("GEN0006").WithLocation(1),
        Verify.Diagnostic("GEN0006").WithLocation(2),
        Verify.Diagnostic("GEN0006").WithLocation(3));

    [Fact]
    public Task PoolsThatOutliveTheCall() => Check("""
        private static readonly ArrayPool<byte> s_pool = ArrayPool<byte>.Create();
        private readonly Pool<object> _objects = new(() => new object());
        public C() => _field = ArrayPool<byte>.Create();
        public ArrayPool<byte> Factory() => ArrayPool<byte>.Create();
        public void Store()
        {
            var pool = ArrayPool<byte>.Create();
            _field = pool;
        }

        public void Register(List<object> services)
        {
            var pool = new Pool<object>(() => new object());
            services.Add(pool);
        }

        public Func<byte[]> Captured()
        {
            var pool = ArrayPool<byte>.Create();
            return () => pool.Rent(4);
        }

        public PooledList<int> Owner()
        {
            var pool = ArrayPool<int>.Create();
            return new PooledList<int>(pool);
        }

        public static void Main()
        {
            var pool = ArrayPool<byte>.Create();
            pool.Return(pool.Rent(1));
        }
        """);

    [Fact]
    public Task TestProjectsAreExempt() => Verify.AnalyzerAsync<PoolCreatedPerCallAnalyzer>("""
        public class PoolTests
        {
            public void Rents()
            {
                var pool = new Pool<object>(() => new object());
                pool.Return(pool.Rent());
            }
        }
        """,
        [MetadataReference.CreateFromFile(typeof(FactAttribute).Assembly.Location)]);
}
