using System.Collections.Concurrent;
using Gen0.Buffers;
using Gen0.Scopes;
using Gen0.Tests.Infrastructure;

namespace Gen0.Tests.Scopes;

/// <summary>
/// Adversarial cases for <see cref="DisposeScope"/>: every option nested in every other, every disposal order and
/// path, misuse, bad input, and registrations racing the end of a scope from more threads than cores. In the
/// non-parallel Scopes collection because some cases flip the process-wide
/// <see cref="DisposeScope.ThrowExceptionWhenNotHaveDisposeScope"/>.
/// </summary>
[Collection(DisposeScopeCollection.Name)]
public class DisposeScopeAdversarialTests
{
    public static TheoryData<DisposeScopeOption, DisposeScopeOption> OptionPairs()
    {
        TheoryData<DisposeScopeOption, DisposeScopeOption> data = [];
        foreach (DisposeScopeOption outer in Enum.GetValues<DisposeScopeOption>())
        {
            foreach (DisposeScopeOption inner in Enum.GetValues<DisposeScopeOption>())
            {
                data.Add(outer, inner);
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(OptionPairs))]
    public void EveryOption_NestedInEveryOther_AmbientAndOwnershipFollowTheOptions(DisposeScopeOption outerOption, DisposeScopeOption innerOption)
    {
        EventLog log = new();
        using (DisposeScope outer = DisposeScope.BeginScope(outerOption))
        {
            DisposeScope? outerAmbient = DisposeScope.Current;
            Assert.Equal(outerOption == DisposeScopeOption.Suppress ? null : outer, outerAmbient);

            NeedDispose inInner = new("inner", log);
            using (DisposeScope inner = DisposeScope.BeginScope(innerOption))
            {
                switch (innerOption)
                {
                    case DisposeScopeOption.Required when outerAmbient is not null:
                        Assert.Same(outer, DisposeScope.Current); // joined
                        break;
                    case DisposeScopeOption.Suppress:
                        Assert.Null(DisposeScope.Current);
                        break;
                    default:
                        Assert.Same(inner, DisposeScope.Current);
                        break;
                }

                if (innerOption == DisposeScopeOption.Suppress)
                {
                    Assert.Throws<InvalidOperationException>(() => inner.Register(inInner));
                    Assert.Throws<InvalidOperationException>(() => inInner.RegisterDisposeScope());
                }
                else
                {
                    inInner.RegisterDisposeScope();
                }
            }

            bool joined = innerOption == DisposeScopeOption.Required && outerAmbient is not null;
            int expectedAfterInner = innerOption == DisposeScopeOption.Suppress || !joined ? 0 : 1;

            // An owning inner scope disposed the object at its end; a joined one left it to the outer scope.
            Assert.Equal(innerOption != DisposeScopeOption.Suppress && !joined ? 1 : 0, inInner.DisposeCount);
            Assert.Equal(outerOption == DisposeScopeOption.Suppress ? 0 : expectedAfterInner, outer.Count);
            Assert.Equal(outerAmbient, DisposeScope.Current);
        }

        Assert.Null(DisposeScope.Current);
        Assert.All(log.Entries, entry => Assert.Equal("inner Is Dispose", entry));
        Assert.True(log.Entries.Length <= 1);
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
    [InlineData(27)]
    [InlineData(28)]
    [InlineData(29)]
    [InlineData(1_000)]
    public async Task DisposeAsync_DisposesInReverseOrder_AtEveryStorageBoundary(int count)
    {
        EventLog log = new();
        DisposeScope scope = DisposeScope.BeginScope(DisposeScopeOption.RequiresNew);
        NeedDispose[] items = Enumerable.Range(0, count).Select(i => scope.Register(new NeedDispose(i.ToString(), log))).ToArray();
        Assert.Equal(count, scope.Count);
        await scope.DisposeAsync();
        Assert.Equal(Enumerable.Range(0, count).Reverse().Select(i => $"{i} Is Dispose"), log.Entries);
        Assert.All(items, item => Assert.Equal(1, item.DisposeCount));
        Assert.Equal(0, scope.Count);
        Assert.True(scope.IsDisposed);
    }

    [Fact]
    public async Task DoubleDispose_InEveryCombinationOfSyncAndAsync_DisposesOnce()
    {
        // DisposeAsync is awaited here, not in a helper async method: the ambient scope it restores flows to the
        // method that awaits it, as with every AsyncLocal.
        EventLog log = new();
        foreach ((bool firstAsync, bool secondAsync) in new[] { (false, false), (false, true), (true, false), (true, true) })
        {
            DisposeScope scope = DisposeScope.BeginScope(DisposeScopeOption.RequiresNew);
            NeedDispose item = scope.Register(new NeedDispose("x", log));
            if (firstAsync)
            {
                await scope.DisposeAsync();
            }
            else
            {
                scope.Dispose();
            }

            Assert.Null(DisposeScope.Current);
            if (secondAsync)
            {
                await scope.DisposeAsync();
            }
            else
            {
                scope.Dispose();
            }

            Assert.Equal(1, item.DisposeCount);
            Assert.Null(DisposeScope.Current);
        }
    }

    [Fact]
    public void Dispose_FromManyThreadsAtOnce_DisposesEachObjectOnce()
    {
        EventLog log = new();
        for (int round = 0; round < 50; round++)
        {
            DisposeScope scope = DisposeScope.BeginScope(DisposeScopeOption.RequiresNew);
            NeedDispose[] items = Enumerable.Range(0, 20).Select(i => scope.Register(new NeedDispose("x", log))).ToArray();
            Watchdog.Run(() => Parallel.For(0, Environment.ProcessorCount * 4, _ => scope.Dispose()), what: "concurrent Dispose");
            Assert.All(items, item => Assert.Equal(1, item.DisposeCount));
        }
    }

    [Fact]
    public void OutOfOrderDisposal_ThreeRequiresNew_EveryPermutation_EachDisposesItsOwnAndAmbientEndsNull()
    {
        int[][] permutations = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
        foreach (int[] order in permutations)
        {
            EventLog log = new();
            DisposeScope[] scopes = new DisposeScope[3];
            NeedDispose[] items = new NeedDispose[3];
            for (int i = 0; i < 3; i++)
            {
                scopes[i] = DisposeScope.BeginScope(DisposeScopeOption.RequiresNew);
                items[i] = new NeedDispose(i.ToString(), log).RegisterDisposeScope();
            }

            foreach (int i in order)
            {
                scopes[i].Dispose();
                Assert.Equal(1, items[i].DisposeCount);
                DisposeScope? current = DisposeScope.Current;
                Assert.True(current is null || !current.IsDisposed, $"order {string.Join(",", order)}: an ended scope is ambient.");
            }

            Assert.Null(DisposeScope.Current);
            Assert.Equal(order.Select(i => $"{i} Is Dispose"), log.Entries);
        }
    }

    [Fact]
    public void JoinedRequiredHandle_AfterItsOwnerEnded_RefusesRegistration_AndReportsNothingOwned()
    {
        EventLog log = new();
        DisposeScope outer = DisposeScope.BeginScope();
        DisposeScope joined = DisposeScope.BeginScope();
        joined.Register(new NeedDispose("a", log));
        Assert.Equal(1, joined.Count);
        outer.Dispose();
        NeedDispose late = new("late", log);
        Assert.Throws<ObjectDisposedException>(() => joined.Register(late));
        Assert.Equal(0, late.DisposeCount);
        Assert.Equal(0, joined.Count);
        joined.Dispose();
        Assert.Equal(["a Is Dispose"], log.Entries);
        Assert.Null(DisposeScope.Current);
    }

    [Fact]
    public void JoinedRequiredHandle_Ended_RefusesRegistration_ButTheOwnerStillTakesThem()
    {
        EventLog log = new();
        using DisposeScope outer = DisposeScope.BeginScope();
        DisposeScope joined = DisposeScope.BeginScope();
        joined.Dispose();
        Assert.True(joined.IsDisposed);
        Assert.False(outer.IsDisposed);
        Assert.Throws<ObjectDisposedException>(() => joined.Register(new NeedDispose("x", log)));
        Assert.Same(outer, DisposeScope.Current);
        new NeedDispose("y", log).RegisterDisposeScope();
        Assert.Equal(1, outer.Count);
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task RegisterIntoAnEndedScope_ThrowsObjectDisposed_ThroughEveryPath(bool endAsync)
    {
        EventLog log = new();
        DisposeScope scope = DisposeScope.BeginScope(DisposeScopeOption.RequiresNew);
        Task<DisposeScope?> child = Task.Run(async () =>
        {
            await Task.Yield();
            return DisposeScope.Current;
        });
        Assert.Same(scope, await child);
        if (endAsync)
        {
            await scope.DisposeAsync();
        }
        else
        {
            scope.Dispose();
        }

        NeedDispose item = new("x", log);
        Assert.Throws<ObjectDisposedException>(() => scope.Register(item));
        Assert.Throws<ObjectDisposedException>(() => scope.RegisterAsyncDisposable(new AsyncOnlyDisposable("a", log)));
        Assert.Throws<ObjectDisposedException>(() => new AsyncOnlyDisposable("b", log).RegisterDisposeScope(scope));
        Assert.Equal(0, item.DisposeCount);
        Assert.Equal(0, scope.Count);
    }

    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public void NoAmbientScope_FollowsTheSwitch_AndTheSwitchIsRestored(bool throwWhenNoScope)
    {
        bool saved = DisposeScope.ThrowExceptionWhenNotHaveDisposeScope;
        try
        {
            DisposeScope.ThrowExceptionWhenNotHaveDisposeScope = throwWhenNoScope;
            EventLog log = new();
            NeedDispose item = new("x", log);
            AsyncOnlyDisposable asyncItem = new("a", log);
            foreach (DisposeScopeOption? around in new DisposeScopeOption?[] { null, DisposeScopeOption.Suppress })
            {
                using DisposeScope? suppress = around is null ? null : DisposeScope.BeginScope(around.Value);
                if (throwWhenNoScope)
                {
                    Assert.Throws<InvalidOperationException>(() => item.RegisterDisposeScope());
                    Assert.Throws<InvalidOperationException>(() => asyncItem.RegisterDisposeScope());
                }
                else
                {
                    Assert.Same(item, item.RegisterDisposeScope());
                    Assert.Same(asyncItem, asyncItem.RegisterDisposeScope());
                }
            }

            Assert.Equal(0, item.DisposeCount);
            Assert.False(asyncItem.IsDisposed);

            // The switch never turns an ended scope into a silent no-op: that is a task outliving its scope.
            DisposeScope ended = DisposeScope.BeginScope();
            ended.Dispose();
            Assert.Throws<ObjectDisposedException>(() => ended.Register(item));
        }
        finally
        {
            DisposeScope.ThrowExceptionWhenNotHaveDisposeScope = saved;
        }
    }

    [Fact]
    public async Task AsyncFlow_AcrossAwaitsAndTaskRun_RegistersIntoTheScope_AndRestoresTheCallersAmbient()
    {
        EventLog log = new();
        NeedDispose[] items;
        await using (DisposeScope scope = DisposeScope.BeginScope())
        {
            items = await Task.WhenAll(Enumerable.Range(0, 8).Select(i => Task.Run(async () =>
            {
                await Task.Yield();
                NeedDispose item = new NeedDispose(i.ToString(), log).RegisterDisposeScope();
                await Task.Delay(1);
                Assert.Same(scope, DisposeScope.Current);
                return item;
            })));
            await Task.Delay(1);
            Assert.Same(scope, DisposeScope.Current);
            Assert.Equal(8, scope.Count);
        }

        Assert.Null(DisposeScope.Current);
        Assert.All(items, item => Assert.Equal(1, item.DisposeCount));
    }

    [Fact]
    public async Task ATaskOutlivingItsScope_IsRefused_ItsObjectIsNotLost_AndItsOwnRequiredScopeWorks()
    {
        EventLog log = new();
        using SemaphoreSlim scopeEnded = new(0);
        Task<(Exception? Refusal, int OwnDisposals)> orphan;
        using (DisposeScope.BeginScope())
        {
            orphan = Task.Run(async () =>
            {
                await scopeEnded.WaitAsync();
                Exception? refusal = Record.Exception(() => new NeedDispose("late", log).RegisterDisposeScope());
                NeedDispose own = new("own", log);
                using (DisposeScope.BeginScope())
                {
                    own.RegisterDisposeScope();
                }

                return ((Exception?)refusal, own.DisposeCount);
            });
        }

        scopeEnded.Release();
        (Exception? refusal, int ownDisposals) = await orphan.WaitAsync(TimeSpan.FromSeconds(30));
        Assert.IsType<ObjectDisposedException>(refusal);
        Assert.Equal(1, ownDisposals);
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task ThrowingDisposables_EveryOneStillDisposed_FailuresAggregatedInReverseOrder(bool endAsync)
    {
        EventLog log = new();
        DisposeScope scope = DisposeScope.BeginScope(DisposeScopeOption.RequiresNew);
        for (int i = 0; i < 10; i++)
        {
            if (i % 3 == 0)
            {
                scope.Register(new ThrowingDisposable($"t{i}", log));
            }
            else
            {
                scope.Register(new NeedDispose($"n{i}", log));
            }
        }

        AggregateException? aggregate = null;
        try
        {
            if (endAsync)
            {
                await scope.DisposeAsync(); // awaited in this method so that the restored ambient flows here
            }
            else
            {
                scope.Dispose();
            }
        }
        catch (AggregateException caught)
        {
            aggregate = caught;
        }

        Assert.NotNull(aggregate);

        Assert.Equal(["t9", "t6", "t3", "t0"], aggregate.InnerExceptions.Select(e => e.Message));
        Assert.Equal(10, log.Entries.Length);
        Assert.Null(DisposeScope.Current);
        scope.Dispose(); // a second end after a failed one does nothing and throws nothing
        Assert.Equal(10, log.Entries.Length);
    }

    [Fact]
    public async Task DisposeAsync_MixOfSyncThrowingAndPendingAsyncObjects_KeepsReverseOrder_AndAggregatesEveryFailure()
    {
        EventLog log = new();
        DisposeScope scope = DisposeScope.BeginScope(DisposeScopeOption.RequiresNew);
        scope.Register(new NeedDispose("n0", log));
        scope.RegisterAsyncDisposable(new AsyncOnlyDisposable("a1", log));
        scope.Register(new ThrowingDisposable("t2", log));
        scope.RegisterAsyncDisposable(new FaultingAsyncDisposable(synchronously: false));
        scope.Register(new DualDisposable("d4", log));
        scope.Register(new ThrowingDisposable("t5", log));
        scope.Register(new NeedDispose("n6", log));
        AggregateException? aggregate = null;
        try
        {
            await scope.DisposeAsync();
        }
        catch (AggregateException caught)
        {
            aggregate = caught;
        }

        Assert.NotNull(aggregate);
        Assert.Equal(["t5", "async", "t2"], aggregate.InnerExceptions.Select(e => e.Message));
        Assert.Equal(["n6 Is Dispose", "t5 Is Dispose", "d4 Is DisposeAsync", "t2 Is Dispose", "a1 Is DisposeAsync", "n0 Is Dispose"], log.Entries);
        Assert.Null(DisposeScope.Current);
    }

    [Fact]
    public void ADisposableThatRegistersIntoItsEndingScope_IsReportedInTheAggregate_OthersStillDisposed()
    {
        EventLog log = new();
        DisposeScope scope = DisposeScope.BeginScope(DisposeScopeOption.RequiresNew);
        NeedDispose first = scope.Register(new NeedDispose("first", log));
        scope.Register(new Reentrant(scope, log));
        AggregateException aggregate = Assert.Throws<AggregateException>(scope.Dispose);
        Assert.IsType<ObjectDisposedException>(Assert.Single(aggregate.InnerExceptions));
        Assert.Equal(1, first.DisposeCount);
    }

    [Fact]
    public void AsyncOnlyObjects_UnderSyncDispose_WithABlockingSynchronizationContext_DoNotDeadlock()
    {
        EventLog log = new();
        AsyncOnlyDisposable[] items = [];
        NeverRunningSynchronizationContext context = new();
        Watchdog.Run(
            () =>
            {
                SynchronizationContext.SetSynchronizationContext(context);
                DisposeScope scope = DisposeScope.BeginScope(DisposeScopeOption.RequiresNew);
                items = Enumerable.Range(0, 6).Select(i => scope.RegisterAsyncDisposable(new AsyncOnlyDisposable(i.ToString(), log))).ToArray();
                scope.Register(new ThrowingDisposable("t", log));
                Assert.Throws<AggregateException>(scope.Dispose);
                Assert.Same(context, SynchronizationContext.Current);
            },
            TimeSpan.FromSeconds(30),
            "sync Dispose of IAsyncDisposable-only objects under a never-running SynchronizationContext");
        Assert.All(items, item => Assert.True(item.IsDisposed));
        Assert.Equal(0, context.PostCount);
    }

    [Fact]
    public void AsyncOnlyObject_WhoseDisposeAsyncThrowsSynchronouslyOrFaults_IsAggregated_UnderSyncDispose()
    {
        EventLog log = new();
        DisposeScope scope = DisposeScope.BeginScope(DisposeScopeOption.RequiresNew);
        NeedDispose first = scope.Register(new NeedDispose("first", log));
        scope.RegisterAsyncDisposable(new FaultingAsyncDisposable(synchronously: true));
        scope.RegisterAsyncDisposable(new FaultingAsyncDisposable(synchronously: false));
        AggregateException aggregate = Watchdog.Run(() => Assert.Throws<AggregateException>(scope.Dispose), what: "faulting DisposeAsync");
        Assert.Equal(2, aggregate.InnerExceptions.Count);
        Assert.Equal(1, first.DisposeCount);
    }

    [Fact]
    public async Task ConcurrentRegistration_FromMoreThreadsThanCores_WhileTheScopeEnds_NoObjectLostOrDisposedTwice()
    {
        int threads = Environment.ProcessorCount * 4;
        int rounds = Soak.Scale(60, 3, 33);
        long totalAccepted = 0, totalRefused = 0;
        for (int round = 0; round < rounds; round++)
        {
            DisposeScope scope = DisposeScope.BeginScope(DisposeScopeOption.RequiresNew);
            ConcurrentBag<CountingDisposable> accepted = [];
            ConcurrentBag<CountingDisposable> refused = [];
            int attempts = 0;
            using Barrier start = new(threads + 1);
            Thread[] registrars = Enumerable.Range(0, threads).Select(_ => new Thread(() =>
            {
                Bounded.SignalAndWait(start);
                for (int i = 0; i < 40; i++)
                {
                    CountingDisposable item = new();
                    Interlocked.Increment(ref attempts);
                    try
                    {
                        scope.Register(item);
                        accepted.Add(item);
                    }
                    catch (ObjectDisposedException)
                    {
                        refused.Add(item);
                    }
                }
            }) { IsBackground = true }).ToArray();
            foreach (Thread thread in registrars)
            {
                thread.Start();
            }

            Bounded.SignalAndWait(start);

            // End the scope after a varying share of the registrations has started (the registrar threads can be
            // slow to get a core on a loaded machine), bounded in time.
            int endAfter = round % 5 * threads * 8;
            long deadline = Environment.TickCount64 + 5_000;
            SpinWait waiter = default;
            while (Volatile.Read(ref attempts) < endAfter && Environment.TickCount64 < deadline)
            {
                waiter.SpinOnce();
            }

            if (round % 2 == 0)
            {
                scope.Dispose();
            }
            else
            {
                await scope.DisposeAsync();
            }

            Assert.Null(DisposeScope.Current);
            foreach (Thread thread in registrars)
            {
                Assert.True(thread.Join(TimeSpan.FromSeconds(30)), "a registrar hung");
            }

            Assert.Equal(threads * 40, accepted.Count + refused.Count);
            Assert.All(accepted, item => Assert.Equal(1, item.Disposals));
            Assert.All(refused, item => Assert.Equal(0, item.Disposals));
            totalAccepted += accepted.Count;
            totalRefused += refused.Count;
        }

        Assert.True(totalAccepted > 0 && totalRefused > 0, $"accepted {totalAccepted}, refused {totalRefused}: the race was not exercised.");
    }

    [Fact]
    public void ConcurrentRegistration_AcrossSegmentGrowth_EveryObjectStoredOnce_EachThreadsObjectsInReverse()
    {
        int threads = Environment.ProcessorCount * 4;
        const int perThreadCount = 300;
        for (int round = 0; round < 10; round++)
        {
            DisposeScope scope = DisposeScope.BeginScope(DisposeScopeOption.RequiresNew);
            ConcurrentQueue<(int Thread, int Sequence)> disposals = new();
            OrderedDisposable[][] items = new OrderedDisposable[threads][];
            Watchdog.Run(
                () => Parallel.For(0, threads, new ParallelOptions { MaxDegreeOfParallelism = threads }, t =>
                {
                    items[t] = new OrderedDisposable[perThreadCount];
                    for (int i = 0; i < perThreadCount; i++)
                    {
                        items[t][i] = scope.Register(new OrderedDisposable(t, i, disposals));
                    }
                }),
                what: "concurrent registration across segment growth");
            Assert.Equal(threads * perThreadCount, scope.Count);
            scope.Dispose();
            Assert.All(items.SelectMany(x => x), item => Assert.Equal(1, item.Disposals));
            foreach (IGrouping<int, (int Thread, int Sequence)> perThread in disposals.GroupBy(d => d.Thread))
            {
                Assert.Equal(Enumerable.Range(0, perThreadCount).Reverse(), perThread.Select(d => d.Sequence));
            }
        }
    }

    [Fact]
    public void DirtyArraysInTheSharedPool_AreNeverMistakenForRegistrations()
    {
        // The overflow storage is rented from the shared object pool; a slot that is not empty counts as registered.
        EventLog log = new();
        NeedDispose stray = new("stray", log);
        ScalableArrayPool<object?> pool = ScalableArrayPool<object?>.Shared;
        for (int length = 8; length <= 256; length *= 2)
        {
            object?[] dirty = pool.Rent(length);
            Array.Fill(dirty, stray);
            pool.Return(dirty, clearArray: false);
        }

        DisposeScope scope = DisposeScope.BeginScope(DisposeScopeOption.RequiresNew);
        NeedDispose[] items = Enumerable.Range(0, 200).Select(i => scope.Register(new NeedDispose(i.ToString(), log))).ToArray();
        scope.Dispose();
        Assert.Equal(0, stray.DisposeCount);
        Assert.All(items, item => Assert.Equal(1, item.DisposeCount));
    }

    [Theory]
    [InlineData(-1)]
    [InlineData(3)]
    [InlineData(int.MaxValue)]
    [InlineData(int.MinValue)]
    public void BeginScope_UndefinedOption_ThrowsArgumentOutOfRange_InsideAScopeToo(int value)
    {
        using DisposeScope outer = DisposeScope.BeginScope();
        ArgumentOutOfRangeException error = Assert.Throws<ArgumentOutOfRangeException>(() => DisposeScope.BeginScope((DisposeScopeOption)value));
        Assert.Equal("option", error.ParamName);
        Assert.Same(outer, DisposeScope.Current);
        outer.Register(new NeedDispose("still usable", new EventLog()));
        Assert.Equal(1, outer.Count);
    }

    [Fact]
    public void NullArguments_ThrowArgumentNull_ThroughEveryEntryPoint_AndTheScopeStaysUsable()
    {
        using DisposeScope scope = DisposeScope.BeginScope();
        Assert.Equal("disposable", Assert.Throws<ArgumentNullException>(() => scope.Register<IDisposable>(null!)).ParamName);
        Assert.Equal("disposable", Assert.Throws<ArgumentNullException>(() => scope.RegisterAsyncDisposable<IAsyncDisposable>(null!)).ParamName);
        Assert.Equal("disposable", Assert.Throws<ArgumentNullException>(() => ((IDisposable)null!).RegisterDisposeScope()).ParamName);
        Assert.Equal("disposable", Assert.Throws<ArgumentNullException>(() => ((IAsyncDisposable)null!).RegisterDisposeScope()).ParamName);
        Assert.Equal("disposable", Assert.Throws<ArgumentNullException>(() => ((IAsyncDisposable)null!).RegisterDisposeScope(scope)).ParamName);
        Assert.Equal(0, scope.Count);
        scope.Register(new NeedDispose("x", new EventLog()));
        Assert.Equal(1, scope.Count);
    }

    private sealed class CountingDisposable : IDisposable
    {
        private int _disposals;

        public int Disposals => Volatile.Read(ref _disposals);

        public void Dispose() => Interlocked.Increment(ref _disposals);
    }

    private sealed class OrderedDisposable(int thread, int sequence, ConcurrentQueue<(int Thread, int Sequence)> disposals) : IDisposable
    {
        private int _disposals;

        public int Disposals => Volatile.Read(ref _disposals);

        public void Dispose()
        {
            Interlocked.Increment(ref _disposals);
            disposals.Enqueue((thread, sequence));
        }
    }

    private sealed class Reentrant(DisposeScope scope, EventLog log) : IDisposable
    {
        public void Dispose() => scope.Register(new NeedDispose("during end", log));
    }

    private sealed class FaultingAsyncDisposable(bool synchronously) : IAsyncDisposable
    {
        public ValueTask DisposeAsync()
        {
            if (synchronously)
            {
                throw new InvalidOperationException("sync");
            }

            return Faulted();

            static async ValueTask Faulted()
            {
                await Task.Yield();
                throw new InvalidOperationException("async");
            }
        }
    }
}
