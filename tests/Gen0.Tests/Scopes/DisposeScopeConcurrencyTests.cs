using System.Collections.Concurrent;
using Gen0.Scopes;
using Gen0.Tests.Infrastructure;

namespace Gen0.Tests.Scopes;

[Collection(DisposeScopeCollection.Name)]
public class DisposeScopeConcurrencyTests
{
    [Fact]
    public async Task ParallelChildtasks_RegisterAtOnce_EveryObjectDisposedOnce_EachtasksObjectsInReverse()
    {
        const int tasks = 8;
        const int perTask = 5_000;
        NeedDispose[][] items = new NeedDispose[tasks][];
        EventLog log = new();
        DisposeScope scope = DisposeScope.BeginScope();
        using Barrier start = new(tasks);
        await Task.WhenAll(Enumerable.Range(0, tasks).Select(t => Task.Run(() =>
        {
            NeedDispose[] mine = items[t] = new NeedDispose[perTask];
            Bounded.SignalAndWait(start);
            for (int i = 0; i < perTask; i++)
            {
                mine[i] = new NeedDispose($"{t}:{i}", log).RegisterDisposeScope();
            }
        })));

        Assert.Equal(tasks * perTask, scope.Count);
        scope.Dispose();

        Assert.All(items.SelectMany(x => x), item => Assert.Equal(1, item.DisposeCount));
        string[] entries = log.Entries;
        Assert.Equal(tasks * perTask, entries.Length);
        for (int t = 0; t < tasks; t++)
        {
            string prefix = $"{t}:";
            int[] order = entries.Where(e => e.StartsWith(prefix, StringComparison.Ordinal))
                .Select(e => int.Parse(e.AsSpan(prefix.Length, e.IndexOf(' ', StringComparison.Ordinal) - prefix.Length), System.Globalization.CultureInfo.InvariantCulture))
                .ToArray();
            Assert.Equal(Enumerable.Range(0, perTask).Reverse(), order);
        }
    }

    [Fact]
    public async Task RegistrationsRacingTheEndOfTheScope_AreEitherDisposedOnceOrRejected()
    {
        int rejected = 0;
        for (int round = 0; round < 200; round++)
        {
            DisposeScope scope = DisposeScope.BeginScope(DisposeScopeOption.RequiresNew);
            ConcurrentBag<NeedDispose> accepted = [];
            ConcurrentBag<NeedDispose> refused = [];
            EventLog log = new();
            using ManualResetEventSlim go = new();
            Task[] registrars = Enumerable.Range(0, 2).Select(_ => Task.Run(() =>
            {
                Bounded.Wait(go);
                for (int i = 0; i < 50; i++)
                {
                    NeedDispose item = new("x", log);
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
            })).ToArray();

            go.Set();
            Thread.SpinWait(200 * (round % 10));
            scope.Dispose();
            await Task.WhenAll(registrars);

            Assert.All(accepted, item => Assert.Equal(1, item.DisposeCount));
            Assert.All(refused, item => Assert.Equal(0, item.DisposeCount));
            Assert.Equal(100, accepted.Count + refused.Count);
            rejected += refused.Count;
        }

        Assert.Null(DisposeScope.Current);
    }

    [Fact]
    public async Task ConcurrentFlows_EachSeeTheirOwnRequiresNewScope()
    {
        DisposeScope[] seen = await Task.WhenAll(Enumerable.Range(0, 16).Select(_ => Task.Run(async () =>
        {
            using DisposeScope scope = DisposeScope.BeginScope(DisposeScopeOption.RequiresNew);
            await Task.Delay(5);
            Assert.Same(scope, DisposeScope.Current);
            return scope;
        })));
        Assert.Equal(16, seen.Distinct().Count());
        Assert.All(seen, scope => Assert.True(scope.IsDisposed));
    }
}
