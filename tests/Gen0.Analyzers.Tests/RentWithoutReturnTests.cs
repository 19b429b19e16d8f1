using Gen0.Analyzers.Rules;

namespace Gen0.Analyzers.Tests;

public sealed class RentWithoutReturnTests
{
    private static Task Check(string body, params Microsoft.CodeAnalysis.Testing.DiagnosticResult[] expected) =>
        Verify.AnalyzerAsync<PoolLifetimeAnalyzer>("public class C\n{\n    private byte[]? _field;\n    private readonly Pool<object> _pool = new(() => new object());\n" + body + "\n}\n", expected);

    [Fact]
    public Task NeverReturned() => Check("""
        public int M()
        {
            byte[] buffer = {|#0:ArrayPool<byte>.Shared.Rent(100)|};
            return buffer.Length;
        }
        """, Verify.Diagnostic("GEN0002").WithLocation(0).WithArguments("buffer", "on every path"));

    [Fact]
    public Task ReturnedInFinally() => Check("""
        public int M(Stream stream)
        {
            byte[] buffer = ArrayPool<byte>.Shared.Rent(100);
            try
            {
                return stream.Read(buffer, 0, buffer.Length);
            }
            finally
            {
                ArrayPool<byte>.Shared.Return(buffer);
            }
        }
        """);

    [Fact]
    public Task ReturnedWithNothingThatThrowsInBetween() => Check("""
        public int M()
        {
            byte[] buffer = ArrayPool<byte>.Shared.Rent(100);
            buffer[0] = 1;
            int first = buffer[0];
            ArrayPool<byte>.Shared.Return(buffer);
            return first;
        }
        """);

    [Fact]
    public Task EarlyReturnLeaks() => Check("""
        public int M(bool skip)
        {
            byte[] buffer = {|#0:ArrayPool<byte>.Shared.Rent(100)|};
            if (skip)
            {
                return 0;
            }

            buffer[0] = 1;
            ArrayPool<byte>.Shared.Return(buffer);
            return 1;
        }
        """, Verify.Diagnostic("GEN0002").WithLocation(0).WithArguments("buffer", "on every path"));

    [Fact]
    public Task ReturnedOnBothBranches() => Check("""
        public int M(bool skip)
        {
            byte[] buffer = ArrayPool<byte>.Shared.Rent(100);
            if (skip)
            {
                ArrayPool<byte>.Shared.Return(buffer);
                return 0;
            }

            buffer[0] = 1;
            ArrayPool<byte>.Shared.Return(buffer);
            return 1;
        }
        """);

    [Fact]
    public Task LoopThatRentsEachIterationAndReturnsOnlySometimes() => Check("""
        public void M(int n)
        {
            for (int i = 0; i < n; i++)
            {
                byte[] buffer = {|#0:ArrayPool<byte>.Shared.Rent(100)|};
                if (i % 2 == 0)
                {
                    continue;
                }

                ArrayPool<byte>.Shared.Return(buffer);
            }
        }
        """, Verify.Diagnostic("GEN0002").WithLocation(0).WithArguments("buffer", "on every path"));

    [Fact]
    public Task LoopThatReturnsEveryIteration() => Check("""
        public void M(int n)
        {
            for (int i = 0; i < n; i++)
            {
                byte[] buffer = ArrayPool<byte>.Shared.Rent(100);
                try
                {
                    Console.WriteLine(buffer.Length);
                }
                finally
                {
                    ArrayPool<byte>.Shared.Return(buffer);
                }
            }
        }
        """);

    [Fact]
    public Task StackallocOrRentWithNullCheckedReturn() => Check("""
        public int M(int n)
        {
            byte[]? rented = null;
            Span<byte> span = n <= 128 ? stackalloc byte[128] : (rented = ArrayPool<byte>.Shared.Rent(n));
            span[0] = 1;
            int first = span[0];
            if (rented != null)
            {
                ArrayPool<byte>.Shared.Return(rented);
            }

            return first;
        }
        """);

    [Fact]
    public Task NullCheckedReturnInFinally() => Check("""
        public void M(Stream stream, int n)
        {
            byte[]? rented = null;
            try
            {
                rented = ArrayPool<byte>.Shared.Rent(n);
                stream.Write(rented, 0, n);
            }
            finally
            {
                if (rented is not null)
                {
                    ArrayPool<byte>.Shared.Return(rented);
                }
            }
        }
        """);

