using System.Diagnostics;
using System.Globalization;

namespace Gen0.WebDemo;

/// <summary>
/// Samples a server process's memory from outside every 50 ms while it is loaded, as seed 001's benchmark sampled the
/// Windows counter "Working Set - Private": the resident set (<c>VmRSS</c>) and its private part (<c>RssAnon</c>, the
/// anonymous pages: GC heap, native heaps, thread stacks, JIT-compiled code), without the runtime's and the framework's
/// mapped files (<c>RssFile</c>), which every .NET process maps and which the Windows counter leaves out too.
/// </summary>
/// <remarks>
/// It runs on a thread of its own so that the load generator's saturated thread pool cannot delay the samples. Off
/// Linux it reads <see cref="Process.WorkingSet64"/> and <see cref="Process.PrivateMemorySize64"/> (private bytes,
/// committed rather than resident).
/// </remarks>
public sealed class MemorySampler : IDisposable
{
    private readonly int _processId;
    private readonly TimeSpan _interval;
    private readonly ManualResetEventSlim _stop = new();
    private Thread? _thread;
    private long _samples;
    private long _peakResident;
    private long _peakPrivate;
    private double _privateSum;

    public MemorySampler(int processId, TimeSpan? interval = null)
    {
        _processId = processId;
        _interval = interval ?? TimeSpan.FromMilliseconds(50);
    }

    public void Start()
    {
        if (_thread is not null)
        {
            throw new InvalidOperationException("The sampler has already started.");
        }

        _thread = new Thread(Run) { IsBackground = true, Name = "Memory sampler" };
        _thread.Start();
    }

    /// <summary>Stops sampling and returns the peaks and the mean; an empty sample when no reading succeeded.</summary>
    public MemorySample Stop()
    {
        _stop.Set();
        _thread?.Join();
        return _samples == 0
            ? new MemorySample(0, 0, 0, 0)
            : new MemorySample(_samples, _peakResident, _peakPrivate, (long)(_privateSum / _samples));
    }

    public void Dispose()
    {
        _stop.Set();
        _thread?.Join();
        _stop.Dispose();
    }

    /// <summary>Reads <c>VmRSS</c> and <c>RssAnon</c> (in bytes) from a <c>/proc/&lt;pid&gt;/status</c> text.</summary>
    public static (long Resident, long Private)? ParseStatus(string status)
    {
        long resident = -1;
        long anonymous = -1;
        foreach (string line in status.Split('\n'))
        {
            if (line.StartsWith("VmRSS:", StringComparison.Ordinal))
            {
                resident = Kilobytes(line) * 1024;
            }
            else if (line.StartsWith("RssAnon:", StringComparison.Ordinal))
            {
                anonymous = Kilobytes(line) * 1024;
            }
        }

        return resident >= 0 && anonymous >= 0 ? (resident, anonymous) : null;
    }

    private static long Kilobytes(string line)
    {
        string[] parts = line.Split(' ', '\t').Where(p => p.Length > 0).ToArray();
        return parts.Length >= 2 && long.TryParse(parts[1], NumberStyles.None, CultureInfo.InvariantCulture, out long value) ? value : -1;
    }

    /// <summary>One reading of the process's resident set and its private part, in bytes; <see langword="null"/> when it cannot be read.</summary>
    public static (long Resident, long Private)? Read(int processId)
    {
        try
        {
            if (OperatingSystem.IsLinux())
            {
                return ParseStatus(File.ReadAllText($"/proc/{processId}/status"));
            }

            using Process process = Process.GetProcessById(processId);
            return (process.WorkingSet64, process.PrivateMemorySize64);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException or ArgumentException or InvalidOperationException)
        {
            return null; // the process is gone or unreadable
        }
    }

    private void Run()
    {
        do
        {
            if (Read(_processId) is { } reading)
            {
                _samples++;
                _peakResident = Math.Max(_peakResident, reading.Resident);
                _peakPrivate = Math.Max(_peakPrivate, reading.Private);
                _privateSum += reading.Private;
            }
        }
        while (!_stop.Wait(_interval));
    }
}
