namespace Gen0.Diagnostics.Internal;

/// <summary>The figures the growth and baseline rules compare across windows, taken when a window closes.</summary>
internal readonly record struct GcWindowMark(long LohBytes, long BlockingGen2Total, long PrivateBytesPeak, long FinalizationPending);
