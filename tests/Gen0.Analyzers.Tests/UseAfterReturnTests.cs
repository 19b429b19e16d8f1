using Gen0.Analyzers.Rules;

namespace Gen0.Analyzers.Tests;

public sealed class UseAfterReturnTests
{
    private static Task Check(string body, params Microsoft.CodeAnalysis.Testing.DiagnosticResult[] expected) =>
        Verify.AnalyzerAsync<PoolLifetimeAnalyzer>("public class C\n{\n    private readonly Pool<System.Text.StringBuilder> _pool = new(() => new System.Text.StringBuilder());\n" + body + "\n}\n", expected);

    [Fact]
    public Task ReadAndWriteAfterReturn() => Check("""
        public int M()
        {
            byte[] buffer = ArrayPool<byte>.Shared.Rent(100);
            ArrayPool<byte>.Shared.Return(buffer);
            {|#0:buffer|}[0] = 1;
            return {|#1:buffer|}.Length;
        }
        """,
        Verify.Diagnostic("GEN0003").WithLocation(0).WithArguments("buffer", "it was returned to its pool"),
        Verify.Diagnostic("GEN0003").WithLocation(1).WithArguments("buffer", "it was returned to its pool"));

    [Fact]
    public Task UseAfterReturnOnOneBranch() => Check("""
        public int M(bool early)
        {
            byte[] buffer = ArrayPool<byte>.Shared.Rent(100);
            if (early)
            {
                ArrayPool<byte>.Shared.Return(buffer);
                return {|#0:buffer|}.Length;
            }

            int length = buffer.Length;
            ArrayPool<byte>.Shared.Return(buffer);
            return length;
        }
        """, Verify.Diagnostic("GEN0003").WithLocation(0));

    [Fact]
    public Task UseInFinallyAfterReturnInTry() => Check("""
        public void M()
        {
            byte[] buffer = ArrayPool<byte>.Shared.Rent(100);
            try
            {
                ArrayPool<byte>.Shared.Return(buffer);
            }
            finally
            {
                {|#0:buffer|}[0] = 0;
            }
        }
        """, Verify.Diagnostic("GEN0003").WithLocation(0));

    [Fact]
    public Task RentedObjectAfterReturn() => Check("""
        public string M()
        {
            System.Text.StringBuilder builder = {|#1:_pool.Rent()|};
            builder.Append('x');
            _pool.Return(builder);
            return {|#0:builder|}.ToString();
        }
        """,
        Verify.Diagnostic("GEN0002").WithLocation(1),
        Verify.Diagnostic("GEN0003").WithLocation(0));

    [Fact]
    public Task LeasedObjectAfterDispose() => Check("""
        public int M()
        {
            Lease<System.Text.StringBuilder> lease = _pool.Lease();
            lease.Value.Append('x');
            lease.Dispose();
            return {|#0:lease|}.Value.Length;
        }
        """, Verify.Diagnostic("GEN0003").WithLocation(0).WithArguments("lease", "it was disposed"));

    [Fact]
    public Task PooledListAfterDispose() => Check("""
        public int M()
        {
            var list = new PooledList<int>();
            list.Add(1);
            list.Dispose();
            list.Dispose();
            return {|#0:list|}.Count;
        }
        """, Verify.Diagnostic("GEN0003").WithLocation(0));

    [Fact]
    public Task ReassignedAfterReturnIsFresh() => Check("""
        public int M()
        {
            byte[] buffer = ArrayPool<byte>.Shared.Rent(100);
            buffer[0] = 1;
            ArrayPool<byte>.Shared.Return(buffer);
            buffer = ArrayPool<byte>.Shared.Rent(200);
            buffer[0] = 2;
            int length = buffer.Length;
            ArrayPool<byte>.Shared.Return(buffer);
            return length;
        }
        """);

    [Fact]
    public Task NullAssignmentAndNullCheckAfterReturnAreNotUses() => Check("""
        public void M()
        {
            byte[]? buffer = ArrayPool<byte>.Shared.Rent(100);
            buffer[0] = 1;
            ArrayPool<byte>.Shared.Return(buffer);
            if (buffer != null)
            {
                buffer = null;
            }
        }
        """);

    [Fact]
    public Task UseBeforeReturnInLoop() => Check("""
        public int M(int n)
        {
            int sum = 0;
            for (int i = 0; i < n; i++)
            {
                int[] values = ArrayPool<int>.Shared.Rent(16);
                values[0] = i;
                sum += values[0];
                ArrayPool<int>.Shared.Return(values);
            }

            return sum;
        }
        """);
}
