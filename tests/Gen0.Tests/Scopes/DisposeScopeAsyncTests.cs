using Gen0.Scopes;

namespace Gen0.Tests.Scopes;

[Collection(DisposeScopeCollection.Name)]
public class DisposeScopeAsyncTests
{
    [Fact]
    public async Task AmbientScope_FlowsAcrossAwaits_AndThreadHops()
    {
        EventLog log = new();
        await using DisposeScope scope = DisposeScope.BeginScope();
        await Task.Yield();
        Assert.Same(scope, DisposeScope.Current);
        Assert.Same(scope, await CurrentAfterConfigureAwaitFalseAsync());
        await Task.WhenAll(Enumerable.Range(0, 4).Select(i => Task.Run(async () =>
        {
            await Task.Yield();
            new NeedDispose($"t{i}", log).RegisterDisposeScope();
        })));
        Assert.Equal(4, scope.Count);
    }

    private static async Task<DisposeScope?> CurrentAfterConfigureAwaitFalseAsync()
    {
        await Task.Delay(1).ConfigureAwait(false);
        return DisposeScope.Current;
    }

    [Fact]
    public async Task AScopeBegunInsideACalledAsyncMethod_DoesNotLeakIntoTheCaller()
    {
        using DisposeScope outer = DisposeScope.BeginScope();
        await BeginAndEndRequiresNewAsync();
        Assert.Same(outer, DisposeScope.Current);

        static async Task BeginAndEndRequiresNewAsync()
        {
            await using DisposeScope inner = DisposeScope.BeginScope(DisposeScopeOption.RequiresNew);
            await Task.Yield();
            Assert.Same(inner, DisposeScope.Current);
        }
    }

    [Fact]
    public async Task DisposeAsync_RestoresTheAmbientInTheCaller_AndAwaitsAsyncDisposables()
    {
        EventLog log = new();
        using DisposeScope outer = DisposeScope.BeginScope();
        AsyncOnlyDisposable asyncOnly;
        DisposeScope inner = DisposeScope.BeginScope(DisposeScopeOption.RequiresNew);
        new NeedDispose("sync", log).RegisterDisposeScope();
        asyncOnly = new AsyncOnlyDisposable("async", log).RegisterDisposeScope();
        new DualDisposable("dual", log).RegisterDisposeScope();

        await inner.DisposeAsync();

        Assert.Same(outer, DisposeScope.Current);
        Assert.True(asyncOnly.IsDisposed);
        Assert.Equal(["dual Is DisposeAsync", "async Is DisposeAsync", "sync Is Dispose"], log.Entries);
    }

    [Fact]
    public async Task AwaitUsing_RestoresTheAmbient()
    {
        await using (DisposeScope.BeginScope())
        {
            await using (DisposeScope inner = DisposeScope.BeginScope(DisposeScopeOption.RequiresNew))
            {
                await Task.Yield();
                Assert.Same(inner, DisposeScope.Current);
            }

            Assert.NotNull(DisposeScope.Current);
        }

        Assert.Null(DisposeScope.Current);
    }

    [Fact]
    public async Task SyncDispose_OfAsyncOnlyObjects_BlocksUntilDisposed_WithoutUsingTheSynchronizationContext()
    {
        EventLog log = new();
        AsyncOnlyDisposable asyncOnly = new("async", log);
        DualDisposable dual = new("dual", log);
        NeverRunningSynchronizationContext context = new();
        Task run = Task.Run(() =>
        {
            SynchronizationContext.SetSynchronizationContext(context);
            try
            {
                using DisposeScope scope = DisposeScope.BeginScope(DisposeScopeOption.RequiresNew);
                asyncOnly.RegisterDisposeScope(scope);
                dual.RegisterDisposeScope();
            }
            finally
            {
                SynchronizationContext.SetSynchronizationContext(null);
            }
        });

        Assert.Same(run, await Task.WhenAny(run, Task.Delay(TimeSpan.FromSeconds(20))));
        await run;
        Assert.True(asyncOnly.IsDisposed);
        Assert.Equal(0, context.PostCount);
        Assert.Equal(["dual Is Dispose", "async Is DisposeAsync"], log.Entries);
    }

    [Fact]
    public async Task DisposeAsync_WhenSomeThrow_DisposesAll_ThenThrowsAggregate()
    {
        EventLog log = new();
        DisposeScope scope = DisposeScope.BeginScope(DisposeScopeOption.RequiresNew);
        new NeedDispose("a", log).RegisterDisposeScope();
        new ThrowingDisposable("b", log).RegisterDisposeScope();
        new AsyncOnlyDisposable("c", log).RegisterDisposeScope();
        ValueTask disposal = scope.DisposeAsync(); // called here, not in a lambda, so the ambient restore reaches this method
        AggregateException exception = await Assert.ThrowsAsync<AggregateException>(disposal.AsTask);
        Assert.Single(exception.InnerExceptions);
        Assert.Equal(["c Is DisposeAsync", "b Is Dispose", "a Is Dispose"], log.Entries);
        Assert.Null(DisposeScope.Current);
        await scope.DisposeAsync(); // a second call does nothing
        Assert.Equal(3, log.Entries.Length);
    }
}
