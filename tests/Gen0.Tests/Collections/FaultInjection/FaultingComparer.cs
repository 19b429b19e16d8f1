namespace Gen0.Tests.Collections.FaultInjection;

/// <summary>An equality comparer and comparer of integers whose calls throw when its <see cref="FaultPlan"/> says so.</summary>
public sealed class FaultingComparer(FaultPlan plan) : IEqualityComparer<int>, IComparer<int>
{
    /// <inheritdoc/>
    public bool Equals(int x, int y)
    {
        plan.Hit("Equals");
        return x == y;
    }

    /// <inheritdoc/>
    public int GetHashCode(int obj)
    {
        plan.Hit("GetHashCode");
        return obj;
    }

    /// <inheritdoc/>
    public int Compare(int x, int y)
    {
        plan.Hit("Compare");
        return x.CompareTo(y);
    }
}
