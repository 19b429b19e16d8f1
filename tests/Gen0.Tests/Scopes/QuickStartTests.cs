using Gen0.Collections;
using Gen0.Scopes;

namespace Gen0.Tests.Scopes;

/// <summary>The README's quick start for dispose scopes, kept compiling and passing here.</summary>
[Collection(DisposeScopeCollection.Name)]
public class QuickStartTests
{
    private sealed record Order(int Id, decimal Amount);

    private static readonly Order[] s_database = [new(1, 10m), new(2, 20.5m), new(3, 4.5m)];

    [Fact]
    public void QuickStart()
    {
        // README quick start: begin
        decimal total;
        using (DisposeScope.BeginScope())
        {
            total = GetOrders().Sum(order => order.Amount); // nobody disposes the list here...
        } // ...the scope does, when it ends

        static PooledList<Order> GetOrders() =>
            s_database.Where(order => order.Amount > 1m).ToPooledListScope(); // registered in the ambient scope
        // README quick start: end

        Assert.Equal(35m, total);
        Assert.Null(DisposeScope.Current);
    }

    [Fact]
    public async Task QuickStart_TaskThatOutlivesTheScope()
    {
        Task work;
        using (DisposeScope.BeginScope())
        {
            // README: work that outlives the scope runs under Suppress and begins its own scope.
            using (DisposeScope.BeginScope(DisposeScopeOption.Suppress))
            {
                work = Task.Run(() =>
                {
                    using DisposeScope scope = DisposeScope.BeginScope();
                    PooledList<Order> orders = s_database.ToPooledListScope();
                    return orders.Count;
                });
            }
        }

        await work;
        Assert.True(work.IsCompletedSuccessfully);
    }
}
