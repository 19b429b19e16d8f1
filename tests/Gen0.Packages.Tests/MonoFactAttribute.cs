namespace Gen0.Packages.Tests;

/// <summary>A fact that needs .NET Framework: skipped, with the reason, where neither Windows nor Mono (/usr/bin/mono) can run it.</summary>
[AttributeUsage(AttributeTargets.Method, AllowMultiple = false)]
public sealed class MonoFactAttribute : FactAttribute
{
    /// <summary>Initializes the attribute.</summary>
    public MonoFactAttribute()
    {
        if (!OperatingSystem.IsWindows() && !File.Exists("/usr/bin/mono"))
        {
            Skip = "Needs .NET Framework: Windows, or Mono at /usr/bin/mono (.ci/run installs Debian's mono-complete).";
        }
    }
}
