using Gen0.Analyzers.Rules;

namespace Gen0.Analyzers.Tests;

/// <summary>
/// Issue 29, item 4: views (Span, Memory, ArraySegment, ReadOnlySequence, MemoryStream over the array) are not a
/// hand-over: the array stays owned and the views are tracked as aliases; methods of the compilation get a summary
/// (borrows, returns to the pool, keeps) instead of counting as a hand-over; ref and out rentals are followed.
/// </summary>
public sealed class OwnershipTransferTests
{
    private static Task Check(string body, params Microsoft.CodeAnalysis.Testing.DiagnosticResult[] expected) =>
        Verify.AnalyzerAsync<PoolLifetimeAnalyzer>("public class C\n{\n    private Memory<byte> _memory;\n    private byte[]? _kept;\n" + body + "\n}\n", expected);

    [Fact]
    public Task WrappingInViewsIsNotAHandOver() => Check("""
        public int M()
        {
            byte[] buffer = {|#0:ArrayPool<byte>.Shared.Rent(100)|};
            Span<byte> span = buffer;
            var segment = new ArraySegment<byte>(buffer, 0, 10);
            var memory = new Memory<byte>(buffer);
            var sequence = new System.Buffers.ReadOnlySequence<byte>(buffer);
            span[0] = 1;
            return segment.Count + memory.Length + (int)sequence.Length;
        }
        """, Verify.Diagnostic("GEN0002").WithLocation(0).WithArguments("buffer", "on every path"));

    [Fact]
    public Task UseAfterReturnThroughASpanOrMemory() => Check("""
        public int M()
        {
            byte[] buffer = ArrayPool<byte>.Shared.Rent(100);
            Span<byte> span = buffer.AsSpan(0, 10);
            Memory<byte> memory = buffer;
            ArrayPool<byte>.Shared.Return(buffer);
            {|#0:span|}[0] = 1;
            return {|#1:memory|}.Span[0];
        }
        """,
        Verify.Diagnostic("GEN0003").WithLocation(0).WithArguments("span", "'buffer', which it refers to, was returned to its pool"),
        Verify.Diagnostic("GEN0003").WithLocation(1).WithArguments("memory", "'buffer', which it refers to, was returned to its pool"));

    [Fact]
    public Task ReturnedThroughACopyOrTheSegmentsArray() => Check("""
        public void M(Stream stream)
        {
            byte[] rented = ArrayPool<byte>.Shared.Rent(100);
            byte[] buffer = rented;
            try
            {
                stream.Write(buffer, 0, 10);
            }
            finally
            {
                ArrayPool<byte>.Shared.Return(buffer);
            }
        }

        public void N(Stream stream)
        {
            byte[] array = ArrayPool<byte>.Shared.Rent(100);
            var view = new ArraySegment<byte>(array, 0, 10);
            try
            {
                stream.Write(view);
            }
            finally
            {
                ArrayPool<byte>.Shared.Return(view.Array!);
            }
        }
        """);

    [Fact]
    public Task AViewThatEscapesHandsTheArrayOver() => Check("""
        public Memory<byte> Returned()
        {
            byte[] buffer = ArrayPool<byte>.Shared.Rent(100);
            Memory<byte> memory = buffer.AsMemory(0, 10);
            return memory;
        }

        public void Stored()
        {
            byte[] buffer = ArrayPool<byte>.Shared.Rent(100);
            _memory = new Memory<byte>(buffer, 0, 10);
        }

        public void Added(List<ArraySegment<byte>> owners)
        {
            byte[] buffer = ArrayPool<byte>.Shared.Rent(100);
            var segment = new ArraySegment<byte>(buffer);
            owners.Add(segment);
        }
        """);

    [Fact]
    public Task AHelperThatOnlyBorrowsIsNotAHandOver() => Check("""
        public void M(Stream stream)
        {
            byte[] buffer = {|#0:ArrayPool<byte>.Shared.Rent(100)|};
            Fill(buffer, 1);
            stream.Write(buffer, 0, 10);
        }

        private static void Fill(byte[] target, byte value) => target.AsSpan().Fill(value);
        """, Verify.Diagnostic("GEN0002").WithLocation(0).WithArguments("buffer", "on every path"));

