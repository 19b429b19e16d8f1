namespace Gen0.Tests.IO.Conformance;

/// <summary>The ways a stream can be read from or written to; every data test runs through each.</summary>
public enum ReadWriteMode
{
    SyncArray,
    SyncSpan,
    SyncByte,
    AsyncArray,
    AsyncMemory,
    BeginEnd,
}
