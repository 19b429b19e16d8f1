using System.Buffers;
using Gen0.Buffers;

namespace Gen0.Benchmarks.Buffers;

/// <summary>The <see cref="IPoolCall"/> of each pool the buffer benchmarks compare.</summary>
internal static class PoolCalls
{
    /// <summary><see cref="ArrayPool{T}.Shared"/>, called as users call it.</summary>
    public readonly struct BclShared : IPoolCall
    {
        public byte[] Rent(int minimumLength) => ArrayPool<byte>.Shared.Rent(minimumLength);

        public void Return(byte[] array) => ArrayPool<byte>.Shared.Return(array);
    }

    /// <summary><see cref="ScalableArrayPool{T}.Shared"/>, called as users call it.</summary>
    public readonly struct ScalableShared : IPoolCall
    {
        public byte[] Rent(int minimumLength) => ScalableArrayPool<byte>.Shared.Rent(minimumLength);

        public void Return(byte[] array) => ScalableArrayPool<byte>.Shared.Return(array);
    }

    /// <summary>A <see cref="ScalableArrayPool{T}"/> instance held in a field of its own (sealed) type.</summary>
    public readonly struct ScalableInstance(ScalableArrayPool<byte> pool) : IPoolCall
    {
        public byte[] Rent(int minimumLength) => pool.Rent(minimumLength);

        public void Return(byte[] array) => pool.Return(array);
    }

    /// <summary>Any other pool (<see cref="ArrayPool{T}.Create()"/>), through its virtual methods.</summary>
    public readonly struct Virtual(ArrayPool<byte> pool) : IPoolCall
    {
        public byte[] Rent(int minimumLength) => pool.Rent(minimumLength);

        public void Return(byte[] array) => pool.Return(array);
    }
}
