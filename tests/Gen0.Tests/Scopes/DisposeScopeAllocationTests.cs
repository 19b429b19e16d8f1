using Gen0.Scopes;
using Gen0.Tests.Infrastructure;

namespace Gen0.Tests.Scopes;

[Collection(GcSensitiveCollection.Name)]
public class DisposeScopeAllocationTests
{
    [AllocationTheory]
    [InlineData(4)]
    [InlineData(5)]
    [InlineData(100)]
    [InlineData(4_096)]
    public void Registration_AllocatesNothingPerObject_BeyondAmortizedBufferGrowth(int count)
    {
        SilentDisposable[] items = Enumerable.Range(0, count).Select(_ => new SilentDisposable()).ToArray();

        // Warm up the code paths and the pool that supplies the overflow buffer.
        RegisterAll([]);
        RegisterAll(items);

        int passes = 0;
        long emptyScope = Allocations.FewestBytes(() => RegisterAll([]), passes: 5);
        long fullScope = Allocations.FewestBytes(
            () =>
            {
                passes++;
                RegisterAll(items);
            },
            passes: 5);

        // The first four registrations live inline; the rest go to a buffer rented from (and returned to) the pool.
        Assert.Equal(emptyScope, fullScope);
        Assert.True(items.All(item => item.DisposeCount == 1 + passes));
        Assert.True(emptyScope <= 512, $"{emptyScope} bytes allocated per scope.");

        static void RegisterAll(SilentDisposable[] items)
        {
            using DisposeScope scope = DisposeScope.BeginScope(DisposeScopeOption.RequiresNew);
            foreach (SilentDisposable item in items)
            {
                scope.Register(item);
            }
        }
    }

    [AllocationTheory]
    [InlineData(1)]
    [InlineData(4)]
    [InlineData(100)]
    public void DisposeAsync_OfIDisposableObjects_AllocatesNoMoreThanDispose(int count)
    {
        SilentDisposable[] items = Enumerable.Range(0, count).Select(_ => new SilentDisposable()).ToArray();
        RunScope(items, endAsync: false);
        RunScope(items, endAsync: true);

        int passes = 0;
        long sync = Allocations.FewestBytes(
            () =>
            {
                passes++;
                RunScope(items, endAsync: false);
            },
            passes: 5);
        long async = Allocations.FewestBytes(
            () =>
            {
                passes++;
                RunScope(items, endAsync: true);
            },
            passes: 5);

        Assert.Equal(sync, async);
        Assert.True(items.All(item => item.DisposeCount == 2 + passes));

        static void RunScope(SilentDisposable[] items, bool endAsync)
        {
            DisposeScope scope = DisposeScope.BeginScope(DisposeScopeOption.RequiresNew);
            foreach (SilentDisposable item in items)
            {
                scope.Register(item);
            }

            if (endAsync)
            {
                ValueTask pending = scope.DisposeAsync();
                Assert.True(pending.IsCompletedSuccessfully);
            }
            else
            {
                scope.Dispose();
            }
        }
    }

    private sealed class SilentDisposable : IDisposable
    {
        public int DisposeCount { get; private set; }

        public void Dispose() => DisposeCount++;
    }
}