    [Fact]
    public Task AHelperThatReturnsToThePoolReleases() => Check("""
        public int M()
        {
            byte[] buffer = ArrayPool<byte>.Shared.Rent(100);
            buffer[0] = 1;
            Release(buffer);
            return {|#0:buffer|}[0];
        }

        public void Twice()
        {
            byte[] buffer = ArrayPool<byte>.Shared.Rent(100);
            Release(buffer);
            {|#1:Release(buffer)|};
        }

        private static void Release(byte[] array)
        {
            if (array.Length > 0)
            {
                array[0] = 0;
            }

            ArrayPool<byte>.Shared.Return(array);
        }
        """,
        Verify.Diagnostic("GEN0003").WithLocation(0).WithArguments("buffer", "it was returned to its pool"),
        Verify.Diagnostic("GEN0004").WithLocation(1).WithArguments("buffer"));

    [Fact]
    public Task AHelperThatKeepsItOrDecidesByArgumentHandsItOver() => Check("""
        public void Kept()
        {
            byte[] buffer = ArrayPool<byte>.Shared.Rent(100);
            Keep(buffer);
        }

        public void Sometimes(bool done)
        {
            byte[] buffer = ArrayPool<byte>.Shared.Rent(100);
            MaybeRelease(buffer, done);
        }

        private void Keep(byte[] array) => _kept = array;

        private static void MaybeRelease(byte[] array, bool done)
        {
            if (done)
            {
                ArrayPool<byte>.Shared.Return(array);
            }
        }
        """);

    [Fact]
    public Task ARefHelperThatRentsIsFollowed() => Check("""
        public int Leaks(int n)
        {
            byte[]? buffer = null;
            {|#0:EnsureCapacity(ref buffer, n)|};
            return buffer!.Length;
        }

        public int Returns(int n)
        {
            byte[]? buffer = null;
            try
            {
                EnsureCapacity(ref buffer, n);
                return buffer!.Length;
            }
            finally
            {
                if (buffer != null)
                {
                    ArrayPool<byte>.Shared.Return(buffer);
                }
            }
        }

        private static void EnsureCapacity(ref byte[]? buffer, int n)
        {
            if (buffer == null || buffer.Length < n)
            {
                if (buffer != null)
                {
                    ArrayPool<byte>.Shared.Return(buffer);
                }

                buffer = ArrayPool<byte>.Shared.Rent(n);
            }
        }
        """, Verify.Diagnostic("GEN0002").WithLocation(0).WithArguments("buffer", "on every path"));

    [Fact]
    public Task AnOutHelperThatRentsIsFollowed() => Check("""
        public int Leaks(int n)
        {
            {|#0:RentInto(out byte[] buffer, n)|};
            return buffer.Length;
        }

        public int Returns(int n)
        {
            RentInto(out byte[] buffer, n);
            int length = buffer.Length;
            ArrayPool<byte>.Shared.Return(buffer);
            return length;
        }

        private static void RentInto(out byte[] buffer, int n) => buffer = ArrayPool<byte>.Shared.Rent(n);
        """, Verify.Diagnostic("GEN0002").WithLocation(0).WithArguments("buffer", "on every path"));

    // Found by the real-code corpus (Pipelines.Sockets.Unofficial): a helper that parks the array in a field while it
    // works looks like a hand-over; the caller still reading the array afterwards shows it was only lent.
    [Fact]
    public Task StillUsedAfterAHelperKeptItMeansItWasLent() => Check("""
        private Memory<byte> _pending;

        public int Leaks(Span<byte> destination)
        {
            byte[] array = {|#0:ArrayPool<byte>.Shared.Rent(destination.Length)|};
            int read = Fill(new Memory<byte>(array, 0, destination.Length));
            new Span<byte>(array, 0, read).CopyTo(destination);
            return read;
        }

        public void HandedOverThenSized(List<byte[]> owners)
        {
            byte[] array = ArrayPool<byte>.Shared.Rent(16);
            Keep(array, owners);
            array = ArrayPool<byte>.Shared.Rent(array.Length * 2);
            Keep(array, owners);
        }

        private int Fill(Memory<byte> memory)
        {
            _pending = memory;
            memory.Span.Fill(1);
            _pending = default;
            return memory.Length;
        }

        private static void Keep(byte[] array, List<byte[]> owners) => owners.Add(array);
        """, Verify.Diagnostic("GEN0002").WithLocation(0).WithArguments("array", "on every path"));
}
