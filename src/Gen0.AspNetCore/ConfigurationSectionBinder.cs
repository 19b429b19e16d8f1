using System.Globalization;
using Microsoft.Extensions.Configuration;

namespace Gen0.AspNetCore;

/// <summary>
/// Binds a configuration section onto an options object through a table of <see cref="ConfigurationSetting{TOptions}"/>
/// and collects every problem: an unknown key, a value that does not parse, a value the property refuses. Each
/// message names the full key (<c>Gen0:ArrayPool:MaxRetainedBytes</c>), the value found and the values allowed.
/// </summary>
internal static class ConfigurationSectionBinder
{
    /// <summary>
    /// Applies the keys of <paramref name="section"/> that have a setting in <paramref name="settings"/>; keys in
    /// <paramref name="subsections"/> are left to the caller, any other key is a problem.
    /// </summary>
    /// <returns>The problems, empty when the section bound cleanly.</returns>
    public static List<string> Bind<TOptions>(IConfiguration section, TOptions options, IReadOnlyList<ConfigurationSetting<TOptions>> settings, params string[] subsections)
    {
        List<string> problems = [];
        foreach (IConfigurationSection child in section.GetChildren())
        {
            if (subsections.Contains(child.Key, StringComparer.OrdinalIgnoreCase))
            {
                continue;
            }

            ConfigurationSetting<TOptions>? setting = settings.FirstOrDefault(s => string.Equals(s.Key, child.Key, StringComparison.OrdinalIgnoreCase));
            if (setting is null)
            {
                problems.Add(UnknownKey(child, settings.Select(s => s.Key).Concat(subsections)));
                continue;
            }

            if (child.Value is null)
            {
                problems.Add($"{child.Path} is a section; it must be a value: {setting.Allowed}.");
                continue;
            }

            try
            {
                setting.Apply(options, child.Value);
            }
            catch (Exception ex) when (ex is FormatException or OverflowException or ArgumentException)
            {
                problems.Add(string.Create(CultureInfo.InvariantCulture, $"{child.Path} = '{child.Value}' is not valid: {setting.Allowed}. {FirstLine(ex.Message)}"));
            }
        }

        return problems;
    }

    /// <summary>Reports every child of <paramref name="section"/> whose key is not in <paramref name="known"/>.</summary>
    public static IEnumerable<string> UnknownKeys(IConfiguration section, params string[] known) =>
        section.GetChildren().Where(c => !known.Contains(c.Key, StringComparer.OrdinalIgnoreCase)).Select(c => UnknownKey(c, known));

    /// <summary>Names the key a validation exception is about: the section's path, and the property the exception names when it names one.</summary>
    public static string Describe(string sectionPath, ArgumentException ex) =>
        ex.ParamName is { } name && name != "options" ? $"{sectionPath}:{name}: {FirstLine(ex.Message)}" : $"{sectionPath}: {FirstLine(ex.Message)}";

    /// <summary>Gets the path a section has, or "(root)" for a configuration root.</summary>
    public static string PathOf(IConfiguration configuration) => configuration is IConfigurationSection section ? section.Path : "(root)";

    private static string UnknownKey(IConfigurationSection child, IEnumerable<string> known) =>
        $"{child.Path} is not a known setting; the keys here are {string.Join(", ", known)} (check the spelling).";

    private static string FirstLine(string message)
    {
        int end = message.IndexOf('\n', StringComparison.Ordinal);
        return (end < 0 ? message : message[..end]).TrimEnd('\r', ' ');
    }
}
