namespace Gen0.WebDemo;

/// <summary>
/// A server's memory over the measured phase, sampled from outside (<see cref="MemorySampler"/>): the peak resident
/// set, the peak and mean of its private (anonymous) part, in bytes.
/// </summary>
public sealed record MemorySample(long Samples, long PeakResidentBytes, long PeakPrivateBytes, long MeanPrivateBytes);
