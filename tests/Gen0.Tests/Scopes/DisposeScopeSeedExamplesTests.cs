using Gen0.Scopes;

namespace Gen0.Tests.Scopes;

/// <summary>
/// Seed 001's examples with their output orders. One deliberate difference: objects of one scope are disposed in
/// reverse order of registration (Dispose.Scope disposes in registration order), so the nested-Required example
/// prints D2, D1, D0 where 001 prints D0, D1, D2.
/// </summary>
[Collection(DisposeScopeCollection.Name)]
public class DisposeScopeSeedExamplesTests
{
    [Fact]
    public void BasicScope_DisposesTheRegisteredObjectWhenItEnds()
    {
        EventLog log = new();
        NeedDispose a1;
        using (DisposeScope.BeginScope())
        {
            a1 = new NeedDispose("A1", log).RegisterDisposeScope();
            Assert.Equal(0, a1.DisposeCount);
        }

        Assert.Equal(["A1 Is Dispose"], log.Entries);
    }

    [Fact]
    public async Task RegistrationInsideAwaitedTaskRun_JoinsTheAmbientScope()
    {
        EventLog log = new();
        NeedDispose? a2 = null;
        using (DisposeScope scope = DisposeScope.BeginScope())
        {
            await Task.Run(() => a2 = new NeedDispose("A2", log).RegisterDisposeScope());
            Assert.Equal(1, scope.Count);
            Assert.Empty(log.Entries);
        }

        Assert.Equal(1, a2!.DisposeCount);
        Assert.Equal(["A2 Is Dispose"], log.Entries);
    }

    [Fact]
    public void NestedRequired_JoinsTheOuterScope_AllDisposedAtItsEndInReverseOrder()
    {
        EventLog log = new();
        using (DisposeScope.BeginScope())
        {
            new NeedDispose("D0", log).RegisterDisposeScope();
            using (DisposeScope.BeginScope())
            {
                new NeedDispose("D1", log).RegisterDisposeScope();
            }

            using (DisposeScope.BeginScope())
            {
                new NeedDispose("D2", log).RegisterDisposeScope();
            }

            Assert.Empty(log.Entries);
        }

        Assert.Equal(["D2 Is Dispose", "D1 Is Dispose", "D0 Is Dispose"], log.Entries);
    }

    [Fact]
    public void NestedRequiresNew_InnerScopesDisposeFirst()
    {
        EventLog log = new();
        using (DisposeScope.BeginScope())
        {
            new NeedDispose("D0", log).RegisterDisposeScope();
            using (DisposeScope.BeginScope(DisposeScopeOption.RequiresNew))
            {
                new NeedDispose("D1", log).RegisterDisposeScope();
            }

            using (DisposeScope.BeginScope(DisposeScopeOption.RequiresNew))
            {
                new NeedDispose("D2", log).RegisterDisposeScope();
            }
        }

        Assert.Equal(["D1 Is Dispose", "D2 Is Dispose", "D0 Is Dispose"], log.Entries);
    }

    [Fact]
    public void Suppress_RegisteringThrowsInvalidOperation_AndTheOtherScopesStillDispose()
    {
        EventLog log = new();
        InvalidOperationException exception = Assert.Throws<InvalidOperationException>(() =>
        {
            using (DisposeScope.BeginScope())
            {
                new NeedDispose("D0", log).RegisterDisposeScope();
                using (DisposeScope.BeginScope(DisposeScopeOption.RequiresNew))
                {
                    new NeedDispose("D1", log).RegisterDisposeScope();
                }

                using (DisposeScope.BeginScope(DisposeScopeOption.Suppress))
                {
                    new NeedDispose("D2", log).RegisterDisposeScope();
                }
            }
        });

        Assert.Contains("DisposeScope.BeginScope()", exception.Message, StringComparison.Ordinal);
        Assert.Equal(["D1 Is Dispose", "D0 Is Dispose"], log.Entries);
        Assert.Null(DisposeScope.Current);
    }

    [Fact]
    public void ThrowExceptionWhenNotHaveDisposeScopeFalse_RegisteringWithoutScopeIsANoOpReturningTheObject()
    {
        Assert.True(DisposeScope.ThrowExceptionWhenNotHaveDisposeScope);
        EventLog log = new();
        NeedDispose? d2 = null;
        DisposeScope.ThrowExceptionWhenNotHaveDisposeScope = false;
        try
        {
            using (DisposeScope.BeginScope())
            {
                new NeedDispose("D0", log).RegisterDisposeScope();
                using (DisposeScope.BeginScope(DisposeScopeOption.RequiresNew))
                {
                    new NeedDispose("D1", log).RegisterDisposeScope();
                }

                using (DisposeScope.BeginScope(DisposeScopeOption.Suppress))
                {
                    NeedDispose created = new("D2", log);
                    d2 = created.RegisterDisposeScope();
                    Assert.Same(created, d2);
                }
            }

            NeedDispose outside = new("outside", log);
            Assert.Same(outside, outside.RegisterDisposeScope());
        }
        finally
        {
            DisposeScope.ThrowExceptionWhenNotHaveDisposeScope = true;
        }

        Assert.Equal(["D1 Is Dispose", "D0 Is Dispose"], log.Entries);
        Assert.Equal(0, d2!.DisposeCount);
    }

    [Fact]
    public async Task TaskOutlivingItsScope_RegisteringThrowsObjectDisposedNamingTheFix()
    {
        EventLog log = new();
        TaskCompletionSource scopeEnded = new(TaskCreationOptions.RunContinuationsAsynchronously);
        NeedDispose late = new("late", log);
        Task registration;
        using (DisposeScope.BeginScope())
        {
            registration = Task.Run(async () =>
            {
                await scopeEnded.Task;
                late.RegisterDisposeScope();
            });
        }

        scopeEnded.SetResult();
        ObjectDisposedException exception = await Assert.ThrowsAsync<ObjectDisposedException>(() => registration);
        Assert.Contains("DisposeScopeOption.Suppress", exception.Message, StringComparison.Ordinal);
        Assert.Contains("begin a new scope inside the task", exception.Message, StringComparison.Ordinal);
        Assert.Equal(0, late.DisposeCount);
    }

    [Fact]
    public async Task TaskOutlivingItsScope_TheSeedsFix_SuppressThenANewScopeInsideTheTask()
    {
        EventLog log = new();
        TaskCompletionSource outerEnded = new(TaskCreationOptions.RunContinuationsAsynchronously);
        NeedDispose list = new("list", log);
        Task work;
        using (DisposeScope.BeginScope())
        {
            new NeedDispose("outer", log).RegisterDisposeScope();
            using (DisposeScope.BeginScope(DisposeScopeOption.Suppress))
            {
                work = Task.Run(async () =>
                {
                    await outerEnded.Task;
                    using (DisposeScope.BeginScope())
                    {
                        list.RegisterDisposeScope();
                        Assert.Equal(0, list.DisposeCount);
                    }
                });
            }
        }

        Assert.Equal(["outer Is Dispose"], log.Entries);
        outerEnded.SetResult();
        await work;
        Assert.Equal(["outer Is Dispose", "list Is Dispose"], log.Entries);
    }
}
