using System.Diagnostics;
using System.Diagnostics.Metrics;
using Gen0.Diagnostics.Internal;

namespace Gen0.Diagnostics;

/// <summary>
/// Watches the garbage collector from inside the process: polls the runtime's GC figures on a timer into a sliding
/// window, judges them against the thresholds of a GCStats review, raises <see cref="GcAlert"/>s, publishes the
/// <c>Gen0.Gc</c> meter, and returns a <see cref="GcHealthReport"/> from <see cref="Snapshot"/>.
/// </summary>
/// <remarks>
/// <para>
/// The design problem: the counters that tell a GC problem (% time in GC, gen 2 and induced collections, LOH size,
/// private bytes) are usually read from outside the process, after the fact. The runtime exposes them cheaply in
/// process (<see cref="GC.CollectionCount"/>, <see cref="GC.GetTotalPauseDuration"/>,
/// <see cref="GC.GetGCMemoryInfo(GCKind)"/>, <see cref="GC.GetTotalAllocatedBytes"/>), so a service can watch itself
/// continuously. Polling costs a few microseconds and needs no <see cref="System.Diagnostics.Tracing.EventListener"/>;
/// only the reason of a GC (induced or not) needs the runtime's events, which
/// <see cref="GcMonitorOptions.TrackInducedCollections"/> turns on.
/// </para>
/// <para>
/// Invariants: every figure in a report is a difference between the newest sample and the oldest sample still in the
/// window (at least <see cref="GcMonitorOptions.Window"/> old, or the first one), so the pause percentage is that of the
/// window, not of the process lifetime. Memory is bounded whatever the poll rate: at most <see cref="MaxSamples"/>
/// samples (one per 1/120 of the window besides the newest; closer polls coalesce), <see cref="MaxPauseSamples"/>
/// pauses and <see cref="GcMonitorOptions.MaxWindowHistory"/> closed windows, each array below the LOH threshold.
/// An alert is raised (<see cref="AlertRaised"/>) when its rule starts firing and cleared (<see cref="AlertCleared"/>)
/// when it stops; events are raised outside the monitor's lock, on the thread that polled. All members are thread-safe.
/// </para>
/// </remarks>
[DebuggerDisplay("Samples = {SampleCount}, ActiveAlerts = {ActiveAlertCount}")]
public sealed partial class GcMonitor : IDisposable
{
    /// <summary>The name of the <see cref="System.Diagnostics.Metrics.Meter"/> the monitor publishes.</summary>
    public const string MeterName = "Gen0.Gc";

    /// <summary>
    /// The most samples the window keeps. A <see cref="GcSample"/> is about 300 bytes, so 128 of them stay well below
    /// the 85,000-byte LOH threshold; polls closer together than <see cref="_sampleSpacingTicks"/> coalesce into the newest.
    /// </summary>
    internal const int MaxSamples = 128;

    /// <summary>The window is cut into this many slices; at most one sample per slice is kept besides the newest.</summary>
    private const int SampleSlices = MaxSamples - 8;

    /// <summary>The most pauses kept for the percentiles: the newest ones of the window (24 bytes each, below the LOH threshold).</summary>
    internal const int MaxPauseSamples = 2_048;

    private readonly object _lock = new();
    private readonly GcMonitorOptions _options;
    private readonly IGcDataSource _source;
    private readonly TimeProvider _time;
    private readonly GcEventRecorder? _recorder;
    private readonly ITimer? _timer;
    private readonly RingBuffer<GcSample> _samples = new(16, MaxSamples);
    private readonly RingBuffer<GcPauseSample> _pauses = new(64, MaxPauseSamples);
    private readonly RingBuffer<GcWindowMark> _windows;
    private readonly Dictionary<string, GcAlert> _active = new(StringComparer.Ordinal);
    private readonly List<GcAlert> _firing = [];
    private readonly GcConfiguration _configuration;
    private readonly long _windowTicks;
    private readonly long _sampleSpacingTicks;
    private TimeSpan[]? _pauseScratch;
    private GcFigures _figures;
    private long _windowStart;
    private long _windowPrivatePeak;
    private double _pausePercentage;
    private long _lohGrowth;
    private bool _disposed;

    /// <summary>Creates a monitor on the live runtime and starts polling.</summary>
    /// <param name="options">How to sample and judge; the values are copied. <see langword="null"/> for the defaults.</param>
    /// <exception cref="ArgumentOutOfRangeException">An option is out of range.</exception>
    public GcMonitor(GcMonitorOptions? options = null)
        : this(options ?? new GcMonitorOptions(), source: null, TimeProvider.System)
    {
    }

