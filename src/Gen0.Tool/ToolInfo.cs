using System.Reflection;

namespace Gen0.Tool;

/// <summary>The tool's name and version, as the package carries them.</summary>
internal static class ToolInfo
{
    public const string Name = "dotnet-gen0";

    public static string Version { get; } =
        typeof(ToolInfo).Assembly.GetCustomAttribute<AssemblyInformationalVersionAttribute>()?.InformationalVersion.Split('+')[0] ?? "0.0.0";
}
