using System.Runtime.CompilerServices;
using Gen0.Scopes;
using Gen0.Tests.Infrastructure;

namespace Gen0.Tests.Scopes;

[Collection(DisposeScopeCollection.Name)]
public class DisposeScopeTests
{
    [Fact]
    public void Current_FollowsBeginAndEnd_ForEveryOption()
    {
        Assert.Null(DisposeScope.Current);
        using (DisposeScope outer = DisposeScope.BeginScope())
        {
            Assert.Same(outer, DisposeScope.Current);
            Assert.Equal(DisposeScopeOption.Required, outer.Option);

            using (DisposeScope joined = DisposeScope.BeginScope(DisposeScopeOption.Required))
            {
                Assert.NotSame(outer, joined);
                Assert.Same(outer, DisposeScope.Current);
            }

            Assert.Same(outer, DisposeScope.Current);
            using (DisposeScope inner = DisposeScope.BeginScope(DisposeScopeOption.RequiresNew))
            {
                Assert.Same(inner, DisposeScope.Current);
                using (DisposeScope.BeginScope(DisposeScopeOption.Suppress))
                {
                    Assert.Null(DisposeScope.Current);
                    using DisposeScope innermost = DisposeScope.BeginScope();
                    Assert.Same(innermost, DisposeScope.Current);
                }

                Assert.Same(inner, DisposeScope.Current);
            }

            Assert.Same(outer, DisposeScope.Current);
        }

        Assert.Null(DisposeScope.Current);
    }