    /// <summary>Creates a monitor on any data source and clock (tests use fakes).</summary>
    internal GcMonitor(GcMonitorOptions options, IGcDataSource? source, TimeProvider timeProvider, GcConfiguration? configuration = null)
    {
        ArgumentNullException.ThrowIfNull(options);
        options.Validate();
        _options = options.Clone();
        _time = timeProvider;
        _windowTicks = (long)Math.Min(_options.Window.TotalSeconds * timeProvider.TimestampFrequency, long.MaxValue / 2);
        _sampleSpacingTicks = Math.Max(1, _windowTicks / SampleSlices);
        int windowMarks = Math.Max(_options.GrowthWindows, _options.PrivateBytesBaselineWindows) + 1;
        _windows = new RingBuffer<GcWindowMark>(Math.Min(windowMarks, 16), windowMarks);
        if (source is null)
        {
            if (_options.TrackInducedCollections)
            {
                _recorder = new GcEventRecorder(new GcEventRecorderOptions { MaxDuration = Timeout.InfiniteTimeSpan, MaxCollections = 1_000 });
                _recorder.Start();
            }

            source = new RuntimeGcDataSource(_options.ReadPrivateBytes, _options.PrivateBytesRefreshInterval, _recorder);
        }

        _source = source;
        _configuration = configuration ?? GcConfigurationReader.Read();
        Meter = CreateMeter();
        Poll();
        if (_options.TimerEnabled)
        {
            _timer = timeProvider.CreateTimer(static state => ((GcMonitor)state!).OnTimer(), this, _options.PollingInterval, _options.PollingInterval);
        }
    }

    /// <summary>Raised when a rule starts firing, on the thread that polled (the timer's, or the caller of <see cref="Snapshot"/>).</summary>
    public event EventHandler<GcAlert>? AlertRaised;

    /// <summary>Raised when a rule that fired stops firing; the argument is the alert as it was last raised or updated.</summary>
    public event EventHandler<GcAlert>? AlertCleared;

    /// <summary>The options the monitor runs with (a copy: changing it has no effect).</summary>
    public GcMonitorOptions Options => _options.Clone();

    /// <summary>The monitor's event recorder when <see cref="GcMonitorOptions.TrackInducedCollections"/> is on; otherwise <see langword="null"/>.</summary>
    public GcEventRecorder? Recorder => _recorder;

    /// <summary>The alerts active now.</summary>
    public IReadOnlyList<GcAlert> ActiveAlerts
    {
        get
        {
            lock (_lock)
            {
                return [.. _active.Values];
            }
        }
    }

    internal Meter Meter { get; }

    internal int SampleCount
    {
        get
        {
            lock (_lock)
            {
                return _samples.Count;
            }
        }
    }

    private int ActiveAlertCount
    {
        get
        {
            lock (_lock)
            {
                return _active.Count;
            }
        }
    }

    /// <summary>Takes a sample now (as the timer does) and evaluates the rules.</summary>
    /// <exception cref="ObjectDisposedException">The monitor was disposed.</exception>
    public void Poll()
    {
        List<GcAlert>? raised = null, cleared = null;
        lock (_lock)
        {
            ObjectDisposedException.ThrowIf(_disposed, this);
            Sample(ref raised, ref cleared);
        }

        RaiseEvents(raised, cleared);
    }

    /// <summary>Takes a sample now and reports the window.</summary>
    /// <exception cref="ObjectDisposedException">The monitor was disposed.</exception>
    public GcHealthReport Snapshot()
    {
        List<GcAlert>? raised = null, cleared = null;
        GcHealthReport report;
        lock (_lock)
        {
            ObjectDisposedException.ThrowIf(_disposed, this);
            Sample(ref raised, ref cleared);
            report = BuildReport();
        }

        RaiseEvents(raised, cleared);
        return report;
    }

    /// <summary>Stops the timer, the recorder and the meter.</summary>
    public void Dispose()
    {
        lock (_lock)
        {
            if (_disposed)
            {
                return;
            }

            _disposed = true;
        }

        _timer?.Dispose();
        _recorder?.Dispose();
        (_source as IDisposable)?.Dispose();
        Meter.Dispose();
    }

    private void OnTimer()
    {
        try
        {
            Poll();
        }
        catch (ObjectDisposedException)
        {
            // The timer fired while the monitor was being disposed.
        }
#pragma warning disable CA1031 // An exception from an alert handler must not crash the process from a timer thread.
        catch (Exception ex)
#pragma warning restore CA1031
        {
            Debug.WriteLine($"GcMonitor: polling failed: {ex}");
        }
    }

    private void Sample(ref List<GcAlert>? raised, ref List<GcAlert>? cleared)
    {
        _source.Read(ref _figures);
        var sample = new GcSample { Timestamp = _time.GetTimestamp(), CapturedAt = _time.GetUtcNow(), Figures = _figures };
        if (_samples.Count == 0)
        {
            sample.BlockingGen2Total = _figures.BlockingGen2Count ?? 0;
            sample.BackgroundGen2Total = _figures.BackgroundGen2Count ?? 0;
            _windowStart = sample.Timestamp;
            _windows.Add(new GcWindowMark(_figures.LohSizeBytes, sample.BlockingGen2Total, _figures.PrivateBytes, _figures.FinalizationPendingCount));
        }
        else
        {
            GcSample previous = _samples.Last;
            SplitGen2(ref sample, in previous);
            RecordPauses(in sample, in previous);
        }

        AddSample(in sample);
        TrimWindow(sample.Timestamp);
        CloseWindowIfDue(in sample);
        Evaluate(in sample, ref raised, ref cleared);
    }