    [Fact]
    public Task EscapesThroughReturn() => Check("""
        public byte[] M() => ArrayPool<byte>.Shared.Rent(100);
        public byte[] N()
        {
            byte[] buffer = ArrayPool<byte>.Shared.Rent(100);
            buffer[0] = 1;
            return buffer;
        }
        """);

    [Fact]
    public Task EscapesThroughFieldOutAndRef() => Check("""
        public void ToField()
        {
            byte[] buffer = ArrayPool<byte>.Shared.Rent(100);
            _field = buffer;
        }

        public void ToOut(out byte[] result)
        {
            byte[] buffer = ArrayPool<byte>.Shared.Rent(100);
            result = buffer;
        }

        public void ByRef()
        {
            byte[] buffer = ArrayPool<byte>.Shared.Rent(100);
            Swap(ref buffer);
        }

        private void Swap(ref byte[] buffer) => _field = buffer;
        """);

    [Fact]
    public Task EscapesIntoLambdaCollectionAndConstructor() => Check("""
        public Func<int> IntoLambda()
        {
            byte[] buffer = ArrayPool<byte>.Shared.Rent(100);
            return () => buffer.Length;
        }

        public void IntoCollection(List<byte[]> owners)
        {
            byte[] buffer = ArrayPool<byte>.Shared.Rent(100);
            owners.Add(buffer);
        }

        public MemoryStream IntoConstructor()
        {
            byte[] buffer = ArrayPool<byte>.Shared.Rent(100);
            return new MemoryStream(buffer);
        }

        public void IntoGenericMethod()
        {
            byte[] buffer = ArrayPool<byte>.Shared.Rent(100);
            Keep(buffer);
        }

        private void Keep<T>(T value) => Console.WriteLine(value);
        """);

    [Fact]
    public Task PassingToALibraryMethodIsNotAnEscape() => Check("""
        public void M(Stream stream)
        {
            byte[] buffer = {|#0:ArrayPool<byte>.Shared.Rent(100)|};
            Array.Clear(buffer);
            stream.Write(buffer, 0, 10);
        }
        """, Verify.Diagnostic("GEN0002").WithLocation(0).WithArguments("buffer", "on every path"));

    [Fact]
    public Task PassingToAMethodOfThisCompilationHandsItOver() => Check("""
        public void M()
        {
            byte[] buffer = ArrayPool<byte>.Shared.Rent(100);
            Adopt(buffer);
        }

        private void Adopt(byte[] buffer) => _field = buffer;
        """);

    [Fact]
    public Task HandedOverOnEveryPathIsNotAnExceptionLeak() => Check("""
        public void Grow(int size)
        {
            byte[] grown = ArrayPool<byte>.Shared.Rent(size);
            Array.Copy(_field!, grown, _field!.Length);
            _field = grown;
        }
        """);

    [Fact]
    public Task DiscardedRent() => Check("""
        public void M()
        {
            {|#0:ArrayPool<byte>.Shared.Rent(100)|};
            _ = {|#1:_pool.Rent()|};
        }
        """,
        Verify.Diagnostic("GEN0002").WithLocation(0),
        Verify.Diagnostic("GEN0002").WithLocation(1));

    [Fact]
    public Task PoolOfTRentWithoutReturn() => Check("""
        public string M()
        {
            object item = {|#0:_pool.Rent()|};
            return item.ToString()!;
        }

        public string N()
        {
            object item = _pool.Rent();
            try
            {
                return item.ToString()!;
            }
            finally
            {
                _pool.Return(item);
            }
        }
        """, Verify.Diagnostic("GEN0002").WithLocation(0).WithArguments("item", "on every path"));

    [Fact]
    public Task ScalableArrayPoolAndRentAsync() => Check("""
        private static readonly ScalableArrayPool<int> s_ints = new(new ScalableArrayPoolOptions());
        public int M()
        {
            int[] numbers = {|#0:s_ints.Rent(10)|};
            return numbers[0];
        }

        public async Task<int> N()
        {
            object item = {|#1:await _pool.RentAsync()|};
            return item.GetHashCode();
        }
        """,
        Verify.Diagnostic("GEN0002").WithLocation(0),
        Verify.Diagnostic("GEN0002").WithLocation(1));

