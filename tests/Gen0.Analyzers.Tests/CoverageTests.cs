using Gen0.Analyzers.Rules;

namespace Gen0.Analyzers.Tests;

/// <summary>
/// Issue 29, item 5: Pool&lt;T&gt;.TryRent, MemoryPool&lt;T&gt;.Rent and IMemoryOwner&lt;T&gt;, ObjectPool&lt;T&gt;.Get/Return,
/// GC.GetTotalMemory(true) and <c>using (x = new ...)</c>.
/// </summary>
public sealed class CoverageTests
{
    private static Task Check(string body, params Microsoft.CodeAnalysis.Testing.DiagnosticResult[] expected) =>
        Verify.AnalyzerAsync<PoolLifetimeAnalyzer>(
            "using Microsoft.Extensions.ObjectPool;\npublic class C\n{\n    private readonly Pool<object> _pool = new(() => new object());\n"
            + "    private readonly ObjectPool<System.Text.StringBuilder> _builders = ObjectPool.Create<System.Text.StringBuilder>();\n" + body + "\n}\n",
            expected);

    [Fact]
    public Task TryRentReturnedWhenItSucceeded() => Check("""
        public void M()
        {
            if (_pool.TryRent(out object? item))
            {
                _pool.Return(item);
                Console.WriteLine("rented");
            }
        }

        public void N()
        {
            if (!_pool.TryRent(out object? item))
            {
                return;
            }

            try
            {
                Console.WriteLine(item.GetHashCode());
            }
            finally
            {
                _pool.Return(item);
            }
        }

        public void Flag()
        {
            bool rented = _pool.TryRent(out object? item);
            if (rented)
            {
                _pool.Return(item!);
            }
        }
        """);

    [Fact]
    public Task TryRentNeverReturned() => Check("""
        public void M()
        {
            if ({|#0:_pool.TryRent(out object? item)|})
            {
                Console.WriteLine(item.GetHashCode());
            }
        }
        """, Verify.Diagnostic("GEN0002").WithLocation(0).WithArguments("item", "on every path"));

    [Fact]
    public Task MemoryPoolOwnerNotDisposed() => Check("""
        public int M()
        {
            var owner = {|#0:MemoryPool<byte>.Shared.Rent(100)|};
            owner.Memory.Span[0] = 1;
            IMemoryOwner<byte> exact = {|#1:MemoryPool<byte>.Shared.Rent()|};
            return owner.Memory.Length + exact.Memory.Length;
        }

        public int Disposed()
        {
            using var owner = MemoryPool<byte>.Shared.Rent(100);
            using (IMemoryOwner<byte> other = MemoryPool<byte>.Shared.Rent())
            {
                other.Memory.Span[0] = 1;
            }

            IMemoryOwner<byte> third = MemoryPool<byte>.Shared.Rent();
            third.Dispose();
            return owner.Memory.Length;
        }

        public IMemoryOwner<byte> HandedOver() => MemoryPool<byte>.Shared.Rent();
        """,
        Verify.Diagnostic("GEN0005").WithLocation(0).WithArguments("owner"),
        Verify.Diagnostic("GEN0005").WithLocation(1).WithArguments("exact"));

    [Fact]
    public Task MemoryOwnerUsedAfterDispose() => Check("""
        public int M()
        {
            IMemoryOwner<byte> owner = MemoryPool<byte>.Shared.Rent(100);
            Memory<byte> memory = owner.Memory;
            owner.Dispose();
            {|#1:memory|}.Span[0] = 1;
            return {|#0:owner|}.Memory.Length;
        }
        """,
        Verify.Diagnostic("GEN0003").WithLocation(0).WithArguments("owner", "it was disposed"),
        Verify.Diagnostic("GEN0003").WithLocation(1).WithArguments("memory", "'owner', which it refers to, was disposed"));

    [Fact]
    public Task ObjectPoolGetAndReturn() => Check("""
        public string NeverReturned()
        {
            var builder = {|#0:_builders.Get()|};
            return builder.Append(1).ToString();
        }

        public string LostIfAppendThrows()
        {
            var builder = {|#1:_builders.Get()|};
            builder.Append(1);
            string text = builder.ToString();
            _builders.Return(builder);
            return text;
        }

        public string Safe()
        {
            var builder = _builders.Get();
            try
            {
                return builder.Append(1).ToString();
            }
            finally
            {
                _builders.Return(builder);
            }
        }

        public void Twice()
        {
            var builder = _builders.Get();
            _builders.Return(builder);
            {|#2:_builders.Return(builder)|};
        }
        """,
        Verify.Diagnostic("GEN0002").WithLocation(0).WithArguments("builder", "on every path"),
        Verify.Diagnostic("GEN0008").WithLocation(1).WithArguments("builder", "'builder.Append(1)' throws"),
        Verify.Diagnostic("GEN0004").WithLocation(2));

    [Fact]
    public Task UsingWithAnAssignmentDisposesTheLocal() => Check("""
        public int M()
        {
            PooledList<int> list;
            using (list = new PooledList<int>())
            {
                list.Add(1);
            }

            IMemoryOwner<byte> owner;
            using (owner = MemoryPool<byte>.Shared.Rent(16))
            {
                owner.Memory.Span[0] = 1;
            }

            return 0;
        }
        """);

    [Fact]
    public Task GetTotalMemoryThatForcesACollection() => Verify.AnalyzerAsync<InducedGcAnalyzer>("""
        public static class Probe
        {
            public static long Forced() => {|#0:GC.GetTotalMemory(true)|} + {|#1:GC.GetTotalMemory(forceFullCollection: true)|};
            public static long Read() => GC.GetTotalMemory(false);
        }
        """,
        Verify.Diagnostic("GEN0007").WithLocation(0).WithArguments("GC.GetTotalMemory(true)"),
        Verify.Diagnostic("GEN0007").WithLocation(1).WithArguments("GC.GetTotalMemory(true)"));
}
