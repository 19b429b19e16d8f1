using System.Globalization;

namespace Gen0.Tool.Monitoring;

/// <summary>
/// The memory the target's GC may use, read as the GC reads it on Linux: the process's cgroup limit
/// (<c>memory.max</c>, or <c>memory.limit_in_bytes</c> on cgroup v1), else the machine's physical memory. Null on other
/// systems or when unreadable: the memory load percentage from the GC's events still shows.
/// </summary>
internal static class MemoryLimitReader
{
    public static (long Bytes, string Source)? Read(int processId)
    {
        if (!OperatingSystem.IsLinux())
        {
            return null;
        }

        long? physical = PhysicalMemory();
        long? cgroup = CgroupLimit(processId);
        if (cgroup is long limit && (physical is not long p || limit < p))
        {
            return (limit, "container (cgroup) limit");
        }

        return physical is long total ? (total, "physical memory") : null;
    }

    private static long? CgroupLimit(int processId)
    {
        try
        {
            foreach (string line in File.ReadLines($"/proc/{processId}/cgroup"))
            {
                string[] parts = line.Split(':', 3);
                if (parts.Length != 3)
                {
                    continue;
                }

                if (parts[0] == "0" && parts[1].Length == 0)
                {
                    return Walk("/sys/fs/cgroup", parts[2], "memory.max"); // cgroup v2
                }

                if (parts[1].Split(',').Contains("memory"))
                {
                    return Walk("/sys/fs/cgroup/memory", parts[2], "memory.limit_in_bytes"); // cgroup v1
                }
            }
        }
        catch (Exception ex) when (ex is IOException or UnauthorizedAccessException)
        {
        }

        return null;
    }

    /// <summary>The tightest limit from the process's cgroup up to the root (a parent's limit applies to its children).</summary>
    private static long? Walk(string root, string path, string file)
    {
        long? tightest = null;
        string current = path.TrimEnd('/');
        while (true)
        {
            string candidate = Path.Combine(root, current.TrimStart('/'), file);
            if (File.Exists(candidate) && long.TryParse(File.ReadAllText(candidate).Trim(), NumberStyles.None, CultureInfo.InvariantCulture, out long value)
                && value > 0 && value < long.MaxValue / 2)
            {
                tightest = tightest is long t ? Math.Min(t, value) : value;
            }

            if (current.Length == 0)
            {
                return tightest;
            }

            int slash = current.LastIndexOf('/');
            current = slash <= 0 ? "" : current[..slash];
        }
    }

    private static long? PhysicalMemory()
    {
        try
        {
            foreach (string line in File.ReadLines("/proc/meminfo"))
            {
                if (line.StartsWith("MemTotal:", StringComparison.Ordinal))
                {
                    string[] parts = line.Split(' ', StringSplitOptions.RemoveEmptyEntries);
                    return long.Parse(parts[1], CultureInfo.InvariantCulture) * 1024;
                }
            }
        }
        catch (Exception ex) when (ex is IOException or UnauthorizedAccessException or FormatException)
        {
        }

        return null;
    }
}
