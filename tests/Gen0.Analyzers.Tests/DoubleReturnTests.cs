using Gen0.Analyzers.Rules;

namespace Gen0.Analyzers.Tests;

public sealed class DoubleReturnTests
{
    private static Task Check(string body, params Microsoft.CodeAnalysis.Testing.DiagnosticResult[] expected) =>
        Verify.AnalyzerAsync<PoolLifetimeAnalyzer>("public class C\n{\n    private readonly Pool<object> _pool = new(() => new object());\n" + body + "\n}\n", expected);

    [Fact]
    public Task ReturnedTwiceInARow() => Check("""
        public void M()
        {
            byte[] buffer = ArrayPool<byte>.Shared.Rent(100);
            ArrayPool<byte>.Shared.Return(buffer);
            {|#0:ArrayPool<byte>.Shared.Return(buffer)|};
        }
        """, Verify.Diagnostic("GEN0004").WithLocation(0).WithArguments("buffer"));

    [Fact]
    public Task ReturnedInBranchAndAgainAfter() => Check("""
        public void M(bool fail)
        {
            object item = _pool.Rent();
            if (fail)
            {
                _pool.Return(item);
            }

            {|#0:_pool.Return(item)|};
        }
        """, Verify.Diagnostic("GEN0004").WithLocation(0));

    [Fact]
    public Task ReturnedInTryAndInFinally() => Check("""
        public void M()
        {
            byte[] buffer = ArrayPool<byte>.Shared.Rent(100);
            try
            {
                buffer[0] = 1;
                ArrayPool<byte>.Shared.Return(buffer);
            }
            finally
            {
                {|#0:ArrayPool<byte>.Shared.Return(buffer)|};
            }
        }
        """, Verify.Diagnostic("GEN0004").WithLocation(0));

    [Fact]
    public Task ReturnedOncePerBranch() => Check("""
        public void M(bool fail)
        {
            object item = _pool.Rent();
            if (fail)
            {
                _pool.Return(item);
                return;
            }

            _pool.Return(item);
        }
        """);

    [Fact]
    public Task ReturnedOncePerLoopIteration() => Check("""
        public void M(int n)
        {
            while (n-- > 0)
            {
                byte[] buffer = ArrayPool<byte>.Shared.Rent(100);
                buffer[0] = 1;
                ArrayPool<byte>.Shared.Return(buffer);
            }
        }
        """);

    [Fact]
    public Task ReturnedThenRentedAgainThenReturned() => Check("""
        public void M()
        {
            object item = _pool.Rent();
            _pool.Return(item);
            item = _pool.Rent();
            _pool.Return(item);
        }
        """);
}