    [Fact]
    public void BeginScope_UndefinedOption_ThrowsArgumentOutOfRange_AndLeavesTheAmbientAlone()
    {
        using DisposeScope scope = DisposeScope.BeginScope();
        ArgumentOutOfRangeException exception = Assert.Throws<ArgumentOutOfRangeException>(() => DisposeScope.BeginScope((DisposeScopeOption)3));
        Assert.Equal("option", exception.ParamName);
        Assert.Same(scope, DisposeScope.Current);
    }

    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(3)]
    [InlineData(4)]
    [InlineData(5)]
    [InlineData(11)]
    [InlineData(12)]
    [InlineData(13)]
    [InlineData(20)]
    [InlineData(21)]
    [InlineData(1000)]
    public void Dispose_DisposesEveryObjectOnceInReverseOrderOfRegistration(int count)
    {
        EventLog log = new();
        NeedDispose[] items = new NeedDispose[count];
        DisposeScope scope = DisposeScope.BeginScope();
        for (int i = 0; i < count; i++)
        {
            items[i] = new NeedDispose(i.ToString(System.Globalization.CultureInfo.InvariantCulture), log).RegisterDisposeScope();
            Assert.Equal(i + 1, scope.Count);
        }

        scope.Dispose();
        Assert.Equal(Enumerable.Range(0, count).Reverse().Select(i => $"{i} Is Dispose"), log.Entries);
        Assert.All(items, item => Assert.Equal(1, item.DisposeCount));
        Assert.True(scope.IsDisposed);
        Assert.Equal(0, scope.Count);
    }

    [Fact]
    public void Dispose_Twice_DisposesObjectsOnce()
    {
        EventLog log = new();
        DisposeScope scope = DisposeScope.BeginScope();
        NeedDispose item = new NeedDispose("x", log).RegisterDisposeScope();
        scope.Dispose();
        scope.Dispose();
        Assert.Equal(1, item.DisposeCount);
        Assert.Null(DisposeScope.Current);
    }

    [Fact]
    public void Dispose_WhenSomeThrow_DisposesAll_ThenThrowsOneAggregateException()
    {
        EventLog log = new();
        DisposeScope outer = DisposeScope.BeginScope();
        DisposeScope scope = DisposeScope.BeginScope(DisposeScopeOption.RequiresNew);
        new NeedDispose("a", log).RegisterDisposeScope();
        new ThrowingDisposable("b", log).RegisterDisposeScope();
        new NeedDispose("c", log).RegisterDisposeScope();
        new ThrowingDisposable("d", log).RegisterDisposeScope();
        new NeedDispose("e", log).RegisterDisposeScope();

        AggregateException exception = Assert.Throws<AggregateException>(scope.Dispose);

        Assert.Equal(["e Is Dispose", "d Is Dispose", "c Is Dispose", "b Is Dispose", "a Is Dispose"], log.Entries);
        Assert.Equal(["d", "b"], exception.InnerExceptions.Select(e => e.Message));
        Assert.All(exception.InnerExceptions, e => Assert.IsType<InvalidOperationException>(e));
        Assert.Same(outer, DisposeScope.Current);
        Assert.True(scope.IsDisposed);

        // The outer scope is intact and usable after the failure.
        NeedDispose later = new NeedDispose("later", log).RegisterDisposeScope();
        outer.Dispose();
        Assert.Equal(1, later.DisposeCount);
        Assert.Null(DisposeScope.Current);
    }

    [Fact]
    public void AmbientIsRestored_WhenDisposalThrows_InsideUsing()
    {
        EventLog log = new();
        using DisposeScope outer = DisposeScope.BeginScope();
        Assert.Throws<AggregateException>(() =>
        {
            using (DisposeScope.BeginScope(DisposeScopeOption.RequiresNew))
            {
                new ThrowingDisposable("boom", log).RegisterDisposeScope();
            }
        });
        Assert.Same(outer, DisposeScope.Current);
    }

    [Fact]
    public void Register_AfterTheScopeEnded_ThrowsObjectDisposed_ThroughEveryPath()
    {
        EventLog log = new();
        NeedDispose item = new("x", log);
        DisposeScope scope = DisposeScope.BeginScope();
        DisposeScope joined = DisposeScope.BeginScope();
        joined.Dispose();
        Assert.Throws<ObjectDisposedException>(() => joined.Register(item));
        scope.Register(item);
        scope.Dispose();
        Assert.Throws<ObjectDisposedException>(() => scope.Register(item));
        Assert.Throws<ObjectDisposedException>(() => scope.RegisterAsyncDisposable(new AsyncOnlyDisposable("y", log)));
        Assert.Equal(1, item.DisposeCount);
    }

    [Fact]
    public void Register_ThroughAJoinedScope_GoesToTheScopeItJoined()
    {
        EventLog log = new();
        using DisposeScope outer = DisposeScope.BeginScope();
        NeedDispose item;
        using (DisposeScope joined = DisposeScope.BeginScope())
        {
            item = joined.Register(new NeedDispose("x", log));
            Assert.Equal(1, joined.Count);
        }

        Assert.Equal(0, item.DisposeCount);
        Assert.Equal(1, outer.Count);
    }

    [Fact]
    public void Register_InASuppressScope_ThrowsInvalidOperation()
    {
        using DisposeScope suppress = DisposeScope.BeginScope(DisposeScopeOption.Suppress);
        Assert.Throws<InvalidOperationException>(() => suppress.Register(new NeedDispose("x", new EventLog())));
        Assert.Equal(0, suppress.Count);
    }

    [Fact]
    public void Register_Null_ThrowsArgumentNull()
    {
        using DisposeScope scope = DisposeScope.BeginScope();
        Assert.Equal("disposable", Assert.Throws<ArgumentNullException>(() => ((IDisposable)null!).RegisterDisposeScope()).ParamName);
        Assert.Throws<ArgumentNullException>(() => ((IAsyncDisposable)null!).RegisterDisposeScope());
        Assert.Throws<ArgumentNullException>(() => scope.Register((IDisposable)null!));
        Assert.Equal(0, scope.Count);
    }

    [Fact]
    public void NoScope_RegisteringThrowsByDefault_NamingTheFix()
    {
        Assert.Null(DisposeScope.Current);
        InvalidOperationException exception = Assert.Throws<InvalidOperationException>(() => new NeedDispose("x", new EventLog()).RegisterDisposeScope());
        Assert.Contains("BeginScope", exception.Message, StringComparison.Ordinal);
        Assert.Contains("ThrowExceptionWhenNotHaveDisposeScope", exception.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void OutOfOrderDisposal_OuterFirst_AmbientNeverFallsBackToAnEndedScope()
    {
        EventLog log = new();
        DisposeScope outer = DisposeScope.BeginScope();
        new NeedDispose("outer", log).RegisterDisposeScope();
        DisposeScope inner = DisposeScope.BeginScope(DisposeScopeOption.RequiresNew);
        new NeedDispose("inner", log).RegisterDisposeScope();

        outer.Dispose();
        Assert.Equal(["outer Is Dispose"], log.Entries);
        Assert.Same(inner, DisposeScope.Current);

        inner.Dispose();
        Assert.Equal(["outer Is Dispose", "inner Is Dispose"], log.Entries);
        Assert.Null(DisposeScope.Current);
    }

    [Fact]
    public void OutOfOrderDisposal_Middle_RestoresTheNearestLiveScope()
    {
        DisposeScope a = DisposeScope.BeginScope();
        DisposeScope b = DisposeScope.BeginScope(DisposeScopeOption.RequiresNew);
        DisposeScope c = DisposeScope.BeginScope(DisposeScopeOption.RequiresNew);
        b.Dispose();
        Assert.Same(c, DisposeScope.Current);
        c.Dispose();
        Assert.Same(a, DisposeScope.Current);
        a.Dispose();
        Assert.Null(DisposeScope.Current);
    }

    [Fact]
    public void Required_WhenTheAmbientScopeHasEnded_StartsANewScope()
    {
        EventLog log = new();
        DisposeScope ended = DisposeScope.BeginScope(DisposeScopeOption.RequiresNew);
        Thread other = new(ended.Dispose);
        other.Start();
        Bounded.Join(other);
        Assert.Same(ended, DisposeScope.Current);

        DisposeScope fresh = DisposeScope.BeginScope();
        Assert.NotSame(ended, fresh);
        Assert.Same(fresh, DisposeScope.Current);
        NeedDispose item = new NeedDispose("x", log).RegisterDisposeScope();
        fresh.Dispose();
        Assert.Equal(1, item.DisposeCount);
        Assert.Null(DisposeScope.Current); // the ended scope is skipped when the ambient is restored
    }

    [Fact]
    public async Task Required_InsideFlowWhoseScopeEnded_StartsANewScopeThatWorks()
    {
        EventLog log = new();
        TaskCompletionSource ended = new(TaskCreationOptions.RunContinuationsAsynchronously);
        Task<int> work;
        using (DisposeScope.BeginScope())
        {
            work = Task.Run(async () =>
            {
                await ended.Task;
                Assert.True(DisposeScope.Current!.IsDisposed);
                using DisposeScope scope = DisposeScope.BeginScope();
                Assert.False(scope.IsDisposed);
                Assert.Same(scope, DisposeScope.Current);
                new NeedDispose("x", log).RegisterDisposeScope();
                return scope.Count;
            });
        }

        ended.SetResult();
        Assert.Equal(1, await work);
        Assert.Equal(["x Is Dispose"], log.Entries);
    }

    [Fact]
    public void StructDisposable_IsBoxed_TheScopeDisposesTheBoxOnce()
    {
        StrongBox<int> disposals = new();
        CountingStruct original = new(disposals);
        using (DisposeScope.BeginScope())
        {
            CountingStruct returned = original.RegisterDisposeScope();
            Assert.False(returned.DisposedThisCopy);
        }

        Assert.Equal(1, disposals.Value);
        Assert.False(original.DisposedThisCopy); // the scope disposed its boxed copy, not the caller's variable
    }

    [Fact]
    public void ScopeEndedFromAnotherFlow_LeavesThatFlowsAmbientAlone()
    {
        DisposeScope scope = DisposeScope.BeginScope(DisposeScopeOption.RequiresNew);
        DisposeScope? seenAfter = null;
        Thread other = new(() =>
        {
            // A fresh thread has no ambient scope; ending this flow's scope there must not set the ambient anywhere.
            scope.Dispose();
            seenAfter = DisposeScope.Current;
        });
        other.Start();
        Bounded.Join(other);
        Assert.Null(seenAfter);
        Assert.True(scope.IsDisposed);
        Assert.Same(scope, DisposeScope.Current); // this flow still sees it, and registering now would be reported
        Assert.Throws<ObjectDisposedException>(() => new NeedDispose("x", new EventLog()).RegisterDisposeScope());
        scope.Dispose(); // idempotent; and it does not restore the ambient a second time
        Assert.Same(scope, DisposeScope.Current);
        SetAmbientToNullForTheRestOfThisTest();

        static void SetAmbientToNullForTheRestOfThisTest()
        {
            // Beginning and ending a RequiresNew scope restores past the ended scope to null.
            using DisposeScope cleanup = DisposeScope.BeginScope(DisposeScopeOption.RequiresNew);
        }
    }
}
