using Gen0.Buffers;
using Gen0.Diagnostics;
using Gen0.IO;
using Gen0.Pools;
using Microsoft.Extensions.Configuration;

namespace Gen0.AspNetCore;

/// <summary>Binds each Gen0 options type from its section (see <see cref="Gen0ConfigurationSettings"/> for the keys).</summary>
internal static class Gen0ConfigurationBinding
{
    /// <summary>The sections the Gen0 section may hold.</summary>
    public static readonly string[] RootSections = [Gen0ConfigurationSettings.ArrayPoolSection, Gen0ConfigurationSettings.GcMonitorSection, Gen0ConfigurationSettings.PoolsSection, Gen0ConfigurationSettings.StreamsSection];

    public static List<string> BindArrayPool(IConfiguration section, ScalableArrayPoolOptions options) =>
        ConfigurationSectionBinder.Bind(section, options, Gen0ConfigurationSettings.ArrayPool);

    public static List<string> BindStreams(IConfiguration section, PooledMemoryStreamOptions options) =>
        ConfigurationSectionBinder.Bind(section, options, Gen0ConfigurationSettings.Streams);

    public static List<string> BindPool<T>(IConfiguration section, PoolOptions<T> options)
        where T : class => ConfigurationSectionBinder.Bind(section, options, Gen0ConfigurationSettings.Pool<T>());

    /// <summary>Binds the monitor's keys, then each rule's keys under <c>Alerts:&lt;rule id&gt;</c>; an unknown rule id is a problem.</summary>
    public static List<string> BindGcMonitor(IConfiguration section, GcMonitorOptions options)
    {
        List<string> problems = ConfigurationSectionBinder.Bind(section, options, Gen0ConfigurationSettings.GcMonitor, Gen0ConfigurationSettings.AlertsSection);
        foreach (IConfigurationSection rule in section.GetSection(Gen0ConfigurationSettings.AlertsSection).GetChildren())
        {
            if (Gen0ConfigurationSettings.AlertRules.TryGetValue(rule.Key, out ConfigurationSetting<GcMonitorOptions>[]? settings))
            {
                problems.AddRange(ConfigurationSectionBinder.Bind(rule, options, settings));
            }
            else
            {
                problems.Add($"{rule.Path} names no alert rule; the rules are {string.Join(", ", Gen0ConfigurationSettings.AlertRules.Keys)} (GcAlertRules).");
            }
        }

        return problems;
    }
}
