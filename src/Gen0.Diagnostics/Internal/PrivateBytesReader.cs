using System.Diagnostics;
using Microsoft.Win32.SafeHandles;

namespace Gen0.Diagnostics.Internal;

/// <summary>
/// Reads the process's private bytes without the cost of <see cref="Process.PrivateMemorySize64"/> on Linux,
/// where that property builds a new <see cref="Process"/> snapshot and parses <c>/proc/self/status</c> into strings
/// on every call.
/// </summary>
/// <remarks>
/// On Linux the reader keeps <c>/proc/self/status</c> open and re-reads it at offset 0 into a reused buffer
/// (procfs regenerates the text on each read from offset 0), then parses the <c>VmData</c> line, which is the
/// figure <see cref="Process.PrivateMemorySize64"/> reports there: one system call, no allocation. Elsewhere it
/// refreshes one cached <see cref="Process"/> object. Not thread-safe: the monitor calls it under its lock.
/// </remarks>
internal sealed class PrivateBytesReader : IDisposable
{
    private static ReadOnlySpan<byte> VmDataKey => "VmData:"u8;

    private readonly SafeFileHandle? _status;
    private readonly byte[]? _buffer;
    private readonly Process? _process;

    public PrivateBytesReader()
    {
        if (OperatingSystem.IsLinux())
        {
            try
            {
                _status = File.OpenHandle("/proc/self/status", FileMode.Open, FileAccess.Read, FileShare.ReadWrite);
                _buffer = new byte[4096];
                return;
            }
            catch (IOException)
            {
            }
            catch (UnauthorizedAccessException)
            {
            }
        }

        _process = Process.GetCurrentProcess();
    }

    /// <summary>Returns the private bytes, or 0 when the platform does not tell.</summary>
    public long Read()
    {
        if (_status is not null)
        {
            int length = RandomAccess.Read(_status, _buffer, 0);
            return ParseKilobytesLine(_buffer.AsSpan(0, length), VmDataKey) * 1024;
        }

        try
        {
            _process!.Refresh();
            return _process.PrivateMemorySize64;
        }
        catch (PlatformNotSupportedException)
        {
            return 0;
        }
    }

    /// <summary>Parses <c>Key:   12345 kB</c> out of procfs text; 0 when the key is missing.</summary>
    internal static long ParseKilobytesLine(ReadOnlySpan<byte> text, ReadOnlySpan<byte> key)
    {
        int at = text.IndexOf(key);
        if (at < 0)
        {
            return 0;
        }

        long value = 0;
        for (int i = at + key.Length; i < text.Length; i++)
        {
            byte c = text[i];
            if (c is (byte)' ' or (byte)'\t')
            {
                continue;
            }

            if (c is < (byte)'0' or > (byte)'9')
            {
                break;
            }

            value = (value * 10) + (c - '0');
        }

        return value;
    }

    public void Dispose()
    {
        _status?.Dispose();
        _process?.Dispose();
    }
}
