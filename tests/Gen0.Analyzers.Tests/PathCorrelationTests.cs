using Gen0.Analyzers.Rules;

namespace Gen0.Analyzers.Tests;

/// <summary>
/// Issue 29, item 2: a rent and a return guarded by the same bool local or parameter (not reassigned in between) are
/// on the same paths; a reassignment in between breaks the correlation.
/// </summary>
public sealed class PathCorrelationTests
{
    private static Task Check(string body, params Microsoft.CodeAnalysis.Testing.DiagnosticResult[] expected) =>
        Verify.AnalyzerAsync<PoolLifetimeAnalyzer>("public class C\n{\n    private readonly Pool<object> _pool = new(() => new object());\n" + body + "\n}\n", expected);

    [Fact]
    public Task SameParameterGuardsRentAndReturn() => Check("""
        public int M(bool pooled, int n)
        {
            byte[] buffer;
            if (pooled)
            {
                buffer = ArrayPool<byte>.Shared.Rent(n);
            }
            else
            {
                buffer = new byte[n];
            }

            buffer[0] = 1;
            int first = buffer[0];
            if (pooled)
            {
                ArrayPool<byte>.Shared.Return(buffer);
            }

            return first;
        }
        """);

    [Fact]
    public Task BoolLocalSetWhereTheArrayIsRented() => Check("""
        public int M(int n)
        {
            bool rented = false;
            byte[] buffer;
            if (n > 256)
            {
                buffer = ArrayPool<byte>.Shared.Rent(n);
                rented = true;
            }
            else
            {
                buffer = new byte[n];
            }

            buffer[0] = 1;
            int first = buffer[0];
            if (rented)
            {
                ArrayPool<byte>.Shared.Return(buffer);
            }

            return first;
        }
        """);

    [Fact]
    public Task ConditionalExpressionAndNegatedGuard() => Check("""
        public int M(bool useHeap, int n)
        {
            bool fromPool = !useHeap;
            byte[] buffer = fromPool ? ArrayPool<byte>.Shared.Rent(n) : new byte[n];
            buffer[0] = 1;
            int first = buffer[0];
            if (!fromPool)
            {
                return first;
            }

            ArrayPool<byte>.Shared.Return(buffer);
            return first;
        }
        """);

    [Fact]
    public Task ConditionalExpressionRentIsTrackedAndLeaks() => Check("""
        public int M(bool pooled, int n)
        {
            byte[] buffer = pooled ? {|#0:ArrayPool<byte>.Shared.Rent(n)|} : new byte[n];
            buffer[0] = 1;
            return buffer[0];
        }
        """, Verify.Diagnostic("GEN0002").WithLocation(0).WithArguments("buffer", "on every path"));

    [Fact]
    public Task ReassignedFlagBreaksTheCorrelation() => Check("""
        public int M(bool pooled, int n, Func<bool> decide)
        {
            byte[] buffer = new byte[1];
            if (pooled)
            {
                buffer = {|#0:ArrayPool<byte>.Shared.Rent(n)|};
            }

            pooled = decide();
            int first = buffer[0];
            if (pooled)
            {
                ArrayPool<byte>.Shared.Return(buffer);
            }

            return first;
        }
        """, Verify.Diagnostic("GEN0002").WithLocation(0).WithArguments("buffer", "on every path"));

    [Fact]
    public Task DifferentFlagsAreNotCorrelated() => Check("""
        public int M(bool pooled, bool done, int n)
        {
            byte[] buffer = new byte[1];
            if (pooled)
            {
                buffer = {|#0:ArrayPool<byte>.Shared.Rent(n)|};
            }

            int first = buffer[0];
            if (done)
            {
                ArrayPool<byte>.Shared.Return(buffer);
            }

            return first;
        }
        """, Verify.Diagnostic("GEN0002").WithLocation(0).WithArguments("buffer", "on every path"));

    [Fact]
    public Task CorrelatedPoolObject() => Check("""
        public string M(bool pooled)
        {
            object item = pooled ? _pool.Rent() : new object();
            try
            {
                return item.ToString()!;
            }
            finally
            {
                if (pooled)
                {
                    _pool.Return(item);
                }
            }
        }
        """);
}
