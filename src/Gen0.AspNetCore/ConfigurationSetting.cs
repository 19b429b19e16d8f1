using System.Globalization;

namespace Gen0.AspNetCore;

/// <summary>
/// One key of a configuration section that sets one property of <typeparamref name="TOptions"/>: its name, the
/// values it allows (for the error message), and how a string becomes the property's value.
/// </summary>
/// <remarks>
/// Gen0 binds its options with these tables instead of <c>ConfigurationBinder</c>: no reflection (the package is
/// trimmable and AOT-compatible), every problem is collected rather than the first thrown, and each message names the
/// full key, the value found and the values allowed.
/// </remarks>
/// <typeparam name="TOptions">The options type.</typeparam>
internal sealed class ConfigurationSetting<TOptions>
{
    private readonly Action<TOptions, string> _apply;

    private ConfigurationSetting(string key, string allowed, Action<TOptions, string> apply)
    {
        Key = key;
        Allowed = allowed;
        _apply = apply;
    }

    /// <summary>Gets the key, which is the property's name (matched case-insensitively, as configuration keys are).</summary>
    public string Key { get; }

    /// <summary>Gets the values the key allows, in words.</summary>
    public string Allowed { get; }

    public static ConfigurationSetting<TOptions> Int32(string key, string allowed, Action<TOptions, int> set) =>
        new(key, allowed, (options, text) => set(options, int.Parse(text, NumberStyles.Integer, CultureInfo.InvariantCulture)));

    public static ConfigurationSetting<TOptions> NullableInt32(string key, string allowed, Action<TOptions, int?> set) =>
        new(key, allowed, (options, text) => set(options, IsNull(text) ? null : int.Parse(text, NumberStyles.Integer, CultureInfo.InvariantCulture)));

    public static ConfigurationSetting<TOptions> Int64(string key, string allowed, Action<TOptions, long> set) =>
        new(key, allowed, (options, text) => set(options, long.Parse(text, NumberStyles.Integer, CultureInfo.InvariantCulture)));

    public static ConfigurationSetting<TOptions> NullableInt64(string key, string allowed, Action<TOptions, long?> set) =>
        new(key, allowed, (options, text) => set(options, IsNull(text) ? null : long.Parse(text, NumberStyles.Integer, CultureInfo.InvariantCulture)));

    public static ConfigurationSetting<TOptions> Double(string key, string allowed, Action<TOptions, double> set) =>
        new(key, allowed, (options, text) => set(options, double.Parse(text, NumberStyles.Float, CultureInfo.InvariantCulture)));

    public static ConfigurationSetting<TOptions> Boolean(string key, Action<TOptions, bool> set) =>
        new(key, "true or false", (options, text) => set(options, bool.Parse(text)));

    public static ConfigurationSetting<TOptions> String(string key, string allowed, Action<TOptions, string?> set) =>
        new(key, allowed, (options, text) => set(options, text.Length == 0 ? null : text));

    /// <summary>A duration: a <see cref="TimeSpan"/> in the invariant format (<c>"00:00:30"</c>, <c>"1.00:00:00"</c>) or <c>"Infinite"</c>.</summary>
    public static ConfigurationSetting<TOptions> Duration(string key, string allowed, Action<TOptions, TimeSpan> set) =>
        new(key, allowed + " (a TimeSpan such as \"00:00:30\", or \"Infinite\")", (options, text) => set(options, ParseDuration(text)));

    /// <summary>An enum member by name (case-insensitive); numbers are refused, so that a typo cannot pick an undefined value.</summary>
    public static ConfigurationSetting<TOptions> Enum<TEnum>(string key, Action<TOptions, TEnum> set)
        where TEnum : struct, System.Enum
    {
        string names = string.Join(", ", System.Enum.GetNames<TEnum>());
        return new(key, "one of " + names, (options, text) =>
        {
            if (text.Length == 0 || char.IsDigit(text[0]) || text[0] == '-' || !System.Enum.TryParse(text, ignoreCase: true, out TEnum value) || !System.Enum.IsDefined(value))
            {
                throw new FormatException($"'{text}' is not one of {names}.");
            }

            set(options, value);
        });
    }

    /// <summary>Parses <paramref name="text"/> and sets the property; a property setter's own range check applies.</summary>
    public void Apply(TOptions options, string text) => _apply(options, text.Trim());

    private static bool IsNull(string text) => text.Length == 0 || text.Equals("null", StringComparison.OrdinalIgnoreCase);

    private static TimeSpan ParseDuration(string text) =>
        text.Equals("Infinite", StringComparison.OrdinalIgnoreCase) ? Timeout.InfiniteTimeSpan : TimeSpan.Parse(text, CultureInfo.InvariantCulture);
}
