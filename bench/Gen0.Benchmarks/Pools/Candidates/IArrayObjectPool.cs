namespace Gen0.Benchmarks.Pools.Candidates;

/// <summary>The two operations every object-pool design in seed 002's table is measured on; objects are 1 KB arrays.</summary>
public interface IArrayObjectPool
{
    byte[] Rent();

    void Return(byte[] item);
}