    [Fact]
    public Task CatchThatReturnsAndRethrows() => Check("""
        public int M(Stream stream)
        {
            byte[] buffer = ArrayPool<byte>.Shared.Rent(100);
            int read;
            try
            {
                read = stream.Read(buffer, 0, 100);
            }
            catch
            {
                ArrayPool<byte>.Shared.Return(buffer);
                throw;
            }

            ArrayPool<byte>.Shared.Return(buffer);
            return read;
        }
        """);

    [Fact]
    public Task OverwrittenWhileOwned() => Check("""
        public void M()
        {
            byte[] buffer = {|#0:ArrayPool<byte>.Shared.Rent(100)|};
            buffer = ArrayPool<byte>.Shared.Rent(200);
            ArrayPool<byte>.Shared.Return(buffer);
        }
        """, Verify.Diagnostic("GEN0002").WithLocation(0).WithArguments("buffer", "on every path"));

    [Fact]
    public Task RentInsideLambdaAndLocalFunction() => Check("""
        public void M()
        {
            Action lambda = () =>
            {
                byte[] buffer = {|#0:ArrayPool<byte>.Shared.Rent(100)|};
                buffer[0] = 1;
            };
            Local();
            lambda();

            void Local()
            {
                byte[] other = {|#1:ArrayPool<byte>.Shared.Rent(100)|};
                other[0] = 1;
            }
        }
        """,
        Verify.Diagnostic("GEN0002").WithLocation(0),
        Verify.Diagnostic("GEN0002").WithLocation(1));

    [Fact]
    public Task ThrowStatementWhileOwned() => Check("""
        public void M(int n)
        {
            byte[] buffer = {|#0:ArrayPool<byte>.Shared.Rent(100)|};
            buffer[0] = 1;
            if (n < 0)
            {
                throw new ArgumentOutOfRangeException(nameof(n));
            }

            ArrayPool<byte>.Shared.Return(buffer);
        }
        """, Verify.Diagnostic("GEN0008").WithLocation(0));

    // Found by the real-code corpus (MemoryPack): the CFG keeps the never-taken exit edge of while (true); a loop left
    // only through a hand-over is not a leak.
    [Fact]
    public Task InfiniteLoopLeftOnlyByHandingOver() => Check("""
        public void M(List<byte[]> owners, int n)
        {
            byte[] buffer = ArrayPool<byte>.Shared.Rent(100);
            while (true)
            {
                if (n-- == 0)
                {
                    owners.Add(buffer);
                    return;
                }
            }
        }

        public void N(int n)
        {
            byte[] buffer = {|#0:ArrayPool<byte>.Shared.Rent(100)|};
            do
            {
                if (n-- == 0)
                {
                    return;
                }
            }
            while (true);
        }
        """, Verify.Diagnostic("GEN0002").WithLocation(0).WithArguments("buffer", "on every path"));

    // Found by the real-code corpus (SharpZipLib's TarInputStream.ReadByte): Read is this stream's own override of
    // Stream.Read, which borrows its buffer like the method it overrides; the early return leaks the array.
    [Fact]
    public Task AnOverrideOfALibraryMethodBorrowsLikeTheLibraryMethod() => Verify.AnalyzerAsync<PoolLifetimeAnalyzer>("""
        public class OneByteStream : MemoryStream
        {
            public override int ReadByte()
            {
                byte[] buffer = {|#0:ArrayPool<byte>.Shared.Rent(1)|};
                int read = Read(buffer, 0, 1);
                if (read <= 0)
                {
                    return -1;
                }

                byte result = buffer[0];
                ArrayPool<byte>.Shared.Return(buffer);
                return result;
            }

            public override int Read(byte[] buffer, int offset, int count) => base.Read(buffer, offset, count);
        }
        """, Verify.Diagnostic("GEN0002").WithLocation(0).WithArguments("buffer", "on every path"));

    // Span and memory methods (CopyTo, Fill) throw only on a bug, like indexing: the message names the call that can
    // really fail.
    [Fact]
    public Task SpanMethodsAreNotNamedAsTheReason() => Check("""
        public int M(ReadOnlySpan<char> name, System.Text.Encoding encoding, byte[] output)
        {
            char[] chars = {|#0:ArrayPool<char>.Shared.Rent(name.Length)|};
            name.CopyTo(chars);
            int written = encoding.GetBytes(chars, 0, name.Length, output, 0);
            ArrayPool<char>.Shared.Return(chars);
            return written;
        }
        """, Verify.Diagnostic("GEN0008").WithLocation(0).WithArguments("chars", "'encoding.GetBytes(chars, 0, name.Length, output, 0)' throws"));
}