    /// <summary>
    /// Keeps running totals of blocking and background gen 2s. The recorder's counts are exact; polling infers them
    /// from which of the last-GC records changed: each changed <see cref="GCKind.Background"/> record is one background
    /// GC, and the rest of the gen 2s since the previous poll are blocking when the <see cref="GCKind.FullBlocking"/>
    /// record changed too.
    /// </summary>
    private static void SplitGen2(ref GcSample sample, in GcSample previous)
    {
        ref GcFigures now = ref sample.Figures;
        if (now.BlockingGen2Count is long blocking && now.BackgroundGen2Count is long background)
        {
            sample.BlockingGen2Total = blocking;
            sample.BackgroundGen2Total = background;
            return;
        }

        long gen2 = now.Gen2Count - previous.Figures.Gen2Count;
        bool backgroundChanged = now.LastBackground.Index != previous.Figures.LastBackground.Index;
        bool blockingChanged = now.LastFullBlocking.Index != previous.Figures.LastFullBlocking.Index;
        long backgroundDelta = backgroundChanged ? 1 : 0;
        long blockingDelta = blockingChanged ? Math.Max(1, gen2 - backgroundDelta) : 0;
        sample.BackgroundGen2Total = previous.BackgroundGen2Total + backgroundDelta;
        sample.BlockingGen2Total = previous.BlockingGen2Total + blockingDelta;
    }

    private void RecordPauses(in GcSample sample, in GcSample previous)
    {
        AddPause(sample.Timestamp, sample.Figures.LastEphemeral, previous.Figures.LastEphemeral);
        AddPause(sample.Timestamp, sample.Figures.LastFullBlocking, previous.Figures.LastFullBlocking);
        AddPause(sample.Timestamp, sample.Figures.LastBackground, previous.Figures.LastBackground);
    }

    private void AddPause(long timestamp, GcLastCollection now, GcLastCollection before)
    {
        if (now.Index == 0 || now.Index == before.Index)
        {
            return;
        }

        if (_pauses.IsFull)
        {
            _pauses.RemoveFirst();
        }

        _pauses.Add(new GcPauseSample(timestamp, now.Index, now.Pause));
        _pauseHistogram?.Record(now.Pause.TotalSeconds);
    }

    /// <summary>
    /// Appends the sample, or overwrites the newest one when it was taken less than a slice
    /// (<see cref="GcMonitorOptions.Window"/> / <see cref="SampleSlices"/>) after the one before it. Every figure is
    /// cumulative, so the overwritten sample loses nothing but a point where the window could have started: the
    /// window's base is then at most one slice older than <see cref="GcMonitorOptions.Window"/>. Whatever the poll
    /// rate, the samples inside the window are a slice apart, so at most <see cref="SampleSlices"/> + 3 are kept.
    /// </summary>
    private void AddSample(in GcSample sample)
    {
        int count = _samples.Count;
        bool lastIsWithinSlice = count >= 2 && _samples.Last.Timestamp - _samples[count - 2].Timestamp < _sampleSpacingTicks;
        if (lastIsWithinSlice || _samples.IsFull)
        {
            _samples.ReplaceLast(sample);
        }
        else
        {
            _samples.Add(sample);
        }
    }

    /// <summary>Drops samples while the second oldest is still at or before the window's start, so the oldest one kept is the window's base.</summary>
    private void TrimWindow(long now)
    {
        long windowStart = now - _windowTicks;
        while (_samples.Count > 2 && _samples[1].Timestamp <= windowStart)
        {
            _samples.RemoveFirst();
        }

        long baseTimestamp = _samples.First.Timestamp;
        while (_pauses.Count > 0 && _pauses.First.Timestamp <= baseTimestamp)
        {
            _pauses.RemoveFirst();
        }
    }

    private void CloseWindowIfDue(in GcSample sample)
    {
        _windowPrivatePeak = Math.Max(_windowPrivatePeak, sample.Figures.PrivateBytes);
        if (sample.Timestamp - _windowStart < _windowTicks)
        {
            return;
        }

        int keep = Math.Max(_options.GrowthWindows + 1, _options.PrivateBytesBaselineWindows + 1);
        if (_windows.Count == keep)
        {
            _windows.RemoveFirst();
        }

        _windows.Add(new GcWindowMark(sample.Figures.LohSizeBytes, sample.BlockingGen2Total, _windowPrivatePeak, sample.Figures.FinalizationPendingCount));
        _windowStart = sample.Timestamp;
        _windowPrivatePeak = 0;
    }

    private TimeSpan WindowDuration => _time.GetElapsedTime(_samples.First.Timestamp, _samples.Last.Timestamp);

    private void RaiseEvents(List<GcAlert>? raised, List<GcAlert>? cleared)
    {
        if (cleared is not null)
        {
            foreach (GcAlert alert in cleared)
            {
                AlertCleared?.Invoke(this, alert);
            }
        }

        if (raised is not null)
        {
            foreach (GcAlert alert in raised)
            {
                AlertRaised?.Invoke(this, alert);
            }
        }
    }
}
