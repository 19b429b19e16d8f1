namespace Gen0.MemoryLimit.Workload;

/// <summary>A pooled object that holds a large buffer, as a parser or a connection's state does.</summary>
internal sealed class BigObject
{
    public BigObject(int bytes) => Buffer = new byte[bytes];

    public byte[] Buffer { get; }
}
