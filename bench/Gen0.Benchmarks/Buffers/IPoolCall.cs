namespace Gen0.Benchmarks.Buffers;

/// <summary>
/// How a benchmark reaches the pool it measures: a struct per pool (see <see cref="PoolCalls"/>), passed as a generic
/// argument, so the JIT compiles the measured loop once per pool with a call site of its own.
/// </summary>
/// <remarks>
/// Through one shared <c>ArrayPool&lt;byte&gt;</c> parameter, every case of a class ran the same compiled loop, and in
/// one process (<c>--inProcess</c>) dynamic PGO devirtualised its virtual <c>Rent</c>/<c>Return</c> calls for the pool
/// type it profiled first (the baseline): every other pool paid a failed type guard and a virtual call. Users call
/// <c>ArrayPool&lt;byte&gt;.Shared.Rent</c> or <c>ScalableArrayPool&lt;byte&gt;.Shared.Rent</c> directly, and so do these
/// structs.
/// </remarks>
internal interface IPoolCall
{
    byte[] Rent(int minimumLength);

    void Return(byte[] array);
}
