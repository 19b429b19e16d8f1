using Gen0.Analyzers.Rules;
using Microsoft.CodeAnalysis;

namespace Gen0.Analyzers.Tests;

/// <summary>
/// Issue 29, item 1 and 3: a rental lost only when something throws is GEN0008 (a suggestion) for pools whose lost
/// rentals the GC reclaims (ArrayPool&lt;T&gt;, ObjectPool&lt;T&gt;) and stays GEN0002 (a warning) for Pool&lt;T&gt;; the
/// message names the explicit throw, then the await, then the call; calls earlier in a finally that returns the
/// rental do not count.
/// </summary>
public sealed class ExceptionPathTests
{
    private static Task Check(string body, params Microsoft.CodeAnalysis.Testing.DiagnosticResult[] expected) =>
        Verify.AnalyzerAsync<PoolLifetimeAnalyzer>(
            "public class C\n{\n    private readonly Pool<object> _pool = new(() => new object());\n"
            + "    private readonly Pool<System.Text.StringBuilder> _builders = new(() => new System.Text.StringBuilder());\n" + body + "\n}\n",
            expected);

    [Fact]
    public void Severities()
    {
        Assert.Equal(DiagnosticSeverity.Info, Gen0Diagnostics.RentLostOnException.DefaultSeverity);
        Assert.Equal("GEN0008", Gen0Diagnostics.RentLostOnException.Id);
        Assert.Equal(DiagnosticSeverity.Warning, Gen0Diagnostics.RentWithoutReturn.DefaultSeverity);
    }

    [Fact]
    public Task ArrayLostOnlyWhenACallThrowsIsASuggestion() => Check("""
        public int M(Stream stream)
        {
            byte[] buffer = {|#0:ArrayPool<byte>.Shared.Rent(100)|};
            int read = stream.Read(buffer, 0, buffer.Length);
            ArrayPool<byte>.Shared.Return(buffer);
            return read;
        }
        """, Verify.Diagnostic("GEN0008").WithLocation(0).WithArguments("buffer", "'stream.Read(buffer, 0, buffer.Length)' throws"));

    [Fact]
    public Task PoolObjectLostWhenACallThrowsStaysAWarning() => Check("""
        public string M(int value)
        {
            System.Text.StringBuilder builder = {|#0:_builders.Rent()|};
            builder.Append(value);
            string text = builder.ToString();
            _builders.Return(builder);
            return text;
        }
        """, Verify.Diagnostic("GEN0002").WithLocation(0).WithArguments("builder", "when 'builder.Append(value)' throws"));

    [Fact]
    public Task TheExplicitThrowIsNamedNotTheFirstCall() => Check("""
        public void M(int n)
        {
            byte[] buffer = {|#0:ArrayPool<byte>.Shared.Rent(100)|};
            Array.Fill(buffer, (byte)1);
            if (n < 0)
            {
                throw new ArgumentOutOfRangeException(nameof(n));
            }

            ArrayPool<byte>.Shared.Return(buffer);
        }
        """, Verify.Diagnostic("GEN0008").WithLocation(0).WithArguments("buffer", "'throw new ArgumentOutOfRangeException(nameof(n))' runs"));

    [Fact]
    public Task TheAwaitIsNamedNotTheCallItAwaits() => Check("""
        public async Task<int> M(Stream stream)
        {
            byte[] buffer = {|#0:ArrayPool<byte>.Shared.Rent(100)|};
            int read = await stream.ReadAsync(buffer, 0, 100);
            ArrayPool<byte>.Shared.Return(buffer);
            return read;
        }
        """, Verify.Diagnostic("GEN0008").WithLocation(0).WithArguments("buffer", "'await stream.ReadAsync(buffer, 0, 100)' throws"));

    [Fact]
    public Task PoolObjectAcrossAnAwaitIsAWarning() => Check("""
        public async Task<int> M()
        {
            object item = {|#0:_pool.Rent()|};
            await Task.Yield();
            _pool.Return(item);
            return 1;
        }
        """, Verify.Diagnostic("GEN0002").WithLocation(0).WithArguments("item", "when 'await Task.Yield()' throws"));

    [Fact]
    public Task NothingThatThrowsBetweenRentAndReturn() => Check("""
        public int M(int n)
        {
            byte[] first = ArrayPool<byte>.Shared.Rent(n);
            byte[] second = ArrayPool<byte>.Shared.Rent(n);
            Span<byte> span = first.AsSpan(0, 4);
            span[0] = 1;
            int value = span[0] + second.Length;
            ArrayPool<byte>.Shared.Return(first);
            ArrayPool<byte>.Shared.Return(second);
            return value;
        }
        """);

    [Fact]
    public Task ACallEarlierInTheSameFinallyDoesNotSkipTheReturn() => Check("""
        public string M(int value)
        {
            System.Text.StringBuilder builder = _builders.Rent();
            try
            {
                return builder.Append(value).ToString();
            }
            finally
            {
                builder.Clear();
                _builders.Return(builder);
            }
        }
        """);

    [Fact]
    public Task TwoArraysReturnedOneAfterTheOtherInAFinally() => Check("""
        public int M(Stream stream, int n)
        {
            byte[] first = ArrayPool<byte>.Shared.Rent(n);
            byte[] second = ArrayPool<byte>.Shared.Rent(n);
            try
            {
                return stream.Read(first, 0, n) + stream.Read(second, 0, n);
            }
            finally
            {
                ArrayPool<byte>.Shared.Return(first);
                ArrayPool<byte>.Shared.Return(second);
            }
        }
        """);

    [Fact]
    public Task ACallInACatchThatReturnsAndRethrowsDoesNotCount() => Check("""
        public int M(Stream stream, TextWriter log)
        {
            byte[] buffer = ArrayPool<byte>.Shared.Rent(100);
            int read;
            try
            {
                read = stream.Read(buffer, 0, 100);
            }
            catch (Exception e)
            {
                log.WriteLine(e.Message);
                ArrayPool<byte>.Shared.Return(buffer);
                throw;
            }

            ArrayPool<byte>.Shared.Return(buffer);
            return read;
        }
        """);

    [Fact]
    public Task AFinallyThatDoesNotReturnIsNoProtection() => Check("""
        public int M(Stream stream, TextWriter log)
        {
            byte[] buffer = {|#0:ArrayPool<byte>.Shared.Rent(100)|};
            int read;
            try
            {
                read = stream.Read(buffer, 0, 100);
            }
            finally
            {
                log.WriteLine("read");
            }

            ArrayPool<byte>.Shared.Return(buffer);
            return read;
        }
        """, Verify.Diagnostic("GEN0008").WithLocation(0).WithArguments("buffer", "'stream.Read(buffer, 0, 100)' throws"));

    [Fact]
    public Task ANormalPathLeakIsStillAWarningForArrays() => Check("""
        public int M(Stream stream, bool skip)
        {
            byte[] buffer = {|#0:ArrayPool<byte>.Shared.Rent(100)|};
            int read = stream.Read(buffer, 0, 100);
            if (skip)
            {
                return read;
            }

            ArrayPool<byte>.Shared.Return(buffer);
            return read;
        }
        """, Verify.Diagnostic("GEN0002").WithLocation(0).WithArguments("buffer", "on every path"));
}
